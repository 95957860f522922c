"""Bohnanza: every player's fields and coins, the discard pile and the deck passes.

Rulebook: shared/rules/bohnanza.txt (the 1997 deck); today's box: ``decks.py``. What
a deck sets by the number of players (the beans, passes, the third field) is the
game's ``table``. The companion tracks what lies on the table, not
the hands (they are secret) nor the draw pile (it is face down). The log holds:

- ``plant``: N cards of one bean go into a player's field (empty, or of that bean);
- ``harvest``: a field is sold; the beanometer's coins are turned over as coin cards,
  the rest goes to the discard pile;
- ``buy-field``: a player pays for the third field (once; 3 coins);
- ``beanometer``: the table enters a beanometer printed on its cards that no source
  states, asked the first time a harvest needs it (Coffee, Wax and Cocoa were asked before
  their published rows came: a stored entry keeps its row);
- ``deck-exhausted``: the draw pile ran out. Before the last pass the discard pile is
  shuffled into the next pass; after the last (the third) the game ends and every field is sold;
- ``final-count``: the coins and third fields the table counted at the end, once the
  third pass is exhausted. The coins replace those tracked (the table counts its coin
  cards); the third fields agree with those bought. It corrects the end, and ends a
  score file's import.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import (
    Field, SerializerFunctionWrapHandler, Strict, TypeAdapter, ValidationInfo, field_validator, model_serializer,
    model_validator,
)

from sheets.bohnanza.beans import (
    BEANS, ORDER, PRINTED_BEANOMETERS, Bean, Beanometer, Pile, check_beanometer, label, payout,
)
from sheets.bohnanza.decks import PLAYERS, Deck, Table, table_for
from sheets.errors import RulesError, parse_entry, parse_setup
from sheets.i18n import _, ngettext
from sheets.model import Frozen
from sheets.results import GameResult, build_result, clean_names, position_of

GAME_ID = "bohnanza"
FIELDS = 2  # "Each player must imagine they have two vacant Bean Fields"

Count = Annotated[int, Strict(), Field(ge=0)]
Positive = Annotated[int, Strict(), Field(ge=1)]
FieldNumber = Annotated[int, Strict(), Field(ge=1, le=FIELDS + 1)]


class Setup(Frozen):
    deck: Deck = Deck.AMIGO_1997  # before ``players``: how many may play depends on it
    players: tuple[str, ...]  # in seating order
    beanometers: dict[Bean, Beanometer] = {}  # rows corrected from the players' own cards, or not printed

    @field_validator("deck", mode="before")
    @classmethod
    def _deck(cls, value: Any) -> Any:
        if value not in Deck.__members__.values():
            raise ValueError(_("{value} is not a deck; the decks are {decks}").format(
                value=_json(value), decks=", ".join(Deck)))
        return value

    @field_validator("players", mode="before")
    @classmethod
    def _names(cls, value: Any, info: ValidationInfo) -> tuple[str, ...]:
        if not isinstance(value, (list, tuple)):
            raise ValueError(_("players must be a list of names"))
        low, high = PLAYERS[info.data.get("deck", Deck.AMIGO_1997)]
        return clean_names(value, low, high)

    @field_validator("beanometers", mode="before")
    @classmethod
    def _rows(cls, value: Any) -> dict[Bean, Beanometer]:
        if not isinstance(value, dict):
            raise ValueError(_("beanometers must map a bean to its 4 steps"))
        rows = {}
        for key, row in value.items():
            if key not in Bean.__members__.values():
                raise ValueError(_("{key} is not a bean; the beans are {beans}").format(key=repr(key), beans=", ".join(Bean)))
            rows[Bean(key)] = check_beanometer(Bean(key), row)
        return rows


class BeanField(Frozen):
    bean: Bean | None = None
    count: int = 0


EMPTY = BeanField()


class Farmer(Frozen):
    """One player's side of the table."""

    name: str
    fields: tuple[BeanField, ...] = (EMPTY,) * FIELDS
    coins: Pile = Pile()  # coin cards, by the bean they were
    counted: int | None = None  # the coins counted at the end (final-count), if entered
    end_harvest: int | None = None  # what the end harvest paid (None: not harvested, or the table counted)
    hand: int | None = None  # today's tie-break: the cards in hand at the end, told when the most coins tie

    @property
    def third_field(self) -> bool:
        return len(self.fields) > FIELDS

    @property
    def total(self) -> int:
        return self.coins.total if self.counted is None else self.counted


