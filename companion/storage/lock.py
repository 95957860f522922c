"""One writer per data directory, on Linux, macOS and Windows.

``lock_directory`` holds an exclusive lock that the operating system drops when the
process ends (a crash included); a second process asking for it is refused at once.
Deleting a file cannot free it:

- POSIX: ``flock`` on the data directory itself, so there is no lock file to delete.
- Windows: ``msvcrt.locking`` on ``writer.lock``, kept open; Windows refuses to delete
  a file another process has open. One byte far past the pid is locked, so a refused
  process can still read the holder's pid.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

LOCKED_BYTE = 1 << 30  # Windows: the byte locked in writer.lock, past any pid written there


class Busy(Exception):
    """Another process holds the directory."""


if sys.platform == "win32":
    import msvcrt

    def lock_directory(directory: Path) -> int:
        fd = os.open(directory / "writer.lock", os.O_RDWR | os.O_CREAT)
        try:
            os.lseek(fd, LOCKED_BYTE, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            os.close(fd)
            raise Busy() from None
        return fd

    def unlock(fd: int) -> None:
        os.lseek(fd, LOCKED_BYTE, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        os.close(fd)

else:
    import fcntl

    def lock_directory(directory: Path) -> int:
        fd = os.open(directory, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise Busy() from None
        return fd

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
