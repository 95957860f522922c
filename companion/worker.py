"""The heavy part of an upload (a file read through the doors of ``sheets.limits`` and
checked), run in a worker process of the server's own.

A near-1 MB score file takes a few hundred ms to read and check. In a thread of the
server it still holds Python's interpreter lock for most of that time, and every phone's
tap waits on it: 2.2-2.9 times as slow during such an upload (bench/upload.py). A process
of its own leaves the taps as fast as without an upload. ``beans serve`` starts one
worker (``start``); where none runs (the app on one device, the tests of screens) the
same check runs in a thread.
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
from typing import Any

from companion.i18n import translations
from sheets.errors import ScoreFileError
from sheets.i18n import using
from sheets.limits import check_size, read_json

_pool: list[ProcessPoolExecutor] = []  # the worker, once started


def start() -> None:
    """Start the worker (a fresh interpreter: nothing of the server's threads is copied)."""
    if not _pool:
        _pool.append(ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                         initializer=_serve_the_server))


def stop() -> None:
    if _pool:
        _pool.pop().shutdown(wait=False, cancel_futures=True)


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
    accepts it; ScoreFileError with the reason in ``language`` when either refuses it.
    A worker that died (killed, out of memory) is replaced, and this upload is read in a
    thread instead."""
    check_size(raw)  # a file too large to read is not sent anywhere
    if _pool:
        try:
            refused, found = await asyncio.get_running_loop().run_in_executor(
                _pool[0], _read_checked, raw, check, language)
        except BrokenProcessPool:
            stop()
            start()
            refused, found = await asyncio.to_thread(_read_checked, raw, check, language)
    else:
        refused, found = await asyncio.to_thread(_read_checked, raw, check, language)
    if refused:
        raise ScoreFileError("", found)
    return found


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
