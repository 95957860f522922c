"""Everything in one file: every stored game, the bin and the remembered sheet values, as a
zip (``beans backup``), and the way back (``beans import FILE.zip``).

    backup.json              {"format": "bean-counter-backup/1", "made": ..., "games": n, "bin": n}
    games/<id>.json          a stored game, as its file holds it (its tables, ``game_file``)
    bin/<id>.json            a game in the bin
    sheet-values.json        the printed values remembered per sheet letter

A backup is read whole and checked before anything is stored: its size and its entries
are bounded like every other door (a zip bomb is refused by the sizes its entries
declare, and again by what they give when read), every game must be one this version
reads and its log must play by the rules. Restoring adds what the data directory lacks:
a game stored already (by its id, in the games or in the bin) is skipped and counted;
a sheet value remembered already is kept.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from companion.session import BIN_DAYS, Games, PhoneGames, rules_for
from companion.sheet_values import values_in_file
from companion.storage import Repository
from companion.storage.atomic import CorruptFileError, stored_json
from companion.storage.game_file import GameRecord, as_tables, record_from_tables
from companion.storage.migrations import SchemaError
from companion.storage.sheet_values import FORMAT as VALUES_FORMAT
from companion.storage.sheet_values import SheetValues
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import _
from sheets.game import fold

FORMAT = "bean-counter-backup/1"
MAX_BYTES = 64_000_000  # the zip itself
MAX_ENTRIES = 20_000
MAX_ENTRY_BYTES = 4_000_000  # one game file, as storage bounds a stored one
MAX_TOTAL_BYTES = 256_000_000  # everything unpacked
ENTRY = re.compile(r"(games|bin)/([0-9a-z-]{1,64})\.json")
MANIFEST, SHEET_VALUES = "backup.json", "sheet-values.json"
ZIP_MAGIC = b"PK\x03\x04"  # how a zip file begins (a score file is JSON text)


def is_zip(raw: bytes) -> bool:
    return raw.startswith(ZIP_MAGIC)


def backup_name() -> str:
    """A backup's file name, made today: "bean-counter-backup-2026-12-04.zip"."""
    return f"bean-counter-backup-{date.today().isoformat()}.zip"


class BackupError(ValueError):
    """A file that is not a backup this version restores, in plain words (nothing stored)."""


@dataclass(frozen=True)
class Backup:
    games: tuple[GameRecord, ...]
    binned: tuple[GameRecord, ...]
    sheet_values: dict[str, dict[str, Any]]


@dataclass(frozen=True)
class Restored:
    added: int
    skipped: int  # stored already
    binned: int  # of those added, how many went back into the bin
    values: int  # sheet values remembered that were not


