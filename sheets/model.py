"""The one base of every engine model: frozen, and no key beyond the declared fields; and
``Hashed``, a deep frozen value as a key, hashed once. Engines keep no caches of their own:
what is worked out of a state is kept by the state (a ``cached_property``, not a field) or
by the session beside its game (``companion/derived.py``)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Self

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes``, validated as a new instance is (``model_copy(update=...)``
        is not). Nested model instances pass as they are: pydantic does not validate them again."""
        values = self.__dict__  # the fields' values; only the fields are taken (not a cached value)
        return self.model_validate({**{name: values[name] for name in type(self).model_fields}, **changes})


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
