"""What a Space Beans play screen shows to one phone: ``view(state, me)``, worked out once
per state and viewer for every phone (``GameOf.view``). ``me`` is the player this phone
is (None: an onlooker): a secret collection is in the view only on its own player's phone,
until the game ends and every collection is turned up. The pieces of the screen show slices
of it; what a player may do is the engine's answer (``allowed``), as that phone may see it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.results import GameResult
from sheets.space_beans import RULES, Allowed, Card, Collection, State


@dataclass(frozen=True)
class SheetView:
    """One player's sheet as this phone may see it."""

    name: str
    you: bool  # this phone's own player
    points: int  # trophy points
    leader: bool  # ranked first with a trophy or more
    trophies: tuple[Card, ...]
    open: Collection | None
    secret: Collection | None  # None when there is none, or it lies face down for this phone
    secret_cards: int  # how many cards the secret collection holds (public)


@dataclass(frozen=True)
class Shape:
    """What the play screen itself shows: which parts there are."""

    over: bool
    reached: str | None  # the player whose trophies reached 30: the game ends after that turn
    turn_over: bool  # that turn is over: only the end of the game is left
    names: tuple[str, ...]


@dataclass(frozen=True)
class EndView:
    """A player's trophies reached 30: what is left of the game, and whether it may end."""

    player: str
    points: int
    turn_over: bool
    refused: str | None  # why the game may not end now (the engine's)


@dataclass(frozen=True)
class TableView:
    me: str | None
    shape: Shape
    result: GameResult  # the standings now (at the end: the final result)
    ended_by: str | None
    sheets: tuple[SheetView, ...]  # in seating order
    turns: tuple[Allowed, ...]  # what each player may do (``allowed``), as this phone may see it
    end: EndView | None

    @property
    def best(self) -> int:
        return max(p.total for p in self.result.players)

    @property
    def leaders(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.result.players if p.rank == 1)

    def sheet(self, name: str) -> SheetView:
        return self.sheets[self.shape.names.index(name)]

    def turn(self, name: str) -> Allowed:
        return self.turns[self.shape.names.index(name)]


def view(state: State, me: str | None) -> TableView:
    """The table as the phone of ``me`` may see it."""
    over = RULES.is_over(state)
    result = RULES.result(state)  # the players in seating order
    sheets = []
    for sheet, standing in zip(state.players, result.players):
        secret = sheet.secret_collection
        points = sheet.trophy_points
        sheets.append(SheetView(
            name=sheet.name, you=sheet.name == me, points=points, leader=standing.rank == 1 and points > 0,
            trophies=sheet.trophies, open=sheet.open_collection,
            secret=secret if secret is not None and (over or sheet.name == me) else None,
            secret_cards=len(secret.values) if secret is not None else 0,
        ))
    reached = state.reached
    end = None
    if reached is not None and not over:
        end = EndView(reached.name, reached.trophy_points, state.turn_over, RULES.allowed(state, reached.name).end_game)
    return TableView(
        me=me,
        shape=Shape(over, reached.name if reached else None, state.turn_over, state.names),
        result=result,
        ended_by=state.ended_by,
        sheets=tuple(sheets),
        turns=() if over else tuple(RULES.allowed(state, name).seen_by(me) for name in state.names),
        end=end,
    )
