"""What a player stores comes back: games, undo/redo, backups, old schemas, after restarts."""

import json
from dataclasses import replace
import shutil
import stat
from pathlib import Path

import pytest
from tinydb import TinyDB, where

from companion.session import Games
from companion.storage import FINISHED, PLAYING, Repository, StorageError, of_game, played_since
from companion.storage.repository import stamp
from companion.storage.atomic import AtomicJSONStorage, backup_paths, write_atomically
from companion.storage.game_file import as_tables
from sheets.game import fold
from sheets.nicht_die_bohne import DECK, RULES, parse_card
from testkit.stored import stored_record

CARDS = [str(card) for card, copies in DECK.items() for _ in range(copies)]  # the 60-card deck
PLAYERS = ["Alex", "Beate", "Dörte"]
BOHNANZA = {"format": "beans-score/1", "game": "bohnanza",
            "players": [{"name": "Eamon", "coins": 14, "third_field": True}, {"name": "Fiona", "coins": 9, "third_field": False},
                        {"name": "Gwen", "coins": 11, "third_field": False}]}
GOLDEN = Path(__file__).parent / "golden"


def take(player: str, card: str, round: int = 1) -> dict:
    return {"kind": "take-card", "round": round, "player": player, "card": card}


def open_games(data_dir: Path) -> Games:
    return Games(Repository(data_dir))


def reopen(games: Games) -> Games:
    games.repo.close()
    return open_games(games.repo.data_dir)


def finished_file(players=PLAYERS) -> dict:
    """A complete 3-round score file: the deck dealt in turn, shifted each round; hands sorted."""
    size = 60 // len(players)
    rounds = []
    for r in range(3):
        deck = CARDS[r * 7:] + CARDS[:r * 7]
        hands = [sorted(deck[i * size:(i + 1) * size], key=parse_card) for i in range(len(players))]
        rounds.append(dict(zip(players, hands)))
    return {"format": "beans-score/1", "game": "nicht-die-bohne", "players": list(players), "rounds": rounds}


def test_a_game_reads_back_after_a_restart(tmp_path):
    games = open_games(tmp_path)
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    actions = [take(p, c) for p, c in zip(PLAYERS * 3, CARDS)]
    for action in actions:
        games.dispatch(gid, action, by="phone")
    before = games.state(gid)

    games = reopen(games)
    record = games.record(gid)
    assert [e["action"] for e in record.log] == actions
    assert all(e["by"] == "phone" for e in record.log)
    assert games.state(gid) == before == fold(RULES, {"players": PLAYERS}, actions)
    assert [s.id for s in games.summaries()] == [gid]


def test_undo_and_redo_any_number_of_steps_across_restarts(tmp_path):
    games = open_games(tmp_path)
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    actions = [take(p, c) for p, c in zip(PLAYERS * 2, CARDS)]
    states = [games.state(gid)]
    for action in actions:
        states.append(games.dispatch(gid, action))

    for back in range(len(actions), 0, -1):  # undo to the start, restarting in between
        games = reopen(games)
        assert games.undo(gid) == states[back - 1]
    games = reopen(games)
    assert not games.can_undo(gid) and games.can_redo(gid)
    with pytest.raises(Exception, match="nothing to undo"):
        games.undo(gid)

    for forward in range(1, 4):
        games = reopen(games)
        assert games.redo(gid) == states[forward]
    games.dispatch(gid, take("Dörte", "yellow-1"))  # a new entry ends what can be redone
    games = reopen(games)
    assert not games.can_redo(gid)
    assert [e["action"] for e in games.record(gid).log] == [*actions[:3], take("Dörte", "yellow-1")]


def test_a_game_file_is_private_and_a_plain_tinydb_document(tmp_path):
    games = open_games(tmp_path)
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.dispatch(gid, take("Alex", "red-3"))
    path = tmp_path / "games" / f"{gid}.json"

    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    db = TinyDB(path, storage=AtomicJSONStorage)  # TinyDB's own API reads it
    record = games.record(gid)
    assert db.tables() == {"game", "log", "redo"}
    assert db.table("game").get(doc_id=1) == {**record.head(), "schema": 3}
    assert [entry["action"] for entry in db.table("log").all()] == [take("Alex", "red-3")]
    assert db.table("log").all()[0].doc_id == 1 and db.table("redo").all() == []


