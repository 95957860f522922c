"""What is worked out of a game's states, kept beside the game (``Games`` owns one per game,
bounded, dropped with the game): the engine's ``allowed`` answers by their grounds, and the
typed views screens render, once per state and viewer for every phone at the table."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

T = TypeVar("T")

LIMIT = 256  # values kept per game: the latest states' views and answers, a timeline's moments
STATES = 3  # the states whose values are kept: the latest, and the two before it for a phone still reading them


class Derived:
    """A small cache of one game: by key, the newest ``LIMIT`` values, and of the values a
    state holds (``holds``), only those of the newest ``STATES`` states. Every phone reads
    the latest state; a value of an older one is never read again, and kept it would make
    each full garbage collection of the server walk a game's past (a Nicht die Bohne! view
    is some 400 objects). A key that names a state names it by identity (``of_state``): a
    frozen state is never changed, and its deep value is never hashed."""

    def __init__(self, limit: int = LIMIT, states: int = STATES) -> None:
        self._values: OrderedDict[Hashable, tuple[object, Any]] = OrderedDict()
        self._limit = limit
        self._states: OrderedDict[int, tuple[object, list[Hashable]]] = OrderedDict()  # by id: its keys
        self._state_limit = states

    def get(self, key: Hashable, make: Callable[[], T], holds: object = None) -> T:
        """``make()``, kept under ``key``; ``holds`` is kept beside it (a state whose id the
        key holds), so that another object given that id later is not taken for it."""
        hit = self._values.get(key)
        if hit is None or hit[0] is not holds:
            hit = (holds, make())
            self._values[key] = hit
            if holds is not None:
                self._held_by(holds).append(key)
            if len(self._values) > self._limit:
                self._values.popitem(last=False)
        else:
            self._values.move_to_end(key)
        return cast(T, hit[1])

    def of_state(self, state: object, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` for this very state object and ``key``."""
        return self.get((id(state), key), make, holds=state)

    def _held_by(self, state: object) -> list[Hashable]:
        """The keys of ``state``'s values; the oldest state's values go past ``STATES``."""
        found = self._states.get(id(state))  # (kept here, a state's id is not another's)
        if found is None:
            found = self._states[id(state)] = (state, [])
            while len(self._states) > self._state_limit:
                old, keys = self._states.popitem(last=False)[1]
                for key in keys:
                    if (value := self._values.get(key)) is not None and value[0] is old:
                        self._values.pop(key, None)
        return found[1]

    def clear(self) -> None:
        """Forget every value (a benchmark measures working them out)."""
        self._values.clear()
        self._states.clear()
