"""A stored game that is valid JSON but of the wrong shape is checked like an upload
(issue 14): set aside and reported like a damaged file, its newest good backup offered;
never a blank Home, a crash, or a game silently gone from `beans list`."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from companion.cli import main
from companion.session import Games, PhoneGames, damage_words
from companion.storage import DamagedGame, Repository
from testkit.stored import whole

PLAYERS = ["Alex", "Beate", "Claudia"]


def take(card: str) -> dict[str, Any]:
    return {"kind": "take-card", "round": 1, "player": "Alex", "card": card}


def entry_without_action(doc: dict[str, Any]) -> None:
    del doc["log"][0]["action"]


WRONG: dict[str, Callable[[dict[str, Any]], None]] = {
    "created is a number": lambda doc: doc.update(created=12345),
    "a log entry without action": entry_without_action,
    "table is null": lambda doc: doc.update(table=None),
    "an unknown game": lambda doc: doc.update(game="chess"),
    "a newer schema": lambda doc: doc.update(schema=99),
    "no schema": lambda doc: doc.pop("schema"),
    "setup is a list": lambda doc: doc.update(setup=[]),
    "log is an object": lambda doc: doc.update(log={}),
}


@pytest.fixture
def stored(tmp_path):
    games = Games(Repository(tmp_path))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    other = games.new_game("nicht-die-bohne", {"players": ["Eve", "Finn", "Gus"]})
    for card in ("red-1", "red-2", "red-3"):
        games.dispatch(gid, take(card))
    games.repo.close()
    return tmp_path, gid, other


@pytest.mark.parametrize("wrong", WRONG)
def test_a_wrong_shaped_game_is_set_aside_reported_and_its_backup_offered(stored, wrong, capsys):
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    file = whole(json.loads(path.read_text()))
    WRONG[wrong](file["game"]["1"])
    bad = json.dumps(file).encode()
    path.write_bytes(bad)

    games = Games(Repository(data_dir))
    assert {s.id for s in games.summaries()} == {gid, other}  # Home lists both, from the backup
    with pytest.raises(DamagedGame) as caught:
        games.record(gid)
    assert "could not be read" in str(caught.value) and "backup" in str(caught.value)
    assert caught.value.kept_as.read_bytes() == bad  # kept as it was
    games.repo.restore_backup(gid)
    assert len(games.record(gid).log) == 2  # the newest good backup: one entry less
    games.repo.close()

    assert main(["list", "--data-dir", str(data_dir)]) == 0
    assert gid in capsys.readouterr().out


def _pop_first(table: dict[str, Any]) -> Any:
    return table.pop("1")


WRONG_TABLES: dict[str, Callable[[dict[str, Any]], object]] = {
    "an entry is not an object": lambda data: data["log"].update({"1": "red-1"}),
    "an entry under no number": lambda data: data["log"].update(first=_pop_first(data["log"])),
    "the entries are a list": lambda data: data.update(log=list(data["log"].values())),
    "no game in the file": lambda data: data.pop("game"),
    "an entry without action": lambda data: data["log"]["1"].pop("action"),
}


@pytest.mark.parametrize("wrong", WRONG_TABLES)
def test_damage_in_the_tables_of_a_game_file_is_found_like_any_other(stored, wrong):
    """Schema 3 keeps the entries in a table of their own: damage there is found before
    TinyDB reads the file, the game is set aside and its backup offered."""
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    file = json.loads(path.read_text())
    WRONG_TABLES[wrong](file)
    path.write_text(json.dumps(file))

    games = Games(Repository(data_dir))
    assert {s.id for s in games.summaries()} == {gid, other}  # Home lists both, from the backup
    with pytest.raises(DamagedGame) as caught:
        games.record(gid)
    assert caught.value.backup is not None
    games.repo.restore_backup(gid)
    assert len(games.record(gid).log) == 2
    games.repo.close()


def test_a_stored_game_with_a_repeated_key_is_set_aside_not_read_as_its_last_value(stored):
    """A repeated key in a stored game (an edit by hand) would silently keep only its last
    value; it is reported as damage, the file kept aside as it was and the backup offered."""
    data_dir, gid, _ = stored
    path = data_dir / "games" / f"{gid}.json"
    text = path.read_text()
    bad = text.replace('"log":', '"log":{},"log":', 1).encode()
    path.write_bytes(bad)
    games = Games(Repository(data_dir))
    with pytest.raises(DamagedGame, match='the key "log" appears twice') as caught:
        games.record(gid)
    assert caught.value.kept_as.read_bytes() == bad and caught.value.backup is not None
    games.repo.close()


@pytest.mark.parametrize("wrong", [*WRONG, "garbage"])
def test_a_damaged_game_without_a_good_backup_is_listed_as_set_aside_never_gone(stored, wrong, capsys):
    """Damaged with no good backup (issue 14): Home and `beans list` still show it, as set
    aside with what can be done; what a phone sees names no file path and no id."""
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    for backup in path.parent.glob(f"{gid}.json.bak*"):
        backup.unlink()
    if wrong == "garbage":
        path.write_bytes(b"\x00{not json")
    else:
        file = whole(json.loads(path.read_text()))
        WRONG[wrong](file["game"]["1"])
        path.write_text(json.dumps(file))

    for _ in range(2):  # as found now, and in the next run (the file set aside meanwhile)
        games = Games(Repository(data_dir))
        phone = PhoneGames(games, "a phone")
        assert [s.id for s in phone.summaries()] == [other]
        (aside,) = phone.set_aside()
        assert aside.id == gid and "could not be read" in aside.said and "no good backup is left" in aside.said
        assert gid not in aside.said and str(data_dir) not in aside.said and ".json" not in aside.said
        kept = "is left as it is" if wrong in ("a newer schema", "no schema") else "was set aside as it was"
        assert f"Its file {kept} on the host's computer" in aside.said
        with pytest.raises(DamagedGame) as caught:
            phone.kind(gid)
        assert damage_words(caught.value) == aside.said  # the game's own screen says the same
        games.repo.close()

    assert main(["list", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"{gid}  damaged: This game could not be read" in out and other in out
    assert main(["list", "--json", "--data-dir", str(data_dir)]) == 0
    out, err = capsys.readouterr()
    assert [row["id"] for row in json.loads(out)] == [other]
    assert err.count("\n") == 1 and err.startswith(f"beans: game {gid} is damaged and not listed: ")


@pytest.mark.parametrize("backups", [True, False])
def test_a_game_whose_entries_no_longer_replay_is_damaged_and_its_backup_offered(stored, backups):
    """Issue 46: a game whose entries no longer replay is damage like any other: set aside,
    its newest good backup offered (Home lists it from there), or listed as set aside."""
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    if not backups:
        for backup in path.parent.glob(f"{gid}.json.bak*"):
            backup.unlink()
    file = json.loads(path.read_text())
    file["log"]["2"]["action"] = take("red-1")  # the same card taken twice
    path.write_text(json.dumps(file))
    games = Games(Repository(data_dir))
    if backups:
        assert {s.id for s in games.summaries()} == {gid, other} and games.set_aside() == []
        with pytest.raises(DamagedGame, match="its entry 2 no longer replays") as caught:
            games.record(gid)
        assert caught.value.backup is not None
        games.repo.restore_backup(gid)
        assert len(games.record(gid).log) == 2
    else:
        assert [s.id for s in games.summaries()] == [other]
        (aside,) = games.set_aside()
        assert aside.id == gid and aside.said.startswith("This game could not be read (its entry 2 no longer replays: ")
        assert "no good backup is left" in aside.said
    games.repo.close()
