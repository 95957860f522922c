"""Results in bulk (issue 50): `beans export --all --format bgsplay` (one file BG Stats opens,
its plays referring to games, players and locations by integer ids, the same uuids and
sourcePlayIds on every export so a second import adds nothing), `--format bgstats-link`,
CSV of every game in German (`--lang de`), where we play ("Where we play": a setting of the
data directory, kept with each game and in score files), the start player of a Nicht die
Bohne! game played here, and the table's shared comment."""

from __future__ import annotations

import csv
import io
import json
import random
from urllib.parse import parse_qs, urlsplit

import pytest

from companion.cli import main
from companion.session import Games, PhoneGames
from companion.storage import Repository
from sheets.errors import RulesError
from sheets.nicht_die_bohne import DECK, EnterCards, RecordChip

PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]
BOHNANZA = {"format": "beans-score/1", "game": "bohnanza", "played": "2026-05-01",
            "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                        {"name": "Fiona", "coins": 9, "third_field": False},
                        {"name": "Gwen", "coins": 11, "third_field": False}]}


def ndb_played_here(games: Games, seed: int = 3) -> str:
    """A whole Nicht die Bohne! game entered in the app; Dirk took the Bean chip at the deal."""
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.dispatch(game_id, RecordChip(round=0, player="Dirk").model_dump(mode="json"))
    for n in (1, 2, 3):
        deck = sorted(str(c) for c in DECK.elements())
        random.Random(seed + n).shuffle(deck)
        for i, p in enumerate(PLAYERS):
            games.dispatch(game_id, EnterCards(round=n, player=p, cards=deck[i * 15:(i + 1) * 15]).model_dump(mode="json"))
    return game_id


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def sent(link: str) -> dict:
    return json.loads(parse_qs(urlsplit(link.strip()).query)["data"][0])


@pytest.fixture
def stored(tmp_path):
    games = Games(Repository(tmp_path))
    games.files.set_location("Bohnenkeller")
    here = ndb_played_here(games)
    games.seating.write_comment(here, "Dirk's first win at the club\nrematch next week", None)
    imported = games.files.import_file({**BOHNANZA, "location": "Café Meeple"})
    games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cleo"]})  # not over: never exported
    games.repo.close()
    return tmp_path, here, imported


def test_bgsplay_holds_every_finished_game_with_integer_references(stored, capsys):
    data_dir, here, imported = stored
    target = data_dir / "plays.bgsplay"
    assert run(capsys, "export", "--all", "--format", "bgsplay", "-o", str(target), "--data-dir", str(data_dir)) == (
        0, "", "")
    file = json.loads(target.read_text(encoding="utf-8"))
    assert {"games", "players", "locations", "plays"} <= set(file)
    games = {g["id"]: g for g in file["games"]}
    players = {p["id"]: p["name"] for p in file["players"]}
    locations = {loc["id"]: loc["name"] for loc in file["locations"]}
    assert all(isinstance(key, int) for key in [*games, *players, *locations])
    assert sorted(players.values()) == sorted([*PLAYERS, "Eamon", "Fiona", "Gwen"])
    plays = {play["sourcePlayId"]: play for play in file["plays"]}
    assert set(plays) == {f"bean-counter-{here}", f"bean-counter-{imported}"}
    ndb, bohnanza = plays[f"bean-counter-{here}"], plays[f"bean-counter-{imported}"]
    assert games[ndb["gameRefId"]]["name"] == "Nicht die Bohne!" and games[bohnanza["gameRefId"]]["bggId"] == 11
    assert locations[ndb["locationRefId"]] == "Bohnenkeller" and locations[bohnanza["locationRefId"]] == "Café Meeple"
    assert ndb["comments"] == "Dirk's first win at the club\nrematch next week"
    starters = [players[s["playerRefId"]] for s in ndb["playerScores"] if s["startPlayer"]]
    assert starters == ["Dirk"]  # played here: who took the Bean chip at the deal
    assert bohnanza["playDate"] == "2026-05-01 12:00:00"
    assert all(isinstance(s["score"], str) and isinstance(s["rank"], int) for s in bohnanza["playerScores"])


def test_a_second_export_has_the_same_uuids_so_bg_stats_adds_nothing(stored, capsys):
    data_dir, _here, _imported = stored
    files = []
    for _ in range(2):
        code, out, _err = run(capsys, "export", "--all", "--format", "bgsplay", "--data-dir", str(data_dir))
        files.append(json.loads(out))
    for part in ("games", "players", "locations", "plays"):
        assert [item["uuid"] for item in files[0][part]] == [item["uuid"] for item in files[1][part]]
    assert [p["sourcePlayId"] for p in files[0]["plays"]] == [p["sourcePlayId"] for p in files[1]["plays"]]


