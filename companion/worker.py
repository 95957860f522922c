"""The heavy part of an upload (a file read through the doors of ``sheets.limits`` and
checked), run in a worker process of the server's own.

A near-1 MB score file takes a few hundred ms to read and check. In a thread of the
server it still holds Python's interpreter lock for most of that time, and every phone's
tap waits on it: 2.2-2.9 times as slow during such an upload (bench/upload.py). A process
of its own leaves the taps as fast as without an upload. ``beans serve`` starts one
worker (``start``); where none runs (the app on one device, the tests of screens) the
same check runs in a thread.

Uploads are bounded: at most ``UPLOADS`` are read at once; one more is refused with a
plain line ("busy, try again"), as is one that meets a worker that died (it is replaced
in the background, never read in the server's own process instead: that froze the
table's taps).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any

from companion.backup import MAX_BYTES as MAX_BACKUP_BYTES
from companion.backup import Backup, BackupError, read_backup
from companion.i18n import translations
from sheets.errors import ScoreFileError
from sheets.i18n import N_, _, using
from sheets.limits import check_size, read_json

UPLOADS = 2  # files read at once, from all phones together
BUSY = N_("The table is busy reading other files: try again in a moment.")

_pool: list[ProcessPoolExecutor] = []  # the worker, once started
_reading: list[int] = [0]  # uploads being read now


def _spawn() -> ProcessPoolExecutor:
    """A worker: a fresh interpreter (nothing of the server's threads is copied)."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_serve_the_server)


def start() -> None:
    """Start the worker."""
    if not _pool:
        _pool.append(_spawn())


def started() -> bool:
    return bool(_pool)


def stop() -> None:
    """End the worker as the server stops, waiting for it: a worker left to end on its
    own leaves its semaphores to Python's resource tracker, which warns of a leak."""
    for pool in _pool:
        pool.shutdown(wait=True, cancel_futures=True)
    _pool.clear()


def _serve_the_server() -> None:
    """In the worker: Ctrl-C at the server's terminal reaches the worker too, and the
    server stops it; a server that ends without stopping it (killed) ends it too."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_the_server, daemon=True).start()


def _end_with_the_server() -> None:
    server = multiprocessing.parent_process()
    if server is not None:
        server.join()  # returns once the server's process has ended, however it ended
        os._exit(0)


async def read_checked(raw: bytes, check: Callable[[Any], object], language: str) -> Any:
    """The JSON in ``raw`` once ``check`` (a module-level function: the worker imports it)
    accepts it; ScoreFileError with the reason in ``language`` when either refuses it,
    or when ``UPLOADS`` files are being read already (``BUSY``). A worker that died
    (killed, out of memory) is replaced, and this upload is refused as ``BUSY``."""
    check_size(raw)  # a file too large to read is not sent anywhere
    return await _in_worker(language, _read_checked, raw, check, language)


async def read_backup_checked(raw: bytes, language: str) -> Backup:
    """The backup in ``raw`` (Home's import), read and checked whole in the worker as
    ``read_checked`` reads a score file; ScoreFileError with the reason in ``language``."""
    if len(raw) > MAX_BACKUP_BYTES:
        with using(translations(language)):
            raise ScoreFileError("", _("larger than any backup ({size} MB at most)").format(
                size=MAX_BACKUP_BYTES // 1_000_000))
    found: Backup = await _in_worker(language, _read_backup, raw, language)
    return replace(found, raw=raw)  # its bytes stay here: only what it holds came back


def has_room(language: str) -> None:
    """ScoreFileError (``BUSY``, in ``language``) while ``UPLOADS`` files are being read:
    asked before a phone is asked for its file too, so that a file not read is not sent."""
    if _reading[0] >= UPLOADS:
        with using(translations(language)):
            raise ScoreFileError("", _(BUSY))


async def _in_worker(language: str, work: Callable[..., tuple[bool, Any]], *args: Any) -> Any:
    """What ``work(*args)`` found, run in the worker (in a thread where none runs); it
    answers (True, why not) or (False, what it found), the reason in ``language``."""
    has_room(language)
    _reading[0] += 1
    try:
        if _pool:
            pool = _pool[0]
            try:
                refused, found = await asyncio.get_running_loop().run_in_executor(pool, work, *args)
            except BrokenProcessPool:
                if _pool and _pool[0] is pool:  # replaced once, whoever meets it first
                    _pool.pop().shutdown(wait=False, cancel_futures=True)
                    _pool.append(_spawn())
                with using(translations(language)):
                    raise ScoreFileError("", _(BUSY)) from None
        else:
            refused, found = await asyncio.to_thread(work, *args)
    finally:
        _reading[0] -= 1
    if refused:
        raise ScoreFileError("", found)
    return found


def _read_backup(raw: bytes, language: str) -> tuple[bool, Any]:
    with using(translations(language)):
        try:
            return False, replace(read_backup(raw), raw=b"")
        except BackupError as exc:
            return True, str(exc)


def _read_checked(raw: bytes, check: Callable[[Any], object], language: str) -> tuple[bool, Any]:
    """(False, the data) or (True, why not): only words and data cross to the server, as
    an exception of the engine's may not survive the trip."""
    with using(translations(language)):
        try:
            data = read_json(raw)
            check(data)
        except ValueError as exc:  # ScoreFileError, RulesError
            return True, str(exc)
    return False, data
