"""What the session keeps of each game it serves (``InPlay``), bounded, and how a change of
one becomes durable: accepted in memory in order, then written off the loop that serves
the phones (``Change``, ``GameStore.store``)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from companion.derived import Derived
from companion.storage import GameRecord, Summary
from companion.table import Table
from sheets.timeline import Moment

KEPT_GAMES = 64  # games whose state the session keeps at once (the least recently read go first)


@dataclass(frozen=True)
class Told:
    """A game's story so far (``GameStore.timeline``): its first ``made`` entries told, the
    last of them as stored (``last``), and the state after them, to tell on from."""

    made: int
    last: dict[str, Any] | None
    moments: tuple[Moment, ...]
    state: Any
    log: list[dict[str, Any]] | None = None  # the stored log it tells (its entries, as stored)


@dataclass(eq=False)
class InPlay:
    """One game as the session serves it: its latest record and state (accepted: the write
    of the latest may still be under way), the states its fold remembers (``checkpoints``,
    entries -> state), what was worked out of its states (``derived``), and its story so
    far by language. ``turn`` is held while a change is worked out, ``writing`` while one
    is written; ``accepted`` and ``written`` count its changes, so a write that a later
    one already covered is not made again. ``gone``: dropped (a write failed, the game was
    deleted): changes accepted on it are never written. Its record's table is read once
    per record (``table``)."""

    record: GameRecord
    state: Any
    checkpoints: dict[int, Any]
    derived: Derived = field(default_factory=Derived)
    stories: dict[object, Told] = field(default_factory=dict)
    turn: threading.Lock = field(default_factory=threading.Lock)
    writing: threading.Lock = field(default_factory=threading.Lock)
    accepted: int = 0
    written: int = 0
    gone: bool = False
    _read_table: tuple[dict[str, Any], Table] | None = field(default=None, repr=False)

    @property
    def table(self) -> Table:
        """The latest record's table (seats, PINs, notes), read once per record."""
        stored = self.record.table
        kept = self._read_table
        if kept is None or kept[0] is not stored:
            kept = self._read_table = (stored, Table.read(stored))
        return kept[1]

    def keep_table(self, record: GameRecord, table: Table) -> None:
        """``record`` keeps ``table`` (written as ``table.as_json()``): not read again."""
        self._read_table = (record.table, table)

    def with_table(self, new: Table) -> tuple[GameRecord, Any, None]:
        """This game with ``new`` as its table, for ``GameStore.change``: its record keeps
        ``new.as_json()``, and ``new`` is its table without being read again."""
        record = replace(self.record, table=new.as_json())
        self.keep_table(record, new)
        return record, self.state, None

    @property
    def settled(self) -> bool:
        """Whether every accepted change is written."""
        return self.written >= self.accepted


@dataclass(frozen=True)
class Change:
    """A change of one game, accepted (its record and state are the game's now) and to be
    written: the ``serial``-th of ``game``. ``summary`` is what the index lists of it."""

    game: InPlay
    serial: int
    record: GameRecord
    state: Any
    summary: Summary


class KeptGames:
    """The ``InPlay`` of the games read lately, at most ``limit``: the least recently read
    go first, once every change of theirs is written (they are folded again when next read)."""

    def __init__(self, limit: int = KEPT_GAMES) -> None:
        self._games: OrderedDict[str, InPlay] = OrderedDict()
        self._limit = limit

    def get(self, game_id: str) -> InPlay | None:
        found = self._games.get(game_id)
        if found is not None:
            self._games.move_to_end(game_id)
        return found

    def put(self, game_id: str, game: InPlay) -> None:
        self._games[game_id] = game
        self._games.move_to_end(game_id)
        over = len(self._games) - self._limit
        for old in [key for key, kept in self._games.items() if kept.settled][:max(over, 0)]:
            del self._games[old]

    def drop(self, game_id: str) -> None:
        found = self._games.pop(game_id, None)
        if found is not None:
            found.gone = True

    def __len__(self) -> int:
        return len(self._games)


class Writes:
    """The writes under way off the loop, in every session of this process: a test (or a
    benchmark) waits until none is left before it looks (``pending``)."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Future[Any]] = set()
        self.last_done = 0.0  # time.perf_counter() when the latest write was done (its phones just told)

    def add(self, task: asyncio.Future[Any]) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[Any]) -> None:
        self._tasks.discard(task)
        self.last_done = time.perf_counter()

    def pending(self) -> bool:
        return bool(self._tasks)


WRITES = Writes()


# Whether the change being made comes from a phone (``PhoneGames``, ``GameOf``): only then is
# it written off the running loop (the one serving the phones). A caller's own loop, such
# as a test's or Playwright's, is never a reason to leave a write unfinished.
_BY_A_PHONE: ContextVar[bool] = ContextVar("by_a_phone", default=False)


@contextmanager
def by_a_phone() -> Iterator[None]:
    """Changes made within are a phone's (``GameStore.store`` writes them off its loop)."""
    token = _BY_A_PHONE.set(True)
    try:
        yield
    finally:
        _BY_A_PHONE.reset(token)


def made_by_a_phone() -> bool:
    return _BY_A_PHONE.get()
