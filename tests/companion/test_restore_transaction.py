"""A restore is one transaction (issue 46, item 5): everything in a backup is checked
before anything is stored, then stored all at once or not at all; its members are read
one at a time (memory bounded by the largest game, not the zip); each fault is one plain
line naming the member, never Python's words."""

from __future__ import annotations

import gc
import io
import json
import struct
import weakref
import zipfile
from pathlib import Path
from typing import Any

import pytest

from companion import backup as backup_module
from companion.backup import FORMAT, BackupError, make_backup, read_backup, restore
from companion.cli import main
from companion.session import Games
from companion.storage import Repository, StorageError
from companion.storage import repository as repository_module
from companion.storage.game_file import GameRecord
from companion.storage.sheet_values import SheetValues

PYTHONS_WORDS = ("BadZipFile", "RuntimeError", "Error -3", "RecursionError", "zlib", "Traceback", "encrypted,")


def take(card: str) -> dict[str, Any]:
    return {"kind": "take-card", "round": 1, "player": "Alex", "card": card}


@pytest.fixture
def members(tmp_path) -> dict[str, bytes]:
    """A backup's files: two games and a sheet value."""
    games = Games(Repository(tmp_path / "made"))
    first = games.new_game("nicht-die-bohne", {"players": ["Alex", "Beate", "Claudia"]})
    games.dispatch(first, take("red-1"))
    games.new_game("nicht-die-bohne", {"players": ["Eve", "Finn", "Gus"]})
    games.repo.close()
    SheetValues(tmp_path / "made").put("A", "icons:farm", 6)
    games = Games(Repository(tmp_path / "made", read_only=True))
    with zipfile.ZipFile(io.BytesIO(make_backup(games))) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def zipped(files: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=compression) as archive:
        for name, raw in files.items():
            archive.writestr(name, raw)
    return out.getvalue()


def game_names(files: dict[str, bytes]) -> list[str]:
    return sorted(name for name in files if name.startswith("games/"))


def stored_files(data_dir: Path) -> list[str]:
    return sorted(str(p.relative_to(data_dir)) for p in data_dir.rglob("*") if p.is_file()
                  and p.name not in ("writer.lock", "index.json"))


