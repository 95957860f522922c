"""What is worked out of a game's states, kept beside the game (``Games`` owns one per game,
bounded, dropped with the game): the engine's ``allowed`` answers by their grounds, and the
typed views screens render, once per state and viewer for every phone at the table."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

T = TypeVar("T")

LIMIT = 256  # answers kept per game: 6 players' views and answers over the last few states


class Derived:
    """A small cache of one game: by key, the newest ``LIMIT`` values. A key that names a
    state names it by identity (``of_state``): a frozen state is never changed, and its
    deep value is never hashed."""

    def __init__(self, limit: int = LIMIT) -> None:
        self._values: OrderedDict[Hashable, tuple[object, Any]] = OrderedDict()
        self._limit = limit

    def get(self, key: Hashable, make: Callable[[], T], holds: object = None) -> T:
        """``make()``, kept under ``key``; ``holds`` is kept beside it (a state whose id the
        key holds), so that another object given that id later is not taken for it."""
        hit = self._values.get(key)
        if hit is None or hit[0] is not holds:
            hit = (holds, make())
            self._values[key] = hit
            if len(self._values) > self._limit:
                self._values.popitem(last=False)
        else:
            self._values.move_to_end(key)
        return cast(T, hit[1])

    def of_state(self, state: object, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` for this very state object and ``key``."""
        return self.get((id(state), key), make, holds=state)

    def clear(self) -> None:
        """Forget every value (a benchmark measures working them out)."""
        self._values.clear()
