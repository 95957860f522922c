"""Games on disk: one TinyDB file per game plus a small index of summaries.

A commit rewrites only the one game's file (and the index when a summary changes, e.g.
when a game is finished), so its cost does not grow with the number of stored games.
One process writes a data directory at a time (a lock file); inside the process one
lock covers every read-modify-write.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from tinydb import Query, TinyDB
from tinydb.table import Document

from companion.storage.atomic import AtomicJSONStorage, CorruptFileError, backup_paths, parse_file
from companion.storage.migrations import SCHEMA, SchemaError, migrate

GAME_TABLE = "game"
INDEX_TABLE = "games"


class StorageError(Exception):
    """Something about stored data the player must hear about, in plain words."""


class DataDirBusy(StorageError):
    pass


class GameNotFound(StorageError):
    pass


class DamagedGame(StorageError):
    """A game file that does not parse. It was moved aside; a backup may restore it."""

    def __init__(self, game_id: str, kept_as: Path, why: str, backup: Path | None):
        self.game_id = game_id
        self.kept_as = kept_as
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
    schema: int = SCHEMA

    def to_doc(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> "GameRecord":
        doc = migrate(dict(doc))
        return cls(**{k: doc[k] for k in cls.__dataclass_fields__ if k in doc})


@dataclass(frozen=True)
class Summary:
    """What the home screen and ``beans list`` show without opening a game."""

    id: str
    game: str
    created: str
    players: tuple[str, ...]
    finished: bool
    winners: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        data["winners"] = list(self.winners)
        return data


class WriterLock:
    """An exclusive lock file: a second writing process on the same directory refuses."""

    def __init__(self, directory: Path):
        self.path = directory / "writer.lock"
        self.handle = open(self.path, "a+")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.seek(0)
            pid = self.handle.read().strip() or "unknown"
            self.handle.close()
            raise DataDirBusy(
                f"another Bean Counter (pid {pid}) is using {directory}; stop it first, "
                "or choose another --data-dir"
            ) from None
        self.handle.seek(0)
        self.handle.truncate()
        self.handle.write(str(os.getpid()))
        self.handle.flush()

    def release(self) -> None:
        if not self.handle.closed:
            fcntl.flock(self.handle, fcntl.LOCK_UN)
            self.handle.close()


class Repository:
    def __init__(self, data_dir: Path, read_only: bool = False):
        self.data_dir = Path(data_dir)
        self.games_dir = self.data_dir / "games"
        self.trash_dir = self.data_dir / "deleted"
        self.read_only = read_only
        if not read_only:
            self.games_dir.mkdir(parents=True, exist_ok=True)
        self.writer = None if read_only else WriterLock(self.data_dir)
        self.lock = threading.RLock()
        self._records: dict[str, GameRecord] = {}
        self._summaries: dict[str, Summary] | None = None

    def close(self) -> None:
        if self.writer:
            self.writer.release()

    # -- games -------------------------------------------------------------------

    def game_path(self, game_id: str) -> Path:
        if not game_id or not all(c.isalnum() or c == "-" for c in game_id):
            raise GameNotFound(f"no game {game_id!r}")
        return self.games_dir / f"{game_id}.json"

    def create(self, game: str, setup: dict[str, Any], summary: Summary | None = None) -> GameRecord:
        with self.lock:
            game_id = secrets.token_hex(4)
            while self.game_path(game_id).exists():
                game_id = secrets.token_hex(4)
            record = GameRecord(id=game_id, game=game, setup=setup)
            self.save(record, summary)
            return record

    def load(self, game_id: str) -> GameRecord:
        with self.lock:
            if game_id in self._records:
                return self._records[game_id]
            path = self.game_path(game_id)
            if not path.exists():
                raise GameNotFound(f"no game {game_id!r} in {self.data_dir}")
            try:
                docs = AtomicJSONStorage(path).read() or {}
                doc = docs.get(GAME_TABLE, {}).get("1")
                if not isinstance(doc, dict):
                    raise CorruptFileError(path, "no game in the file")
                record = GameRecord.from_doc(doc)
            except CorruptFileError as exc:
                raise self._set_aside(game_id, path, exc.why) from None
            except (SchemaError, TypeError) as exc:
                raise StorageError(f"game {game_id} cannot be read: {exc}") from None
            self._records[game_id] = record
            return record

    def save(self, record: GameRecord, summary: Summary | None = None) -> None:
        """Write one game (its file only) and, if it changed, its summary in the index."""
        if self.read_only:
            raise StorageError("opened read-only")
        with self.lock:
            db = TinyDB(self.game_path(record.id), storage=AtomicJSONStorage)
            db.table(GAME_TABLE).upsert(Document(record.to_doc(), doc_id=1))
            self._records[record.id] = record
            if summary is not None and self.summaries_by_id().get(record.id) != summary:
                self._write_summary(summary)

    @contextmanager
    def transaction(self, game_id: str) -> Iterator[GameRecord]:
        """Hold the write lock across read-modify-write of one game."""
        with self.lock:
            yield self.load(game_id)

    # -- damaged files and backups -----------------------------------------------

    def _set_aside(self, game_id: str, path: Path, why: str) -> DamagedGame:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = path.with_name(f"{path.name}.corrupt-{stamp}")
        if not self.read_only:
            os.replace(path, kept)
        else:
            kept = path
        return DamagedGame(game_id, kept, why, self.good_backup(game_id))

    def good_backup(self, game_id: str) -> Path | None:
        """The newest backup of that game that parses, if any."""
        for candidate in backup_paths(self.game_path(game_id)):
            if candidate.exists():
                try:
                    GameRecord.from_doc(parse_file(candidate)[GAME_TABLE]["1"])
                    return candidate
                except (CorruptFileError, SchemaError, KeyError, TypeError):
                    continue
        return None

    def restore_backup(self, game_id: str) -> GameRecord:
        with self.lock:
            backup = self.good_backup(game_id)
            if backup is None:
                raise StorageError(f"no readable backup of game {game_id}")
            record = GameRecord.from_doc(parse_file(backup)[GAME_TABLE]["1"])
            self._records.pop(game_id, None)
            self.save(record)
            return record

    # -- delete (kept aside, restorable) ------------------------------------------

    def delete(self, game_id: str) -> None:
        with self.lock:
            path = self.game_path(game_id)
            self.load(game_id)
            self.trash_dir.mkdir(exist_ok=True)
            os.replace(path, self.trash_dir / path.name)
            self._records.pop(game_id, None)
            self._remove_summary(game_id)

    def undelete(self, game_id: str, summary: Summary | None = None) -> GameRecord:
        with self.lock:
            kept = self.trash_dir / self.game_path(game_id).name
            if not kept.exists():
                raise GameNotFound(f"no deleted game {game_id!r}")
            os.replace(kept, self.game_path(game_id))
            record = self.load(game_id)
            if summary is not None:
                self._write_summary(summary)
            return record

    # -- the index -----------------------------------------------------------------

    def _index(self) -> TinyDB:
        return TinyDB(self.data_dir / "index.json", storage=AtomicJSONStorage, backups=False)

    def summaries_by_id(self) -> dict[str, Summary]:
        with self.lock:
            if self._summaries is None:
                self._summaries = self._read_index()
            return self._summaries

    def summaries(self) -> list[Summary]:
        """Every stored game, newest first."""
        return sorted(self.summaries_by_id().values(), key=lambda s: s.created, reverse=True)

    def _read_index(self) -> dict[str, Summary]:
        try:
            docs = self._index().table(INDEX_TABLE).all() if (self.data_dir / "index.json").exists() else None
        except CorruptFileError:
            docs = None  # the index is derived data: rebuilt from the game files below
        if docs is None:
            return {}
        summaries = {}
        for doc in docs:
            summary = Summary(**{**doc, "players": tuple(doc["players"]), "winners": tuple(doc["winners"])})
            if self.game_path(summary.id).exists():
                summaries[summary.id] = summary
        return summaries

    def stored_ids(self) -> list[str]:
        if not self.games_dir.exists():
            return []
        return sorted(p.stem for p in self.games_dir.glob("*.json"))

    def _write_summary(self, summary: Summary) -> None:
        self.summaries_by_id()[summary.id] = summary
        self._index().table(INDEX_TABLE).upsert(summary.as_json(), Query().id == summary.id)

    def _remove_summary(self, game_id: str) -> None:
        if self.summaries_by_id().pop(game_id, None) is not None:
            self._index().table(INDEX_TABLE).remove(Query().id == game_id)