def test_all_takes_one_game_and_a_day(stored, capsys):
    data_dir, here, _imported = stored
    code, out, _ = run(capsys, "export", "--all", "--game", "nicht-die-bohne", "--format", "bgsplay",
                       "--data-dir", str(data_dir))
    assert [p["sourcePlayId"] for p in json.loads(out)["plays"]] == [f"bean-counter-{here}"]
    code, out, _ = run(capsys, "export", "--all", "--since", "2999-01-01", "--format", "bgsplay",
                       "--data-dir", str(data_dir))
    assert json.loads(out)["plays"] == []


def test_the_link_is_the_one_the_apps_button_opens(stored, capsys):
    data_dir, here, _imported = stored
    code, out, err = run(capsys, "export", here, "--format", "bgstats-link", "--data-dir", str(data_dir))
    assert code == 0 and err == "" and out.count("\n") == 1
    assert out.strip() == PhoneGames(Games(Repository(data_dir, read_only=True)), None).bgstats_link(here)
    play = sent(out)
    assert play["location"] == "Bohnenkeller" and play["comments"].startswith("Dirk's first win")
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Dirk"]


def test_csv_of_every_game_in_german(stored, capsys):
    data_dir, here, imported = stored
    code, out, _ = run(capsys, "export", "--all", "--format", "csv", "--lang", "de", "--data-dir", str(data_dir))
    assert code == 0 and out.startswith("\ufeffSpiel_ID;Spiel;Bogen;gespielt_am;Spieler;Gesamt;Rang;Gewinner;")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff")), delimiter=";"))
    assert len(rows) == 7
    dirk = next(r for r in rows if r["Spiel_ID"] == here and r["Spieler"] == "Dirk")
    assert (dirk["Startspieler"], dirk["Ort"]) == ("ja", "Bohnenkeller")
    assert dirk["Kommentar"].startswith("Dirk's first win")
    assert {r["Ort"] for r in rows if r["Spiel_ID"] == imported} == {"Café Meeple"}
    code, out, _ = run(capsys, "export", "--all", "--format", "csv", "--data-dir", str(data_dir))
    assert out.startswith("\ufeffgame_id,game,sheet,played,player,total,rank,winner,")


def test_export_refuses_what_does_not_go_together_in_one_line(stored, capsys):
    data_dir, here, _imported = stored
    for argv, said in [
        (["export"], "name one GAME_ID, or --all"),
        (["export", here, "--all"], "name one GAME_ID, or --all"),
        (["export", "--all"], "--format beans-score is one game's"),
        (["export", "--all", "--format", "bgstats-link"], "--format bgstats-link is one game's"),
        (["export", here, "--game", "bohnanza", "--format", "csv"], "they go with --all"),
        (["export", here, "--lang", "de"], "--lang is the language of a CSV file"),
        (["export", "--all", "--game", "chess", "--format", "csv"], "no game 'chess'"),
    ]:
        code, out, err = run(capsys, *argv, "--data-dir", str(data_dir))
        assert (code, out) == (2, "") and err.count("\n") == 1 and said in err, (argv, err)


def test_the_score_file_keeps_where_it_was_played_and_the_comment(stored, capsys):
    data_dir, here, imported = stored
    code, out, _ = run(capsys, "export", here, "--data-dir", str(data_dir))
    exported = json.loads(out)
    assert (exported["location"], exported["start_player"]) == ("Bohnenkeller", "Dirk")
    assert exported["comment"] == "Dirk's first win at the club\nrematch next week"
    code, out, _ = run(capsys, "export", imported, "--data-dir", str(data_dir))
    assert json.loads(out)["location"] == "Café Meeple"


def test_a_game_keeps_the_place_it_was_played_at(tmp_path):
    games = Games(Repository(tmp_path))
    assert not games.files.location_asked() and games.location() is None
    games.files.set_location("  Küche  ")
    first = ndb_played_here(games)
    games.files.set_location("Club")
    assert games.files.location_asked() and games.location() == "Club"
    assert games.files.play_info(first).location == "Küche"  # where it was played, not where we play now
    games.files.set_location("")  # none said, and not asked again
    assert games.files.location_asked() and games.location() is None
    with pytest.raises(RulesError, match="at most 100 characters"):
        games.files.set_location("x" * 101)


def test_any_seat_writes_the_shared_comment_and_a_watcher_does_not(tmp_path):
    games = Games(Repository(tmp_path))
    game_id = games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cleo"]}, starter="phone-a")
    games.seating.claim_seat(game_id, "Ann", "1234", "phone-a")
    games.seating.write_comment(game_id, "Ben dealt", "phone-a")
    assert games.seating.comment(game_id) == "Ben dealt"
    with pytest.raises(RulesError, match="take a seat to write the game's comment"):
        games.seating.write_comment(game_id, "a watcher's words", "phone-watching")
    with pytest.raises(RulesError, match="at most 2000 characters"):
        games.seating.write_comment(game_id, "x" * 2001, "phone-a")
    assert games.seating.comment(game_id) == "Ben dealt" and games.seating.private_note(game_id, "phone-a") == ""
