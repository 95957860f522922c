"""A TinyDB storage that never leaves a half-written file, and keeps backups.

Write: serialize first, write a temporary file (mode 0600) in the same directory,
flush, fsync, ``os.replace`` it over the file and fsync the directory. The version it
replaces becomes the newest of a few rotating backups (hard links, so no copy). A kill
at any moment leaves either the old or the new file in place, never a mix; if the
replace fails, the old file and its backups stay exactly as they were. A file that does
not parse is never treated as empty: reading it raises CorruptFileError.

Reading is bounded like an upload: a file larger than its limit (``STORED_MAX_BYTES`` for
a game), anything but a plain file (a directory, a device, a pipe) and a link that leads
out of the data directory are damage too, found before a byte of them is read.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from sheets.errors import ScoreFileError
from sheets.limits import unique_keys

BACKUPS = 3
TMP_SUFFIX = ".tmp"
# A stored game of a long evening is some hundred kilobytes; a file over this is refused
# (read or written), whatever made it. The index (derived data, a line per game) may be larger.
STORED_MAX_BYTES = 4_000_000
INDEX_MAX_BYTES = 64_000_000


class CorruptFileError(Exception):
    def __init__(self, path: Path, why: str):
        self.path = path
        self.why = why
        super().__init__(f"{path.name} is damaged ({why})")


def backup_paths(path: Path) -> list[Path]:
    """The rotating backups, newest first."""
    return [path.with_name(f"{path.name}.bak{n}") for n in range(1, BACKUPS + 1)]


def megabytes(limit: int) -> str:
    return f"{limit // 1_000_000} MB"


def read_bounded(path: Path, limit: int = STORED_MAX_BYTES, within: Path | None = None) -> bytes:
    """The bytes of the plain file ``path``, at most ``limit`` of them. CorruptFileError,
    before anything is read, when it is a link leading out of ``within`` (the data
    directory), not a plain file (a directory, a device such as /dev/zero, a pipe) or larger
    than ``limit``. OSError when it cannot be opened (FileNotFoundError: it is gone)."""
    real = Path(os.path.realpath(path))
    if within is not None and path.is_symlink():
        root = Path(os.path.realpath(within))
        if real != root and root not in real.parents:
            raise CorruptFileError(path, "a link to a file outside the data directory (not followed)")
    try:  # O_NONBLOCK: a pipe is not waited on; O_NOFOLLOW: ``real`` was not swapped for a link
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise CorruptFileError(path, "a directory, not a file") from None
    except OSError as exc:
        if exc.errno == getattr(os, "ELOOP", None) or exc.errno == getattr(os, "EMLINK", None):
            raise CorruptFileError(path, "a link that changed while it was read (not followed)") from None
        raise
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise CorruptFileError(path, "a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise CorruptFileError(path, "not a plain file (a device or a pipe); not read")
        if info.st_size > limit:
            raise CorruptFileError(path, f"larger than {megabytes(limit)}; not read")
    except BaseException:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb") as handle:
        raw = handle.read(limit + 1)
    if len(raw) > limit:  # it grew while it was read
        raise CorruptFileError(path, f"larger than {megabytes(limit)}; not read")
    return raw


STORED_DIGITS = 20  # digits of a stored number: a file's stamp (nanoseconds) has 19; no count comes near
STORED_DEPTH = 32  # a stored game nests about 8 deep; a backup's member, a score file's action alike


def _stored_int(digits: str) -> int:
    if len(digits.lstrip("-")) > STORED_DIGITS:
        raise ValueError(f"a number of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _stored_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def _no_constant(word: str) -> Any:
    raise ValueError(f"{word} is not a number JSON allows")


def stored_json(raw: bytes, path: Path) -> Any:
    """The JSON value of a stored file's bytes (a game file, the index, the sheet values, a
    backup's member): the one guard every stored file is read through. CorruptFileError
    naming ``path`` for every way damaged bytes can fail: not UTF-8, not JSON, a repeated
    key, NaN or Infinity, a number of more digits than anything stored has (Python's
    integer-string limit among them), nested too deep."""
    try:
        data = json.loads(raw.decode("utf-8-sig"), object_pairs_hook=unique_keys, parse_int=_stored_int,
                          parse_float=_stored_float, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise CorruptFileError(path, f"not valid JSON: {exc}") from None
    except UnicodeDecodeError as exc:
        raise CorruptFileError(path, f"not valid JSON: {exc}") from None
    except RecursionError:
        raise CorruptFileError(path, "nested too deep") from None
    except ScoreFileError as exc:
        raise CorruptFileError(path, exc.reason) from None
    except ValueError as exc:  # a hook's refusal, or Python's own integer-string limit
        raise CorruptFileError(path, f"not valid JSON: {str(exc)[:120]}") from None
    if depth_over(data, STORED_DEPTH):
        raise CorruptFileError(path, f"nested more than {STORED_DEPTH} levels deep")
    return data


def depth_over(data: Any, most: int) -> bool:
    """Whether ``data`` nests deeper than ``most`` levels (walked level by level, without recursion)."""
    level = [data] if isinstance(data, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > most:
            return True
        inner: list[Any] = []
        for value in level:
            items = value.values() if isinstance(value, dict) else value
            inner.extend(item for item in items if isinstance(item, (dict, list)))
        level = inner
    return False


def parse_file(path: Path, limit: int = STORED_MAX_BYTES, within: Path | None = None) -> dict[str, Any]:
    """The JSON object in ``path`` (read through ``read_bounded``, parsed by ``stored_json``);
    CorruptFileError when empty, truncated, garbage, too large, nested too deep, holding a
    number no stored file holds or not a file of the data directory."""
    raw = read_bounded(path, limit, within)
    if not raw.strip():
        raise CorruptFileError(path, "the file is empty")
    data = stored_json(raw, path)
    if not isinstance(data, dict):
        raise CorruptFileError(path, "not a JSON object")
    return data


def fsync_dir(directory: Path) -> None:
    if sys.platform == "win32":
        return  # Windows opens no directory as a file; NTFS journals the rename's metadata itself
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class TooLarge(ValueError):
    """A file that would be larger than it may be read back: nothing was written."""


def write_atomically(path: Path, data: Any, backups: bool = True, limit: int | None = None) -> None:
    """Replace ``path`` with ``data`` as JSON, all or nothing; TooLarge (nothing written)
    when it would be over ``limit`` bytes, which reading it back refuses."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    if limit is not None and len(payload) > limit:
        raise TooLarge(f"larger than {megabytes(limit)}")
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    tmp = Path(tmp_name)
    kept = path.with_name(f".{path.name}.bak{TMP_SUFFIX}")  # the old version, until rotated in
    try:
        with os.fdopen(fd, "wb") as handle:  # mkstemp creates it with mode 0600
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        kept.unlink(missing_ok=True)
        keep = backups and path.exists()
        if keep:
            os.link(path, kept)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        kept.unlink(missing_ok=True)
        raise
    if keep:
        _rotate_backups(path, kept)
    fsync_dir(path.parent)


