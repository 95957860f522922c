"""Issue 33: no stored file blanks Home or fools the table. A damaged or wrong-shaped game
file (torn, not JSON, one of many wrong shapes, a link, a directory, a device, 50 MB) is
shown on Home as damaged with what can be done, every other game still listed, and
`beans list` answers; stored files are bounded like uploads and a link out of the data
directory is never followed; a binned game's backups go with it; ids are one letter case."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import flet as ft
import pytest

import companion.storage.game_bin as game_bin
from companion import session
from companion.cli import main
from companion.session import Games, PhoneGames
from companion.storage import DamagedGame, GameNotFound, Repository, StorageError
from companion.storage.atomic import STORED_MAX_BYTES, CorruptFileError, read_bounded
from companion.ui.app import make_main
from companion.ui.flet_compat import MessageAction
from testkit.harness import Table, controls_on, sent_to
from testkit.stored import whole
from sheets.names import bare

PLAYERS = ["Ann", "Ben", "Cy"]
OTHERS = ["Eve", "Finn", "Gus"]


def take(card: str) -> dict[str, Any]:
    return {"kind": "take-card", "round": 1, "player": "Ann", "card": card}


def record_of(edit: Callable[[dict[str, Any]], object]) -> Callable[[Path], None]:
    """Damage: the stored record changed by ``edit`` (the file stays valid JSON)."""
    def damage(path: Path) -> None:
        file = whole(json.loads(path.read_text()))
        edit(file["game"]["1"])
        path.write_text(json.dumps(file))
    return damage


def seat(doc: dict[str, Any], value: Any) -> None:
    doc["table"]["seats"] = {"Ann": value}


def entry(doc: dict[str, Any], **fields: Any) -> None:
    doc["log"][0].update(fields)


def link_to(target: str) -> Callable[[Path], None]:
    def damage(path: Path) -> None:
        path.unlink()
        path.symlink_to(target)
    return damage


def directory(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside.json").write_text("{}")


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def huge(path: Path) -> None:
    """A 50 MB game file (a valid one, padded with blanks): refused, never loaded."""
    path.write_bytes(path.read_bytes() + b" " * 50_000_000)


# Twenty-odd wrong shapes of a stored game, each valid JSON
SHAPES: dict[str, Callable[[Path], None]] = {
    "top level a list": lambda path: path.write_text("[1, 2]"),
    "top level a number": lambda path: path.write_text("7"),
    "game table a list": lambda path: path.write_text('{"game": [1]}'),
    "no game 1": lambda path: path.write_text('{"game": {"2": {}}}'),
    "game 1 a string": lambda path: path.write_text('{"game": {"1": "x"}}'),
    "id a number": record_of(lambda d: d.update(id=5)),
    "id of another game": record_of(lambda d: d.update(id="0badcafe")),
    "created no moment": record_of(lambda d: d.update(created="yesterday")),
    "setup a list": record_of(lambda d: d.update(setup=[])),
    "players a number": record_of(lambda d: d.update(setup={"players": 5})),
    "players of numbers": record_of(lambda d: d.update(setup={"players": [1, 2, 3]})),
    "no players": record_of(lambda d: d.update(setup={})),
    "log an object": record_of(lambda d: d.update(log={})),
    "log entry a number": record_of(lambda d: d.update(log=[5])),
    "action of no kind": record_of(lambda d: entry(d, action={"round": 1})),
    "at no moment": record_of(lambda d: entry(d, at="soon")),
    "by a number": record_of(lambda d: entry(d, by=5)),
    "redo a string": record_of(lambda d: d.update(redo="x")),
    "table null": record_of(lambda d: d.update(table=None)),
    "seat a number": record_of(lambda d: seat(d, 5)),
    "seat's phone a number": record_of(lambda d: seat(d, {"device": 5, "salt": "00", "pin": "x"})),
    "seat without salt": record_of(lambda d: seat(d, {"device": None, "pin": "x"})),
    "note a number": record_of(lambda d: d["table"].update(notes={"Ann": 5})),
    "starter a list": record_of(lambda d: d["table"].update(starter=[])),
    "imported a string": record_of(lambda d: d["table"].update(imported="x")),
    "unknown game": record_of(lambda d: d.update(game="chess")),
}
DAMAGE: dict[str, Callable[[Path], None]] = {
    **SHAPES,
    "torn": lambda path: path.write_bytes(path.read_bytes()[:40]),
    "not JSON": lambda path: path.write_bytes(b"{nope"),
    "nested deep": lambda path: path.write_bytes(b"[" * 100_000 + b"]" * 100_000),
    "link out of the data directory": link_to(os.devnull),
    "link to /dev/zero": link_to("/dev/zero"),
    "link to nothing": link_to("/nonexistent/bean-counter"),
    "a directory": directory,
    "a pipe": fifo,
    "50 MB": huge,
}


def stored(data_dir: Path, backup: bool) -> tuple[str, str]:
    """A game with entries (so with backups, unless ``backup`` is False) and another."""
    games = Games(Repository(data_dir))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    other = games.new_game("nicht-die-bohne", {"players": OTHERS})
    for card in ("red-1", "red-2", "red-3"):
        games.dispatch(gid, take(card))
    games.repo.close()
    if not backup:
        for copy in (data_dir / "games").glob(f"{gid}.json.bak*"):
            copy.unlink()
    return gid, other


def words_on(page: Any) -> str:
    """Every text a phone's screen shows (and each control's accessible name)."""
    said = []
    for control in controls_on(page):
        for name in ("value", "text", "label", "tooltip", "content"):
            value = getattr(control, name, None)
            if isinstance(value, str):
                said.append(value)
    return "\n".join(said)


def home_of(data_dir: Path, device: str = "a phone") -> tuple[str, list[Any]]:
    """Home as a phone is sent it: its words, and the messages (a crash among them)."""
    async def look() -> tuple[str, list[Any]]:
        games = Games(Repository(data_dir))
        try:
            async with Table() as table:
                phone = await table.open(make_main(games), "/", device)
                return bare(words_on(phone.session.page)), sent_to(phone)
        finally:
            games.repo.close()
    return asyncio.run(look())


@pytest.mark.parametrize("backup", [True, False], ids=["with a backup", "no backup"])
@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_game_never_blanks_home_nor_beans_list(tmp_path, damage, backup, capsys):
    gid, other = stored(tmp_path, backup)
    DAMAGE[damage](tmp_path / "games" / f"{gid}.json")

    assert main(["list", "--data-dir", str(tmp_path)]) == 0  # read-only: the file stays where it is
    out, err = capsys.readouterr()
    assert other in out and gid in out and not err

    shown, _sent = home_of(tmp_path)
    assert "Eve, Finn and Gus" in shown  # every other game is listed
    if backup:  # the damaged one, from its backup, with what can be done
        assert "Ann, Ben and Cy" in shown and "could not be read" in shown
        assert "Restore the newest good backup" in shown
    else:
        assert "A damaged game" in shown and "no good backup is left" in shown
    assert gid not in shown and str(tmp_path) not in shown

    games = Games(Repository(tmp_path))  # the next run lists the same
    assert other in {s.id for s in games.summaries()}
    assert (gid in {s.id for s in games.summaries()}) == backup
    assert (gid in {a.id for a in games.set_aside()}) == (not backup)
    if backup:
        games.bin.restore_backup(gid)
        assert len(games.record(gid).log) == 2  # the newest good backup: one entry less
    games.repo.close()
    if backup:
        shown, _sent = home_of(tmp_path)
        assert "Ann, Ben and Cy" in shown and "could not be read" not in shown


def test_home_shows_the_host_the_backup_and_restoring_it_keeps_the_phone_on_home(tmp_path):
    """The tile of a damaged game asks nothing of its record (the check whether it may be
    deleted read it and blanked Home); the host's Restore brings the game back on Home."""
    gid, other = stored(tmp_path, backup=True)
    (tmp_path / "games" / f"{gid}.json").write_bytes(b"{torn")

    async def look() -> tuple[str, str, list[Any]]:
        games = Games(Repository(tmp_path))
        try:
            async with Table() as table:
                phone = await table.open(make_main(games), "/", "host")
                sent = sent_to(phone)
                before = words_on(phone.session.page)
                (button,) = [c for c in controls_on(phone.session.page)
                             if isinstance(c, ft.TextButton) and c.content == "Restore the newest good backup"]
                button.on_click(None)
                await table.quiet()
                return before, bare(words_on(phone.session.page)), sent
        finally:
            games.repo.close()

    before, after, sent = asyncio.run(look())
    assert "could not be read" in before
    assert 0 < 2 * before.count("Delete game") == after.count("Delete game")  # the damaged game had none
    assert "could not be read" not in after and "Ann, Ben and Cy" in after and "Eve, Finn and Gus" in after
    assert not [body for action, body in sent if action == MessageAction.SESSION_CRASHED]
    assert "Invite" in after or "New game" in after  # still Home


