"""The data directory's own settings (issue 50): ``settings.json`` beside the games, written
atomically. Today one: "Where we play" (``location``), asked once and editable on Home,
given to every game played here (BG Stats files a play under it; score files keep it).

A damaged file is set aside and reported (``StorageError``), never silently reset: the
settings are read as empty only when the file is not there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.storage.atomic import CorruptFileError, parse_file, set_aside, write_atomically
from companion.storage.repository import DiskError, StorageError, plain_disk_errors

FILE = "settings.json"
MAX_BYTES = 10_000  # a few short settings
LOCATION = "location"


def settings_path(data_dir: Path) -> Path:
    return Path(data_dir) / FILE


def read_settings(data_dir: Path, read_only: bool = False) -> dict[str, Any]:
    """The settings; {} when none were written. A damaged file is set aside (left in place
    when ``read_only``): StorageError says so."""
    path = settings_path(data_dir)
    if not path.exists():
        return {}
    try:
        return parse_file(path, MAX_BYTES, within=Path(data_dir))
    except CorruptFileError as exc:
        if read_only:
            raise StorageError(f"the settings could not be read ({exc.why})") from None
        kept = set_aside(path)
        raise StorageError(f"the settings could not be read ({exc.why}); the file was kept as {kept.name} "
                           "and the settings start empty") from None


def write_setting(data_dir: Path, name: str, value: Any) -> None:
    """One setting changed (None removes it), the file replaced atomically."""
    settings = read_settings(data_dir)
    if value is None:
        settings.pop(name, None)
    else:
        settings[name] = value
    Path(data_dir).mkdir(parents=True, exist_ok=True)
    with plain_disk_errors():
        write_atomically(settings_path(data_dir), settings, backups=False, limit=MAX_BYTES)


__all__ = ["DiskError", "FILE", "LOCATION", "read_settings", "write_setting"]
