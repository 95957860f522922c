"""What a Bohnanza state allows one player (``allowed``): the engine's answer, which screens show.

For the player: on each of their fields, each bean and each count a tap plants (1-12),
allowed or refused with the rules' reason; harvesting each field, with what it pays or
why not; buying the third field, or why not. For the table (any player, or ``""``): the
draw pile's exhaustion (the next pass, or the end of the game with what its harvest
sells) and the final count. Every reason is the one ``apply`` raises for that action
(its RulesError), in the asking phone's language; the answer is worked out from the
same checks ``apply`` makes, without applying every action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sheets.bohnanza.beans import ORDER, Bean, label
from sheets.bohnanza.engine import (
    FIELDS, Farmer, HarvestPreview, State, UnknownBeanometer, check_at_end, check_buy, check_hand, check_in_game,
    check_not_over, field_of, fits, grows_other, grows_words, preview_harvest, supply_error, too_many,
)
from sheets.errors import RulesError

COUNTS = 12  # a tap plants 1 to 12 beans (more, rare, take a second tap): what is offered, not a rule


@dataclass(frozen=True)
class PlantOffer:
    """Planting ``bean`` in field ``field``: for each count 1-12, None (allowed) or why not."""

    field: int
    bean: Bean
    refusals: tuple[str | None, ...]  # counts 1 to COUNTS

    def refusal(self, count: int) -> str | None:
        return self.refusals[count - 1]

    @property
    def first_refused(self) -> tuple[int, str] | None:
        """The smallest count refused, and why (None: every count is allowed). The rules
        refuse a count and every larger one alike: the field grows another bean, or the
        deck runs out of that bean."""
        return next(((n, why) for n, why in enumerate(self.refusals, start=1) if why is not None), None)


@dataclass(frozen=True)
class FieldOffer:
    """One of the player's fields: planting each bean, and harvesting it."""

    number: int  # 1, 2, 3
    plant: tuple[PlantOffer, ...]  # one per bean, in table order
    harvest: HarvestPreview | None  # what harvesting it pays, when allowed
    harvest_refused: str | None  # why it may not be harvested (an empty field: there is nothing)
    asks: Bean | None = None  # the bean whose printed beanometer the harvest needs first

    def planting(self, bean: Bean) -> PlantOffer:
        return self.plant[ORDER[bean]]


@dataclass(frozen=True)
class FarmerOffers:
    """What one player may do with their own side of the table."""

    player: str
    fields: tuple[FieldOffer, ...]  # the fields the player has (2, or 3 once bought)
    no_field: str  # why a field the player does not have is refused (the third, not bought)
    buy_field: str | None  # why the third field may not be bought (None: it may)
    tell_hand: str | None = None  # why the cards in hand are not asked (None: today's tie-break asks them)
    hand: int | None = None  # the cards in hand told for the tie-break

    def field(self, number: int) -> FieldOffer | None:
        return self.fields[number - 1] if 1 <= number <= len(self.fields) else None


@dataclass(frozen=True)
class EndSale:
    """What the end of the third pass sells of one player's fields."""

    player: str
    sold: tuple[tuple[Bean, int], ...]  # (bean, count) of each planted field
    gain: int  # coins it pays
    total: int  # the player's coins after it


@dataclass(frozen=True)
class DeckOffer:
    """The table's entry when the draw pile runs out."""

    refused: str | None  # why it may not be entered (the game is over)
    next_pass: int | None  # the pass it starts; None: it ends the game (after the last)
    end: tuple[EndSale, ...]  # before the last pass ends it: what the end harvest sells, by seat
    passes: int  # how many passes this game has (3; fewer in today's box for 2 or 3 players)
    asks: Bean | None = None  # the bean whose printed beanometer the end's harvest needs first


@dataclass(frozen=True)
class Allowed:
    """What a state allows one player (``allowed``); ``farmer`` is None for the table ("")."""

    farmer: FarmerOffers | None
    deck: DeckOffer
    final_count: str | None  # why the final count may not be entered yet (None: it may)

    def plant(self, field: int, bean: Bean, count: int) -> str | None:
        """Why planting ``count`` ``bean`` in ``field`` is refused (None: allowed; the
        counts offered, 1-12)."""
        assert self.farmer is not None
        offer = self.farmer.field(field)
        return self.farmer.no_field if offer is None else offer.planting(bean).refusal(count)

    def harvest(self, field: int) -> str | None:
        assert self.farmer is not None
        offer = self.farmer.field(field)
        return self.farmer.no_field if offer is None else offer.harvest_refused


def _reason(check: Callable[[], object]) -> str | None:
    try:
        check()
    except RulesError as exc:
        return exc.reason
    return None


def on_table(state: State) -> dict[Bean, int]:
    """``state.in_play`` of every bean, in one pass over the table."""
    counts = list(state.discard.counts) if state.table.discard_known else [0] * len(ORDER)
    for farmer in state.players:
        counts = [a + b for a, b in zip(counts, farmer.coins.counts)]
        for field in farmer.fields:
            if field.bean is not None:
                counts[ORDER[field.bean]] += field.count
    return dict(zip(ORDER, counts))


def _supply(out: dict[Bean, int], base: RulesError | None) -> dict[Bean, tuple[str | None, ...]]:
    """For each bean, why planting 1-12 of it is refused by the deck's supply (the check
    ``apply`` makes of every new state: no bean more often on the table than the deck has
    it); ``base``: that check of the table as it is."""
    refusals: dict[Bean, tuple[str | None, ...]] = {}
    for bean in ORDER:
        if base is None:  # every bean fits: planting one refuses only as that bean does not
            counts = range(1, COUNTS + 1)
            refused = [n for n in counts if not fits(bean, out[bean] + n)]
            said = dict(zip(refused, too_many(bean, [out[bean] + n for n in refused])))
            refusals[bean] = tuple(said.get(n) for n in counts)
            continue
        reasons: list[str | None] = []
        for count in range(1, COUNTS + 1):
            error = supply_error({**out, bean: out[bean] + count}.__getitem__)
            reasons.append(None if error is None else error.reason)
        refusals[bean] = tuple(reasons)
    return refusals