class UnknownBeanometer(RulesError):
    """A harvest needs a beanometer no rulebook states: the table reads it off its cards
    (a ``beanometer`` entry), and the harvest is tried again."""

    def __init__(self, bean: Bean):
        super().__init__(_("{bean}: enter the beanometer printed on your cards first (the rulebook does not "
                           "print it)").format(bean=label(bean)))
        self.bean = bean


class State(Frozen):
    players: tuple[Farmer, ...]  # in seating order
    discard: Pile = Pile()
    deck_pass: int = 1  # 1, 2, 3: how often the draw pile has been (re)built
    over: bool = False
    beanometers: tuple[Beanometer | None, ...] = PRINTED_BEANOMETERS  # in ``Bean`` order; None: not known yet
    deck: Deck = Deck.AMIGO_1997

    @property
    def table(self) -> Table:
        """What the deck sets for this many players: the beans, passes, the third field."""
        return table_for(self.deck, len(self.players))

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.players)

    def position(self, name: str) -> int:
        return position_of(self.names, name)

    def player(self, name: str) -> Farmer:
        return self.players[self.position(name)]

    def beanometer(self, bean: Bean) -> Beanometer | None:
        """The row of ``bean`` in this game; None while the table has not entered it."""
        return self.beanometers[ORDER[bean]]

    def pays(self, bean: Bean, count: int) -> int:
        """What ``count`` beans of ``bean`` sell for in this game; UnknownBeanometer while
        its row is not known."""
        row = self.beanometer(bean)
        if row is None:
            raise UnknownBeanometer(bean)
        return payout(row, count)

    def in_play(self, bean: Bean) -> int:
        """Cards of ``bean`` on the table: in fields, as coins and on the discard pile
        (where the table knows it)."""
        fields = sum(f.count for farmer in self.players for f in farmer.fields if f.bean == bean)
        discard = self.discard[bean] if self.table.discard_known else 0
        return fields + sum(farmer.coins[bean] for farmer in self.players) + discard


# --- actions ---------------------------------------------------------------------------

class Plant(Frozen):
    kind: Literal["plant"] = "plant"
    player: str
    field: FieldNumber  # 1, 2, or 3 once bought
    bean: Bean
    count: Positive = 1


class Harvest(Frozen):
    kind: Literal["harvest"] = "harvest"
    player: str
    field: FieldNumber


class BuyField(Frozen):
    kind: Literal["buy-field"] = "buy-field"
    player: str


class DeckExhausted(Frozen):
    kind: Literal["deck-exhausted"] = "deck-exhausted"


class EnterBeanometer(Frozen):
    """The beanometer of a bean as printed on the table's cards (one the rulebook does not print)."""

    kind: Literal["beanometer"] = "beanometer"
    bean: Bean
    row: tuple[int | None, int | None, int | None, int | None]


