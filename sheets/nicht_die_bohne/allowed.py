"""What a state of the pad allows (``RULES.allowed``): the engine's answer, which a screen
shows and never works out itself.

For a player: in each round whose cards are entered card by card (the latest round, and
the next one once the latest is complete; none once the third is complete: a finished
game is closed), every card of the deck they may take or give back, each refused one
with the reason the rules give for it (the very words of ``apply``'s RulesError), and
"the rest of the deck" once it is theirs. For the table: the rounds entered only as a
whole now (a correction; all three once the game is finished), and whose start may be
recorded (who took the Bean chip last in the round before), asked while nobody is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sheets.nicht_die_bohne.cards import DECK, Card, Colour, hand_size, too_many
from sheets.nicht_die_bohne.engine import (
    ROUNDS, State, closed_starter_refusal, missing_refusal, size_refusal, taken_refusal,
)
from sheets.results import position_of

# Every card of the deck once, colour by colour, each in the order of the pad's keypad:
# 1-10, Nullifier, Doubler, Plus/Minus.
CARDS: tuple[Card, ...] = tuple(sorted(DECK))
PER_COLOUR = len(CARDS) // len(Colour)
COPIES: tuple[int, ...] = tuple(DECK[card] for card in CARDS)
INDEX: dict[tuple[str, str], int] = {(card.colour, card.face): i for i, card in enumerate(CARDS)}
DECK_SIZE = sum(DECK.values())


class CardOffer(NamedTuple):
    """One card of the deck for one player's hand in one round: who holds it, and whether
    the rules let the player take one (more) or give one back. A refusal is said when it
    is read (``take``, ``give_back``), in the reader's language, in the engine's own words
    (``check_cards``): a hand is 52 of these (each card of the deck once), made for every
    state, and only a tapped one is read. (A tuple: made fastest.)"""

    card: Card
    mine: int  # copies this player holds
    holders: tuple[str, ...]  # the other players who hold a copy, a name per copy
    left: int  # copies nobody holds
    round: int
    hand: int  # cards the player holds in the round
    size: int  # a full hand
    players: int

    @property
    def may_take(self) -> bool:
        """Whether the rules let the player take one (more): ``take`` is None."""
        return self.hand < self.size and self.left > 0

    @property
    def may_give_back(self) -> bool:
        """Whether the rules take one back from the player: ``give_back`` is None."""
        return self.mine > 0

    @property
    def take(self) -> str | None:
        """Why the rules refuse this player one (more) of the card; None: they may take one."""
        if self.hand >= self.size:
            return size_refusal(self.hand + 1, self.players, self.size)
        if self.mine >= self.mine + len(self.holders) + self.left:
            return too_many(self.card, self.mine + 1)
        if self.left <= 0:
            return taken_refusal(self.card, self.holders)
        return None

    @property
    def give_back(self) -> str | None:
        """Why the rules refuse to take one back from this player; None: they may."""
        return None if self.mine else missing_refusal(self.card, self.round)


@dataclass(frozen=True, slots=True)
class HandOffer:
    """One player's cards in one round, and what the rules let them take or give back."""

    round: int
    player: str
    cards: tuple[Card, ...]  # the player's cards, sorted
    size: int  # a full hand (rulebook: Preparation)
    offers: tuple[CardOffer, ...]  # every card of the deck once, in ``CARDS`` order
    rest: tuple[Card, ...]  # "the rest of the deck", offered as the player's whole hand; () when not

    @property
    def full(self) -> bool:
        return len(self.cards) >= self.size

    def of_colour(self, colour: Colour) -> tuple[CardOffer, ...]:
        """That colour's cards: 1-10, Nullifier, Doubler, Plus/Minus."""
        start = list(Colour).index(colour) * PER_COLOUR
        return self.offers[start:start + PER_COLOUR]

    def offer(self, card: Card) -> CardOffer:
        return self.of_colour(card.colour)[CARDS.index(card) % PER_COLOUR]


@dataclass(frozen=True, slots=True)
class StarterOffer:
    """Who starts ``round`` (whoever took the Bean chip last in the round before): it may
    be recorded, and told again; ``starter`` is who is recorded (None: the question is open)."""

    round: int
    starter: str | None
    refused: str | None = None  # why it is not recorded on its own (a finished game: issue 47)

    @property
    def asked(self) -> bool:
        return self.starter is None and self.refused is None