def import_refused(capsys, tmp_path, raw: bytes) -> str:
    """`beans import` of ``raw`` into a data directory holding a game: its one line on stderr,
    checked to have changed nothing."""
    target = tmp_path / "target"
    games = Games(Repository(target))
    games.new_game("nicht-die-bohne", {"players": ["Ida", "Jo", "Kai"]})
    games.repo.close()
    before = stored_files(target)
    path = tmp_path / "backup.zip"
    path.write_bytes(raw)
    capsys.readouterr()
    code = main(["import", "--data-dir", str(target), str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith(f"beans: {path}: "), err
    assert not any(words in err for words in PYTHONS_WORDS), err
    assert stored_files(target) == before
    return err.removeprefix(f"beans: {path}: ").rstrip("\n")


def test_a_lone_surrogate_in_the_second_game_stores_nothing_not_even_the_first(members, tmp_path, capsys):
    second = game_names(members)[1]
    data = json.loads(members[second])
    data["game"]["1"]["setup"]["players"][1] = "@@"
    members[second] = json.dumps(data).replace('"@@"', '"Finn\\ud800"').encode()
    said = import_refused(capsys, tmp_path, zipped(members))
    assert said == f"{second}: a name holds an unpaired surrogate"


def test_a_note_over_its_limit_is_refused(members, tmp_path, capsys):
    first = game_names(members)[0]
    data = json.loads(members[first])
    data["game"]["1"]["table"]["notes"]["Alex"] = "x" * 2_001
    members[first] = json.dumps(data).encode()
    said = import_refused(capsys, tmp_path, zipped(members))
    assert said == f"{first}: a note of 2001 characters; a note holds at most 2000"


@pytest.mark.parametrize("game_id", ["--help", "-x", "Abc"])
def test_a_game_id_not_of_the_stored_shape_is_refused(members, tmp_path, capsys, game_id):
    first = game_names(members)[0]
    data = json.loads(members[first])
    data["game"]["1"]["id"] = game_id
    members[f"games/{game_id}.json"] = json.dumps(data).encode()
    del members[first]
    said = import_refused(capsys, tmp_path, zipped(members))
    assert said == f"games/{game_id}.json: not a file a backup holds"


def _patched(raw: bytes, member: str, change: str) -> bytes:
    """The zip ``raw`` with ``member`` damaged: its data ("data"), its compression method
    ("method") or its encryption flag ("encrypted")."""
    data = bytearray(raw)
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        info = archive.getinfo(member)
    local = info.header_offset
    name_length, extra_length = struct.unpack("<HH", data[local + 26:local + 30])
    start = local + 30 + name_length + extra_length
    central = data.index(b"PK\x01\x02")  # the first central record
    while data[central + 46:central + 46 + len(member)] != member.encode():
        central = data.index(b"PK\x01\x02", central + 4)
    if change == "data":
        data[start + 2:start + 12] = b"\xff" * 10
    elif change == "method":
        data[local + 8:local + 10] = data[central + 10:central + 12] = struct.pack("<H", 97)
    elif change == "encrypted":
        for at in (local + 6, central + 8):
            data[at] |= 1
    return bytes(data)


@pytest.mark.parametrize("change, said", [
    ("data", "damaged in the zip; it does not unpack"),
    ("method", "packed in a way this app does not unpack"),
    ("encrypted", "encrypted; a backup of this app never is"),
])
def test_a_damaged_member_is_one_plain_line_naming_it(members, tmp_path, capsys, change, said):
    second = game_names(members)[1]
    raw = _patched(zipped(members), second, change)
    assert import_refused(capsys, tmp_path, raw) == f"{second}: {said}"


def test_a_bad_crc_is_one_plain_line_naming_the_member(members, tmp_path, capsys):
    second = game_names(members)[1]
    raw = bytearray(zipped(members, zipfile.ZIP_STORED))
    at = raw.index(members[second][:40]) + 20
    raw[at] = ord("X") if raw[at] != ord("X") else ord("Y")
    assert import_refused(capsys, tmp_path, bytes(raw)) == f"{second}: damaged in the zip; it does not unpack"


def test_a_member_twice_is_refused(members, tmp_path, capsys):
    first = game_names(members)[0]
    raw = zipped(members)
    out = io.BytesIO(raw)
    with zipfile.ZipFile(out, "a") as archive, pytest.warns(UserWarning):
        archive.writestr(first, members[first])
    assert import_refused(capsys, tmp_path, out.getvalue()) == f"{first}: in it twice"


def test_members_are_read_one_game_at_a_time(members, monkeypatch):
    """Memory is bounded by the largest game: while a member is checked, no game read
    before it is still held (weak references to every record made)."""
    made: list[weakref.ref[GameRecord]] = []
    alive_at_each: list[int] = []
    real = backup_module.record_from_tables

    def spy(data: dict[str, Any], name: str) -> GameRecord:
        gc.collect()
        alive_at_each.append(sum(ref() is not None for ref in made))
        record = real(data, name)
        made.append(weakref.ref(record))
        return record

    monkeypatch.setattr(backup_module, "record_from_tables", spy)
    for n in range(4):  # more games of the same shape
        data = json.loads(members[game_names(members)[0]])
        gid = f"abcd000{n}"
        data["game"]["1"]["id"] = gid
        members[f"games/{gid}.json"] = json.dumps(data).encode()
    checked = read_backup(zipped(members))
    assert len(checked.games) == 6 and max(alive_at_each) <= 1


@pytest.mark.parametrize("fails", ["the second game's write", "the sheet values' write"])
def test_a_restore_that_fails_midway_stores_nothing(members, tmp_path, monkeypatch, fails):
    checked = read_backup(zipped(members))
    repo = Repository(tmp_path / "target")
    before = stored_files(repo.data_dir)
    if fails == "the second game's write":
        real, written = repository_module.stage_bytes, []

        def stage(path: Path, payload: bytes) -> Path:
            if written:
                raise OSError(28, "No space left on device")
            written.append(path)
            return real(path, payload)

        monkeypatch.setattr(repository_module, "stage_bytes", stage)
    else:
        def put_all(self: SheetValues, rows: list[Any]) -> None:
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(SheetValues, "put_all", put_all)
    with pytest.raises((StorageError, OSError)):
        restore(repo, checked)
    assert stored_files(repo.data_dir) == before
    assert not [p for p in repo.data_dir.rglob("*.tmp")]
    monkeypatch.undo()
    done = restore(repo, checked)  # and then it is restored whole
    assert (done.added, done.values) == (2, 1)
    games = Games(repo)
    assert len(games.summaries()) == 2
    repo.close()


def test_a_restored_game_plays_on_and_is_byte_for_byte_what_was_checked(members, tmp_path):
    checked = read_backup(zipped(members))
    repo = Repository(tmp_path / "target")
    restore(repo, checked)
    for name in game_names(members):
        assert (repo.games_dir / Path(name).name).read_bytes() == members[name]
    games = Games(repo)
    gid = Path(game_names(members)[0]).stem
    games.record(gid)
    repo.close()


def test_a_restore_without_the_checked_bytes_is_refused(members, tmp_path):
    from dataclasses import replace

    checked = replace(read_backup(zipped(members)), raw=b"")
    repo = Repository(tmp_path / "target")
    with pytest.raises(BackupError):
        restore(repo, checked)
    repo.close()


def test_the_manifest_format_is_still_required(members, tmp_path, capsys):
    members["backup.json"] = json.dumps({"format": "other/1"}).encode()
    assert "not a Bean Counter backup" in import_refused(capsys, tmp_path, zipped(members))
    assert FORMAT == "bean-counter-backup/1"