class PlayerCount(Frozen):
    """One player's end as counted at the table; also a score file's player entry."""

    name: Annotated[str, Strict()]
    coins: Count
    third_field: Annotated[bool, Strict()]
    hand: Count | None = None  # today's tie-break (issue 47): told only by players tied for the most coins

    @model_validator(mode="before")
    @classmethod
    def _entry(cls, value: Any) -> Any:
        if not isinstance(value, (dict, PlayerCount)):
            raise ValueError(_('{value} is not a player; write {{"name": ..., "coins": ..., "third_field": ...}}')
                             .format(value=_json(value)))
        return value

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> Any:
        if not isinstance(value, str):
            raise ValueError(_("{value} is not a name; write it in quotes").format(value=_json(value)))
        return value

    @field_validator("coins", mode="before")
    @classmethod
    def _coins(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(_("{value} is not a number of coins; write a whole number, 0 or more").format(
                value=_json(value)))
        return value

    @field_validator("third_field", mode="before")
    @classmethod
    def _bought(cls, value: Any) -> Any:
        if not isinstance(value, bool):
            raise ValueError(_("{value}: write true (bought) or false").format(value=_json(value)))
        return value

    @field_validator("hand", mode="before")
    @classmethod
    def _hand(cls, value: Any) -> Any:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise ValueError(_("{value} is not a number of cards; write a whole number, 0 or more").format(
                value=_json(value)))
        return value

    @model_serializer(mode="wrap")
    def _without_hand(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and data.get("hand") is None:
            del data["hand"]
        return data


def _json(value: Any) -> str:
    """A value as it looks in a JSON file."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


class FinalCount(Frozen):
    kind: Literal["final-count"] = "final-count"
    players: tuple[PlayerCount, ...]


class TellHand(Frozen):
    """Today's tie-break (Rio Grande's rules: "If two or more players tie with the most gold
    coins, the player with the most cards in his hand ... is the winner"): the cards a player
    tied for the most coins holds at the end. Told again, it is corrected."""

    kind: Literal["hand"] = "hand"
    player: str
    cards: Count


class HandRefused(RulesError):
    """A hand size the tie-break refuses (a score file names the player's ``hand``)."""


Action = Annotated[Plant | Harvest | BuyField | DeckExhausted | EnterBeanometer | FinalCount | TellHand,
                   Field(discriminator="kind")]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Any) -> Action:
    return parse_entry(ACTION, data)


# --- rules -----------------------------------------------------------------------------

class HarvestPreview(Frozen):
    """What selling a field would do, for a UI to show before the player confirms."""

    bean: Bean
    beans: int
    coins: int
    discarded: int


def field_of(table: Table, farmer: Farmer, number: int) -> BeanField:
    """Field ``number`` (1-based) of ``farmer``; RulesError when the farmer has none such."""
    if number == FIELDS + 1 and not farmer.third_field:
        raise RulesError(_("has no third field; buy it first for {price} coins").format(
            price=table.third_field_price), farmer.name)
    if not 1 <= number <= len(farmer.fields):
        raise RulesError(_("field {number}: the fields are numbered 1 to {last}").format(
            number=number, last=len(farmer.fields)), farmer.name)
    return farmer.fields[number - 1]


def check_not_over(state: State) -> None:
    if state.over:
        raise RulesError(_("the game is over; only the final count can still be corrected"))


def preview_harvest(state: State, player: str, field: int) -> HarvestPreview:
    """What harvesting ``field`` (1-based) would pay; RulesError if it may not be harvested.

    Rulebook step 1: "if you have a single card in one of the fields then that field
    cannot be chosen. If both are single cards, you can choose."
    """
    check_not_over(state)
    farmer = state.player(player)
    chosen = field_of(state.table, farmer, field)
    if chosen.bean is None:
        raise RulesError(_("field {field} is empty; there is nothing to harvest").format(field=field), player)
    if chosen.count == 1:
        for number, other in enumerate(farmer.fields, start=1):
            if other.count > 1:
                raise RulesError(_("field {field} holds a single bean while field {other} holds {count}; "
                                   "harvest a field of two or more beans first").format(
                    field=field, other=number, count=other.count), player)
    coins = state.pays(chosen.bean, chosen.count)
    return HarvestPreview(bean=chosen.bean, beans=chosen.count, coins=coins, discarded=chosen.count - coins)


def _sell(state: State, farmer: Farmer, index: int, discard: Pile) -> tuple[Farmer, Pile]:
    """Sell field ``index`` (0-based): coins turned over, the rest onto the discard pile."""
    field = farmer.fields[index]
    if field.bean is None:
        return farmer, discard
    coins = state.pays(field.bean, field.count)
    fields = list(farmer.fields)
    fields[index] = EMPTY
    farmer = farmer.changed(fields=tuple(fields), coins=farmer.coins.plus(field.bean, coins))
    return farmer, discard.plus(field.bean, field.count - coins)


def _with(state: State, farmer: Farmer, **changes: Any) -> State:
    farmers = list(state.players)
    farmers[state.position(farmer.name)] = farmer
    return state.changed(players=tuple(farmers), **changes)


def grows_other(field: BeanField, bean: Bean) -> bool:
    """A field grows one bean: whether ``field`` grows another than ``bean``."""
    return field.bean is not None and field.bean != bean


def grows_words(field: BeanField, number: int, beans: Sequence[Bean],
                labels: Mapping[Bean, str] | None = None) -> list[str]:
    """Why each of ``beans`` may not go into field ``number``, which grows another bean
    (``labels``: each bean's ``label``, when known already)."""
    assert field.bean is not None
    said = labels if labels is not None else {bean: label(bean) for bean in (field.bean, *beans)}
    words = _("field {field} grows {grown}; harvest it before planting {bean}")
    return [words.format(field=number, grown=said[field.bean], bean=said[bean]) for bean in beans]


def check_grows(field: BeanField, number: int, bean: Bean, player: str) -> None:
    """``bean`` goes into field ``number`` only if the field is empty or grows that bean."""
    if grows_other(field, bean):
        raise RulesError(grows_words(field, number, [bean])[0], player)


def check_in_game(table: Table, bean: Bean, player: str | None = None) -> None:
    """Only the beans of the game's deck (and number of players) are planted."""
    if bean not in table.beans:
        raise RulesError(_("{bean} is not in this game: the deck for this many players leaves it out").format(
            bean=label(bean)), player)


def _plant(state: State, action: Plant) -> State:
    check_not_over(state)
    farmer = state.player(action.player)
    field = field_of(state.table, farmer, action.field)
    check_in_game(state.table, action.bean, action.player)
    check_grows(field, action.field, action.bean, action.player)
    fields = list(farmer.fields)
    fields[action.field - 1] = BeanField(bean=action.bean, count=field.count + action.count)
    return _with(state, farmer.changed(fields=tuple(fields)))


def _harvest(state: State, action: Harvest) -> State:
    preview_harvest(state, action.player, action.field)
    farmer, discard = _sell(state, state.player(action.player), action.field - 1, state.discard)
    return _with(state, farmer, discard=discard)


def check_buy(table: Table, farmer: Farmer) -> None:
    """The third field is bought once, for its price (3 coins; 2 with 6 or 7 players of
    today's box; with 3 players of today's box everyone starts with it)."""
    if table.third_field_at_start:
        raise RulesError(_("every player starts with a third field and may not buy another"), farmer.name)
    if farmer.third_field:
        raise RulesError(_("already has a third field; each player buys it once"), farmer.name)
    price = table.third_field_price
    if farmer.total < price:
        raise RulesError(ngettext("has {n} coin; the third field costs {price}",
                                  "has {n} coins; the third field costs {price}", farmer.total).format(
            n=farmer.total, price=price), farmer.name)


def _buy(state: State, action: BuyField) -> State:
    """Pay for the third field; the coins go onto the discard pile bean side up (out of
    the game in today's two-player duel).

    The rulebook does not say which coin cards are paid: the engine pays with the bean
    the player holds most coins of (ties: in table order).
    """
    check_not_over(state)
    farmer = state.player(action.player)
    table = state.table
    check_buy(table, farmer)
    coins, discard = farmer.coins, state.discard
    for _paid in range(table.third_field_price):
        bean = max(Bean, key=coins.__getitem__)
        coins = coins.plus(bean, -1)
        discard = discard.plus(bean, 1) if table.paid_to_discard else discard
    bought = farmer.changed(fields=farmer.fields + (EMPTY,), coins=coins)
    return _with(state, bought, discard=discard)


def _deck_exhausted(state: State) -> State:
    """Before the last pass: the discard pile becomes the next draw pile. The last: the end."""
    check_not_over(state)
    if state.deck_pass < state.table.passes:
        return state.changed(deck_pass=state.deck_pass + 1, discard=Pile())
    farmers, discard = [], state.discard
    for before in state.players:  # every field is sold; the single-bean rule is for turns
        farmer = before
        for index in range(len(farmer.fields)):
            farmer, discard = _sell(state, farmer, index, discard)
        farmers.append(farmer.changed(end_harvest=farmer.coins.total - before.coins.total))
    return state.changed(players=tuple(farmers), discard=discard, over=True)


def check_at_end(state: State) -> None:
    """The final count comes once the game is over."""
    if not state.over:
        raise RulesError(_("the final count comes at the end: the game ends when the last pass through the "
                           "deck is exhausted, and this is pass {number} of {passes}").format(
            number=state.deck_pass, passes=state.table.passes))


def _final_count(state: State, action: FinalCount) -> State:
    """The table's count replaces the tracked coins; fields are cleared; the game is over.

    Rulebook: "the game ends when the third deck is exhausted": there is nothing to count
    before. A third field is counted as it was bought (or not) in the game.
    """
    check_at_end(state)
    table = state.table
    # Today's duel: "He places the three gold coins face down in the box (out of the game)":
    # the coin cards paid for third fields are no longer on the table (bohnanza.md).
    boxed = boxed_coins(state)
    most = table.deck_size - boxed
    counts: dict[str, PlayerCount] = {}
    for entry in action.players:
        name = entry.name.strip()
        state.position(name)
        if name in counts:
            raise RulesError(_("counted twice"), name)
        counts[name] = entry
    farmers, total = [], 0
    for farmer in state.players:
        if farmer.name not in counts:
            raise RulesError(_("missing from the final count"), farmer.name)
        entry = counts[farmer.name]
        if entry.third_field != farmer.third_field:
            raise RulesError(_("counted with a third field, but bought none in this game") if entry.third_field
                             else _("counted without a third field, but bought one in this game"), farmer.name)
        total += entry.coins
        if total > most and boxed:
            raise RulesError(_("the coins add up to {total}; coins are bean cards, the deck has {deck} and {boxed} "
                               "of them lie in the box for third fields: at most {most}").format(
                total=total, deck=table.deck_size, boxed=boxed, most=most), farmer.name)
        if total > most:
            raise RulesError(_("the coins add up to {total}; coins are bean cards and the deck has {deck}").format(
                total=total, deck=table.deck_size), farmer.name)
        fields = (EMPTY,) * (FIELDS + entry.third_field)
        farmers.append(farmer.changed(fields=fields, counted=entry.coins, end_harvest=None))  # the table's count
    counted = state.changed(players=tuple(farmers), over=True)
    # The hands: told with the count, else kept while their player still ties for the most.
    tied = tied_for_most(counted)
    hands = {f.name: counts[f.name].hand if counts[f.name].hand is not None else f.hand if f.name in tied else None
             for f in state.players}
    told = {n: h for n, h in hands.items() if h is not None and counts[n].hand is None}  # kept ones
    for name, entry in counts.items():  # the file's order: the hand that makes too many is named
        if entry.hand is not None:
            told[name] = entry.hand
            check_hand(counted, name, told)
    return counted.changed(players=tuple(f.changed(hand=hands[f.name]) for f in counted.players))


def tied_for_most(state: State) -> tuple[str, ...]:
    """The players tied for the most coins at the end (none: no tie, or not the end)."""
    if not state.over:
        return ()
    most = max(f.total for f in state.players)
    tied = tuple(f.name for f in state.players if f.total == most)
    return tied if len(tied) > 1 else ()


def boxed_coins(state: State) -> int:
    """Today's duel: the coins paid for third fields lie in the box, out of the game."""
    table = state.table
    return 0 if table.paid_to_discard else table.third_field_price * sum(f.third_field for f in state.players)


def check_hand(state: State, player: str, hands: Mapping[str, int]) -> None:
    """Whether ``player`` may tell the cards in hand (``hands``: every hand told, this one
    included): today's box only, at the end, by a player tied for the most coins, and no
    more cards in all hands than the deck holds beside the coins. Raises HandRefused."""
    if state.deck is not Deck.RIO_GRANDE:
        raise HandRefused(_("the 1997 rules share a tie for the most coins: no cards in hand are counted"), player)
    if not state.over:
        raise HandRefused(_("the cards in hand are counted at the end of the game, to break a tie for the most "
                            "coins"), player)
    tied = tied_for_most(state)
    if player not in tied:
        most = max(f.total for f in state.players)
        raise HandRefused((_("holds {coins}, the most, and nobody ties: the cards in hand break only a tie for "
                             "the most coins") if not tied else
                           _("holds {coins}, not the most ({most}): the cards in hand break only a tie for the "
                             "most coins")).format(coins=state.player(player).total, most=most), player)
    coins = sum(f.total for f in state.players)
    boxed = boxed_coins(state)
    held, deck = sum(hands.values()), state.table.deck_size
    if held > deck - coins - boxed:
        raise HandRefused(ngettext(
            "the hands add up to {held} card, but the deck has {deck}, {coins} of them coins and {boxed} in the box: "
            "at most {most} in hands",
            "the hands add up to {held} cards, but the deck has {deck}, {coins} of them coins and {boxed} in the "
            "box: at most {most} in hands", held).format(
            held=held, deck=deck, coins=coins, boxed=boxed, most=max(0, deck - coins - boxed)), player)


def _tell_hand(state: State, action: TellHand) -> State:
    farmer = state.player(action.player)
    hands = {f.name: f.hand for f in state.players if f.hand is not None and f.name != farmer.name}
    check_hand(state, farmer.name, {**hands, farmer.name: action.cards})
    return _with(state, farmer.changed(hand=action.cards))


def fits(bean: Bean, out: int) -> bool:
    """Whether the deck has ``out`` cards of ``bean`` (its card count, bohnanza.md)."""
    return out <= BEANS[bean].cards


def too_many(bean: Bean, outs: Sequence[int]) -> list[str]:
    """Why ``out`` cards of ``bean`` on the table are more than the deck has, for each of ``outs``."""
    said, cards = label(bean), BEANS[bean].cards
    words = _("{bean}: that makes {out} on the table (fields, coins, discard pile); the deck has only {cards}")
    return [words.format(bean=said, out=out, cards=cards) for out in outs]


def supply_error(on_table: Callable[[Bean], int], where: str | None = None) -> RulesError | None:
    """The first bean (in table order) of which ``on_table(bean)`` cards are more than the
    deck has, as the refusal that says so; None when every bean fits."""
    for bean in ORDER:  # the beans in table order (faster than the Enum's own iteration)
        out = on_table(bean)
        if not fits(bean, out):
            return RulesError(too_many(bean, [out])[0], where)
    return None


def check_supply(state: State, where: str | None = None) -> None:
    """No bean is on the table (fields, coins, discard pile) more often than the deck has it."""
    error = supply_error(state.in_play, where)
    if error is not None:
        raise error


def _enter_beanometer(state: State, action: EnterBeanometer) -> State:
    """A row the rulebook does not print, once, as the table reads it off its cards. A row
    of the published card tables (``from_cards``) was asked too before those tables were
    taken in (issue 47): a game stored then keeps the row its table typed, once."""
    check_in_game(state.table, action.bean)
    known = state.beanometer(action.bean)
    card = BEANS[action.bean]
    if known is not None and not (card.from_cards and known == card.beanometer):
        raise RulesError(_("{bean}: the beanometer is known already ({row})").format(
            bean=label(action.bean), row=" / ".join("–" if n is None else str(n) for n in known)))
    rows = list(state.beanometers)
    rows[ORDER[action.bean]] = check_beanometer(action.bean, list(action.row))
    return state.changed(beanometers=tuple(rows))


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises RulesError and leaves ``state`` as it was."""
    if isinstance(action, Plant):
        new = _plant(state, action)
    elif isinstance(action, Harvest):
        new = _harvest(state, action)
    elif isinstance(action, BuyField):
        new = _buy(state, action)
    elif isinstance(action, DeckExhausted):
        new = _deck_exhausted(state)
    elif isinstance(action, EnterBeanometer):
        new = _enter_beanometer(state, action)
    elif isinstance(action, FinalCount):
        new = _final_count(state, action)
    elif isinstance(action, TellHand):
        new = _tell_hand(state, action)
    else:
        raise RulesError(_("{action} is not a Bohnanza action").format(action=repr(action)))
    check_supply(new, getattr(action, "player", None))
    return new


def new_game(setup: dict[str, Any]) -> State:
    parsed = parse_setup(Setup, setup)
    rows = tuple(parsed.beanometers.get(bean, BEANS[bean].beanometer) for bean in Bean)
    table = table_for(parsed.deck, len(parsed.players))
    fields = (EMPTY,) * (FIELDS + table.third_field_at_start)
    return State(players=tuple(Farmer(name=n, fields=fields) for n in parsed.players), beanometers=rows,
                 deck=parsed.deck)


def entered_rows(state: State) -> dict[Bean, Beanometer]:
    """The rows this game knows of the beans whose beanometer no rulebook prints, where the
    table's own differ from the published card tables' (or none states them): what a table
    entered or corrected, for its next game with the same deck."""
    rows = {}
    for bean in Bean:
        row, card = state.beanometer(bean), BEANS[bean]
        if (card.beanometer is None or card.from_cards) and row is not None and row != card.beanometer:
            rows[bean] = row
    return rows


def players(state: State) -> tuple[str, ...]:
    return state.names


def is_over(state: State) -> bool:
    return state.over


def breakdown(farmer: Farmer) -> dict[str, int]:
    hand = {} if farmer.hand is None else {"hand": farmer.hand}  # told for today's tie-break
    return {"coins": farmer.total, **hand, "total": farmer.total}


def tie_break(state: State) -> dict[str, int] | None:
    """Today's box: the tied players' cards in hand, once every one of them has told them
    (Rio Grande's rules: "the player with the most cards in his hand ... is the winner"); the
    1997 rules share the victory (None)."""
    tied = tied_for_most(state)
    if state.deck is not Deck.RIO_GRANDE or not tied:
        return None
    hands = {name: state.player(name).hand for name in tied}
    return {name: hand for name, hand in hands.items() if hand is not None} if None not in hands.values() else None


def result(state: State) -> GameResult:
    """Most coins wins; tied players share the victory (winners only once the game is over),
    but in today's box the most cards in hand break a tie for the most coins (a tie that
    remains is shared)."""
    return build_result(GAME_ID, {f.name: breakdown(f) for f in state.players}, over=state.over,
                        tie_break=tie_break(state))


def pass_of(state: State) -> int:
    """The pass through the deck the game is in (the timeline's phase)."""
    return state.deck_pass
