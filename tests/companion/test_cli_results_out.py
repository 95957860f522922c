"""Results leave the table (issue 20): `beans export --format bgstats-link|csv`, `beans schema`,
the optional play fields of score files, and importing a game twice."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.cli import main
from companion.session import AlreadyStored, Games, PhoneGames
from companion.storage import Repository
from sheets.bohnanza import RULES as BOHNANZA_RULES

BOHNANZA = {
    "format": "beans-score/1", "game": "bohnanza",
    "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                {"name": "Fiona", "coins": 9, "third_field": False},
                {"name": "Gwen", "coins": 11, "third_field": False}],
}
DATED = {**BOHNANZA, "played": "2026-05-01", "start_player": "Fiona"}


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def sent(link: str) -> dict:
    """The play a BG Stats link carries (``beans export --format bgstats-link``)."""
    return json.loads(parse_qs(urlsplit(link.strip()).query)["data"][0])


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


def games_in(data_dir) -> Games:
    return Games(Repository(data_dir))


def played_here(games: Games) -> str:
    """A Bohnanza game played on this machine: new game, then the final count."""
    game_id = games.new_game("bohnanza", {"players": ["Eamon", "Fiona", "Gwen"]})
    for action in BOHNANZA_RULES.import_file(BOHNANZA)[1]:
        games.dispatch(game_id, action)
    return game_id


def one_line(err: str) -> bool:
    return err.startswith("beans: ") and err.count("\n") == 1


# -- the optional play fields --------------------------------------------------------------

def test_score_json_keeps_its_shape_with_the_play_fields(tmp_path, capsys):
    """README (score files): "played" and "start_player" are optional; `beans score --json`
    prints the same result with or without them."""
    _, plain, _ = run(capsys, "score", "--json", write(tmp_path, BOHNANZA, "a.json"))
    code, dated, err = run(capsys, "score", "--json", write(tmp_path, DATED, "b.json"))
    assert code == 0 and err == "" and json.loads(dated) == json.loads(plain)
    assert set(json.loads(dated)) == {"game", "players", "winners"}


@pytest.mark.parametrize("change, said", [
    ({"played": "1 May 2026"}, "played: must be a date written YYYY-MM-DD"),
    ({"played": "2026-02-30"}, "played: must be a date written YYYY-MM-DD"),
    ({"played": 20260501}, "played: must be a date written YYYY-MM-DD"),
    ({"start_player": ""}, "start_player: must be the name of a player"),
    ({"start_player": "Zoe"}, "start_player: 'Zoe' is not one of the players"),
])
def test_a_bad_play_field_is_one_line_and_exit_2(tmp_path, capsys, change, said):
    code, out, err = run(capsys, "score", write(tmp_path, {**BOHNANZA, **change}))
    assert code == 2 and out == "" and one_line(err) and said in err


def test_export_writes_the_date_played_and_an_imported_start_player(tmp_path, data_dir, capsys):
    """A game played here exports the date it was played; an imported file's date and start
    player go out again as they came in."""
    games = games_in(data_dir)
    here, imported = played_here(games), games.files.import_file(DATED)
    games.repo.close()
    _, out, _ = run(capsys, "export", "--data-dir", str(data_dir), here)
    exported = json.loads(out)
    assert list(exported)[:3] == ["format", "game", "played"] and "start_player" not in exported
    assert len(exported["played"]) == 10
    _, out, _ = run(capsys, "export", "--data-dir", str(data_dir), "--format", "beans-score", imported)
    assert json.loads(out) == DATED


def test_export_format_defaults_to_a_score_file(data_dir, capsys):
    games = games_in(data_dir)
    game_id = games.files.import_file(DATED)
    games.repo.close()
    default = run(capsys, "export", "--data-dir", str(data_dir), game_id)
    named = run(capsys, "export", "--data-dir", str(data_dir), "--format", "beans-score", game_id)
    assert default == named and default[0] == 0


def test_an_unknown_export_format_is_one_line_and_exit_2(data_dir, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["export", "--data-dir", str(data_dir), "--format", "xml", "abc"])
    out, err = capsys.readouterr()
    assert exited.value.code == 2 and out == "" and err.count("\n") == 1 and "'xml'" in err


# -- BG Stats ------------------------------------------------------------------------------

def test_export_bgstats_writes_the_play(data_dir, capsys):
    """Issue 20: game name, its BoardGameGeek id (Bohnanza: 11), highestWins, play date,
    players with score, winner, rank and start player."""
    games = games_in(data_dir)
    game_id = games.files.import_file(DATED)
    games.repo.close()
    code, out, err = run(capsys, "export", "--data-dir", str(data_dir), "--format", "bgstats-link", game_id)
    assert code == 0 and err == ""
    assert sent(out) == {
        "sourceName": "Bean Counter",
        "sourcePlayId": f"bean-counter-{game_id}",
        "game": {"name": "Bohnanza", "sourceGameId": "bohnanza", "bggId": 11, "highestWins": True},
        "playDate": "2026-05-01 12:00:00",  # a file's date alone: at noon
        "players": [
            {"name": "Eamon", "sourcePlayerId": "Eamon", "score": 14, "winner": True, "rank": 1, "startPlayer": False},
            {"name": "Fiona", "sourcePlayerId": "Fiona", "score": 9, "winner": False, "rank": 3, "startPlayer": True},
            {"name": "Gwen", "sourcePlayerId": "Gwen", "score": 11, "winner": False, "rank": 2, "startPlayer": False},
        ],
    }


def test_sending_a_game_twice_sends_the_same_play(data_dir):
    """Issue 36: pressing "Send to BG Stats" twice recorded the game twice; the same stored
    game is always the same sourcePlayId, another game another one."""
    games = games_in(data_dir)
    phone = PhoneGames(games, "phone-1")
    game_id = games.files.import_file(DATED)
    other = played_here(games)

    def play_of(game: str) -> dict:
        return json.loads(parse_qs(urlsplit(phone.bgstats_link(game)).query)["data"][0])

    assert play_of(game_id)["sourcePlayId"] == play_of(game_id)["sourcePlayId"] != play_of(other)["sourcePlayId"]


def test_a_file_without_a_date_is_sent_at_the_time_it_was_stored(data_dir, capsys):
    games = games_in(data_dir)
    game_id = games.files.import_file(BOHNANZA)
    games.repo.close()
    _, out, _ = run(capsys, "export", "--data-dir", str(data_dir), "--format", "bgstats-link", game_id)
    assert len(sent(out)["playDate"]) == len("2026-05-01 19:30:00")


def test_a_game_played_here_sends_its_date_and_time(data_dir, capsys):
    games = games_in(data_dir)
    game_id = played_here(games)
    games.repo.close()
    _, out, _ = run(capsys, "export", "--data-dir", str(data_dir), "--format", "bgstats-link", game_id)
    play = sent(out)
    assert len(play["playDate"]) == len("2026-05-01 19:30:00")
    assert all("startPlayer" not in p for p in play["players"])  # not known: left out


def test_an_unfinished_game_has_no_play_to_send(data_dir, capsys):
    games = games_in(data_dir)
    game_id = games.new_game("bohnanza", {"players": ["Eamon", "Fiona", "Gwen"]})
    games.repo.close()
    for form in ("bgstats-link", "bgsplay", "csv"):
        code, out, err = run(capsys, "export", "--data-dir", str(data_dir), "--format", form, game_id)
        assert code == 2 and out == "" and one_line(err) and "not over" in err


def test_the_phone_gets_the_bgstats_link(data_dir):
    """The finished game's "Send to BG Stats" opens createPlay.html?data=<the play as JSON>."""
    games = games_in(data_dir)
    game_id = games.files.import_file(DATED)
    link = PhoneGames(games, "phone-1").bgstats_link(game_id)
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    play = json.loads(parse_qs(parts.query)["data"][0])
    assert play["game"]["name"] == "Bohnanza" and [p["score"] for p in play["players"]] == [14, 9, 11]


