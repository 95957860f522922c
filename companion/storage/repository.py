"""Games on disk: one TinyDB file per game plus a small index of summaries.

    DATA/games/<id>.json       {"game": {"1": GameRecord}}  (+ .bak1-3, + .corrupt-* if damaged)
    DATA/index.json            {"games": {"1": Summary + "file": stamp, ...}}  derived data
    DATA/deleted/<id>.json     deleted games, restorable
    DATA/writer.lock           held by the one process that writes this directory

A commit rewrites only the one game's file, so its cost does not grow with the number
of stored games. The index is derived data, written when games are listed (and on
close) if a summary changed: each entry carries the stamp of the game file it was made
from, and an entry whose file changed since (a kill before the index was written) or
that is missing is dropped and summarised again from the game file (``Games.summaries``).
One process writes a data directory at a time (``lock.py``); inside the process one
lock covers every read-modify-write.
"""

from __future__ import annotations

import errno
import os
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Iterator

from companion.storage.atomic import (
    AtomicJSONStorage, CorruptFileError, backup_paths, fsync_dir, parse_file, remove_stale_temps,
    set_aside,
)
from companion.storage.lock import Busy, lock_directory, unlock
from companion.storage.migrations import SCHEMA, SchemaError, migrate
from companion.storage.shape import record_problem

GAME_TABLE = "game"
INDEX_TABLE = "games"


class StorageError(Exception):
    """Something about stored data the player must hear about, in plain words."""


class DataDirBusy(StorageError):
    pass


class DiskError(StorageError):
    """A write the disk refused (full, read-only, not ours to write), in plain words."""


_DISK_WORDS = {
    errno.ENOSPC: "The disk is full",
    errno.EDQUOT: "The disk is full",
    errno.EROFS: "The disk is read-only",
    errno.EACCES: "The data directory may not be written",
    errno.EPERM: "The data directory may not be written",
}


@contextmanager
def plain_disk_errors() -> Iterator[None]:
    """Around a write: an OSError of the disk becomes a DiskError saying what happened."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in _DISK_WORDS:
            raise
        raise DiskError(f"{_DISK_WORDS[exc.errno]}: nothing was saved; every earlier entry is safe") from exc


class GameNotFound(StorageError):
    pass


class DamagedGame(StorageError):
    """A game file that does not parse. It was moved aside; a backup may restore it."""

    def __init__(self, game_id: str, kept_as: Path, why: str, backup: Path | None):
        self.game_id = game_id
        self.kept_as = kept_as
        self.why = why
        self.backup = backup
        offer = " A backup from before the damage can be restored." if backup else " No backup is left."
        super().__init__(
            f"Game {game_id} could not be read ({why}). The damaged file was kept as "
            f"{kept_as.name}.{offer}"
        )


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class GameRecord:
    """A stored game: its setup and the log of actions the players took."""

    id: str
    game: str
    setup: dict[str, Any]
    created: str = field(default_factory=now)
    log: list[dict[str, Any]] = field(default_factory=list)  # {"action", "at", "by"}
    redo: list[dict[str, Any]] = field(default_factory=list)  # undone entries, last undone last
    # Table mode: who started the game (a device token), the claimed seats
    # {player: {"device": token or None, "salt": hex, "pin": pbkdf2 hex}}, and each
    # seat's private note {player: text}, shown on that seat's phone only.
    table: dict[str, Any] = field(default_factory=lambda: {"starter": None, "seats": {}, "notes": {}})
    schema: int = SCHEMA

    def to_doc(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}  # no deep copy

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> "GameRecord":
        doc = migrate(dict(doc))
        return cls(**{k: doc[k] for k in cls.__dataclass_fields__ if k in doc})


def record_in(path: Path) -> GameRecord:
    """The game stored in ``path``: CorruptFileError if it does not parse or holds no
    game of the right shape; SchemaError if no version or a newer one stored it."""
    doc: object = (AtomicJSONStorage(path).read() or {}).get(GAME_TABLE, {})
    doc = doc.get("1") if isinstance(doc, dict) else None
    if not isinstance(doc, dict):
        raise CorruptFileError(path, "no game in the file")
    doc = migrate(dict(doc))  # SchemaError: a newer version's game (or none) is left where it is
    why = record_problem(doc)
    if why:
        raise CorruptFileError(path, f"not a stored game: {why}")
    return GameRecord.from_doc(doc)


@dataclass(frozen=True)
class Summary:
    """What the home screen and ``beans list`` show without opening a game."""

    id: str
    game: str
    created: str
    players: tuple[str, ...]
    finished: bool
    winners: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()  # per player, in ``players`` order
    rating: str | None = None  # a finished solitaire game's rating (it has no winner)

    def as_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        return {**data, "players": list(self.players), "winners": list(self.winners),
                "totals": list(self.totals)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Summary":
        fields = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**{**fields, "players": tuple(data["players"]), "winners": tuple(data["winners"]),
                      "totals": tuple(data.get("totals", ()))})

    @classmethod
    def complete(cls, data: dict[str, Any]) -> bool:
        """Whether an index entry holds every field (one an older version wrote lacks some:
        it loads, and is summarised again from its game)."""
        return all(name in data for name in cls.__dataclass_fields__)


def stamp(path: Path) -> list[int] | None:
    """Changes whenever the file is replaced (each write is a new inode)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]


