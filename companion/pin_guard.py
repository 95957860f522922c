"""Wrong seat PINs are slow to guess (issue 14): tries are counted per seat and per phone.

After ``FREE_TRIES`` wrong tries the next one waits ``FIRST_WAIT`` seconds, and every
further wrong try doubles the wait, so that no sequence of tries beats ``MAX_PER_HOUR``
an hour (5 free, then waits of 1, 2, 4, 8, 16, 32 min: 10 tries in the first hour). A
right PIN clears the seat's and the phone's count. Counts live in the server's memory:
a restart forgets them, which an attacker cannot cause from a phone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from sheets.errors import RulesError
from sheets.i18n import ngettext

FREE_TRIES = 5
FIRST_WAIT = 60.0  # seconds
MAX_PER_HOUR = 100  # the promise; the schedule above stays far below it


@dataclass
class Tries:
    wrong: int = 0
    not_before: float = 0.0  # the clock's time before which no try is taken


class PinGuard:
    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self._tries: dict[tuple[str, ...], Tries] = {}
        self._lock = threading.Lock()

    def check(self, seat: tuple[str, str], device: str) -> None:
        """RulesError saying how long to wait, when the seat or the phone must wait."""
        now = self.clock()
        with self._lock:
            wait = max(self._tries.get(key, Tries()).not_before - now for key in (("seat", *seat), ("phone", device)))
        if wait > 0:
            minutes = max(1, round(wait / 60))
            raise RulesError(ngettext("too many wrong PINs: try again in {n} minute",
                                      "too many wrong PINs: try again in {n} minutes", minutes).format(n=minutes))

    def wrong(self, seat: tuple[str, str], device: str) -> None:
        now = self.clock()
        with self._lock:
            for key in (("seat", *seat), ("phone", device)):
                tries = self._tries.setdefault(key, Tries())
                tries.wrong += 1
                if tries.wrong >= FREE_TRIES:
                    tries.not_before = now + FIRST_WAIT * 2 ** (tries.wrong - FREE_TRIES)

    def right(self, seat: tuple[str, str], device: str) -> None:
        with self._lock:
            for key in (("seat", *seat), ("phone", device)):
                self._tries.pop(key, None)

    def seat_locked(self, seat: tuple[str, str]) -> bool:
        """Whether wrong PINs make every phone wait before trying this seat again (then
        the host may hand it to a phone it approves)."""
        with self._lock:
            return self._tries.get(("seat", *seat), Tries()).not_before > self.clock()

    def wrong_tries(self, seat: tuple[str, str]) -> int:
        """Wrong tries at this seat since its PIN was last entered right."""
        with self._lock:
            return self._tries.get(("seat", *seat), Tries()).wrong