# -- CSV -----------------------------------------------------------------------------------

def test_export_csv_is_a_row_per_player(data_dir, capsys):
    games = games_in(data_dir)
    game_id = games.files.import_file(BOHNANZA)
    games.repo.close()
    code, out, _ = run(capsys, "export", "--data-dir", str(data_dir), "--format", "csv", game_id)
    assert out.startswith("\ufeff")  # Excel reads UTF-8 only after a byte-order mark
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"))))
    assert code == 0 and list(rows[0]) == ["name", "total", "rank", "winner", "coins"]
    assert [(r["name"], r["total"], r["rank"], r["winner"]) for r in rows] == [
        ("Eamon", "14", "1", "yes"), ("Fiona", "9", "3", "no"), ("Gwen", "11", "2", "no")]


def test_statistics_csv_is_a_row_per_player_per_finished_game(data_dir):
    games = games_in(data_dir)
    first = games.files.import_file(DATED)
    second = played_here(games)
    games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cleo"]})  # unfinished: not in it
    rows = list(csv.DictReader(io.StringIO(PhoneGames(games, None).results_csv().removeprefix("\ufeff"))))
    ids = [r["game_id"] for r in rows]
    assert sorted(ids) == sorted([first] * 3 + [second] * 3) and ids[0] == ids[1] == ids[2]
    rows = [r for r in rows if r["game_id"] == first]
    assert rows[0] == {"game_id": first, "game": "Bohnanza", "sheet": "", "played": "2026-05-01", "player": "Eamon",
                       "total": "14", "rank": "1", "winner": "yes", "rating": "", "start_player": "no",
                       "location": "", "comment": ""}