def make_backup(games: Games) -> bytes:
    """Every readable stored game, every game in the bin and the sheet values, as a zip.
    SheetValuesDamaged when the remembered values are damaged (restore them first)."""
    sheet_values = SheetValues(games.repo.data_dir, read_only=True).all()
    stored = []
    for summary in games.summaries():
        try:
            stored.append(games.record(summary.id))
        except Exception:  # noqa: BLE001 - a damaged game stays out (Home offers its restore)
            continue
    binned = [games.repo.in_bin(entry.id, BIN_DAYS) for entry in games.bin()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        manifest = {"format": FORMAT, "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "games": len(stored), "bin": sum(record is not None for record in binned)}
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
        for folder, records in (("games", stored), ("bin", binned)):
            for record in records:
                if record is not None:
                    archive.writestr(f"{folder}/{record.id}.json",
                                     json.dumps(as_tables(record), ensure_ascii=False))
        archive.writestr(SHEET_VALUES, json.dumps(sheet_values, ensure_ascii=False, indent=1))
    return out.getvalue()


def _json(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Any:
    with archive.open(info) as handle:
        raw = handle.read(MAX_ENTRY_BYTES + 1)
    if len(raw) > MAX_ENTRY_BYTES:
        raise BackupError(_("{name}: larger than any file a backup holds").format(name=info.filename))
    try:
        return stored_json(raw, Path(info.filename))  # the guard every stored file is read through
    except CorruptFileError as exc:
        raise BackupError(f"{info.filename}: {exc.why}") from None


def _record(data: Any, name: str) -> GameRecord:
    """A game file's record, checked as storage checks one, and played through its rules."""
    if not isinstance(data, dict):
        raise BackupError(_("{name}: no game in it").format(name=name))
    try:
        record = record_from_tables(data, name)
    except SchemaError as exc:
        raise BackupError(f"{name}: {exc}") from None
    except CorruptFileError as exc:
        raise BackupError(f"{name}: {exc.why}") from None
    try:
        fold(rules_for(record.game), record.setup, [entry["action"] for entry in record.log])
    except (RulesError, KeyError, TypeError, ValueError) as exc:
        raise BackupError(_("{name}: its entries do not play: {why}").format(name=name, why=exc)) from None
    return record


def read_backup(raw: bytes) -> Backup:
    """The backup in ``raw``, every part checked; BackupError naming the first problem."""
    if len(raw) > MAX_BYTES:
        raise BackupError(_("larger than {megabytes} MB: not a backup this app makes").format(
            megabytes=MAX_BYTES // 1_000_000))
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError):
        raise BackupError(_("not a zip file")) from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_ENTRIES:
            raise BackupError(_("more than {n} files in it").format(n=MAX_ENTRIES))
        if sum(info.file_size for info in infos) > MAX_TOTAL_BYTES:
            raise BackupError(_("unpacked, larger than {megabytes} MB").format(megabytes=MAX_TOTAL_BYTES // 1_000_000))
        names = {info.filename: info for info in infos}
        manifest = _json(archive, names[MANIFEST]) if MANIFEST in names else None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise BackupError(_("not a Bean Counter backup (its backup.json does not say {format})").format(
                format=FORMAT))
        games: list[GameRecord] = []
        binned: list[GameRecord] = []
        values: dict[str, dict[str, Any]] = {}
        for name, info in names.items():
            if name in (MANIFEST,) or info.is_dir():
                continue
            if name == SHEET_VALUES:
                values = _sheet_values(_json(archive, info))
                continue
            match = ENTRY.fullmatch(name)
            if match is None:
                raise BackupError(_("{name}: not a file a backup holds").format(name=name))
            record = _record(_json(archive, info), name)
            if record.id != match.group(2):
                raise BackupError(_("{name}: holds the game {id}").format(name=name, id=record.id))
            (games if match.group(1) == "games" else binned).append(record)
    return Backup(games=tuple(games), binned=tuple(binned), sheet_values=values)


def _sheet_values(data: Any) -> dict[str, dict[str, Any]]:
    """Each letter's values, checked as a sheet-values file's are."""
    if not isinstance(data, dict):
        raise BackupError(_("sheet-values.json: not the values of sheet letters"))
    checked = {}
    for letter, values in data.items():
        try:
            checked[letter] = values_in_file({"format": VALUES_FORMAT, "sheets": {letter: values}})[1]
        except (ScoreFileError, RulesError) as exc:
            raise BackupError(f"sheet-values.json: {exc}") from None
    return checked


def restore(repo: Repository, backup: Backup) -> Restored:
    """Add what the data directory lacks: games (by id), games in the bin, sheet values."""
    added = skipped = binned = 0
    with repo.lock:
        for record, in_bin in [*((r, False) for r in backup.games), *((r, True) for r in backup.binned)]:
            if repo.holds(record.id):
                skipped += 1
                continue
            repo.save(record)
            if in_bin:
                repo.delete(record.id)
                binned += 1
            added += 1
    remembered = SheetValues(repo.data_dir)
    values = 0
    for letter, kept in backup.sheet_values.items():
        have = remembered.of(letter)
        for key, value in kept.items():
            if key not in have:
                remembered.put(letter, key, value)
                values += 1
    return Restored(added=added, skipped=skipped, binned=binned, values=values)


def back_up_for(phone: PhoneGames) -> bytes:
    """Home's "Back up everything": ``make_backup`` for a phone that may (the session decides)."""
    phone.may_do_everything()
    return make_backup(phone.games)


def restore_for(phone: PhoneGames, backup: Backup) -> Restored:
    """Home's import of a backup: ``restore`` for a phone that may; every phone's Home lists
    the games restored."""
    phone.may_do_everything()
    done = restore(phone.games.repo, backup)
    phone.games.notify("")
    return done
