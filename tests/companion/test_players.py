"""The group's players (issue 49): names offered as you type, one person under every
spelling the group merged, a player's record per game kind, and who may rename or merge."""

import io
import json
import zipfile

import pytest

from companion.backup import BackupError, make_backup, read_backup
from companion.cli import main

from companion.session.players import Players
from companion.session import Games, PhoneGames
from companion.storage import Repository, StorageError
from companion.storage.players import FILE_NAME
from sheets.errors import RulesError
from testkit.positions import bohnanza_final





@pytest.fixture
def games(tmp_path):
    games = Games(Repository(tmp_path))
    yield games
    games.repo.close()


def imported(games, data):
    return games.files.import_file(data)


def test_suggestions_offer_the_last_games_players_first_then_by_how_often(games):
    imported(games, bohnanza_final(["Ben", "Cleo", "Dan"], [5, 3, 1], "2026-01-10"))
    imported(games, bohnanza_final(["Ben", "Cleo", "Dan"], [5, 3, 2], "2026-01-11"))
    imported(games, bohnanza_final(["Anna", "Zoe", "Ben"], [5, 3, 1], "2026-03-01"))  # the last game of this kind
    games.new_game("space-beans", {"players": ["Eamon", "Ann", "Gwen"]})  # in play: its names count
    players = Players(games)
    offered = players.suggestions("", "bohnanza")
    assert offered[:3] == ["Anna", "Zoe", "Ben"]
    assert offered[3:5] == ["Cleo", "Dan"]  # two games each, before those of one game
    assert players.suggestions("", "space-beans")[:3] == ["Eamon", "Ann", "Gwen"]
    # typed as a player reads it: case, blanks and Unicode forms folded; the other fields' names left out
    assert players.suggestions("  AN", "bohnanza") == ["Anna", "Ann"]
    assert players.suggestions("an", "bohnanza", taken=["anna "]) == ["Ann"]
    assert players.suggestions("Anna", "bohnanza") == []  # typed whole: nothing more to offer


