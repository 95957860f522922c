"""A TinyDB storage that never leaves a half-written file, and keeps backups.

Write: serialize first, write a temporary file (mode 0600) in the same directory,
flush, fsync, keep the previous file as the newest of a few rotating backups, then
``os.replace`` and fsync the directory. A kill at any moment leaves either the old or
the new file in place, never a mix. A file that does not parse is never treated as
empty: reading it raises CorruptFileError.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

BACKUPS = 3


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
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorruptFileError(path, f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CorruptFileError(path, "not a JSON object")
    return data


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, data: Any, backups: bool = True) -> None:
    """Replace ``path`` with ``data`` as JSON, all or nothing."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as handle:  # mkstemp creates it with mode 0600
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        if backups and path.exists():
            _rotate_backups(path)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def _rotate_backups(path: Path) -> None:
    """bak2 -> bak3, bak1 -> bak2, current file -> bak1 (a hard link: no copy, no gap)."""
    olds = backup_paths(path)
    for newer, older in zip(reversed(olds[:-1]), reversed(olds[1:])):
        if newer.exists():
            os.replace(newer, older)
    link = olds[0].with_name(olds[0].name + ".tmp")
    link.unlink(missing_ok=True)
    os.link(path, link)
    os.replace(link, olds[0])


class AtomicJSONStorage(Storage):
    """TinyDB storage over one JSON file, written with ``write_atomically``."""

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