@dataclass(frozen=True, slots=True)
class Allowed:
    """What the pad allows ``player`` now (``allowed``); "" asks for the table's entries only."""

    player: str
    by_card: tuple[int, ...]  # the rounds entered card by card now
    hands: tuple[HandOffer, ...]  # the player's hand in each of them (none for the table)
    finished: tuple[int, ...]  # the rounds entered only as a whole now: a correction
    starters: tuple[StarterOffer, ...]  # the rounds whose starter may be recorded

    def hand(self, number: int) -> HandOffer | None:
        return next((hand for hand in self.hands if hand.round == number), None)

    def starter(self, number: int) -> StarterOffer | None:
        return next((offer for offer in self.starters if offer.round == number), None)

    @property
    def rounds(self) -> tuple[int, ...]:
        """Every round there is to show: the finished ones and those entered card by card."""
        return (*self.finished, *self.by_card)


def hand_offer(names: Sequence[str], number: int, cards: Sequence[Sequence[Card]], player: str) -> HandOffer:
    """``player``'s hand in round ``number`` whose cards are ``cards`` (by seat): what they
    may take or give back, with the engine's reasons (``check_cards``), as one card by
    card entry (``take-card``, ``return-card``) would be answered; and "the rest of the
    deck" once the others hold all but a hand and theirs is not full. A correction's draft
    of a finished round is answered the same way, before it is saved as a whole."""
    size = hand_size(len(names))
    seat = position_of(tuple(names), player)
    own = cards[seat]
    mine = [0] * len(CARDS)
    for card in own:
        mine[INDEX[card.colour, card.face]] += 1
    held: list[tuple[str, ...]] = [()] * len(CARDS)
    for name, hand in zip(names, cards):
        if name != player:
            for card in hand:
                at = INDEX[card.colour, card.face]
                held[at] = (*held[at], name)
    count, players = len(own), len(names)
    make = tuple.__new__  # a CardOffer made without its keyword handling: 52 a hand, each state
    offers: tuple[CardOffer, ...] = tuple([
        make(CardOffer, (card, n, holders, copies - n - len(holders), number, count, size, players))
        for card, n, holders, copies in zip(CARDS, mine, held, COPIES)])
    rest: tuple[Card, ...] = ()
    if sum(map(len, cards)) - count == DECK_SIZE - size and count < size:
        rest = tuple(card for card, copies, holders in zip(CARDS, COPIES, held)
                     for _copy in range(copies - len(holders)))
    return HandOffer(round=number, player=player, cards=tuple(c for c, n in zip(CARDS, mine) for _copy in range(n)),
                     size=size, offers=offers, rest=rest)


def round_cards(state: State, number: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of round ``number`` by seat; none yet in a round not begun."""
    if number > len(state.rounds):
        return tuple(() for _name in state.names)
    return state.rounds[number - 1].cards


def allowed(state: State, player: str) -> Allowed:
    """What ``player`` may do now (``RULES.allowed``); raises RulesError for a name not playing.

    Cards go to the latest round, or start the next once it is complete (``enter-cards``);
    a round before the latest is corrected as a whole (``correct-round``), and so is the
    third once it is complete: the game is finished, and closed (issue 31); who starts a
    round is recorded for round 1 from the start, for each later one once the round before
    is entered; a finished game asks no more, and a starter told changes only with its round's
    correction (issue 47)."""
    if player:
        state.position(player)
    last = len(state.rounds)
    closed = last == ROUNDS and state.round_complete(ROUNDS)  # a finished game: corrected as a whole only
    by_card = ([last] if last and not closed else []) + (
        [last + 1] if last < ROUNDS and (not last or state.round_complete(last)) else [])
    hands = tuple(hand_offer(state.names, n, round_cards(state, n), player) for n in by_card) if player else ()
    return Allowed(
        player=player, by_card=tuple(by_card), hands=hands, finished=tuple(range(1, last + 1 if closed else last)),
        starters=tuple(StarterOffer(round=n, starter=state.starter(n), refused=closed_starter_refusal(n) if closed
                                    else None)
                       for n in range(1, min(last + 1, ROUNDS) + 1) if not (closed and state.starter(n) is None)),
    )
