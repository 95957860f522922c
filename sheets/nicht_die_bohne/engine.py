"""The Nicht die Bohne! score pad: three rounds of collected cards per player.

Actions: ``take-card`` and ``return-card`` add or remove one card of one player in the
round being entered (relative, so two quick taps or two phones never overwrite each
other); ``enter-cards`` sets a player's whole hand at once (the rest of the deck, an
import); ``correct-round`` replaces a whole finished round, so a correction can move a
card from one player to another; ``bean-chip`` records who took the Bean chip last in a
round, the player who starts the next round (round 0: who took it at the deal, the
player who starts round 1; a log without it reads as not told).

A finished game is closed (issue 31): once the third round is complete, no card entry
changes it, nor who started a round (issue 47); ``correct-round`` reopens it on purpose,
saved as a whole round with its starter. A card or Bean chip entry says it was made under
that rule (``closed``); one stored before it (no ``closed`` in the log) is read as it was
then, so an old game whose stray tap reopened round 3 still opens as it was played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, TypeAdapter, field_validator, model_serializer

from sheets.errors import RulesError, parse_entry, parse_setup
from sheets.i18n import _, ngettext
from sheets.model import Frozen
from sheets.names import listed
from sheets.nicht_die_bohne.cards import DECK, Card, hand_size, too_many
from sheets.nicht_die_bohne.scoring import RoundScore, round_score
from sheets.results import GameResult, build_result, clean_names, position_of

GAME_ID = "nicht-die-bohne"
ROUNDS = 3  # rulebook: Game End, "After three rounds"


class Setup(Frozen):
    players: tuple[str, ...]  # in seating order

    @field_validator("players", mode="before")
    @classmethod
    def _names(cls, value: Any) -> tuple[str, ...]:
        return clean_names(value, 3, 6)


class Round(Frozen):
    cards: tuple[tuple[Card, ...], ...]  # per player, in seating order
    chip_last: str | None = None  # took the Bean chip last: starts the next round


class State(Frozen):
    names: tuple[str, ...]  # the players, in seating order
    rounds: tuple[Round, ...] = ()
    opener: str | None = None  # took the Bean chip at the deal (left of the dealer): starts round 1

    @property
    def hand_size(self) -> int:
        return hand_size(len(self.names))

    def position(self, name: str) -> int:
        return position_of(self.names, name)

    def round_complete(self, number: int) -> bool:
        return number <= len(self.rounds) and all(
            len(cards) == self.hand_size for cards in self.rounds[number - 1].cards
        )

    @property
    def complete_rounds(self) -> int:
        return sum(self.round_complete(n) for n in range(1, len(self.rounds) + 1))

    @property
    def entering(self) -> int | None:
        """The round being entered now (1-based), or None when all three are complete."""
        if not self.rounds:
            return 1
        if not self.round_complete(len(self.rounds)):
            return len(self.rounds)
        return len(self.rounds) + 1 if len(self.rounds) < ROUNDS else None

    def cards_of(self, number: int, player: str) -> tuple[Card, ...]:
        if number > len(self.rounds):
            return ()
        return self.rounds[number - 1].cards[self.position(player)]

    def holders(self, number: int, besides: str | None = None) -> dict[Card, list[str]]:
        """Who holds each card in that round (a name once per copy), leaving out ``besides``."""
        held: dict[Card, list[str]] = {}
        if number <= len(self.rounds):
            for name, cards in zip(self.names, self.rounds[number - 1].cards):
                if name != besides:
                    for card in cards:
                        held.setdefault(card, []).append(name)
        return held

    def taken_by_others(self, number: int, player: str) -> Counter[Card]:
        """Cards other players collected in that round."""
        self.position(player)
        return Counter({card: len(names) for card, names in self.holders(number, player).items()})

    def rest_of_deck(self, number: int, player: str) -> tuple[Card, ...]:
        """What the deck holds beyond the other players' cards: the last player's share."""
        return tuple(sorted((DECK - self.taken_by_others(number, player)).elements()))

    def starter(self, number: int) -> str | None:
        """Who starts round ``number``: whoever took the Bean chip last in the round before
        (round 1: whoever took it at the deal)."""
        if number == 1:
            return self.opener
        if number < 2 or number - 1 > len(self.rounds):
            return None
        return self.rounds[number - 2].chip_last

    def score(self, number: int, player: str) -> RoundScore:
        return round_score(self.cards_of(number, player))


# What a card entry made since a finished game is closed (issue 31) says in the log: ``closed``
# True; False (the key missing from a stored entry): made before, read as it was then.
CLOSED = "closed"


class CardEntry(Frozen):
    """A card entry's log: ``closed`` only when True, so an entry stored before (or sent
    without it) is logged as it came and read as it was then."""

    @model_serializer(mode="wrap")
    def _logged(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get(CLOSED) is False:
            del data[CLOSED]
        return data


class EnterCards(CardEntry):
    kind: Literal["enter-cards"] = "enter-cards"
    round: int
    player: str
    cards: tuple[Card, ...]
    closed: bool = True


class TakeCard(CardEntry):
    kind: Literal["take-card"] = "take-card"
    round: int
    player: str
    card: Card
    closed: bool = True


class ReturnCard(CardEntry):
    kind: Literal["return-card"] = "return-card"
    round: int
    player: str
    card: Card
    closed: bool = True


class CorrectRound(Frozen):
    kind: Literal["correct-round"] = "correct-round"
    round: int
    cards: dict[str, tuple[Card, ...]]
    # Who started the round (took the Bean chip last in the round before; round 1: at the
    # deal); None: as recorded. A finished game's starter changes only so (issue 47).
    starter: str | None = None

    @model_serializer(mode="wrap")
    def _logged(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get("starter") is None:
            del data["starter"]
        return data


class RecordChip(CardEntry):
    """Who took the Bean chip last in ``round`` (0: at the deal): the starter of the next.
    Made since a finished game is closed to it too (issue 47: ``closed``); one stored before
    is read as it was then."""

    kind: Literal["bean-chip"] = "bean-chip"
    round: int
    player: str | None
    closed: bool = True


Action = Annotated[EnterCards | TakeCard | ReturnCard | CorrectRound | RecordChip, Field(discriminator="kind")]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)
CARD_ENTRIES = ("enter-cards", "take-card", "return-card")
CLOSED_ENTRIES = (*CARD_ENTRIES, "bean-chip")  # entries a finished game refuses (``closed``)


def check_cards(
    state: State, player: str, cards: Sequence[Card], taken: Mapping[Card, list[str]], complete: bool
) -> None:
    """One player's cards in a round: within the hand size and the deck, not taken by another."""
    size = state.hand_size
    if len(cards) > size or (complete and len(cards) != size):
        raise RulesError(size_refusal(len(cards), len(state.names), size), player)
    own = Counter(cards)
    for card in sorted(own):
        if own[card] > DECK[card]:
            raise RulesError(too_many(card, own[card]), player)
        holders = taken.get(card, [])
        if own[card] + len(holders) > DECK[card]:
            raise RulesError(taken_refusal(card, holders), player)


