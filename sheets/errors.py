"""The two kinds of error the engine raises, both with a message a player understands."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)


class RulesError(ValueError):
    """An action the rules do not allow. The state it was applied to is unchanged.

    ``where`` optionally names whose entry is wrong (a player, a card), so that the
    score-file reader can turn it into a place such as ``rounds[1].Beate``.
    """

    def __init__(self, reason: str, where: str | None = None):
        self.reason = reason
        self.where = where
        super().__init__(f"{where}: {reason}" if where else reason)


class ScoreFileError(ValueError):
    """A score file that is not valid. ``place`` names where, e.g. ``rounds[1].Beate``."""

    def __init__(self, place: str, reason: str):
        self.place = place
        self.reason = reason
        super().__init__(f"{place}: {reason}" if place else reason)


def first_problem(exc: ValidationError) -> str:
    """The first problem pydantic found, in the words a player can read."""
    return exc.errors()[0]["msg"].removeprefix("Value error, ")


def parse_entry(adapter: TypeAdapter[T], data: Any) -> T:
    """An action from its JSON form, every game alike; otherwise a RulesError
    "not a valid entry: <field>: <reason>" (the action's kind is left out of the place)."""
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first["loc"]]
        if loc and isinstance(data, dict) and loc[0] == data.get("kind"):
            loc = loc[1:]
        where = ".".join(loc)
        reason = first_problem(exc)
        raise RulesError(f"not a valid entry: {where}: {reason}" if where else f"not a valid entry: {reason}") from None


def parse_setup(model: type[M], data: Any, *, name_place: bool = False) -> M:
    """A game's setup from its dict form, every game alike; otherwise a RulesError with
    pydantic's first problem ("setup players.0.province: ..." with ``name_place``)."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        if not name_place:
            raise RulesError(first_problem(exc)) from None
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"])
        raise RulesError(f"setup {where}: {error['msg']}") from None
