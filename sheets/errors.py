"""The two kinds of error the engine raises, both with a message a player understands."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from sheets.i18n import N_, _

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

# pydantic's own words for what entries and files most often get wrong, by error type,
# marked for translation word for word: English stays exactly pydantic's. A type not
# listed here (or words a newer pydantic changed) is said in pydantic's English.
PYDANTIC_WORDS = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "literal_error": N_("Input should be {expected}"),
    "union_tag_invalid": N_("Input tag '{tag}' found using {discriminator} does not match any of the expected "
                            "tags: {expected_tags}"),
}


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
    return problem_words(exc.errors()[0])


def problem_words(error: ErrorDetails) -> str:
    """What pydantic found wrong, in the phone's language where ``PYDANTIC_WORDS`` has it;
    a validator's own refusal ("Value error, ...") is said as it was raised (translated there)."""
    template = PYDANTIC_WORDS.get(error["type"])
    context = dict(error.get("ctx") or {})
    if template is not None:
        try:
            english = template.format(**context)
        except (KeyError, IndexError, ValueError):
            english = None
        if english == error["msg"]:
            expected = context.get("expected")
            if isinstance(expected, str) and " or " in expected:  # "'blue', 'red' or 'green'"
                some, last = expected.rsplit(" or ", 1)
                context["expected"] = _("{some} or {last}").format(some=some, last=last)
            return _(template).format(**context)
    return error["msg"].removeprefix("Value error, ")


def parse_entry(adapter: TypeAdapter[T], data: Any, since: tuple[str, tuple[str, ...], bool] | None = None) -> T:
    """An action from its JSON form, every game alike; otherwise a RulesError
    "not a valid entry: <field>: <reason>" (the action's kind is left out of the place).

    ``since``: (flag, kinds, before) for a rule that holds for entries made since it came:
    an entry of those kinds stored before has no ``flag`` key and is read with ``flag`` set
    to ``before``, by the rules it was recorded under, so every stored game still folds."""
    flag, kinds, before = since if since is not None else ("", (), False)
    if isinstance(data, dict) and data.get("kind") in kinds and flag not in data:
        data = {**data, flag: before}
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first["loc"]]
        if loc and isinstance(data, dict) and loc[0] == data.get("kind"):
            loc = loc[1:]
        where = ".".join(loc)
        reason = first_problem(exc)
        raise RulesError(_("not a valid entry: {where}: {reason}").format(where=where, reason=reason) if where
                         else _("not a valid entry: {reason}").format(reason=reason)) from None


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
        raise RulesError(_("setup {where}: {reason}").format(where=where, reason=problem_words(error))) from None