def size_refusal(count: int, players: int, size: int) -> str:
    """The refusal for a hand of ``count`` cards in a round that deals ``size`` to each."""
    return ngettext("{n} card, a {players}-player round deals {size}",
                    "{n} cards, a {players}-player round deals {size}", count).format(
        n=count, players=players, size=size)


def taken_refusal(card: Card, holders: Sequence[str]) -> str:
    """The refusal for a card whose every copy other players (``holders``, a name per copy) hold."""
    return _("{card} is already taken by {names} in this round").format(
        card=card.label, names=listed(list(dict.fromkeys(holders))))


def closed_refusal(number: int) -> str:
    """The refusal for a card entry into round ``number``, the complete last round: the game is finished."""
    return _("the game is finished: round {number} is complete; correct it as a whole round").format(number=number)


def missing_refusal(card: Card, number: int) -> str:
    """The refusal for giving back a card the player does not hold in round ``number``."""
    return _("has no {card} in round {number}").format(card=card.label, number=number)


def _check_round_number(state: State, number: int, latest_only: bool) -> None:
    """``enter-cards`` goes to the latest round or starts the next; corrections to any round."""
    if not 1 <= number <= ROUNDS:
        raise RulesError(_("round {number}: the game has rounds 1 to {rounds}").format(number=number, rounds=ROUNDS))
    last = len(state.rounds)
    if number > last:
        if number > last + 1 or (last and not state.round_complete(last)):
            raise RulesError(_("round {number} starts once round {previous} is complete").format(
                number=number, previous=number - 1))
        if not latest_only:
            raise RulesError(_("round {number} has not been entered yet").format(number=number))
    elif latest_only and number < last:
        raise RulesError(_("round {number} is finished; correct it as a whole round").format(number=number))


def _with_round(state: State, number: int, new_round: Round) -> State:
    rounds = list(state.rounds)
    if number > len(rounds):
        rounds.append(new_round)
    else:
        rounds[number - 1] = new_round
    return State(names=state.names, rounds=tuple(rounds), opener=state.opener)


def _check_open(state: State, action: EnterCards | TakeCard | ReturnCard) -> None:
    """A finished game is closed: no card entry goes into the third round once it is
    complete (rulebook, Game End: "After three rounds, whoever has the most points is the
    winner"); ``correct-round`` reopens it as a whole. An entry stored before this rule
    (``closed`` False) is read as it was then."""
    if action.closed and action.round == ROUNDS and state.round_complete(ROUNDS):
        raise RulesError(closed_refusal(ROUNDS))