@pytest.mark.parametrize("target", ["/dev/zero", "outside.json"])
def test_a_link_out_of_the_data_directory_is_never_read(tmp_path, target):
    data = tmp_path / "data"
    gid, other = stored(data, backup=True)
    (tmp_path / "outside.json").write_text((data / "games" / f"{other}.json").read_text())
    path = data / "games" / f"{gid}.json"
    link_to(target if target.startswith("/") else str(tmp_path / target))(path)
    with pytest.raises(CorruptFileError, match="outside the data directory"):
        read_bounded(path, within=data)
    games = Games(Repository(data))
    with pytest.raises(DamagedGame, match="outside the data directory"):
        games.record(gid)
    assert (tmp_path / "outside.json").exists()  # the link was set aside, never what it leads to
    games.repo.close()


def test_a_link_inside_the_data_directory_is_followed(tmp_path):
    gid, other = stored(tmp_path, backup=True)
    path = tmp_path / "games" / f"{gid}.json"
    kept = tmp_path / "kept.json"
    os.replace(path, kept)
    path.symlink_to(kept)
    games = Games(Repository(tmp_path))
    assert len(games.record(gid).log) == 3
    games.repo.close()


def test_a_game_file_over_the_bound_is_refused_before_it_is_read(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (STORED_MAX_BYTES + 1))
    with pytest.raises(CorruptFileError, match="larger than 4 MB; not read"):
        read_bounded(path)
    path.write_bytes(b" " * STORED_MAX_BYTES)
    assert len(read_bounded(path)) == STORED_MAX_BYTES