def test_an_entry_is_inserted_into_its_table_and_an_undo_is_one_write(tmp_path):
    """A tap adds one document to the table of entries (the ones before keep their numbers);
    an undo moves an entry between two tables in one atomic write: the file and its newest
    backup differ by exactly that change."""
    games = open_games(tmp_path)
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    path = tmp_path / "games" / f"{gid}.json"
    for card in CARDS[:3]:
        games.dispatch(gid, take("Alex", card))
    before = json.loads(path.read_text())
    assert sorted(before["log"]) == ["1", "2", "3"]
    games.undo(gid)
    after, kept = json.loads(path.read_text()), json.loads(backup_paths(path)[0].read_text())
    assert kept == before  # the version the undo replaced, whole
    assert after["log"] == {n: before["log"][n] for n in ("1", "2")}
    assert list(after["redo"].values()) == [before["log"]["3"]]
    assert after["game"] == before["game"]


def test_the_last_three_versions_are_kept_as_backups(tmp_path):
    games = open_games(tmp_path)
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    for card in CARDS[:5]:
        games.dispatch(gid, take("Alex", card))
    path = tmp_path / "games" / f"{gid}.json"

    logs = [len(stored_record(p)["log"]) for p in [path, *backup_paths(path)]]
    assert logs == [5, 4, 3, 2]
    assert not list(path.parent.glob(".*"))  # no temporary file left behind