def stage_bytes(path: Path, payload: bytes) -> Path:
    """``payload`` written and synced to a temporary file beside ``path`` (mode 0600), to be
    put in place by ``os.replace`` (the caller's, with others at once); removed if it fails."""
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _rotate_backups(path: Path, kept: Path) -> None:
    """bak2 -> bak3, bak1 -> bak2, the replaced version -> bak1."""
    olds = backup_paths(path)
    for newer, older in zip(reversed(olds[:-1]), reversed(olds[1:])):
        if newer.exists():
            os.replace(newer, older)
    os.replace(kept, olds[0])


def remove_stale_temps(directory: Path) -> None:
    """Temporary files a killed writer left behind (call only while holding the writer lock)."""
    for leftover in directory.glob(f".*{TMP_SUFFIX}"):
        leftover.unlink(missing_ok=True)


def set_aside(path: Path) -> Path:
    """Move a damaged file to ``NAME.corrupt-TIMESTAMP`` (never overwriting an earlier one)."""
    stem = f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"
    kept, n = path.with_name(stem), 1
    while kept.exists():
        n += 1
        kept = path.with_name(f"{stem}-{n}")
    os.replace(path, kept)
    fsync_dir(path.parent)
    return kept


_DOC_ID = re.compile(r"[1-9][0-9]{0,11}")  # a TinyDB document's number, as TinyDB writes it