# What every player's answer shares: (the deck's supply refusals by bean, the beans'
# labels, the game over, a refusal of every action that keeps the table's count of beans,
# why each bean not in the game is refused)
Shared = tuple[dict[Bean, tuple[str | None, ...]], dict[Bean, str], str | None, str | None, dict[Bean, str]]


def _field_offer(state: State, farmer: Farmer, number: int, shared: Shared) -> FieldOffer:
    supply, labels, over, settled, left_out = shared
    field = farmer.fields[number - 1]
    others = [bean for bean in ORDER if grows_other(field, bean)]
    grows = dict(zip(others, grows_words(field, number, others, labels))) if others else {}
    plant = []
    for bean in ORDER:
        refused = over or left_out.get(bean) or grows.get(bean)
        refusals = (refused,) * COUNTS if refused is not None else supply[bean]
        plant.append(PlantOffer(field=number, bean=bean, refusals=refusals))
    preview: HarvestPreview | None = None
    asks: Bean | None = None
    try:
        preview = preview_harvest(state, farmer.name, number)
    except UnknownBeanometer as exc:
        harvest_refused: str | None = exc.reason
        asks = exc.bean
    except RulesError as exc:
        harvest_refused = exc.reason
    else:
        harvest_refused = settled  # harvesting moves beans, the table holds as many: the supply as it is
        if harvest_refused is not None:
            preview = None
    return FieldOffer(number=number, plant=tuple(plant), harvest=preview, harvest_refused=harvest_refused, asks=asks)


def _farmer(state: State, farmer: Farmer, shared: Shared) -> FarmerOffers:
    over, settled = shared[2], shared[3]
    fields = tuple(_field_offer(state, farmer, number, shared) for number in range(1, len(farmer.fields) + 1))
    table = state.table
    no_field = over or _reason(lambda: field_of(table, farmer, FIELDS + 1 if not farmer.third_field else FIELDS + 2))
    assert no_field is not None  # a field beyond the player's is always refused
    buy = over or _reason(lambda: check_buy(table, farmer)) or settled
    others = {f.name: f.hand for f in state.players if f.hand is not None and f.name != farmer.name}
    tell = _reason(lambda: check_hand(state, farmer.name, {**others, farmer.name: 0}))
    return FarmerOffers(player=farmer.name, fields=fields, no_field=no_field, buy_field=buy, tell_hand=tell,
                        hand=farmer.hand)


def end_sales(state: State) -> tuple[EndSale, ...]:
    """What the last exhaustion of the draw pile sells: every field of every player (the
    single-bean rule is for turns), as the beanometer pays; UnknownBeanometer while a
    field's row is not known."""
    sales = []
    for farmer in state.players:
        sold = tuple((f.bean, f.count) for f in farmer.fields if f.bean is not None)
        gain = sum(state.pays(bean, count) for bean, count in sold)
        sales.append(EndSale(player=farmer.name, sold=sold, gain=gain, total=farmer.total + gain))
    return tuple(sales)


def _deck(state: State, out: dict[Bean, int], over: str | None) -> DeckOffer:
    passes = state.table.passes
    if over is not None:
        return DeckOffer(refused=over, next_pass=None, end=(), passes=passes)
    if state.deck_pass < passes:  # the discard pile becomes the draw pile: off the table
        known = state.table.discard_known
        error = supply_error(lambda bean: out[bean] - (state.discard[bean] if known else 0))
        return DeckOffer(refused=None if error is None else error.reason, next_pass=state.deck_pass + 1, end=(),
                         passes=passes)
    try:
        end = end_sales(state)
    except UnknownBeanometer as exc:
        return DeckOffer(refused=exc.reason, next_pass=None, end=(), passes=passes, asks=exc.bean)
    error = supply_error(out.__getitem__)  # every field sold: the table holds as many
    return DeckOffer(refused=None if error is None else error.reason, next_pass=None, end=end, passes=passes)


def _left_out(state: State) -> dict[Bean, str]:
    """Why each bean the game's deck leaves out is refused."""
    return {bean: reason for bean in ORDER if (reason := _reason(lambda: check_in_game(state.table, bean)))}


def _answers(state: State, players: Iterable[str]) -> tuple[Allowed, ...]:
    """``allowed`` for each of ``players``, what they share worked out once."""
    over = _reason(lambda: check_not_over(state))
    out = on_table(state)
    base = supply_error(out.__getitem__)
    settled = None if base is None else base.reason  # an action that keeps the table's count of every bean
    deck, final_count = _deck(state, out, over), _reason(lambda: check_at_end(state))
    shared: Shared | None = None
    answers = []
    for player in players:
        farmer = None
        if player in state.names:
            shared = shared or (_supply(out, base), {bean: label(bean) for bean in ORDER}, over, settled,
                                _left_out(state))
            farmer = _farmer(state, state.player(player), shared)
        answers.append(Allowed(farmer=farmer, deck=deck, final_count=final_count))
    return tuple(answers)


def allowed(state: State, player: str) -> Allowed:
    """What ``player`` may do now, and why not the rest ("" or a name not playing: the
    table's entries only)."""
    return _answers(state, (player,))[0]


def allowed_by_seat(state: State) -> tuple[Allowed, ...]:
    """``allowed`` for every player, in seating order: a table where nothing is secret
    shows every player's side, and the deck's supply is worked out once for all."""
    return _answers(state, state.names)