def test_a_change_that_would_outgrow_the_bound_is_refused_and_nothing_is_saved(tmp_path):
    """What could not be read back is never written: the entries made stay."""
    gid, _other = stored(tmp_path, backup=True)
    games = Games(Repository(tmp_path))
    phone = PhoneGames(games, "host")
    phone.claim_seat(gid, "Ann", "1234")
    before = (tmp_path / "games" / f"{gid}.json").read_bytes()
    record = games.record(gid)
    grown = replace(record, table={**record.table, "notes": {"Ann": "x" * STORED_MAX_BYTES}})  # past the session's
    with pytest.raises(StorageError, match="larger than 4 MB.*nothing was saved"):        # own bound on notes
        games.repo.save(grown)
    assert (tmp_path / "games" / f"{gid}.json").read_bytes() == before
    assert len(games.record(gid).log) == 3 and phone.private_note(gid) == ""
    games.repo.close()


def test_a_text_no_file_can_hold_is_refused_and_nothing_is_saved(tmp_path):
    games = Games(Repository(tmp_path))
    with pytest.raises(StorageError, match="lone surrogate.*nothing was saved"):
        games.new_game("nicht-die-bohne", {"players": ["Ann", "B\ud800n", "Cy"]})
    assert games.summaries() == [] and list((tmp_path / "games").iterdir()) == []
    games.repo.close()


@pytest.mark.parametrize("route_id", ["ABCDEF01", "AbCdEf01", "abcdef01 ", "x" * 65, "é1", "../index"])
def test_a_game_id_is_one_letter_case_so_no_disk_holds_a_game_twice(tmp_path, route_id):
    """macOS and Windows disks ignore letter case: "ABCDEF01" would open game abcdef01's
    file as another game (its own state, its own listeners). Ids are lower case."""
    games = Games(Repository(tmp_path))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    assert gid == gid.lower()
    file = json.loads((tmp_path / "games" / f"{gid}.json").read_text())
    file["game"]["1"]["id"] = "abcdef01"
    (tmp_path / "games" / "abcdef01.json").write_text(json.dumps(file))
    assert games.players("abcdef01") == tuple(PLAYERS)
    with pytest.raises(GameNotFound):
        games.record(route_id)
    assert {s.id for s in games.summaries()} == {gid, "abcdef01"}
    games.repo.close()


def test_a_game_naming_another_id_is_damage_not_a_second_copy(tmp_path):
    gid, other = stored(tmp_path, backup=False)
    SHAPES["id of another game"](tmp_path / "games" / f"{gid}.json")
    games = Games(Repository(tmp_path))
    assert [s.id for s in games.summaries()] == [other]
    (aside,) = games.set_aside()
    assert aside.id == gid and "names another game" in aside.said
    games.repo.close()


