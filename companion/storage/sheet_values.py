"""Printed values remembered per sheet letter (Gone with the Beans), in one JSON file.

    DATA/sheet-values.json   {"format": "beans-sheet-values/1",
                              "sheets": {"A": {"icons:farm": 6,
                                               "building-cost:house": {"bean": 2, "thaler": 3},
                                               "milestones": [2, 4, 6, 8], ...}, ...}}
                             (+ .bak1-3, + .corrupt-* if damaged)

Values are kept in their JSON form: a number, materials as an object of the non-zero
Thaler, Bean, Worker and Hay, a row of numbers as a list. This module only keeps the
file's shape; whether a value makes sense is the rules' word (``Games.remember_value``).
Written with ``write_atomically`` (all or nothing, rotating backups). A file that does
not parse or holds no sheet values is moved aside and reported (``SheetValuesDamaged``),
never read as empty; until a backup is restored or the player starts afresh, the moved
file keeps being reported.
"""

from __future__ import annotations

import copy
import threading
from pathlib import Path
from typing import Any

from companion.storage.atomic import (
    CorruptFileError,
    backup_paths,
    parse_file,
    set_aside,
    write_atomically,
)
from companion.storage.repository import StorageError, plain_disk_errors

FORMAT = "beans-sheet-values/1"
FILE_NAME = "sheet-values.json"
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


def read_values(path: Path) -> dict[str, dict[str, Any]]:
    """The values per letter in ``path``; CorruptFileError if it does not parse or is not one."""
    data = parse_file(path, within=path.parent)  # a link out of the data directory is not followed
    why = shape_problem(data)
    if why:
        raise CorruptFileError(path, why)
    return {letter: dict(values) for letter, values in data["sheets"].items()}


class SheetValues:
    """The remembered values of every sheet letter, read once and kept in memory."""

    def __init__(self, data_dir: Path, read_only: bool = False):
        self.path = Path(data_dir) / FILE_NAME
        self.read_only = read_only
        self.lock = threading.RLock()
        self._values: dict[str, dict[str, Any]] | None = None
        self.damaged: SheetValuesDamaged | None = None  # found this session, for the app to report

    # -- reading ----------------------------------------------------------------------

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._values is not None:
            return self._values
        if self.damaged is not None:
            raise self.damaged
        kept: list[Path] | Path  # the files set aside earlier, or where this one is kept
        if not self.path.exists():
            kept = sorted(self.path.parent.glob(f"{FILE_NAME}.corrupt-*"))
            if kept:  # set aside in an earlier run and neither restored nor started afresh
                self.damaged = SheetValuesDamaged(kept[-1], "it was found damaged earlier", self.good_backup())
                raise self.damaged
            self._values = {}
            return self._values
        try:
            self._values = read_values(self.path)
        except CorruptFileError as exc:
            kept = self.path if self.read_only else set_aside(self.path)
            self.damaged = SheetValuesDamaged(kept, exc.why, self.good_backup())
            raise self.damaged from None
        return self._values

    def all(self) -> dict[str, dict[str, Any]]:
        """Every letter's values (a copy); SheetValuesDamaged if the file is damaged."""
        with self.lock:
            return copy.deepcopy(self._load())

    def of(self, letter: str) -> dict[str, Any]:
        with self.lock:
            return copy.deepcopy(self._load().get(letter, {}))

    # -- writing ----------------------------------------------------------------------

    def _write(self, values: dict[str, dict[str, Any]]) -> None:
        if self.read_only:
            raise StorageError("opened read-only")
        kept = {letter: values[letter] for letter in LETTERS if values.get(letter)}
        with plain_disk_errors():
            write_atomically(self.path, {"format": FORMAT, "sheets": kept})
        self._values = kept

    def put(self, letter: str, key: str, value: Any) -> None:
        """Remember one value (already checked) for ``letter``."""
        self.replace(letter, {**self.of(letter), key: value})

    def forget(self, letter: str, key: str) -> None:
        values = self.of(letter)
        if values.pop(key, None) is not None:
            self.replace(letter, values)

    def replace(self, letter: str, values: dict[str, Any]) -> None:
        """``letter``'s values become ``values`` (already checked); the others stay."""
        if letter not in LETTERS:
            raise StorageError(f'"{letter}" is not a sheet letter; one of {", ".join(LETTERS)}')
        with self.lock:
            everything = copy.deepcopy(self._load())
            everything[letter] = copy.deepcopy(values)
            self._write(everything)

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
            self._write(values)
            self.damaged = None
            return copy.deepcopy(values)

    def start_afresh(self) -> None:
        """The player's choice after damage with no backup: an empty file (the damaged one
        stays aside to look at)."""
        with self.lock:
            self._write({})
            self.damaged = None