def tables_problem(data: dict[str, Any]) -> str | None:
    """Why ``data`` is not laid out as TinyDB keeps its tables (``{table: {"1": {...}}}``),
    or None: checked before TinyDB reads it, which would fail on anything else."""
    for name, table in data.items():
        if not isinstance(table, dict):
            return f"its table {name[:40]!r} is not an object"
        for doc_id, doc in table.items():
            if not _DOC_ID.fullmatch(doc_id):  # "01" would be read as 1, beside a "1"
                return f"its table {name[:40]!r} holds a document under {doc_id[:40]!r}, not a number"
            if not isinstance(doc, dict):
                return f"document {doc_id} of its table {name[:40]!r} is not an object"
    return None


class AtomicJSONStorage(Storage):
    """TinyDB storage over one JSON file, written with ``write_atomically``.

    It keeps the tables it last read or wrote: this process is the data directory's one
    writer (``WriterLock``), so TinyDB's read before each change parses nothing. TinyDB
    writes the whole file on each change of a table; inside ``all_at_once()`` the changes
    are written once, at its end, all or nothing (an undo changes two tables: a kill
    between them must not lose the entry). A write that fails forgets what was kept, so
    the next read is the file on disk, as it was.
    """

    def __init__(self, path: str | Path, backups: bool = True, limit: int = STORED_MAX_BYTES,
                 within: Path | None = None):
        self.path = Path(path)
        self.backups = backups
        self.limit = limit
        self.within = within  # the data directory: a link out of it is not followed
        self.kept: dict[str, dict[str, Any]] | None = None
        self.unwritten = False  # kept has changes the file lacks
        self._together = False

    def read(self) -> dict[str, dict[str, Any]] | None:
        if self.kept is None:
            if not self.path.is_symlink() and not self.path.exists():
                return None
            try:
                data = parse_file(self.path, self.limit, self.within)
            except FileNotFoundError:  # a link to nothing
                raise CorruptFileError(self.path, "a link to a file that does not exist") from None
            self.kept = self.tables_of(data)
        return self.kept

    def tables_of(self, data: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The tables in a parsed file: CorruptFileError unless it is laid out as TinyDB's
        (a subclass also reads a layout of earlier versions)."""
        why = tables_problem(data)
        if why:
            raise CorruptFileError(self.path, why)
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.kept, self.unwritten = data, True
        if not self._together:
            self._flush_or_forget()

    def flush(self) -> None:
        """Write what is kept, if the file lacks it."""
        if self.unwritten and self.kept is not None:
            write_atomically(self.path, self.kept, backups=self.backups, limit=self.limit)
        self.unwritten = False

    def _flush_or_forget(self) -> None:
        """``flush``; if it fails nothing is kept, so the next read is the file as it was."""
        try:
            self.flush()
        except BaseException:
            self.forget()
            raise

    def forget(self) -> None:
        self.kept, self.unwritten = None, False

    @contextmanager
    def all_at_once(self) -> Iterator[None]:
        """TinyDB's changes inside are one write of the file at the end; none if it raises."""
        self._together = True
        try:
            yield
        except BaseException:
            self.forget()
            raise
        finally:
            self._together = False
        self._flush_or_forget()

    def close(self) -> None:
        pass


class DeferredJSONStorage(AtomicJSONStorage):
    """For derived data (the index of games): a change is kept in memory and written by
    ``flush()``, which the owner calls at most every few seconds and on close. A failed
    flush keeps the change for the next one (the games themselves are safe)."""

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        self.kept, self.unwritten = data, True