def binned(data_dir: Path, days_ago: float) -> tuple[Games, str]:
    games = Games(Repository(data_dir))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS}, starter="host")
    host = PhoneGames(games, "host")
    host.claim_seat(gid, "Ann", "1234")
    host.write_private_note(gid, "blue 5 face down")
    host.delete(gid)
    kept = data_dir / "deleted" / f"{gid}.json"
    then = time.time() - days_ago * 86400
    os.utime(kept, (then, then))
    return games, gid


def copies(data_dir: Path, gid: str) -> list[str]:
    return sorted(p.name for d in ("games", "deleted") if (data_dir / d).exists()
                  for p in (data_dir / d).iterdir() if p.name.startswith(gid))


class Later:
    """The clock of the repository, ``days`` on."""

    def __init__(self, days: float):
        self.shift = days * 86400

    def time(self) -> float:
        return time.time() + self.shift

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def test_a_game_leaving_the_bin_for_good_takes_its_backups_with_it(tmp_path, monkeypatch):
    """Its backups hold the private notes and PIN hashes: they go with it after the bin's days."""
    games, gid = binned(tmp_path, days_ago=session.BIN_DAYS - 1)
    kept, other = games, games.new_game("nicht-die-bohne", {"players": OTHERS})
    games.dispatch(other, {**take("red-1"), "player": "Eve"})
    assert [b.id for b in games.bin.listing()] == [gid] and f"{gid}.json.bak1" in copies(tmp_path, gid)
    monkeypatch.setattr(game_bin, "time", Later(days=2))  # the bin's days are over
    assert kept.bin.listing() == [] and copies(tmp_path, gid) == []
    assert f"{other}.json.bak1" in copies(tmp_path, other)  # another game's backups stay
    games.repo.close()


def test_backups_an_earlier_version_left_behind_are_removed_once_old(tmp_path):
    """Before issue 33 a game left the bin alone; its backups stayed for ever."""
    games, gid = binned(tmp_path, days_ago=0)
    (tmp_path / "deleted" / f"{gid}.json").unlink()  # as the earlier version purged it
    damaged, aside = games.new_game("nicht-die-bohne", {"players": OTHERS}), None
    games.dispatch(damaged, {**take("red-1"), "player": "Eve"})
    games.repo.close()
    (tmp_path / "games" / f"{damaged}.json").write_bytes(b"{torn")
    old = time.time() - (session.BIN_DAYS + 1) * 86400
    for path in (tmp_path / "games").iterdir():
        os.utime(path, (old, old), follow_symlinks=False)

    games = Games(Repository(tmp_path))
    with pytest.raises(DamagedGame) as aside:
        games.record(damaged)  # set aside: its backup is its restore, never an orphan
    assert games.bin.listing() == [] and copies(tmp_path, gid) == []
    assert aside.value.backup is not None and aside.value.backup.exists()
    games.repo.close()


def test_the_bin_is_listed_from_the_index_and_a_file_read_only_when_it_changed(tmp_path, monkeypatch):
    """Home lists the bin on every draw: a thousand deleted games must not be read each time.
    The index lists them (issue 37); a file is read when the index lacks it or it changed."""
    games = Games(Repository(tmp_path))
    for _ in range(5):
        games.bin.delete(games.new_game("nicht-die-bohne", {"players": PLAYERS}))
    reads: list[Path] = []
    record_in = game_bin.record_in
    monkeypatch.setattr(game_bin, "record_in", lambda path, within=None: reads.append(path) or record_in(path, within))
    assert len(games.bin.listing()) == 5 and reads == []  # listed as deleted, no file read
    before = set((tmp_path / "deleted").iterdir())
    kept = min(before)
    kept.write_bytes(kept.read_bytes())  # changed in place (a new stamp) ...
    games.bin.delete(games.new_game("nicht-die-bohne", {"players": PLAYERS}))  # ... and one more deleted
    assert len(games.bin.listing()) == 6 and reads == [kept]  # that one only
    assert len(games.bin.listing()) == 6 and reads == [kept]  # and once
    games.repo.close()

    index = json.loads((tmp_path / "index.json").read_text())["bin"]
    assert sorted(doc["id"] + ".json" for doc in index.values()) == sorted(p.name for p in (tmp_path / "deleted").iterdir())
    games = Games(Repository(tmp_path))  # the next run lists the bin from the index too
    assert len(games.bin.listing()) == 6 and reads == [kept]
    games.repo.close()
    (tmp_path / "index.json").unlink()  # an index lost: the bin's files are read once, listed again
    games = Games(Repository(tmp_path))
    assert len(games.bin.listing()) == 6 and len(reads) == 7 and len(games.bin.listing()) == 6 and len(reads) == 7
    games.repo.close()
