"""A game as a TinyDB database: its tables, and the record the session works with.

    "game"   document 1: what the game is, its setup, when it was made, the table of
             seats and private notes, the schema (``HEAD``)
    "log"    its entries, entry n as document n: {"action", "at", "by"}
    "redo"   the entries undone, last undone last

Files of schema 1 and 2 hold the whole record, entries among it, as document 1 of "game";
they open as ever and are written in tables on their first change. The schema went to 3
with the tables so that an older Bean Counter refuses such a file ("stored by a newer
Bean Counter") instead of reading a game with no entries.

A change of a game writes only what changed through TinyDB (an entry added at the end is
inserted; an undo writes the entries afresh), inside the storage's ``all_at_once``: one
atomic write of the file per change, however many tables it touches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import MemoryStorage
from tinydb.table import Document, Table

from companion.storage.atomic import AtomicJSONStorage, CorruptFileError, tables_problem
from companion.storage.migrations import ENTRY_TABLES, SCHEMA, migrate
from companion.storage.shape import record_problem
from sheets.limits import one_line

GAME_TABLE = "game"
LOG_TABLE = "log"
REDO_TABLE = "redo"
HEAD = ("id", "game", "setup", "created", "table", "schema")


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

    def head(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in HEAD}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> "GameRecord":
        doc = migrate(dict(doc))
        return cls(**{k: doc[k] for k in cls.__dataclass_fields__ if k in doc})


def file_id(path: Path) -> str:
    """The game id a game file, its backup, its damaged copy or its file in the bin is named by."""
    return path.name.partition(".json")[0]


def _entries(table: Table) -> list[dict[str, Any]]:
    """A table's entries in the order of their numbers."""
    return [dict(doc) for doc in sorted(table.all(), key=lambda doc: doc.doc_id)]


def record_of(db: TinyDB, where: Path) -> GameRecord:
    """The game ``db`` holds, migrated and checked: CorruptFileError (naming ``where``) when
    it holds no game of the right shape; SchemaError when no version or a newer one stored it."""
    head = db.table(GAME_TABLE).get(doc_id=1)
    if not isinstance(head, dict):
        raise CorruptFileError(where, "no game in the file")
    doc = dict(head)
    if isinstance(doc.get("schema"), int) and doc["schema"] >= ENTRY_TABLES:
        doc["log"], doc["redo"] = _entries(db.table(LOG_TABLE)), _entries(db.table(REDO_TABLE))
    doc = migrate(doc)
    why = record_problem(doc)
    if why:
        raise CorruptFileError(where, f"not a stored game: {why}")
    return GameRecord.from_doc(doc)


def _follow(table: Table, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> None:
    """Make ``table``, holding ``old``, hold ``new``: entries added at the end are inserted
    (a tap), any other change writes the entries afresh (an undo)."""
    if len(new) >= len(old) and all(a is b for a, b in zip(old, new)):
        if len(new) > len(old):
            table.insert_multiple(new[len(old):])
        return
    table.truncate()
    table.insert_multiple(new)


def write_record(db: TinyDB, new: GameRecord, old: GameRecord | None = None) -> None:
    """Store ``new`` in ``db``: the changes since ``old`` (what ``db`` holds, laid out as
    tables), or, without ``old``, the whole game in place of whatever ``db`` held."""
    if old is None or old is new:
        db.drop_tables()  # a file of schema 1-2 (or another game's copy) leaves nothing behind
        db.table(GAME_TABLE).insert(Document(new.head(), doc_id=1))
        db.table(LOG_TABLE).insert_multiple(new.log)
        db.table(REDO_TABLE).insert_multiple(new.redo)
        return
    if new.head() != old.head():
        db.table(GAME_TABLE).update(new.head(), doc_ids=[1])
    _follow(db.table(LOG_TABLE), old.log, new.log)
    _follow(db.table(REDO_TABLE), old.redo, new.redo)


class GameFile:
    """One game's file, open while the game is in use: its storage keeps what it read, and
    knows which record the file holds (``written``) to write only what changed."""

    def __init__(self, path: Path, within: Path | None = None):
        self.path = path
        self.db = TinyDB(path, storage=AtomicJSONStorage, within=within)
        storage = self.db.storage
        assert isinstance(storage, AtomicJSONStorage)
        self.storage = storage
        self.written: GameRecord | None = None  # the record the file holds in tables, once known

    def read(self) -> GameRecord:
        """The stored game (``record_of``), which must be the one the file is named for."""
        record = record_of(self.db, self.path)
        if record.id != file_id(self.path):  # another game's record: listed under its id, it would stand for it
            raise CorruptFileError(self.path, f"not a stored game: it names another game ({one_line(record.id[:40])!r})")
        if self.db.table(GAME_TABLE).get(doc_id=1) == record.head():  # laid out as tables of this schema
            self.written = record
        return record

    def write(self, record: GameRecord) -> None:
        """Store ``record``: one atomic write; if it fails, the file is as it was and is read
        again next time."""
        try:
            with self.storage.all_at_once():
                write_record(self.db, record, self.written)
        except BaseException:
            self.written = None  # written whole next time, over what the file holds
            raise
        self.written = record


def record_in(path: Path, within: Path | None = None) -> GameRecord:
    """The game stored in ``path``: CorruptFileError if it does not parse, is too large, is
    a link out of ``within`` (the data directory) or holds no game of the right shape (its
    own id among it); SchemaError if no version or a newer one stored it."""
    return GameFile(path, within).read()


def as_tables(record: GameRecord) -> dict[str, dict[str, Any]]:
    """The tables of a game's file holding ``record`` (a backup keeps games as their files do)."""
    db = TinyDB(storage=MemoryStorage)
    write_record(db, record)
    return db.storage.read() or {}


def record_from_tables(data: dict[str, Any], name: str) -> GameRecord:
    """The game in the tables of a game's file read from elsewhere (a backup's), checked as
    a stored file is: CorruptFileError or SchemaError."""
    why = tables_problem(data)
    if why:
        raise CorruptFileError(Path(name), why)
    db = TinyDB(storage=MemoryStorage)
    db.storage.write(data)
    return record_of(db, Path(name))
