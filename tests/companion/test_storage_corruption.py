"""A damaged file is kept aside and reported, a backup is offered, and nothing starts over empty."""

import os

import pytest

from companion.session import Games
from companion.storage import DamagedGame, DiskError, Repository, StorageError
from companion.storage.atomic import backup_paths

PLAYERS = ["Alex", "Beate", "Claudia"]
CARDS = ["red-1", "red-2", "red-3", "red-4"]


def take(card: str, player: str = "Alex") -> dict:
    return {"kind": "take-card", "round": 1, "player": player, "card": card}


def damage(kind: str, good: bytes) -> bytes:
    return {
        "empty": b"",
        "truncated": good[: len(good) // 2],
        "garbage": b"\x00\x9f\xffbeans{{[",
        "not-an-object": b"[1, 2, 3]",
        "no-game-inside": b'{"game": {}}',
    }[kind]


KINDS = ["empty", "truncated", "garbage", "not-an-object", "no-game-inside"]


@pytest.fixture
def stored(tmp_path):
    """Two games on disk: one with four entries (so three backups), one untouched."""
    games = Games(Repository(tmp_path))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    other = games.new_game("nicht-die-bohne", {"players": ["Eve", "Finn", "Gus"]})
    for card in CARDS:
        games.dispatch(gid, take(card))
    games.repo.close()
    return tmp_path, gid, other


@pytest.mark.parametrize("kind", KINDS)
def test_a_damaged_game_is_kept_aside_and_its_last_good_version_offered(stored, kind):
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    bad = damage(kind, path.read_bytes())
    path.write_bytes(bad)

    games = Games(Repository(data_dir))
    assert {s.id for s in games.summaries()} == {gid, other}  # still listed, never dropped
    with pytest.raises(DamagedGame) as caught:
        games.record(gid)
    err = caught.value
    assert "could not be read" in str(err) and "backup" in str(err)
    assert err.kept_as.name.startswith(f"{gid}.json.corrupt-")
    assert err.kept_as.read_bytes() == bad  # the damaged file is kept as it was
    assert err.backup == backup_paths(path)[0]

    restored = games.repo.restore_backup(gid)
    assert [e["action"] for e in restored.log] == [take(c) for c in CARDS[:-1]]
    assert [e["action"] for e in games.record(gid).log] == [take(c) for c in CARDS[:-1]]
    games.dispatch(gid, take("red-5"))  # play goes on
    assert err.kept_as.exists()
    assert len(games.record(other).log) == 0


def test_a_damaged_game_is_still_offered_after_a_restart(stored):
    data_dir, gid, _ = stored
    (data_dir / "games" / f"{gid}.json").write_bytes(b"")
    games = Games(Repository(data_dir))
    with pytest.raises(DamagedGame):
        games.record(gid)
    games.repo.close()

    games = Games(Repository(data_dir))
    assert gid in {s.id for s in games.summaries()}
    with pytest.raises(DamagedGame) as caught:
        games.record(gid)
    assert caught.value.backup is not None
    games.repo.restore_backup(gid)
    assert len(games.record(gid).log) == len(CARDS) - 1


def test_a_damaged_game_without_backups_says_so(stored):
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    for backup in backup_paths(path):
        backup.write_bytes(b"{trunc")
    path.write_bytes(b"garbage")

    games = Games(Repository(data_dir))
    with pytest.raises(DamagedGame, match="No backup is left") as caught:
        games.record(gid)
    assert caught.value.backup is None
    with pytest.raises(StorageError, match="no readable backup"):
        games.repo.restore_backup(gid)
    assert [s.id for s in games.summaries()] == [other]  # the rest of the store is all there
    assert caught.value.kept_as.read_bytes() == b"garbage"


@pytest.mark.parametrize("kind", ["empty", "truncated", "garbage", "not-an-object"])
def test_a_damaged_index_is_kept_aside_and_rebuilt_from_the_games(stored, kind):
    data_dir, gid, other = stored
    index = data_dir / "index.json"
    bad = damage(kind, index.read_bytes())
    index.write_bytes(bad)

    games = Games(Repository(data_dir))
    listed = {s.id: s for s in games.summaries()}
    assert set(listed) == {gid, other}
    assert listed[gid].players == tuple(PLAYERS)
    kept = games.repo.index_kept_as
    assert kept.name.startswith("index.json.corrupt-") and kept.read_bytes() == bad
    games.repo.close()

    games = Games(Repository(data_dir))  # the rebuilt index reads back
    assert {s.id for s in games.repo.summaries()} == {gid, other}
    assert games.repo.index_kept_as is None


def test_a_failing_replace_leaves_the_old_file_byte_identical(stored, monkeypatch):
    data_dir, gid, _ = stored
    games = Games(Repository(data_dir))
    before_state = games.state(gid)
    files = {p: p.read_bytes() for p in (data_dir / "games").iterdir()}

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(DiskError, match="The disk is full: nothing was saved"):
        games.dispatch(gid, take("red-5"))
    monkeypatch.undo()

    assert {p: p.read_bytes() for p in (data_dir / "games").iterdir()} == files  # no temp file either
    assert games.state(gid) == before_state  # the entry that failed is not shown as taken
    assert len(games.record(gid).log) == len(CARDS)
    games.dispatch(gid, take("red-5"))
    games.repo.close()
    assert len(Games(Repository(data_dir)).record(gid).log) == len(CARDS) + 1


def test_temporary_files_of_a_killed_writer_are_cleared_on_open(stored):
    data_dir, gid, _ = stored
    left = [data_dir / "games" / f".{gid}.json.x1y2.tmp", data_dir / "games" / f".{gid}.json.bak.tmp",
            data_dir / ".index.json.abcd.tmp"]
    for path in left:
        path.write_bytes(b'{"half')
    games = Games(Repository(data_dir))
    assert not any(path.exists() for path in left)
    assert len(games.record(gid).log) == len(CARDS)