class WriterLock:
    """The data directory, locked (``companion.storage.lock``): a second writing
    process on it refuses. ``writer.lock`` names the holder's pid for the message;
    deleting it does not unlock the directory."""

    def __init__(self, directory: Path):
        self.path = directory / "writer.lock"
        self.fd = -1
        try:
            self.fd = lock_directory(directory)
        except Busy:
            try:
                pid = self.path.read_text().strip() or "unknown"
            except OSError:
                pid = "unknown"
            raise DataDirBusy(
                f"another Bean Counter (pid {pid}) is using {directory}; stop it first, "
                "or choose another --data-dir"
            ) from None
        self.path.write_text(str(os.getpid()))

    def release(self) -> None:
        if self.fd >= 0:
            unlock(self.fd)
            self.fd = -1

    __del__ = release  # a writer dropped without close (a crash) frees the directory, as the OS would


class Repository:
    def __init__(self, data_dir: Path, read_only: bool = False):
        self.data_dir = Path(data_dir)
        self.games_dir = self.data_dir / "games"
        self.trash_dir = self.data_dir / "deleted"
        self.index_path = self.data_dir / "index.json"
        self.read_only = read_only
        self.writer = None
        if not read_only:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            self.writer = WriterLock(self.data_dir)
            remove_stale_temps(self.games_dir)
            remove_stale_temps(self.data_dir)
        self.lock = threading.RLock()
        self._records: dict[str, GameRecord] = {}
        self._summaries: dict[str, Summary] | None = None
        self._stamps: dict[str, list[int] | None] = {}
        self._index_dirty = False
        self.damaged: dict[str, DamagedGame] = {}  # found this session, for the app to report
        self.index_kept_as: Path | None = None  # a damaged index moved aside (then rebuilt)

    def close(self) -> None:
        if self.writer:
            try:
                with self.lock:
                    self._flush_index()
            finally:
                self.writer.release()

    # -- games -------------------------------------------------------------------

    def game_path(self, game_id: str) -> Path:
        if not game_id or not all(c.isalnum() or c == "-" for c in game_id):
            raise GameNotFound(f"no game {game_id!r}")
        return self.games_dir / f"{game_id}.json"

    def new_record(self, game: str, setup: dict[str, Any], log: Iterable[dict[str, Any]] = ()) -> GameRecord:
        """A record under an id no stored or deleted game uses; ``save`` stores it."""
        with self.lock:
            while True:
                game_id = secrets.token_hex(4)
                path = self.game_path(game_id)
                if game_id not in self._records and not path.exists() and not (self.trash_dir / path.name).exists():
                    return GameRecord(id=game_id, game=game, setup=setup, log=list(log))

    def load(self, game_id: str) -> GameRecord:
        with self.lock:
            if game_id in self._records:
                return self._records[game_id]
            path = self.game_path(game_id)
            if not path.exists():
                raise self._damaged_before(game_id) or GameNotFound(f"no game {game_id!r}")
            try:
                record = record_in(path)
            except CorruptFileError as exc:
                raise self._set_aside(game_id, path, exc.why) from None
            except SchemaError as exc:  # reported like damage, but the file stays in place
                self.damaged[game_id] = DamagedGame(game_id, path, str(exc), self.good_backup(game_id))
                raise self.damaged[game_id] from None
            self._records[game_id] = record
            return record

    def save(self, record: GameRecord, summary: Summary | None = None) -> None:
        """Write one game (its file only); its summary goes to the index when games are listed."""
        if self.read_only:
            raise StorageError("opened read-only")
        with self.lock:
            path = self.game_path(record.id)
            with plain_disk_errors():
                AtomicJSONStorage(path).write({GAME_TABLE: {"1": record.to_doc()}})
            self._records[record.id] = record
            self._stamps[record.id] = stamp(path)
            if summary is not None:
                self.put_summaries([summary])

    @contextmanager
    def transaction(self, game_id: str) -> Iterator[GameRecord]:
        """Hold the write lock across read-modify-write of one game."""
        with self.lock:
            yield self.load(game_id)

    # -- damaged files and backups -----------------------------------------------

    def _set_aside(self, game_id: str, path: Path, why: str) -> DamagedGame:
        kept = path if self.read_only else set_aside(path)
        damaged = DamagedGame(game_id, kept, why, self.good_backup(game_id))
        self.damaged[game_id] = damaged
        return damaged

    def _damaged_before(self, game_id: str) -> DamagedGame | None:
        """A game set aside as damaged (now or in an earlier run) and not restored since."""
        if game_id in self.damaged:
            return self.damaged[game_id]
        kept = sorted(self.games_dir.glob(f"{game_id}.json.corrupt-*"))
        if not kept:
            return None
        return DamagedGame(game_id, kept[-1], "it was found damaged earlier", self.good_backup(game_id))

    def damaged_ids(self) -> list[str]:
        """Games set aside as damaged and not restored yet (the app offers their backups)."""
        if not self.games_dir.exists():
            return []
        ids = {p.name.partition(".json.corrupt-")[0] for p in self.games_dir.glob("*.json.corrupt-*")}
        return sorted(i for i in ids if not self.game_path(i).exists())

    def good_backup(self, game_id: str) -> Path | None:
        """The newest backup of that game that parses, if any."""
        for candidate in backup_paths(self.game_path(game_id)):
            if candidate.exists():
                try:
                    record_in(candidate)
                    return candidate
                except (CorruptFileError, SchemaError):
                    continue
        return None

    def restore_backup(self, game_id: str) -> GameRecord:
        with self.lock:
            backup = self.good_backup(game_id)
            if backup is None:
                raise StorageError(f"no readable backup of game {game_id}")
            record = record_in(backup)
            self.save(record)
            self.damaged.pop(game_id, None)
            self.summaries_by_id().pop(game_id, None)  # summarised again from the restored log
            return record

    # -- delete (kept aside, restorable) ------------------------------------------

    def delete(self, game_id: str) -> None:
        with self.lock:
            path = self.game_path(game_id)
            self.load(game_id)
            self.trash_dir.mkdir(exist_ok=True)
            os.replace(path, self.trash_dir / path.name)
            os.utime(self.trash_dir / path.name)  # its time in the bin starts now
            fsync_dir(self.games_dir)
            self._records.pop(game_id, None)
            self._stamps.pop(game_id, None)
            if self.summaries_by_id().pop(game_id, None) is not None:
                self._index_dirty = True

    def undelete(self, game_id: str, summary: Summary | None = None) -> GameRecord:
        with self.lock:
            kept = self.trash_dir / self.game_path(game_id).name
            if not kept.exists():
                raise GameNotFound(f"no deleted game {game_id!r}")
            os.replace(kept, self.game_path(game_id))
            fsync_dir(self.games_dir)
            record = self.load(game_id)
            self._stamps[game_id] = stamp(self.game_path(game_id))
            if summary is not None:
                self.put_summaries([summary])
            return record

    def in_bin(self, game_id: str, keep_days: float) -> GameRecord | None:
        """That deleted game while it is restorable (its file alone is read); None otherwise."""
        with self.lock:
            try:
                path = self.trash_dir / self.game_path(game_id).name
                if path.stat().st_mtime < time.time() - keep_days * 86400:
                    return None
                return record_in(path)
            except (GameNotFound, CorruptFileError, SchemaError, OSError):
                return None

    def binned(self, keep_days: float) -> list[GameRecord]:
        """The deleted games still restorable, newest deletion first; a game deleted more
        than ``keep_days`` ago is removed for good. An unreadable file stays where it is."""
        with self.lock:
            if not self.trash_dir.exists():
                return []
            kept: list[tuple[float, GameRecord]] = []
            limit = time.time() - keep_days * 86400
            for path in self.trash_dir.glob("*.json"):
                deleted_at = path.stat().st_mtime
                if deleted_at < limit and not self.read_only:
                    path.unlink()
                    continue
                try:
                    kept.append((deleted_at, record_in(path)))
                except (CorruptFileError, SchemaError, StorageError, OSError, KeyError, ValueError):
                    continue
            return [record for _, record in sorted(kept, key=lambda pair: -pair[0])]

    # -- the index -----------------------------------------------------------------

    def summaries_by_id(self) -> dict[str, Summary]:
        """The summaries the index holds for stored games (those it lacks: see Games.summaries)."""
        with self.lock:
            if self._summaries is None:
                self._summaries = self._read_index()
            return self._summaries

    def summaries(self) -> list[Summary]:
        """Every summarised game, newest first (the index is stored now if it changed)."""
        with self.lock:
            try:
                self._flush_index()
            except OSError:  # e.g. a full disk: the games are safe, the index is written next time
                pass
            return self._sorted()

    def _sorted(self) -> list[Summary]:
        return sorted(self.summaries_by_id().values(), key=lambda s: s.created, reverse=True)

    def put_summaries(self, summaries: Iterable[Summary]) -> None:
        """Remember these summaries; the index is written when games are next listed."""
        with self.lock:
            known = self.summaries_by_id()
            for summary in summaries:
                if known.get(summary.id) != summary:
                    known[summary.id] = summary
                    self._index_dirty = True
                self._stamps.setdefault(summary.id, stamp(self.game_path(summary.id)))

    def holds(self, game_id: str) -> bool:
        """Whether any game of this id is here: stored, in the bin, or set aside damaged."""
        path = self.game_path(game_id)
        return (path.exists() or (self.trash_dir / path.name).exists()
                or any(self.games_dir.glob(f"{game_id}.json.corrupt-*")))

    def stored_ids(self) -> list[str]:
        if not self.games_dir.exists():
            return []
        return sorted(p.stem for p in self.games_dir.glob("*.json"))

    def _read_index(self) -> dict[str, Summary]:
        if not self.index_path.exists():
            return {}
        try:
            docs = list(parse_file(self.index_path)[INDEX_TABLE].values())
            entries = [(Summary.from_json(doc), doc.get("file") if Summary.complete(doc) else None) for doc in docs]
        except (CorruptFileError, KeyError, TypeError, AttributeError):
            if not self.read_only:  # derived data: kept for a look, then rebuilt
                self.index_kept_as = set_aside(self.index_path)
            return {}
        summaries = {}
        for summary, file_stamp in entries:
            current = stamp(self.game_path(summary.id))
            if current is not None and current == file_stamp:
                summaries[summary.id] = summary
                self._stamps[summary.id] = current
        self._index_dirty = len(summaries) < len(entries)
        return summaries

    def _flush_index(self) -> None:
        if not self._index_dirty or self.read_only:
            return
        docs = {
            str(n): {**summary.as_json(), "file": self._stamps.get(summary.id)}
            for n, summary in enumerate(self._sorted(), 1)
        }
        AtomicJSONStorage(self.index_path, backups=False).write({INDEX_TABLE: docs})
        self._index_dirty = False
