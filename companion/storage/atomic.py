"""A TinyDB storage that never leaves a half-written file, and keeps backups.

Write: serialize first, write a temporary file (mode 0600) in the same directory,
flush, fsync, ``os.replace`` it over the file and fsync the directory. The version it
replaces becomes the newest of a few rotating backups (hard links, so no copy). A kill
at any moment leaves either the old or the new file in place, never a mix; if the
replace fails, the old file and its backups stay exactly as they were. A file that does
not parse is never treated as empty: reading it raises CorruptFileError.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from sheets.errors import ScoreFileError
from sheets.limits import unique_keys

BACKUPS = 3
TMP_SUFFIX = ".tmp"


class CorruptFileError(Exception):
    def __init__(self, path: Path, why: str):
        self.path = path
        self.why = why
        super().__init__(f"{path.name} is damaged ({why})")


def backup_paths(path: Path) -> list[Path]:
    """The rotating backups, newest first."""
    return [path.with_name(f"{path.name}.bak{n}") for n in range(1, BACKUPS + 1)]


def parse_file(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; CorruptFileError when empty, truncated or garbage."""
    raw = path.read_bytes()
    if not raw.strip():
        raise CorruptFileError(path, "the file is empty")
    try:
        data = json.loads(raw, object_pairs_hook=unique_keys)  # a repeated key is damage, not a choice
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorruptFileError(path, f"not valid JSON: {exc}") from None
    except ScoreFileError as exc:
        raise CorruptFileError(path, exc.reason) from None
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


def write_atomically(path: Path, data: Any, backups: bool = True) -> None:
    """Replace ``path`` with ``data`` as JSON, all or nothing."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
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


class AtomicJSONStorage(Storage):
    """TinyDB storage over one JSON file, written with ``write_atomically``.

    ``TinyDB(path, storage=AtomicJSONStorage)`` opens any file the repository wrote.
    """

    def __init__(self, path: str | Path, backups: bool = True):
        self.path = Path(path)
        self.backups = backups

    def read(self) -> dict[str, dict[str, Any]] | None:
        if not self.path.exists():
            return None
        return parse_file(self.path)

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        write_atomically(self.path, data, backups=self.backups)

    def close(self) -> None:
        pass
