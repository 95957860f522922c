"""The one base of every engine model: frozen, and no key beyond the declared fields."""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes``, validated as a new instance is (``model_copy(update=...)``
        is not). Nested model instances pass as they are: pydantic does not validate them again."""
        values = self.__dict__  # the fields' values; only the fields are taken (not a cached value)
        return self.model_validate({**{name: values[name] for name in type(self).model_fields}, **changes})