def test_a_commit_rewrites_only_its_own_game(tmp_path):
    games = open_games(tmp_path)
    gids = [games.new_game("nicht-die-bohne", {"players": PLAYERS}) for _ in range(3)]
    games.summaries()  # the home screen: the index is written
    files = {p: (p.stat().st_ino, p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file()}
    assert tmp_path / "index.json" in files
    games.dispatch(gids[0], take("Alex", "red-3"))

    changed = [p.name for p, (ino, data) in files.items() if p.exists() and
               (p.stat().st_ino, p.read_bytes()) != (ino, data)]
    assert changed == [f"{gids[0]}.json"]


def test_the_index_is_a_tinydb_table_that_listings_query(tmp_path):
    """Home, Statistics and `beans list` ask the index with TinyDB queries; its file is a
    TinyDB table any TinyDB reads, written when games are listed, not on every tap."""
    games = open_games(tmp_path)
    playing = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    finished = games.files.import_file(finished_file())
    other = games.files.import_file(BOHNANZA)
    assert {s.id for s in games.summaries()} == {playing, finished, other}
    assert {s.id for s in games.summaries(FINISHED)} == {finished, other}
    assert [s.id for s in games.summaries(PLAYING)] == [playing]
    assert {s.id for s in games.summaries(of_game("nicht-die-bohne"))} == {playing, finished}
    assert [s.id for s in games.summaries(FINISHED & of_game("bohnanza"))] == [other]
    assert games.summaries(played_since("2999-01-01")) == []

    games = reopen(games)  # the index is written on close (and when listed, at most every few seconds)
    index = TinyDB(tmp_path / "index.json", storage=AtomicJSONStorage)
    assert index.tables() == {"playing", "finished"}  # a tap rebuilds only the small table of games in play
    assert {doc["id"] for doc in index.table("finished").search(where("finished") == True)} == {  # noqa: E712
        finished, other}

    games.summaries()  # listed: written now if it changed
    before = (tmp_path / "index.json").read_bytes()
    games.dispatch(playing, take("Alex", "red-3"))
    assert (tmp_path / "index.json").read_bytes() == before  # a tap does not rewrite the index
    games = reopen(games)
    index = TinyDB(tmp_path / "index.json", storage=AtomicJSONStorage).table("playing")
    assert index.get(where("id") == playing)["file"] == stamp(tmp_path / "games" / f"{playing}.json")
    assert [s.id for s in games.summaries(PLAYING)] == [playing]  # read back, standing for its file


def test_an_index_of_the_earlier_layout_is_read_and_laid_out_anew(tmp_path, monkeypatch):
    """The index of earlier versions kept every game in one table, "games": its entries are
    used as they are (no game is summarised again) and written in today's tables."""
    games = open_games(tmp_path)
    playing = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    finished = games.files.import_file(finished_file())
    listed = games.summaries()
    games.repo.close()
    index_path = tmp_path / "index.json"
    tables = json.loads(index_path.read_text())
    docs = [*tables["playing"].values(), *tables["finished"].values()]
    write_atomically(index_path, {"games": {str(n): doc for n, doc in enumerate(docs, 1)}})

    monkeypatch.setattr(Games, "_summary_or_backup", lambda *_: pytest.fail("summarised again"))
    games = open_games(tmp_path)
    assert games.summaries() == listed and [s.id for s in games.summaries(FINISHED)] == [finished]
    games.repo.close()
    tables = json.loads(index_path.read_text())
    assert set(tables) == {"playing", "finished"}
    assert [doc["id"] for doc in tables["playing"].values()] == [playing]


def test_golden_schema_1_loads_migrates_saves_and_loads_again(tmp_path):
    games_dir = tmp_path / "games"
    games_dir.mkdir()
    shutil.copy(GOLDEN / "game-schema-1.json", games_dir / "golden01.json")
    stored = json.loads((GOLDEN / "game-schema-1.json").read_text())["game"]["1"]

    games = open_games(tmp_path)
    record = games.record("golden01")
    # Schema 2 added table mode: a schema-1 game was a one-phone game, nobody seated.
    migrated = {**stored, "schema": 3, "table": {"starter": None, "seats": {}, "notes": {}}}
    assert record.to_doc() == migrated
    assert [s.players for s in games.summaries()] == [("Alex", "Beate", "Claudia", "Dörte")]
    games.redo("golden01")  # the undone entry of the old file can still be redone
    games.undo("golden01")

    games = reopen(games)
    assert games.record("golden01").to_doc() == migrated
    saved = json.loads((games_dir / "golden01.json").read_text())
    assert saved["game"]["1"] == {k: v for k, v in migrated.items() if k not in ("log", "redo")}
    assert stored_record(games_dir / "golden01.json") == migrated
    assert games.state("golden01") == fold(RULES, stored["setup"], [e["action"] for e in stored["log"]])


def test_golden_schema_2_with_seats_loads_saves_and_loads_again(tmp_path):
    games_dir = tmp_path / "games"
    games_dir.mkdir()
    shutil.copy(GOLDEN / "game-schema-2.json", games_dir / "golden02.json")
    stored = json.loads((GOLDEN / "game-schema-2.json").read_text())["game"]["1"]

    games = open_games(tmp_path)
    assert games.record("golden02").to_doc() == {**stored, "schema": 3}  # schema 3 changed the file, not the game
    assert games.seat("golden02", "phone-of-alex") == "Alex"
    games.dispatch("golden02", take("Alex", "red-4"), device="phone-of-alex")
    games = reopen(games)
    record = games.record("golden02")
    assert record.table == stored["table"] and record.log[-1]["by"] == "Alex"
    assert record.log[:-1] == stored["log"] and record.redo == []  # a new entry drops what could be redone
    saved = json.loads((games_dir / "golden02.json").read_text())  # written in tables on its first change
    assert saved["game"]["1"]["schema"] == 3 and len(saved["log"]) == len(stored["log"]) + 1


def test_an_older_schema_is_migrated_on_load_and_saved_as_the_new_one(tmp_path, monkeypatch):
    """The chain a future schema 4 will use: the golden schema-1 game passes through all of it."""
    from companion.storage import migrations

    monkeypatch.setattr(migrations, "SCHEMA", 4)
    monkeypatch.setitem(migrations.MIGRATIONS, 3, lambda doc: {**doc, "log": [
        {**entry, "by": entry["by"] or "unknown"} for entry in doc["log"]]})
    games_dir = tmp_path / "games"
    games_dir.mkdir()
    shutil.copy(GOLDEN / "game-schema-1.json", games_dir / "golden01.json")

    games = open_games(tmp_path)
    record = games.record("golden01")
    assert record.schema == 4 and record.table == {"starter": None, "seats": {}, "notes": {}}
    games.dispatch("golden01", take("Alex", "red-4"))
    games = reopen(games)
    stored = stored_record(games_dir / "golden01.json")
    assert stored["schema"] == 4 and len(stored["log"]) == 5
    assert games.record("golden01").log[:4] == record.log


def test_a_game_from_a_newer_version_is_refused_and_left_alone(tmp_path):
    games_dir = tmp_path / "games"
    games_dir.mkdir()
    doc = json.loads((GOLDEN / "game-schema-1.json").read_text())
    doc["game"]["1"]["schema"] = 99
    path = games_dir / "golden01.json"
    path.write_text(json.dumps(doc))
    before = path.read_bytes()

    games = open_games(tmp_path)
    with pytest.raises(StorageError, match="newer Bean Counter"):
        games.record("golden01")
    assert path.read_bytes() == before


def test_deleted_games_can_be_brought_back_after_a_restart(tmp_path):
    games = open_games(tmp_path)
    keep = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    gone = games.new_game("nicht-die-bohne", {"players": ["Eve", "Finn", "Gus"]})
    games.dispatch(gone, take("Eve", "red-3"))
    games.bin.delete(gone)
    assert [s.id for s in games.summaries()] == [keep]

    games = reopen(games)
    assert [s.id for s in games.summaries()] == [keep]
    games.bin.undelete(gone)
    games = reopen(games)
    assert {s.id for s in games.summaries()} == {keep, gone}
    assert games.record(gone).log[0]["action"] == take("Eve", "red-3")


def test_a_kill_between_game_and_index_write_still_lists_the_game_as_finished(tmp_path):
    games = open_games(tmp_path)
    gid = games.files.import_file(finished_file())
    games.undo(gid)  # the game is not over: the index says so
    record = games.record(gid)
    assert not games.summaries()[0].finished
    games.repo.close()
    # the redo reached the game file, and the process died before the index was written
    redone = replace(record, log=[*record.log, record.redo[-1]], redo=[])
    write_atomically(tmp_path / "games" / f"{gid}.json", as_tables(redone))

    games = open_games(tmp_path)
    [summary] = games.summaries()
    assert summary.finished and summary.winners


def test_an_imported_game_exports_the_same_score_file(tmp_path):
    data = finished_file(["Ann", "Ben", "Cleo", "Dan"])
    games = open_games(tmp_path)
    gid = games.files.import_file(data)
    games = reopen(games)
    assert games.files.export(gid) == data
    [summary] = games.summaries()
    assert summary.finished and summary.players == ("Ann", "Ben", "Cleo", "Dan")


def test_a_solitaire_games_summary_holds_its_rating_and_an_older_index_still_loads(tmp_path):
    """Rulebook (Gone with the Beans, Solitaire Rules): a solitaire game is rated, it has no
    winner: its summary carries the rating. An index written before summaries had a rating
    loads, and its entries are summarised again from their games."""
    from sheets.gone_with_the_beans import RULES as GWTB
    from tests.sheets.gone_with_the_beans.gwtb_files import solo

    games = open_games(tmp_path)
    gid = games.files.import_file(solo())
    other = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    rating = GWTB.score_file(solo()).players[0].rating
    summaries = {s.id: s for s in games.summaries()}
    assert rating and summaries[gid].rating == rating and summaries[other].rating is None

    index = tmp_path / "index.json"
    data = json.loads(index.read_text())
    for entry in next(iter(data.values())).values():
        del entry["rating"]
    index.write_text(json.dumps(data))
    games = reopen(games)
    assert {s.id: s.rating for s in games.summaries()} == {gid: rating, other: None}
    assert all("rating" in entry for entry in next(iter(json.loads(index.read_text()).values())).values())
