"""The one base of every engine model: frozen, and no key beyond the declared fields; and
the small caches play keeps of what it works out from frozen values."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Self, TypeVar

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes``, validated as a new instance is (``model_copy(update=...)``
        is not). Nested model instances pass as they are: pydantic does not validate them again."""
        values = self.__dict__  # the fields' values; only the fields are taken (not a cached value)
        return self.model_validate({**{name: values[name] for name in type(self).model_fields}, **changes})


K = TypeVar("K", bound=Hashable)
T = TypeVar("T")
KEPT = 64  # how many of the newest keys a cache keeps


def newest(cache: dict[K, T], key: K, make: Callable[[], T]) -> T:
    """``cache[key]``, made by ``make()`` the first time; the oldest key goes once
    ``KEPT`` are kept."""
    if key not in cache:
        if len(cache) >= KEPT:
            del cache[next(iter(cache))]
        cache[key] = make()
    return cache[key]


class Hashed:
    """A frozen ``value`` as a key, hashed once: a deep value is hashed field by field at
    every lookup. Equal to another Hashed of an equal value."""

    __slots__ = ("value", "_hash")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hashed) and (self is other or (self._hash == other._hash and self.value == other.value))


def by_identity(cache: dict[int, tuple[Any, T]], value: Any, make: Callable[[], T]) -> T:
    """What ``make()`` works out for the frozen ``value``, kept by its identity (``newest``).
    ``value`` is held beside it, so that another value given its id later is not taken for it."""
    hit = cache.get(id(value))
    if hit is None or hit[0] is not value:
        cache.pop(id(value), None)
        hit = newest(cache, id(value), lambda: (value, make()))
    return hit[1]
