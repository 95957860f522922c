"""The group's players (issue 49): which stored names are one person, in one TinyDB file.

    DATA/players.json   table "schema": document 1 {"schema": 1}
                        table "aliases": a document per name the group shows as another
                        {"alias": "Jurgen", "player": "Jürgen"}   (+ .bak1-3, + .corrupt-*)

Stored games keep the names they were played under (their files never change); a rename
or a merge only adds or moves aliases here. Every player's figures are worked out from the
stored games (``companion.players``): this file holds nothing else, and no name is here
until a rename or a merge puts it here. Each change is one atomic write (all or nothing,
rotating backups). A damaged file is set aside and reported (``PlayersDamaged``), never
read as empty; one of a newer schema is left alone and refused."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Table

from companion.storage.atomic import AtomicJSONStorage, CorruptFileError, set_aside
from companion.storage.repository import StorageError, plain_disk_errors

FILE_NAME = "players.json"
SCHEMA = 1
SCHEMA_TABLE = "schema"
ALIASES_TABLE = "aliases"
MAX_BYTES = 1_000_000  # a few thousand aliases


class PlayersDamaged(StorageError):
    """The group's players did not parse; the file was kept aside (the names start unmapped)."""


class PlayersStorage(AtomicJSONStorage):
    """The players' file: TinyDB's tables, each alias a name and the player it is shown as."""

    def tables_of(self, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
        tables = super().tables_of(data)
        schema = tables.get(SCHEMA_TABLE, {}).get("1", {}).get("schema", SCHEMA)
        if not isinstance(schema, int):
            raise CorruptFileError(self.path, "its schema is not a number")
        if schema > SCHEMA:
            raise NewerSchema(f"the group's players were stored by a newer Bean Counter (schema {schema}); "
                              "update Bean Counter to read them")
        for doc in tables.get(ALIASES_TABLE, {}).values():
            if not isinstance(doc, dict) or not isinstance(doc.get("alias"), str) \
                    or not isinstance(doc.get("player"), str) or doc["alias"] == doc["player"]:
                raise CorruptFileError(self.path, "an alias names no name and player")
        return tables


class NewerSchema(StorageError):
    """A players' file of a newer Bean Counter: left as it is."""


def aliases_in(path: Path) -> dict[str, str]:
    """The aliases a players' file holds (a backup's member); CorruptFileError if it is not one."""
    db = TinyDB(path, storage=PlayersStorage, within=path.parent)
    return {doc["alias"]: doc["player"] for doc in db.table(ALIASES_TABLE).all()}


class PlayersFile:
    """The aliases of a data directory (the file read once: its storage keeps it)."""

    def __init__(self, data_dir: Path, read_only: bool = False):
        self.path = Path(data_dir) / FILE_NAME
        self.read_only = read_only
        self.lock = threading.RLock()
        self._db: TinyDB | None = None

    def _table(self) -> Table:
        if self._db is not None:
            return self._db.table(ALIASES_TABLE)
        db = TinyDB(self.path, storage=PlayersStorage, within=self.path.parent)
        try:
            db.tables()  # reads the file
        except CorruptFileError as exc:
            if self.read_only:
                raise PlayersDamaged(f"the group's players could not be read ({exc.why})") from None
            kept = set_aside(self.path)
            raise PlayersDamaged(f"the group's players could not be read ({exc.why}); the file was kept as "
                                 f"{kept.name} and every name is shown as it was played") from None
        self._db = db
        return db.table(ALIASES_TABLE)

    def aliases(self) -> dict[str, str]:
        """Every alias: the name a game was played under -> the player the group shows."""
        with self.lock:
            return {doc["alias"]: doc["player"] for doc in self._table().all()}

    def replace(self, aliases: dict[str, str]) -> None:
        """The aliases become ``aliases`` (checked by the caller), in one atomic write."""
        if self.read_only:
            raise StorageError("opened read-only")
        with self.lock:
            table = self._table()
            storage = table.storage
            assert isinstance(storage, PlayersStorage)
            assert self._db is not None
            with plain_disk_errors(), storage.all_at_once():
                schema = self._db.table(SCHEMA_TABLE)
                schema.truncate()
                schema.insert({"schema": SCHEMA})
                table.truncate()
                table.insert_multiple({"alias": alias, "player": player} for alias, player in sorted(aliases.items()))