# -- importing twice -----------------------------------------------------------------------

def test_importing_a_stored_game_again_stores_nothing(tmp_path, data_dir, capsys):
    """Issue 20: statistics counted a re-imported game twice. The second import says so,
    prints the stored game's id and stores nothing; --again stores a copy on purpose."""
    path = write(tmp_path, DATED)
    code, first, err = run(capsys, "import", "--data-dir", str(data_dir), path)
    assert code == 0 and err == ""
    code, again, err = run(capsys, "import", "--data-dir", str(data_dir), path)
    assert code == 0 and again == first and one_line(err) and "stored already" in err and "--again" in err
    assert len(Repository(data_dir, read_only=True).stored_ids()) == 1
    code, copy, err = run(capsys, "import", "--data-dir", str(data_dir), "--again", path)
    assert code == 0 and err == "" and copy != first
    assert len(Repository(data_dir, read_only=True).stored_ids()) == 2


def test_the_same_game_is_its_record_whatever_the_file_looks_like(data_dir):
    """Key order and indentation do not make another game; another date played does, and so
    does another record (other coins)."""
    games = games_in(data_dir)
    stored = games.files.import_file(DATED)
    reordered = json.loads(json.dumps(dict(reversed(list(DATED.items())))))
    with pytest.raises(AlreadyStored) as said:
        games.files.import_file(reordered)
    assert said.value.game_id == stored and "stored already" in str(said.value)
    with pytest.raises(AlreadyStored):
        games.files.import_file(BOHNANZA)  # no date: nothing says it is another play
    games.files.import_file({**DATED, "played": "2026-05-02"})
    other = json.loads(json.dumps(DATED))
    other["players"][1]["coins"] = 10
    games.files.import_file(other)
    assert len(games.summaries()) == 3


def test_a_file_exported_here_is_the_game_stored_here(data_dir):
    games = games_in(data_dir)
    game_id = played_here(games)
    with pytest.raises(AlreadyStored) as said:
        games.files.import_file(games.files.export(game_id))
    assert said.value.game_id == game_id and len(games.summaries()) == 1


def test_a_deleted_game_does_not_count_as_stored(data_dir):
    games = games_in(data_dir)
    games.bin.delete(games.files.import_file(DATED))
    games.files.import_file(DATED)
    assert len(games.summaries()) == 1
