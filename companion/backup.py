"""Everything in one file: every stored game, the bin and the remembered sheet values, as a
zip (``beans backup``), and the way back (``beans import FILE.zip``).

    backup.json              {"format": "bean-counter-backup/1", "made": ..., "games": n, "bin": n}
    games/<id>.json          a stored game, as its file holds it (its tables, ``game_file``)
    bin/<id>.json            a game in the bin
    sheet-values.json        the printed values remembered per sheet letter
    players.json             the group's players: which names are one person (issue 49)

A backup is checked whole before anything is stored, one member at a time (memory is
bounded by its largest game, not by the zip): its size and its entries are bounded like
every other door (a zip bomb is refused by the sizes its entries declare, and again by
what they give when read), each member is read through storage's one guard
(``stored_json``), every game must be one this version reads, under an id of the stored
shape, its names and notes within their limits and its log must play by the rules; each
fault is one plain line naming the member. Restoring is one transaction: it adds what the
data directory lacks (a game stored already, by its id in the games or in the bin, is
skipped and counted; a sheet value remembered already is kept, and so is a name the group
shows already), every game written aside
first and then put in place together, or nothing at all.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from companion.session import BIN_DAYS, NOTE_MAX, REPLAY_FAULTS, Games, PhoneGames, rules_for
from companion.sheet_values import values_in_file
from companion.storage import Repository
from companion.storage.atomic import CorruptFileError, stored_json
from companion.storage.game_file import GameRecord, as_tables, record_from_tables
from companion.storage.migrations import SchemaError
from companion.storage.sheet_values import FORMAT as VALUES_FORMAT
from companion.storage.players import SCHEMA as PLAYERS_SCHEMA
from companion.storage.players import PlayersFile
from companion.storage.sheet_values import SheetValues
from companion.table import Table
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import N_, _
from sheets.game import fold
from sheets.limits import name_problem, one_line

FORMAT = "bean-counter-backup/1"
MAX_BYTES = 64_000_000  # the zip itself
MAX_ENTRIES = 20_000
MAX_ENTRY_BYTES = 4_000_000  # one game file, as storage bounds a stored one
MAX_TOTAL_BYTES = 256_000_000  # everything unpacked
ENTRY = re.compile(r"(games|bin)/([0-9a-z][0-9a-z-]{0,63})\.json")  # an id of the stored shape: never "--help"
MANIFEST, SHEET_VALUES, PLAYERS = "backup.json", "sheet-values.json", "players.json"
ZIP_MAGIC = b"PK\x03\x04"  # how a zip file begins (a score file is JSON text)
# A backup keeps each game as its file does, the phones' device tokens among it (decided in
# issue 46): a restored game keeps its host and its seated phones. So whoever holds the
# file can act as those phones; each backup says so where it is made.
HOLDS_TOKENS = N_("The backup holds every phone's device token, the host's too: whoever has the file can act as "
                  "those phones. Keep it as you would a key.")


def is_zip(raw: bytes) -> bool:
    return raw.startswith(ZIP_MAGIC)


def backup_name() -> str:
    """A backup's file name, made today: "bean-counter-backup-2026-12-04.zip"."""
    return f"bean-counter-backup-{date.today().isoformat()}.zip"


class BackupError(ValueError):
    """A file that is not a backup this version restores, in plain words (nothing stored)."""


@dataclass(frozen=True)
class Member:
    """A game a backup holds, checked: its member's name, its id and its kind of game."""

    name: str
    id: str
    game: str


