"""What the score pad shows of a state: one typed view (``view``), worked out once per state
for every phone (``GameOf.view``); the play screen's pieces each show a slice of it.

The pad is the table's: any phone enters any player's cards, so what it shows does not
depend on the phone's seat, and every phone at the table renders the same view. What the
rules allow is the engine's answer (``RULES.allowed``), kept in the view as it is said.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sheets.nicht_die_bohne import RULES, ROUNDS, Allowed, Card, CardOffer, Colour, HandOffer, StarterOffer, State
from sheets.results import GameResult

RoundCell = tuple[int, int, int, bool] | None  # total, positive, negative, complete (None: not begun)


class Row(NamedTuple):
    """A player's line of the pad: name, each round's cell, the game's total, winner."""

    name: str
    cells: tuple[RoundCell, ...]
    total: int
    winner: bool


@dataclass(frozen=True)
class Shape:
    """What the play screen itself shows of the game: the rounds there are to show, which
    of them are entered card by card (the others are corrected as a whole), and who still
    enters cards in each round (the player a phone shows when none is picked)."""

    names: tuple[str, ...]
    over: bool
    rounds: tuple[int, ...]  # every round to show, in order (the engine's answer)
    by_card: tuple[int, ...]  # of them, those entered card by card
    waiting: tuple[tuple[str, ...], ...]  # per round shown: the players whose hand is not full
    starters: tuple[int, ...]  # the rounds whose starter may be told (asked until told)

    def shown_round(self, chosen: int | None) -> int:
        """The round picked, while there is one; else the latest."""
        return chosen if chosen in self.rounds else self.rounds[-1]

    def still_entering(self, number: int) -> tuple[str, ...]:
        return self.waiting[self.rounds.index(number)] if number in self.rounds else ()


@dataclass(frozen=True)
class PadView:
    """The score pad of one state, for every phone."""

    shape: Shape
    size: int  # a full hand (rulebook: Preparation)
    rows: tuple[Row, ...]  # the pad, a row per player in the result's order
    result: GameResult | None  # once the game is over
    cards: tuple[tuple[tuple[Card, ...], ...], ...]  # per round entered, each seat's cards
    starters: tuple[StarterOffer, ...]  # the rounds whose starter may be told (RULES.allowed)
    answers: tuple[Allowed, ...]  # per seat: what the rules allow that player now (RULES.allowed)

    def allowed(self, player: str) -> Allowed:
        """What the rules allow ``player`` now: the engine's answer."""
        return self.answers[self.shape.names.index(player)]

    def cards_of(self, number: int, player: str) -> tuple[Card, ...]:
        if number > len(self.cards):
            return ()
        return self.cards[number - 1][self.shape.names.index(player)]

    def count(self, number: int, player: str) -> int:
        return len(self.cards_of(number, player))

    def complete(self, number: int) -> bool:
        return number <= len(self.cards) and all(len(cards) == self.size for cards in self.cards[number - 1])

    def hand(self, number: int, player: str) -> HandOffer | None:
        """What ``player`` may take or give back in round ``number``: None once it is corrected as a whole."""
        if player not in self.shape.names:
            return None
        return self.allowed(player).hand(number)

    def starter(self, number: int) -> StarterOffer | None:
        return next((offer for offer in self.starters if offer.round == number), None)

    def next_to_enter(self, number: int, player: str) -> str | None:
        """After ``player``'s hand is full: the next player in seating order still entering."""
        names = self.shape.names
        seat = names.index(player)
        return next((p for p in names[seat + 1:] + names[:seat] if self.count(number, p) < self.size), None)


class Shown(NamedTuple):
    """What the play screen follows of its game (``use_feed``): the pad, and who made the
    last entry (the table's record of the game, not its state)."""

    pad: PadView
    last_by: str | None


def view(state: State, me: str | None) -> PadView:
    """The pad of ``state`` as a phone seated as ``me`` sees it: the same for every seat
    (the round entry is the table's), so the play screen asks for it once for all."""
    names = state.names
    answers = tuple(RULES.allowed(state, player) for player in names)
    table = answers[0]  # the table's entries (rounds, starters): the same for every player
    size = state.hand_size
    result = RULES.result(state)
    over = RULES.is_over(state)
    cards = tuple(r.cards for r in state.rounds)
    complete = [all(len(hand) == size for hand in by_seat) for by_seat in cards]
    rows = tuple(Row(p.name, tuple(round_cell(p.breakdown["rounds"], n, complete) for n in range(ROUNDS)), p.total,
                     over and p.name in result.winners) for p in result.players)
    waiting = tuple(
        tuple(p for p, hand in zip(names, cards[n - 1]) if len(hand) < size) if n <= len(cards) else names
        for n in table.rounds
    )
    return PadView(
        shape=Shape(names=names, over=over, rounds=table.rounds, by_card=table.by_card,
                    waiting=waiting, starters=tuple(offer.round for offer in table.starters)),
        size=size, rows=rows, result=result if over else None, cards=cards,
        starters=table.starters, answers=answers,
    )


def round_cell(rounds: list[dict[str, int]], index: int, complete: list[bool]) -> RoundCell:
    """A round's cell of a player's row (``rounds``: their result's breakdown per round)."""
    if index >= len(rounds):
        return None
    cell = rounds[index]
    return int(cell["total"]), int(cell["positive"]), int(cell["negative"]), complete[index]


class HandPart(NamedTuple):
    """What the keypad shows of one player's hand: the cards, the chosen colour's offers, the
    rest of the deck (when the engine offers it) and a full hand's size."""

    cards: tuple[Card, ...]
    colour: tuple[CardOffer, ...]
    rest: tuple[Card, ...]
    size: int


def hand_part(hand: HandOffer | None, colour: Colour) -> HandPart | None:
    if hand is None:
        return None
    return HandPart(hand.cards, hand.of_colour(colour), hand.rest, hand.size)
