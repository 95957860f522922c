"""What the live sheet's play screen shows of a state, as one typed view for a phone
(``play_view(state, me)``, worked out once per state and viewer by ``GameOf.view``); the
screen follows its ``Shown`` (``shown_of``: the view, and what the table and this phone's
players may do) as a feed, itself only its ``Shape``, each piece its own slice. The live
sheet has nothing private: every phone at the table is shown the same (who may tap what
is the table's, not the view's), so the screen asks for the view of no one in particular,
made once per state for all. What a player may do is the engine's ``allowed``, which the
session keeps (``GameOf.allowed``), not part of the view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from companion.session import GameOf
from sheets.gone_with_the_beans import Sheet
from sheets.gone_with_the_beans import State as ScoredState
from sheets.gone_with_the_beans.live import (
    ROUNDS, Action, Allowed, PlayerState, RoundCard, State, counts_dp_icons, hay_capacity, rounds_played,
    said_event, scored_sheet,
)

LiveGame = GameOf[State, Action, Allowed]
EVENTS = 8  # what just happened: the last steps of the last entry


@dataclass(frozen=True)
class SheetView:
    """One player's sheet as it stands: their record, the Hay their sheds hold, whether
    their action this round is taken and nothing it brought is owed."""

    player: PlayerState
    capacity: int
    done: bool


@dataclass(frozen=True)
class FinalView:
    """After round 15: the sheets as the end-game scorer reads them, and whether the
    sheet scores Development Passport icons (not B)."""

    scored: ScoredState
    counts_dp_icons: bool
    dp_icons: tuple[tuple[str, int | None], ...]  # each player's filled icons, None: not counted yet


@dataclass(frozen=True)
class Shape:
    """What the play screen itself shows: which parts there are (its pieces follow the rest)."""

    sheet: Sheet
    names: tuple[str, ...]
    homes: tuple[str, ...]  # each player's province (chosen at setup)
    started: bool  # round 1's card revealed
    played: bool  # round 15 played: the DP icons and the scores
    counted: tuple[bool, ...]  # each player's Development Passport icons entered


@dataclass(frozen=True)
class PlayView:
    """The play screen's view of a state."""

    sheet: Sheet
    names: tuple[str, ...]
    round: int
    card: RoundCard | None
    ruler: str
    revealing: bool  # the table reveals the next Round card now
    waiting: tuple[str, ...]  # who has still to take an action this round (none before round 1)
    played: bool  # round 15 played: the DP icons and the scores
    sheets: tuple[SheetView, ...]  # in seating order
    icons: tuple[int | None, ...]  # each facility's icons, stated or entered (None: not known yet)
    events: tuple[str, ...]  # what just happened, said
    final: FinalView | None

    def of(self, name: str) -> SheetView:
        return self.sheets[self.names.index(name)]

    @property
    def shape(self) -> Shape:
        players = [s.player for s in self.sheets]
        return Shape(self.sheet, self.names, tuple(p.province for p in players), self.round > 0, self.played,
                     tuple(p.dp_icons is not None for p in players))


class Shown(NamedTuple):
    """What the play screen follows of its game (``use_feed``): the play view, what the
    table may do (``allowed("")``), who revealed the Round card (at a table), and what each
    player this phone acts for may do (``offers``: every player on a phone the table
    shares, a seat's own player at a table, none on a phone that watches)."""

    view: PlayView
    table: Allowed
    revealed_by: str | None
    offers: tuple[tuple[str, Allowed], ...]

    def offers_of(self, name: str) -> Allowed | None:
        """What ``name`` may do now on this phone (None: another phone's player, who acts on their own)."""
        return next((allowed for player, allowed in self.offers if player == name), None)


def shown_of(game: LiveGame) -> Shown:
    """What the play screen of ``game`` follows on this phone: read of the game only (its
    seats among it), so every change and every seat taken or left reads it anew."""
    view = game.view(play_view)
    at_table = game.seated()
    mine = game.seat() if at_table else None
    acting = tuple(name for name in view.names if not at_table or name == mine)
    return Shown(view, game.allowed(""), game.last_entry_by("reveal"),
                 tuple((name, game.allowed(name)) for name in acting))


def play_view(state: State, me: str | None = None) -> PlayView:
    """``PlayView`` of ``state`` for the phone that sits as ``me``: the same for every phone."""
    sheet = state.rules
    waiting = tuple(p.name for p in state.players if not p.actions or p.due)
    played = rounds_played(state)
    final = (FinalView(scored_sheet(state), counts_dp_icons(state), tuple((p.name, p.dp_icons) for p in state.players))
             if played else None)
    return PlayView(
        sheet=sheet,
        names=state.names,
        round=state.round,
        card=state.card,
        ruler=state.ruler,
        revealing=state.round < ROUNDS and (state.round == 0 or not waiting),
        waiting=waiting if state.round else (),
        played=played,
        sheets=tuple(SheetView(p, hay_capacity(state, p.name), bool(p.actions and not p.due)) for p in state.players),
        icons=tuple(f.icons if f.icons is not None else _number(state.entered.get(f"icons:{f.id}"))
                    for f in sheet.facilities),
        events=tuple(map(said_event, state.events[-EVENTS:])),
        final=final,
    )


def _number(value: object) -> int | None:
    return value if isinstance(value, int) else None
