"""Reading ``beans-score/1`` files (see shared/design/score-files.md)."""

from __future__ import annotations

import re
from importlib import resources
from collections.abc import Sequence
from datetime import date
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from sheets.errors import ScoreFileError, problem_words
from sheets.i18n import N_, _
from sheets.limits import MAX_COMMENT, MAX_LOCATION, control_character as _CONTROL
from sheets.model import Frozen

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


_PLAIN = {  # shorter than pydantic's words, for a place in a file
    "extra_forbidden": N_("unknown key"),
    "missing": N_("missing"),
}


def parse_model(model: type[M], data: Any, prefix: tuple[Any, ...] = ()) -> M:
    """Validate ``data`` as ``model``; the first problem becomes a one-line ScoreFileError."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        loc = tuple(p for p in error["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        plain = _PLAIN.get(error["type"])
        reason = _(plain) if plain else problem_words(error)
        raise ScoreFileError(place_of(prefix + loc), reason) from None


# Optional fields of every score file beside "format" and "game" (README: "Score files:
# the optional fields"): the date the game was played, the player who started it, where it
# was played and the table's shared comment (issue 50). Files without them stay valid; each
# game's own reader sees the file without them.
PLAYED = "played"
START_PLAYER = "start_player"
LOCATION = "location"
COMMENT = "comment"
PLAY_FIELDS = (PLAYED, START_PLAYER, LOCATION, COMMENT)


class PlayFields(Frozen):
    """What a score file says about the play beyond the game's own record."""

    played: str | None = None  # YYYY-MM-DD
    start_player: str | None = None
    location: str | None = None  # where it was played (at most MAX_LOCATION characters, one line)
    comment: str | None = None  # the table's shared comment (at most MAX_COMMENT characters)


def split_play_fields(data: dict[str, Any]) -> tuple[dict[str, Any], PlayFields]:
    """The file without the optional play fields (for the game's reader), and those fields
    checked: ``played`` a real date written YYYY-MM-DD, ``start_player`` a name (that it is
    one of the players is checked once the players are read: ``check_start_player``)."""
    played = data.get(PLAYED)
    if PLAYED in data and not _is_date(played):
        raise ScoreFileError(PLAYED, _("must be a date written YYYY-MM-DD"))
    start = data.get(START_PLAYER)
    if START_PLAYER in data and not (isinstance(start, str) and start.strip()):
        raise ScoreFileError(START_PLAYER, _("must be the name of a player"))
    location, comment = data.get(LOCATION), data.get(COMMENT)
    if LOCATION in data:
        why = location_problem(location)
        if why:
            raise ScoreFileError(LOCATION, why)
    if COMMENT in data:
        why = comment_problem(comment)
        if why:
            raise ScoreFileError(COMMENT, why)
    rest = {key: value for key, value in data.items() if key not in PLAY_FIELDS}
    return rest, PlayFields(played=played, start_player=start.strip() if isinstance(start, str) else None,
                            location=location.strip() if isinstance(location, str) else None,
                            comment=comment.strip() or None if isinstance(comment, str) else None)


def location_problem(value: Any) -> str | None:
    """Why ``value`` is no place a game was played ("Where we play"), or None."""
    if not isinstance(value, str) or not value.strip():
        return _("must be the name of a place")
    if len(value.strip()) > MAX_LOCATION:
        return _("a place's name has at most {most} characters (this one has {n})").format(
            most=MAX_LOCATION, n=len(value.strip()))
    if _CONTROL.search(value):
        return _("a place's name is one line without control characters")
    return None


def comment_problem(value: Any) -> str | None:
    """Why ``value`` is no shared comment of a game, or None (line breaks are allowed)."""
    if not isinstance(value, str):
        return _("must be text")
    if len(value) > MAX_COMMENT:
        return _("a comment holds at most {most} characters (this one has {n})").format(most=MAX_COMMENT, n=len(value))
    if _CONTROL.search(value.replace("\n", "")):
        return _("a comment holds no control characters but line breaks")
    return None


def check_start_player(fields: PlayFields, names: Sequence[str]) -> None:
    if fields.start_player is not None and fields.start_player not in names:
        raise ScoreFileError(START_PLAYER, _("{name} is not one of the players").format(
            name=repr(fields.start_player)))


def with_play_fields(data: dict[str, Any], fields: PlayFields) -> dict[str, Any]:
    """``data`` with the known play fields after "format" and "game"."""
    head: dict[str, Any] = {key: data[key] for key in ("format", "game") if key in data}
    known = {key: value for key, value in fields.model_dump().items() if value is not None}
    return {**head, **known, **{k: v for k, v in data.items() if k not in head and k not in PLAY_FIELDS}}


def _is_date(value: Any) -> bool:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


SCHEMA_FILE = "beans-score-1.schema.json"  # package data beside this module


def json_schema_text() -> str:
    """The JSON Schema (draft 2020-12) of beans-score/1 files, as shipped with the package."""
    return resources.files("sheets").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
