"""Gone with the Beans scorer: the typed view of the game a play screen renders (once per
state, for the whole table: ``GameOf.view``), and the taps its pieces are handed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import flet as ft

from companion.ui.components.common import error_line
from sheets.gone_with_the_beans import RULES, Action, PlayerSheet, State
from sheets.results import GameResult


@dataclass(frozen=True)
class SheetShown:
    """One player's paper sheet: the entries, and the points each item scores now."""

    entries: PlayerSheet
    points: Mapping[str, int]  # the breakdown, "total" included

    @property
    def name(self) -> str:
        return self.entries.name


@dataclass(frozen=True)
class ScorerView:
    """The scorer as a phone shows it: the sheet letter, whether the table finished, every
    player's sheet in seating order, and the result."""

    letter: str
    finished: bool
    sheets: tuple[SheetShown, ...]
    result: GameResult

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sheets)

    def sheet_of(self, name: str) -> SheetShown:
        return next(s for s in self.sheets if s.name == name)


def view(state: State, me: str | None) -> ScorerView:
    """What the scorer shows of ``state``. Every sheet is on the paper for all to see: the
    view is the same for every phone (``me`` changes nothing of it), so the screen asks for
    the one with ``me`` None, made once per state for the whole table."""
    result = RULES.result(state)
    return ScorerView(
        letter=state.sheet,
        finished=state.finished,
        sheets=tuple(SheetShown(p, r.breakdown) for p, r in zip(state.players, result.players)),
        result=result,
    )


Refused = tuple[str | None, str | None]  # (the part of the screen tapped, the rules' reason)


@dataclass(frozen=True)
class Taps:
    """What the pieces' taps do (``use_latest`` functions: equal from render to render)."""

    enter: Callable[[str, Action], object]  # an entry, its refusal shown in the part ``where`` tapped
    refuse: Callable[[str, str], None]  # the rules' reason in the part tapped, without an entry
    show: Callable[[str], None]  # another player's sheet
    finish: Callable[[], None]
    reopen: Callable[[], None]


def problem(refused: Refused, where: str) -> ft.Control:
    """The refusal of a tap in this part of the screen, if it was tapped there."""
    return error_line(refused[1] if refused[0] == where else None)
