"""What a Bohnanza phone shows of a state: one typed view (``view``), made once per state
for every phone (``GameOf.view``); the play screen follows its ``shape``, each piece its
own slice. Nothing at the table is
secret and a phone shows any player's side (picked at the top), so the view holds every
player's side, the same for every phone. Every offer and refusal in it is the engine's
(``allowed``, for every seat at once: ``allowed_by_seat``)."""

from __future__ import annotations

from dataclasses import dataclass

from sheets.bohnanza import (
    RULES, Bean, Beanometer, DeckOffer, FieldOffer, HarvestPreview, PlantOffer, State, allowed_by_seat,
)
from sheets.results import GameResult


@dataclass(frozen=True)
class FieldView:
    """One field of a player: what grows in it, and what the rules allow with it."""

    number: int
    bean: Bean | None
    count: int
    beanometer: Beanometer | None  # of the bean it grows: what a harvest pays for how many
    offer: FieldOffer

    @property
    def card(self) -> tuple[int, Bean | None, int, str | None]:
        """What the field's card shows while no panel is open on it."""
        return self.number, self.bean, self.count, self.offer.harvest_refused

    def planting(self, bean: Bean | None) -> PlantOffer | None:
        return None if bean is None else self.offer.planting(bean)

    @property
    def harvest(self) -> tuple[HarvestPreview | None, str | None, Beanometer | None]:
        """What the harvest panel shows: what it pays (or why not), and the beanometer."""
        return self.offer.harvest, self.offer.harvest_refused, self.beanometer


@dataclass(frozen=True)
class Side:
    """One player's side of the table."""

    player: str
    coins: int
    third_field: bool
    buy_refused: str | None  # why the third field may not be bought (None: it may)
    fields: tuple[FieldView, ...]
    end_harvest: int | None  # what the end harvest paid (None: the game did not end by it)
    hand: int | None = None  # the cards in hand told for today's tie-break
    tell_hand: str | None = None  # why they are not asked (None: the player ties for the most coins)

    @property
    def purse(self) -> tuple[int, bool, str | None]:
        """What the purse shows: the coins, the third field, and why it may not be bought."""
        return self.coins, self.third_field, self.buy_refused


@dataclass(frozen=True)
class Shape:
    """What the play screen itself shows: which parts there are (its pieces follow the rest)."""

    over: bool
    names: tuple[str, ...]  # in seating order


@dataclass(frozen=True)
class BohnanzaView:
    """A Bohnanza phone's screen for one state."""

    over: bool
    deck_pass: int
    names: tuple[str, ...]  # in seating order
    sides: tuple[Side, ...]  # by seat
    deck: DeckOffer  # the draw pile's exhaustion: the next pass, or the end and what it sells
    result: GameResult | None  # once the game is over
    beans: tuple[Bean, ...]  # the beans of this game's deck, most cards first
    third_field_price: int
    unknown_rows: tuple[Bean, ...]  # beans on a field whose printed beanometer the table has not entered

    @property
    def shape(self) -> Shape:
        return Shape(self.over, self.names)

    def coins(self, player: str) -> int:
        """A player's coins (0 for a name not at the table)."""
        side = self.side(player)
        return side.coins if side is not None else 0

    @property
    def ranking(self) -> tuple[tuple[int, str, int, int | None], ...]:
        """Once the game is over, each player's rank, name, coins and what the end harvest
        paid them, best first."""
        if self.result is None:
            return ()
        paid = {side.player: side.end_harvest for side in self.sides}
        return tuple((p.rank, p.name, p.total, paid.get(p.name))
                     for p in sorted(self.result.players, key=lambda p: p.rank))

    @property
    def tie(self) -> tuple[tuple[str, int | None], ...]:
        """Today's tie-break at the end: each player tied for the most coins and the cards in
        hand told (None: not yet); none when nothing is asked."""
        return tuple((side.player, side.hand) for side in self.sides if side.tell_hand is None)

    def side(self, player: str) -> Side | None:
        return next((side for side in self.sides if side.player == player), None)


def view(state: State, me: str | None = None) -> BohnanzaView:
    """Every phone's screen of ``state``, whoever it sits as (``me``)."""
    answers = allowed_by_seat(state)
    sides = []
    for farmer, answer in zip(state.players, answers):
        assert answer.farmer is not None  # a seat's answer has its side
        fields = tuple(
            FieldView(number=number, bean=field.bean, count=field.count,
                      beanometer=state.beanometer(field.bean) if field.bean is not None else None, offer=offer)
            for number, (field, offer) in enumerate(zip(farmer.fields, answer.farmer.fields), start=1))
        sides.append(Side(player=farmer.name, coins=farmer.total, third_field=farmer.third_field,
                          buy_refused=answer.farmer.buy_field, fields=fields,
                          end_harvest=farmer.end_harvest, hand=farmer.hand, tell_hand=answer.farmer.tell_hand))
    planted = {field.bean for farmer in state.players for field in farmer.fields if field.bean is not None}
    table = state.table
    return BohnanzaView(
        over=state.over, deck_pass=state.deck_pass, names=state.names, sides=tuple(sides), deck=answers[0].deck,
        result=RULES.result(state) if state.over else None, beans=table.beans,
        third_field_price=table.third_field_price,
        unknown_rows=tuple(bean for bean in table.beans if bean in planted and state.beanometer(bean) is None),
    )