def test_a_players_record_per_game_kind_and_head_to_head(games):
    imported(games, bohnanza_final(["Anna", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    imported(games, bohnanza_final(["Anna", "Ben", "Dora"], [3, 8, 0], "2026-01-11"))
    imported(games, bohnanza_final(["Anna", "Ben", "Cleo"], [6, 6, 1], "2026-01-12"))  # a shared win counts for each
    record = Players(games).record("anna")  # a name as a player reads it
    assert record.name == "Anna"
    (kind,) = record.kinds
    assert (kind.game, kind.plays, kind.wins, kind.best, kind.last_totals) == ("bohnanza", 3, 2, 10, (10, 3, 6))
    assert kind.average == pytest.approx(19 / 3) and kind.win_rate == pytest.approx(2 / 3)
    heads = {h.opponent: (h.together, h.ahead, h.behind) for h in record.head_to_head}
    assert heads == {"Ben": (3, 1, 1), "Dora": (2, 2, 0), "Cleo": (1, 1, 0)}


def test_a_merge_makes_two_spellings_one_player_and_undo_takes_it_back(games, tmp_path):
    imported(games, bohnanza_final(["Jürgen", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    imported(games, bohnanza_final(["Jurgen", "Ben", "Dora"], [9, 4, 0], "2026-01-11"))
    players = Players(games)
    assert {p.name for p in players.players()} == {"Jürgen", "Jurgen", "Ben", "Dora"}  # never merged by itself
    change = players.merge("Jurgen", "Jürgen")
    (jurgen,) = [p for p in players.players() if p.name == "Jürgen"]
    assert (jurgen.aliases, jurgen.finished, jurgen.wins) == (("Jurgen",), 2, 2)
    assert players.record("Jurgen").name == "Jürgen"  # an alias finds the player
    assert dict(Players(games).aliases()) == {"Jurgen": "Jürgen"}  # kept in the data directory
    assert json.loads((tmp_path / FILE_NAME).read_text())["schema"] == {"1": {"schema": 1}}
    players.undo(change)
    assert {p.name for p in players.players()} == {"Jürgen", "Jurgen", "Ben", "Dora"}


def test_a_rename_shows_the_new_name_everywhere_while_the_games_keep_theirs(games):
    game_id = imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    players = Players(games)
    players.rename("Ann", "Anna")
    assert {p.name for p in players.players()} == {"Anna", "Ben", "Dora"}
    assert players.suggestions("a", "bohnanza") == ["Anna"]
    assert games.summaries()[0].players == ("Ann", "Ben", "Dora")  # the stored game is as it was played
    assert [p["name"] for p in games.files.export(game_id)["players"]] == ["Ann", "Ben", "Dora"]


@pytest.mark.parametrize("change, said", [
    (lambda p: p.rename("Nobody", "X"), "no player is named 'Nobody'"),
    (lambda p: p.rename("Ann", " ben "), "the name ben is taken: Ben plays under it"),
    (lambda p: p.rename("Ann", ""), "the name is empty"),
    (lambda p: p.merge("Ann", "ann"), "Ann and ann are one player already"),
    (lambda p: p.merge("Ann", "Nobody"), "no player is named 'Nobody'"),
])
def test_a_rename_or_merge_refused_says_why_and_changes_nothing(games, tmp_path, change, said):
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    players = Players(games)
    with pytest.raises(RulesError, match=f"^{said}$"):
        change(players)
    assert players.aliases() == {} and not (tmp_path / FILE_NAME).exists()


def test_only_the_serving_machines_browser_renames_or_merges(games):
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    away = PhoneGames(games, "a-phone").group()
    assert away.why_not_change()
    with pytest.raises(RulesError, match="only the browser on the machine that serves the table"):
        away.rename("Ann", "Anna")
    with pytest.raises(RulesError, match="only the browser on the machine that serves the table"):
        away.merge("Ann", "Ben")
    assert games.group.aliases() == {}
    here = PhoneGames(games, "host", here=True).group()
    change = here.rename("Ann", "Anna")
    with pytest.raises(RulesError):
        away.undo(change)
    here.undo(change)
    assert games.group.aliases() == {}


def test_a_game_in_play_counts_in_no_figure(games):
    """Space Beans' secret collections never enter a figure before the game's end: no game in
    play does."""
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    games.new_game("space-beans", {"players": ["Ann", "Ben"]})
    record = Players(games).record("Ann")
    assert [k.game for k in record.kinds] == ["bohnanza"]
    assert {h.opponent: h.together for h in record.head_to_head} == {"Ben": 1, "Dora": 1}


def test_a_new_finished_game_is_folded_in_without_reading_the_others_again(games):
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    players = Players(games)
    assert players.record("Ann").kinds[0].plays == 1
    read = []
    load = games.repo.load
    games.repo.load = lambda game_id: read.append(game_id) or load(game_id)
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [3, 4, 0], "2026-01-11"))
    read.clear()
    assert players.record("Ann").kinds[0].plays == 2
    assert read == []  # no game file opened: the index's summaries suffice


def test_a_damaged_players_file_is_set_aside_and_said(games, tmp_path):
    (tmp_path / FILE_NAME).write_text("{not json")
    players = Players(games)
    assert players.aliases() == {}  # every name shown as it was played
    assert "could not be read" in (players.damaged or "") and "kept as players.json.corrupt-" in players.damaged
    assert list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))


def test_a_newer_bean_counters_players_file_is_left_alone(games, tmp_path):
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    newer = '{"schema": {"1": {"schema": 2}}, "aliases": {}}'
    (tmp_path / FILE_NAME).write_text(newer)
    players = Players(games)
    assert players.aliases() == {} and "newer Bean Counter" in (players.damaged or "")
    with pytest.raises(StorageError, match="newer Bean Counter"):
        players.rename("Ann", "Anna")
    assert (tmp_path / FILE_NAME).read_text() == newer


def test_a_backup_keeps_the_groups_names_and_a_restore_adds_those_missing(games, tmp_path, capsys):
    """The group's players are in backups; ``beans import FILE.zip`` restores them, keeping
    every name the data directory shows already."""
    imported(games, bohnanza_final(["Jürgen", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    imported(games, bohnanza_final(["Jurgen", "Ben", "Dora"], [9, 4, 0], "2026-01-11"))
    games.group.merge("Jurgen", "Jürgen")
    zipped = tmp_path / "backup.zip"
    zipped.write_bytes(make_backup(games))
    elsewhere = tmp_path / "elsewhere"
    other = Games(Repository(elsewhere))
    other.files.import_file(bohnanza_final(["Ben", "Dora", "Eva"], [1, 2, 3], "2026-02-01"))
    Players(other).rename("Dora", "Dorothea")
    other.repo.close()
    assert main(["import", str(zipped), "--data-dir", str(elsewhere)]) == 0
    capsys.readouterr()
    restored = Games(Repository(elsewhere))
    assert Players(restored).aliases() == {"Jurgen": "Jürgen", "Dora": "Dorothea"}
    restored.repo.close()


def test_a_backups_names_are_checked_before_anything_is_stored(games, tmp_path):
    imported(games, bohnanza_final(["Ann", "Ben", "Dora"], [10, 4, 0], "2026-01-10"))
    made = io.BytesIO(make_backup(games))
    out = io.BytesIO()
    with zipfile.ZipFile(made) as source, zipfile.ZipFile(out, "w") as archive:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "players.json":
                data = json.dumps({"schema": 1, "aliases": {"Ann": "x" * 41}}).encode()
            archive.writestr(info, data)
    with pytest.raises(BackupError, match="^players.json: 'Ann': the name is 41 characters long"):
        read_backup(out.getvalue())
