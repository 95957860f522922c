"""Reading ``beans-score/1`` files (see shared/design/score-files.md)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from sheets.errors import ScoreFileError

FORMAT = "beans-score/1"

M = TypeVar("M", bound=BaseModel)


def place_of(loc: tuple[Any, ...]) -> str:
    """A pydantic location as a path: ("rounds", 1, "Beate") -> "rounds[1].Beate"."""
    place = ""
    for part in loc:
        if isinstance(part, int):
            place += f"[{part}]"
        else:
            place += f".{part}" if place else str(part)
    return place


_PLAIN = {
    "extra_forbidden": "unknown key",
    "missing": "missing",
}


def parse_model(model: type[M], data: Any, prefix: tuple[Any, ...] = ()) -> M:
    """Validate ``data`` as ``model``; the first problem becomes a one-line ScoreFileError."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = tuple(p for p in error["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        reason = _PLAIN.get(error["type"]) or error["msg"].removeprefix("Value error, ")
        raise ScoreFileError(place_of(prefix + loc), reason) from None
