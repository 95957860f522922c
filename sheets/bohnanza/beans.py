"""The bean cards of Bohnanza and their beanometers (shared/design/bohnanza.md).

Every printed value lives here once, as data: the card count of each bean and its
beanometer, the number of beans that sell for 1, 2, 3 and 4 coins. A game's setup may
correct a beanometer row from the players' own cards (``check_beanometer``). Which beans
a game has comes from its deck and number of players (``decks.py``).

Coffee, Wax and Cocoa come only with today's box. Its rulebook gives their card counts but
no beanometer (it is printed on the cards only); the published card tables of that edition
print them (``from_cards``; each source is cited in ``decks.py``), so they are that edition's
printed rows here, and a table whose cards differ corrects a row at setup. A row no source
states stays ``None``: a game asks the table for it (``beanometer`` entries), and never
guesses it. The eight beans both decks share keep the 1997 rows: the same beans with the
same card counts, and the one row today's rulebook prints (its Stink Bean example, 3/5/7/8)
is the 1997 row.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import NamedTuple

from sheets.errors import RulesError
from sheets.i18n import N_, _, ngettext
from sheets.model import Frozen

MAX_COINS = 4  # "A player does not receive more than 4 coins at any one time"


class Bean(StrEnum):
    BLUE = "blue"
    CHILI = "chili"
    STINK = "stink"
    GREEN = "green"
    SOY = "soy"
    BLACK_EYED = "black-eyed"
    RED = "red"
    GARDEN = "garden"
    COFFEE = "coffee"  # these three: today's box only (decks.py)
    WAX = "wax"
    COCOA = "cocoa"


# Beans sold for 1, 2, 3, 4 coins; None where the card prints no such step.
Beanometer = tuple[int | None, int | None, int | None, int | None]


class BeanCard(NamedTuple):
    german: str  # as printed on the German cards
    english: str  # marked N_: a German phone reads the German name (``name``)
    cards: int
    beanometer: Beanometer | None  # None: printed on the cards, stated by no source we have
    from_cards: bool = False  # the row is stated by published card tables, not by a rulebook (decks.py)


BEANS: dict[Bean, BeanCard] = {
    Bean.BLUE: BeanCard("Blaue Bohne", N_("Blue Bean"), 20, (4, 6, 8, 10)),
    Bean.CHILI: BeanCard("Feuerbohne", N_("Chili Bean"), 18, (3, 6, 8, 9)),
    Bean.STINK: BeanCard("Saubohne", N_("Stink Bean"), 16, (3, 5, 7, 8)),
    Bean.GREEN: BeanCard("Brechbohne", N_("Green Bean"), 14, (3, 5, 6, 7)),
    Bean.SOY: BeanCard("Sojabohne", N_("Soy Bean"), 12, (2, 4, 6, 7)),
    Bean.BLACK_EYED: BeanCard("Augenbohne", N_("Black-eyed Bean"), 10, (2, 4, 5, 6)),
    Bean.RED: BeanCard("Rote Bohne", N_("Red Bean"), 8, (2, 3, 4, 5)),
    Bean.GARDEN: BeanCard("Gartenbohne", N_("Garden Bean"), 6, (None, 2, 3, None)),
    # Today's box: the rows of its published card tables (each source cited in decks.py).
    Bean.COFFEE: BeanCard("Kaffeebohne", N_("Coffee Bean"), 24, (4, 7, 10, 12), from_cards=True),
    Bean.WAX: BeanCard("Wachsbohne", N_("Wax Bean"), 22, (4, 7, 9, 11), from_cards=True),
    Bean.COCOA: BeanCard("Kakaobohne", N_("Cocoa Bean"), 4, (None, 2, 3, 4), from_cards=True),
}

ORDER = {bean: index for index, bean in enumerate(Bean)}  # table order, for piles and rows

PRINTED_BEANOMETERS: tuple[Beanometer | None, ...] = tuple(BEANS[b].beanometer for b in Bean)


# "6 Stink Beans": a count of each bean, in the phone's language ("6 Saubohnen").
COUNTED: dict[Bean, Callable[[int], str]] = {
    Bean.BLUE: lambda n: ngettext("{n} Blue Bean", "{n} Blue Beans", n),
    Bean.CHILI: lambda n: ngettext("{n} Chili Bean", "{n} Chili Beans", n),
    Bean.STINK: lambda n: ngettext("{n} Stink Bean", "{n} Stink Beans", n),
    Bean.GREEN: lambda n: ngettext("{n} Green Bean", "{n} Green Beans", n),
    Bean.SOY: lambda n: ngettext("{n} Soy Bean", "{n} Soy Beans", n),
    Bean.BLACK_EYED: lambda n: ngettext("{n} Black-eyed Bean", "{n} Black-eyed Beans", n),
    Bean.RED: lambda n: ngettext("{n} Red Bean", "{n} Red Beans", n),
    Bean.GARDEN: lambda n: ngettext("{n} Garden Bean", "{n} Garden Beans", n),
    Bean.COFFEE: lambda n: ngettext("{n} Coffee Bean", "{n} Coffee Beans", n),
    Bean.WAX: lambda n: ngettext("{n} Wax Bean", "{n} Wax Beans", n),
    Bean.COCOA: lambda n: ngettext("{n} Cocoa Bean", "{n} Cocoa Beans", n),
}


def name(bean: Bean) -> str:
    """The bean's name in the phone's language: "Red Bean", "Rote Bohne"."""
    return _(BEANS[bean].english)


def label(bean: Bean) -> str:
    """How a player says it: "Red Bean (Rote Bohne)"; on a German phone the printed name
    alone, "Rote Bohne"."""
    said, printed = name(bean), BEANS[bean].german
    return said if said == printed else f"{said} ({printed})"


def count_of(bean: Bean, count: int) -> str:
    """ "6 Stink Beans", "1 Red Bean"; "6 Saubohnen" on a German phone."""
    return COUNTED[bean](count).format(n=count)


def payout(beanometer: Beanometer, count: int) -> int:
    """Coins a field of ``count`` beans sells for: the highest step reached, at most 4."""
    return max((coins for coins, need in enumerate(beanometer, start=1)
                if need is not None and need <= count), default=0)


def check_beanometer(bean: Bean, row: object) -> Beanometer:
    """A corrected beanometer row as a player may type it; RulesError naming the bean."""
    said = label(bean)
    if not isinstance(row, (list, tuple)) or len(row) != MAX_COINS:
        raise RulesError(_("{bean}: a beanometer has 4 steps (beans for 1, 2, 3, 4 coins; null where none)")
                         .format(bean=said))
    steps = [(coins, need) for coins, need in enumerate(row, start=1) if need is not None]
    if not steps:
        raise RulesError(_("{bean}: a beanometer needs at least one step").format(bean=said))
    previous = 0
    for coins, need in steps:
        if isinstance(need, bool) or not isinstance(need, int):
            raise RulesError(_("{bean}: the {coins}-coin step must be a whole number of beans").format(
                bean=said, coins=coins))
        if need < coins:
            raise RulesError(ngettext("{bean}: {coins} coin needs at least {coins} bean (coins are beans turned over)",
                                      "{bean}: {coins} coins need at least {coins} beans (coins are beans turned over)",
                                      coins).format(bean=said, coins=coins))
        if need <= previous:
            raise RulesError(_("{bean}: each step needs more beans than the one before").format(bean=said))
        if need > BEANS[bean].cards:
            raise RulesError(_("{bean}: {need} beans, but the deck has only {cards}").format(
                bean=said, need=need, cards=BEANS[bean].cards))
        previous = need
    return tuple(row)


class Pile(Frozen):
    """Bean cards counted by bean, in table order: a discard pile, a player's coin cards."""

    counts: tuple[int, ...] = (0,) * len(Bean)

    def __getitem__(self, bean: Bean) -> int:
        return self.counts[ORDER[bean]]

    def plus(self, bean: Bean, number: int) -> "Pile":
        counts = list(self.counts)
        counts[ORDER[bean]] += number
        return Pile(counts=tuple(counts))

    @property
    def total(self) -> int:
        return sum(self.counts)

    def as_dict(self) -> dict[str, int]:
        return {bean.value: n for bean, n in zip(Bean, self.counts) if n}
