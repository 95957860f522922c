"""Printed values remembered per sheet letter (Gone with the Beans), in one TinyDB file.

    DATA/sheet-values.json   table "values": a document per remembered value
                             {"sheet": "A", "key": "icons:farm", "value": 6}
                             (+ .bak1-3, + .corrupt-* if damaged)

Values are kept in their JSON form: a number, materials as an object of the non-zero
Thaler, Bean, Worker and Hay, a row of numbers as a list. This module only keeps the
file's shape; whether a value makes sense is the rules' word (``Games.remember_value``).
Each change is one atomic write (``AtomicJSONStorage``: all or nothing, rotating
backups). A file that does not parse or holds no sheet values is moved aside and
reported (``SheetValuesDamaged``), never read as empty; until a backup is restored or
the player starts afresh, the moved file keeps being reported.

Earlier versions kept the file as ``{"format": "beans-sheet-values/1", "sheets": {"A":
{key: value}}}``, which stays the shape of an exported sheet-values file (``FORMAT``):
such a file is read as its table, and written as the table on its first change.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from tinydb import TinyDB, where
from tinydb.queries import QueryInstance
from tinydb.table import Document, Table

from companion.storage.atomic import AtomicJSONStorage, CorruptFileError, backup_paths, set_aside
from companion.storage.repository import StorageError, plain_disk_errors

FORMAT = "beans-sheet-values/1"  # an exported file of sheet values (and the stored file of earlier versions)
FILE_NAME = "sheet-values.json"
VALUES_TABLE = "values"
LETTERS = ("A", "B", "C", "D")


class SheetValuesDamaged(StorageError):
    """The remembered sheet values did not parse; the file was kept aside."""

    def __init__(self, kept_as: Path, why: str, backup: Path | None):
        self.kept_as = kept_as
        self.why = why
        self.backup = backup
        offer = (" A backup from before the damage can be restored." if backup
                 else " No backup is left; start afresh to enter the values again.")
        super().__init__(f"The remembered sheet values could not be read ({why}). The damaged file "
                         f"was kept as {kept_as.name}.{offer}")


def json_value(value: Any) -> Any:
    """A value in its JSON form: materials (a pydantic model) as an object of its
    non-zero counts, a tuple as a list, a number as it is."""
    if hasattr(value, "model_dump"):
        return {k: n for k, n in value.model_dump().items() if n}
    if isinstance(value, (tuple, list)):
        return [json_value(v) for v in value]
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if v}
    return value


def shape_problem(data: Any) -> str | None:
    """Why ``data`` is not a sheet-values document (its shape only), or None."""
    if not isinstance(data, dict):
        return "not a JSON object"
    if data.get("format") != FORMAT:
        return f'its format is {data.get("format")!r}, not "{FORMAT}"'
    sheets = data.get("sheets")
    if not isinstance(sheets, dict):
        return '"sheets" is missing or not an object'
    for letter, values in sheets.items():
        if letter not in LETTERS:
            return f'"{letter}" is not a sheet letter; one of {", ".join(LETTERS)}'
        if not isinstance(values, dict):
            return f"sheet {letter}'s values are not an object"
    return None


def _values_problem(table: Any) -> str | None:
    """Why the table of values is not one, or None."""
    if not isinstance(table, dict):
        return "its values are not a table"
    for doc in table.values():
        if not isinstance(doc, dict) or doc.get("sheet") not in LETTERS or not isinstance(doc.get("key"), str) \
                or "value" not in doc:
            return "a remembered value names no sheet letter, key and value"
    return None


def _row(letter: str, key: str, value: Any) -> dict[str, Any]:
    """The document of one remembered value (its own copy of ``value``)."""
    return {"sheet": letter, "key": key, "value": copy.deepcopy(value)}


class SheetValuesStorage(AtomicJSONStorage):
    """The sheet values' file, read in today's layout or in that of earlier versions."""

    def tables_of(self, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
        if "format" in data:  # the layout of earlier versions, one object of sheets
            why = shape_problem(data)
            if why:
                raise CorruptFileError(self.path, why)
            rows = [_row(letter, key, value)
                    for letter, values in data["sheets"].items() for key, value in values.items()]
            return {VALUES_TABLE: {str(n): row for n, row in enumerate(rows, 1)}}
        tables = super().tables_of(data)
        why = _values_problem(tables.get(VALUES_TABLE, {}))
        if why:
            raise CorruptFileError(self.path, why)
        return tables


def _by_letter(rows: list[Document]) -> dict[str, dict[str, Any]]:
    values: dict[str, dict[str, Any]] = {}
    for row in rows:
        values.setdefault(row["sheet"], {})[row["key"]] = copy.deepcopy(row["value"])
    return {letter: values[letter] for letter in LETTERS if values.get(letter)}


def read_values(path: Path) -> dict[str, dict[str, Any]]:
    """The values per letter in ``path``; CorruptFileError if it does not parse or is not one."""
    db = TinyDB(path, storage=SheetValuesStorage, within=path.parent)  # a link out is not followed
    return _by_letter(db.table(VALUES_TABLE).all())


def _one(letter: str, key: str) -> QueryInstance:
    return cast(QueryInstance, (where("sheet") == letter) & (where("key") == key))


class SheetValues:
    """The remembered values of every sheet letter (the file read once: its storage keeps it)."""

    def __init__(self, data_dir: Path, read_only: bool = False):
        self.path = Path(data_dir) / FILE_NAME
        self.read_only = read_only
        self.lock = threading.RLock()
        self._db: TinyDB | None = None
        self.damaged: SheetValuesDamaged | None = None  # found this session, for the app to report

    # -- reading ----------------------------------------------------------------------

    def _table(self) -> Table:
        """The table of values, once the file is known to be readable; SheetValuesDamaged if not."""
        if self._db is not None:
            return self._db.table(VALUES_TABLE)
        if self.damaged is not None:
            raise self.damaged
        kept: list[Path] | Path  # the files set aside earlier, or where this one is kept
        if not self.path.exists():
            kept = sorted(self.path.parent.glob(f"{FILE_NAME}.corrupt-*"))
            if kept:  # set aside in an earlier run and neither restored nor started afresh
                self.damaged = SheetValuesDamaged(kept[-1], "it was found damaged earlier", self.good_backup())
                raise self.damaged
        db = TinyDB(self.path, storage=SheetValuesStorage, within=self.path.parent)
        try:
            db.tables()  # reads the file
        except CorruptFileError as exc:
            kept = self.path if self.read_only else set_aside(self.path)
            self.damaged = SheetValuesDamaged(kept, exc.why, self.good_backup())
            raise self.damaged from None
        self._db = db
        return db.table(VALUES_TABLE)

    def all(self) -> dict[str, dict[str, Any]]:
        """Every letter's values (a copy); SheetValuesDamaged if the file is damaged."""
        with self.lock:
            return _by_letter(self._table().all())

    def of(self, letter: str) -> dict[str, Any]:
        with self.lock:
            return _by_letter(self._table().search(where("sheet") == letter)).get(letter, {})

    # -- writing ----------------------------------------------------------------------

    @contextmanager
    def _change(self) -> Iterator[Table]:
        """The table, for one change written all at once (a disk's refusal said plainly)."""
        if self.read_only:
            raise StorageError("opened read-only")
        with self.lock:
            table = self._table()
            storage = table.storage
            assert isinstance(storage, SheetValuesStorage)
            with plain_disk_errors(), storage.all_at_once():
                yield table

    def put(self, letter: str, key: str, value: Any) -> None:
        """Remember one value (already checked) for ``letter``."""
        self._check(letter)
        with self._change() as table:
            table.upsert(_row(letter, key, value), _one(letter, key))

    def put_all(self, rows: list[tuple[str, str, Any]]) -> None:
        """Remember several values (letter, key, value; checked already) in one write; none if it fails."""
        if not rows:
            return
        for letter, _key, _value in rows:
            self._check(letter)
        with self._change() as table:
            for letter, key, value in rows:
                table.upsert(_row(letter, key, value), _one(letter, key))

    def forget(self, letter: str, key: str) -> None:
        with self.lock:
            if key not in self.of(letter):
                return
            with self._change() as table:
                table.remove(_one(letter, key))

    def replace(self, letter: str, values: dict[str, Any]) -> None:
        """``letter``'s values become ``values`` (already checked); the others stay."""
        self._check(letter)
        with self._change() as table:
            table.remove(where("sheet") == letter)
            table.insert_multiple(_row(letter, key, value) for key, value in values.items())

    @staticmethod
    def _check(letter: str) -> None:
        if letter not in LETTERS:
            raise StorageError(f'"{letter}" is not a sheet letter; one of {", ".join(LETTERS)}')

    def _write_all(self, values: dict[str, dict[str, Any]]) -> None:
        """Every value anew, the file written whole over whatever stands there (after
        damage: nothing); until that write lands, everything stays as it was."""
        if self.read_only:
            raise StorageError("opened read-only")
        db = TinyDB(self.path, storage=SheetValuesStorage, within=self.path.parent)
        storage = db.storage
        assert isinstance(storage, SheetValuesStorage)
        with plain_disk_errors(), storage.all_at_once():
            db.drop_tables()  # nothing of the file is read
            db.table(VALUES_TABLE).insert_multiple(_row(letter, key, value)
                                                   for letter, kept in values.items() for key, value in kept.items())
        self._db, self.damaged = db, None

    # -- damaged files and backups ------------------------------------------------------

    def good_backup(self) -> Path | None:
        """The newest backup that parses, if any."""
        for candidate in backup_paths(self.path):
            if candidate.exists():
                try:
                    read_values(candidate)
                    return candidate
                except CorruptFileError:
                    continue
        return None

    def restore_backup(self) -> dict[str, dict[str, Any]]:
        """Put the newest good backup back in place (the damaged file stays aside)."""
        with self.lock:
            backup = self.good_backup()
            if backup is None:
                raise StorageError("no readable backup of the remembered sheet values")
            values = read_values(backup)
            self._write_all(values)
            return copy.deepcopy(values)

    def start_afresh(self) -> None:
        """The player's choice after damage with no backup: an empty file (the damaged one
        stays aside to look at)."""
        with self.lock:
            self._write_all({})
