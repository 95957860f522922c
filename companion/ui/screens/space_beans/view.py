"""What a Space Beans play screen shows to one phone: ``view(state, me)``, worked out once
per state and viewer for every phone (``GameOf.view``). ``me`` is the player this phone
is (None: an onlooker): a secret collection is in the view only on its own player's phone,
until the game ends and every collection is turned up. The pieces of the screen show slices
of it; what a player may do is the engine's answer (``allowed``), as that phone may see it:
a phone shows its own player's turn from its own view, and another player's from the
onlooker's view (nothing face down in it), made once per state for every phone. The play
screen follows both (``Seen``) as a feed: itself only the ``Shape``, each piece its own slice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from sheets.results import GameResult
from sheets.space_beans import DECK, RULES, Allowed, Card, Collection, State, allowed, allowed_every


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
    turn: str | None  # whose turn it is (None: open, the next entry says)


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
    best: int  # the most trophy points
    leaders: tuple[str, ...]  # who has them
    result: GameResult | None  # at the end: the final result
    ended_by: str | None
    sheets: tuple[SheetView, ...]  # in seating order
    # What players may do (``allowed``) as this phone may see it: its own player's answer
    # on a player's phone; every player's on an onlooker's (``me`` None), which shows
    # nothing face down, and is the view of another player's turn on every phone.
    turns: tuple[Allowed, ...]
    end: EndView | None
    # Cards this phone sees on the table more often than the deck holds them: a recording
    # mistake (a lay is never refused for a card face down elsewhere; that would tell of it).
    # Read from what this phone may see only: face up, its own secret collection, all at the end.
    doubled: tuple[Card, ...] = ()

    def sheet(self, name: str) -> SheetView:
        return self.sheets[self.shape.names.index(name)]

    def turn(self, name: str) -> Allowed:
        return next(a for a in self.turns if a.player == name)

    def shows_turn(self, name: str) -> bool:
        return any(a.player == name for a in self.turns)


class Seen(NamedTuple):
    """What the play screen follows of its game (``use_feed``): the table as this phone's
    seat sees it (``table.me``, read with it), and as an onlooker sees it."""

    table: TableView
    onlooker: TableView

    def turn_view(self, player: str) -> TableView:
        """The view that shows ``player``'s turn on this phone: its own player's from its own
        view, another player's from the onlooker's (nothing face down in it)."""
        return self.table if self.table.me == player and self.table.shows_turn(player) else self.onlooker


def view(state: State, me: str | None) -> TableView:
    """The table as the phone of ``me`` may see it (None: an onlooker)."""
    over = RULES.is_over(state)
    best = max(sheet.trophy_points for sheet in state.players)  # until the end only trophies count
    sheets = []
    for sheet in state.players:
        secret = sheet.secret_collection
        points = sheet.trophy_points
        sheets.append(SheetView(
            name=sheet.name, you=sheet.name == me, points=points, leader=points == best and points > 0,
            trophies=sheet.trophies, open=sheet.open_collection,
            secret=secret if secret is not None and (over or sheet.name == me) else None,
            secret_cards=len(secret.values) if secret is not None else 0,
        ))
    if me is None:
        turns = tuple(a.seen_by(None) for a in allowed_every(state))
    else:
        turns = (allowed(state, me),) if me in state.names else ()
    reached = state.reached
    end = None
    if reached is not None and not over:
        end = EndView(reached.name, reached.trophy_points, state.turn_over, allowed(state, reached.name).end_game)
    seen = Counter(card for sheet in sheets for card in (
        *sheet.trophies, *(sheet.open.cards if sheet.open else ()), *(sheet.secret.cards if sheet.secret else ())))
    return TableView(
        me=me,
        shape=Shape(over, reached.name if reached else None, state.turn_over, state.names,
                    None if over else reached.name if reached else state.turn),
        best=best,
        leaders=tuple(s.name for s in sheets if s.points == best),
        result=RULES.result(state) if over else None,
        ended_by=state.ended_by,
        sheets=tuple(sheets),
        turns=turns,
        end=end,
        doubled=tuple(sorted(card for card, n in seen.items() if n > DECK[card])),
    )
