"""What storage says went wrong, in plain words: the errors every storage module raises."""

from __future__ import annotations

import errno
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


class StorageError(Exception):
    """Something about stored data the player must hear about, in plain words."""


class DataDirBusy(StorageError):
    pass


class DiskError(StorageError):
    """A write the disk refused (full, read-only, not ours to write), in plain words."""


_DISK_WORDS = {
    errno.ENOSPC: "The disk is full",
    errno.EDQUOT: "The disk is full",
    errno.EROFS: "The disk is read-only",
    errno.EACCES: "The data directory may not be written",
    errno.EPERM: "The data directory may not be written",
}


@contextmanager
def plain_disk_errors() -> Iterator[None]:
    """Around a write: an OSError of the disk becomes a DiskError saying what happened."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in _DISK_WORDS:
            raise
        raise DiskError(f"{_DISK_WORDS[exc.errno]}: nothing was saved; every earlier entry is safe") from exc


class GameNotFound(StorageError):
    pass


class Unplayable(Exception):
    """A stored game whose entries no longer replay (its words say which and why)."""


class GameTooLarge(StorageError):
    """A change that would make the game's file larger than it may be read back."""


class DamagedGame(StorageError):
    """A game file that does not parse. It was moved aside; a backup may restore it."""

    def __init__(self, game_id: str, kept_as: Path, why: str, backup: Path | None):
        self.game_id = game_id
        self.kept_as = kept_as
        self.why = why
        self.backup = backup
        self.stamp: list[int] | None = None  # of the file left in place, while it is not read again
        offer = " A backup from before the damage can be restored." if backup else " No backup is left."
        super().__init__(
            f"Game {game_id} could not be read ({why}). The damaged file was kept as "
            f"{kept_as.name}.{offer}"
        )