def _enter_cards(state: State, action: EnterCards) -> State:
    _check_open(state, action)
    _check_round_number(state, action.round, latest_only=True)
    seat = state.position(action.player)
    taken = state.holders(action.round, besides=action.player)
    check_cards(state, action.player, action.cards, taken, complete=False)
    old = state.rounds[action.round - 1] if action.round <= len(state.rounds) else None
    cards: list[tuple[Card, ...]] = list(old.cards) if old else [() for _ in state.names]
    cards[seat] = tuple(sorted(action.cards))
    chip = old.chip_last if old else None
    return _with_round(state, action.round, Round(cards=tuple(cards), chip_last=chip))


def _take_card(state: State, action: TakeCard) -> State:
    _check_open(state, action)
    cards = (*state.cards_of(action.round, action.player), action.card)
    return _enter_cards(state, EnterCards(round=action.round, player=action.player, cards=cards,
                                          closed=action.closed))


def _return_card(state: State, action: ReturnCard) -> State:
    _check_open(state, action)
    cards = list(state.cards_of(action.round, action.player))
    if action.card not in cards:
        raise RulesError(missing_refusal(action.card, action.round), action.player)
    cards.remove(action.card)
    return _enter_cards(state, EnterCards(round=action.round, player=action.player, cards=tuple(cards),
                                          closed=action.closed))


def closed_starter_refusal(number: int) -> str:
    """Why the starter of round ``number`` is not recorded on its own: the game is finished."""
    return _("the game is finished: who starts round {number} changes only by correcting round {number} as a "
             "whole").format(number=number)


def finished(state: State) -> bool:
    """The third round is complete: the game is finished, and closed (issue 31, issue 47)."""
    return len(state.rounds) == ROUNDS and state.round_complete(ROUNDS)


def _correct_round(state: State, action: CorrectRound) -> State:
    _check_round_number(state, action.round, latest_only=False)
    for name in action.cards:
        state.position(name)
    if action.starter is not None:
        state.position(action.starter)
        state = _record_chip(state, RecordChip(round=action.round - 1, player=action.starter, closed=False))
    taken: dict[Card, list[str]] = {}
    for player in state.names:
        if player not in action.cards:
            raise RulesError(_("no cards given"), player)
        check_cards(state, player, action.cards[player], taken, complete=True)
        for card in action.cards[player]:
            taken.setdefault(card, []).append(player)
    chip = state.rounds[action.round - 1].chip_last
    cards = tuple(tuple(sorted(action.cards[p])) for p in state.names)
    return _with_round(state, action.round, Round(cards=cards, chip_last=chip))


def _record_chip(state: State, action: RecordChip) -> State:
    """Who took the Bean chip last in round ``round`` (0: at the deal, before round 1). A
    finished game is closed: its starters change with "correct-round" only (issue 47)."""
    if action.closed and finished(state):
        raise RulesError(closed_starter_refusal(action.round + 1))
    if not 0 <= action.round <= len(state.rounds):
        raise RulesError(_("round {number} has not been entered yet").format(number=action.round))
    if action.player is not None:
        state.position(action.player)
    if action.round == 0:
        return state.changed(opener=action.player)
    old = state.rounds[action.round - 1]
    return _with_round(state, action.round, Round(cards=old.cards, chip_last=action.player))


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises RulesError and leaves ``state`` as it was."""
    if isinstance(action, TakeCard):
        return _take_card(state, action)
    if isinstance(action, ReturnCard):
        return _return_card(state, action)
    if isinstance(action, EnterCards):
        return _enter_cards(state, action)
    if isinstance(action, CorrectRound):
        return _correct_round(state, action)
    if isinstance(action, RecordChip):
        return _record_chip(state, action)
    raise RulesError(_("{action} is not a Nicht die Bohne! action").format(action=repr(action)))


def new_game(setup: dict[str, Any]) -> State:
    parsed = parse_setup(Setup, setup)
    return State(names=parsed.players)


def players(state: State) -> tuple[str, ...]:
    return state.names


def is_over(state: State) -> bool:
    return state.complete_rounds == ROUNDS


def breakdown(state: State, player: str) -> dict[str, Any]:
    """Per round (complete or being entered) positive, negative and total; the game total."""
    rounds = [state.score(n, player).breakdown() for n in range(1, len(state.rounds) + 1)]
    return {"rounds": rounds, "total": sum(r["total"] for r in rounds)}


def result(state: State) -> GameResult:
    return build_result(
        GAME_ID, {p: breakdown(state, p) for p in state.names}, over=is_over(state)
    )


def parse_action(data: Any) -> Action:
    """An entry, new or stored. A card entry stored before a finished game was closed has
    no ``closed``: it is read as it was then (``closed`` False), so its game folds as it
    was played; every entry made since says ``closed`` (a model's dump has it)."""
    return parse_entry(ACTION, data, since=(CLOSED, CLOSED_ENTRIES, False))


def round_of(state: State) -> int:
    """The round being entered: the number of rounds begun (the timeline's phase)."""
    return len(state.rounds)