@dataclass(frozen=True)
class Backup:
    """A backup checked whole (``read_backup``): what it holds, and its bytes, which
    ``restore`` reads again one member at a time (never every game at once)."""

    games: tuple[Member, ...]
    binned: tuple[Member, ...]
    sheet_values: dict[str, dict[str, Any]]
    raw: bytes = field(default=b"", repr=False)
    aliases: dict[str, str] = field(default_factory=dict)  # the group's names: played under -> shown as


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
    aliases = PlayersFile(games.repo.data_dir, read_only=True).aliases()
    stored = []
    for summary in games.summaries():
        try:
            stored.append(games.record(summary.id))
        except Exception:  # noqa: BLE001 - a damaged game stays out (Home offers its restore)
            continue
    binned = [games.repo.in_bin(entry.id, BIN_DAYS) for entry in games.bin.listing()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        manifest = {"format": FORMAT, "made": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "games": len(stored), "bin": sum(record is not None for record in binned),
                    "holds": "every phone's device token, every seat's private note and PIN check"}
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
        for folder, records in (("games", stored), ("bin", binned)):
            for record in records:
                if record is not None:
                    archive.writestr(f"{folder}/{record.id}.json",
                                     json.dumps(as_tables(record), ensure_ascii=False))
        archive.writestr(SHEET_VALUES, json.dumps(sheet_values, ensure_ascii=False, indent=1))
        archive.writestr(PLAYERS, json.dumps({"schema": PLAYERS_SCHEMA, "aliases": aliases}, ensure_ascii=False))
    return out.getvalue()


def _bytes(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A member's bytes, at most MAX_ENTRY_BYTES of them; BackupError naming it, in plain
    words, for every way a zip's member can fail to unpack."""
    name = info.filename
    if info.flag_bits & 0x1:
        raise BackupError(_("{name}: encrypted; a backup of this app never is").format(name=name))
    if info.file_size > MAX_ENTRY_BYTES:
        raise BackupError(_("{name}: larger than any file a backup holds").format(name=name))
    try:
        with archive.open(info) as handle:
            raw = handle.read(MAX_ENTRY_BYTES + 1)
    except NotImplementedError:  # a compression this Python does not unpack
        raise BackupError(_("{name}: packed in a way this app does not unpack").format(name=name)) from None
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, ValueError, RecursionError):
        raise BackupError(_("{name}: damaged in the zip; it does not unpack").format(name=name)) from None
    if len(raw) > MAX_ENTRY_BYTES:
        raise BackupError(_("{name}: larger than any file a backup holds").format(name=name))
    return raw


def _json(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Any:
    try:
        return stored_json(_bytes(archive, info), Path(info.filename))  # the guard every stored file is read through
    except CorruptFileError as exc:
        raise BackupError(f"{info.filename}: {exc.why}") from None


def _surrogate_in(data: Any) -> str | None:
    """What in a game file holds an unpaired surrogate (no UTF-8 file can keep one), or None."""
    found: list[str] = []

    def walk(value: Any, where: str) -> None:
        if found:
            return
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                found.append(where)
        elif isinstance(value, dict):
            for key, inner in value.items():
                inner_where = "note" if key == "notes" else "name" if key in ("players", "seats", "name", "player") \
                    else where
                walk(key, where)
                walk(inner, inner_where)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, where)

    walk(data, "text")
    if not found:
        return None
    return {"name": _("a name holds an unpaired surrogate"), "note": _("a note holds an unpaired surrogate")}.get(
        found[0], _("a text holds an unpaired surrogate"))


def _record(data: Any, name: str) -> GameRecord:
    """A game file's record, checked as storage checks one (its texts, its notes within their
    limit), and played through its rules."""
    if not isinstance(data, dict):
        raise BackupError(_("{name}: no game in it").format(name=name))
    why = _surrogate_in(data)
    if why:
        raise BackupError(f"{name}: {why}")
    try:
        record = record_from_tables(data, name)
    except SchemaError as exc:
        raise BackupError(f"{name}: {exc}") from None
    except CorruptFileError as exc:
        raise BackupError(f"{name}: {exc.why}") from None
    for note in Table.read(record.table).notes.values():
        if len(note) > NOTE_MAX:
            raise BackupError(_("{name}: a note of {n} characters; a note holds at most {most}").format(
                name=name, n=len(note), most=NOTE_MAX))
    try:
        state = fold(rules_for(record.game), record.setup, [entry["action"] for entry in record.log])
    except REPLAY_FAULTS as exc:
        raise BackupError(one_line(_("{name}: its entries do not play: {why}").format(
            name=name, why=str(exc).splitlines()[0][:160] if str(exc).strip() else type(exc).__name__))) from None
    for player in rules_for(record.game).players(state):
        why = name_problem(player)
        if why:
            raise BackupError(one_line(f"{name}: {why}"))
    return record


def read_backup(raw: bytes) -> Backup:
    """The backup in ``raw``, every part checked, one member at a time (memory bounded by
    its largest game); BackupError naming the first problem's member, in one line."""
    if len(raw) > MAX_BYTES:
        raise BackupError(_("larger than {megabytes} MB: not a backup this app makes").format(
            megabytes=MAX_BYTES // 1_000_000))
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError, ValueError, NotImplementedError,
            RecursionError):
        raise BackupError(_("not a zip file")) from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_ENTRIES:
            raise BackupError(_("more than {n} files in it").format(n=MAX_ENTRIES))
        if sum(info.file_size for info in infos) > MAX_TOTAL_BYTES:
            raise BackupError(_("unpacked, larger than {megabytes} MB").format(megabytes=MAX_TOTAL_BYTES // 1_000_000))
        names: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            if info.filename in names:
                raise BackupError(_("{name}: in it twice").format(name=one_line(info.filename[:80])))
            names[info.filename] = info
        manifest = _json(archive, names[MANIFEST]) if MANIFEST in names else None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise BackupError(_("not a Bean Counter backup (its backup.json does not say {format})").format(
                format=FORMAT))
        games: list[Member] = []
        binned: list[Member] = []
        ids: set[str] = set()
        values: dict[str, dict[str, Any]] = {}
        aliases: dict[str, str] = {}
        for name, info in names.items():
            if name in (MANIFEST,) or info.is_dir():
                continue
            if name == SHEET_VALUES:
                values = _sheet_values(_json(archive, info))
                continue
            if name == PLAYERS:
                aliases = _aliases(_json(archive, info))
                continue
            match = ENTRY.fullmatch(name)
            if match is None:
                raise BackupError(_("{name}: not a file a backup holds").format(name=one_line(name[:80])))
            record = _record(_json(archive, info), name)
            if record.id != match.group(2):
                raise BackupError(one_line(_("{name}: holds the game {id}").format(name=name, id=record.id[:40])))
            if record.id in ids:
                raise BackupError(_("{name}: the game {id} is in it twice").format(name=name, id=record.id))
            ids.add(record.id)
            (games if match.group(1) == "games" else binned).append(Member(name, record.id, record.game))
    return Backup(games=tuple(games), binned=tuple(binned), sheet_values=values, raw=raw, aliases=aliases)


def _sheet_values(data: Any) -> dict[str, dict[str, Any]]:
    """Each letter's values, checked as a sheet-values file's are."""
    if not isinstance(data, dict):
        raise BackupError(_("sheet-values.json: not the values of sheet letters"))
    checked = {}
    for letter, values in data.items():
        try:
            checked[letter] = values_in_file({"format": VALUES_FORMAT, "sheets": {letter: values}})[1]
        except (ScoreFileError, RulesError) as exc:
            raise BackupError(one_line(f"sheet-values.json: {exc}")) from None
    return checked


def _aliases(data: Any) -> dict[str, str]:
    """The group's names in a backup, checked: each a name a game may hold."""
    if not isinstance(data, dict) or not isinstance(data.get("aliases"), dict) \
            or not isinstance(data.get("schema"), int) or data["schema"] > PLAYERS_SCHEMA:
        raise BackupError(_("players.json: not the group's players of this version"))
    for alias, player in data["aliases"].items():
        why = name_problem(alias) if isinstance(player, str) else _("a name must be text")
        why = why or name_problem(player)
        if why or alias == player:
            raise BackupError(one_line(f"players.json: {alias[:40]!r}: {why or _('a name must be text')}"))
    return dict(data["aliases"])


def added_aliases(kept: dict[str, str], restored: dict[str, str]) -> dict[str, str]:
    """The group's names after a restore: those shown here stay; a backup's name for a name
    not mapped here is added (a chain through names mapped here followed to its end)."""
    merged = dict(kept)
    for alias, player in restored.items():
        shown = merged.get(player, player)
        if alias in merged or alias == shown:
            continue
        merged = {a: (shown if p == alias else p) for a, p in merged.items()}
        merged[alias] = shown
    return merged


def restore(repo: Repository, backup: Backup) -> Restored:
    """Add what the data directory lacks, all at once or nothing: the games (by id) and the
    games in the bin, each member read again from the checked backup's bytes one at a time
    and written aside, then put in place together with the sheet values it adds."""
    if not backup.raw:
        raise BackupError(_("not a zip file"))
    with repo.lock:
        members = [(m, False) for m in backup.games] + [(m, True) for m in backup.binned]
        wanted = [(m, in_bin) for m, in_bin in members if not repo.holds(m.id)]
        remembered = SheetValues(repo.data_dir)
        new_values = [(letter, key, value) for letter, kept in backup.sheet_values.items()
                      for key, value in kept.items() if key not in remembered.of(letter)]
        group = PlayersFile(repo.data_dir)
        kept_names = group.aliases()
        names = added_aliases(kept_names, backup.aliases)

        def before() -> None:
            remembered.put_all(new_values)
            if names != kept_names:
                group.replace(names)

        with zipfile.ZipFile(io.BytesIO(backup.raw)) as archive:
            def files() -> Iterator[tuple[str, bool, bytes]]:
                for member, in_bin in wanted:
                    yield member.id, in_bin, _bytes(archive, archive.getinfo(member.name))

            repo.store_together(files(), before=before)
    return Restored(added=len(wanted), skipped=len(members) - len(wanted),
                    binned=sum(in_bin for _m, in_bin in wanted), values=len(new_values))


def back_up_for(phone: PhoneGames) -> bytes:
    """Home's "Back up everything": ``make_backup`` for a phone that may (the session decides)."""
    phone.may_do_everything()
    return make_backup(phone.games)


def restore_for(phone: PhoneGames, backup: Backup) -> Restored:
    """Home's import of a backup: ``restore`` for a phone that may; every phone's Home lists
    the games restored."""
    phone.may_do_everything()
    done = restore(phone.games.repo, backup)
    phone.games.group.forget()  # the names the restore added are read again
    phone.games.notify("")
    return done
