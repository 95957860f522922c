"""The 104 bean cards of Bohnanza and their beanometers (shared/design/bohnanza.md).

Every printed value lives here once, as data: the card count of each bean and its
beanometer, the number of beans that sell for 1, 2, 3 and 4 coins. A game's setup may
correct a beanometer row from the players' own cards (``check_beanometer``).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from sheets.errors import RulesError
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


# Beans sold for 1, 2, 3, 4 coins; None where the card prints no such step.
Beanometer = tuple[int | None, int | None, int | None, int | None]


class BeanCard(NamedTuple):
    german: str
    english: str
    cards: int
    beanometer: Beanometer


BEANS: dict[Bean, BeanCard] = {
    Bean.BLUE: BeanCard("Blaue Bohne", "Blue Bean", 20, (4, 6, 8, 10)),
    Bean.CHILI: BeanCard("Feuerbohne", "Chili Bean", 18, (3, 6, 8, 9)),
    Bean.STINK: BeanCard("Saubohne", "Stink Bean", 16, (3, 5, 7, 8)),
    Bean.GREEN: BeanCard("Brechbohne", "Green Bean", 14, (3, 5, 6, 7)),
    Bean.SOY: BeanCard("Sojabohne", "Soy Bean", 12, (2, 4, 6, 7)),
    Bean.BLACK_EYED: BeanCard("Augenbohne", "Black-eyed Bean", 10, (2, 4, 5, 6)),
    Bean.RED: BeanCard("Rote Bohne", "Red Bean", 8, (2, 3, 4, 5)),
    Bean.GARDEN: BeanCard("Gartenbohne", "Garden Bean", 6, (None, 2, 3, None)),
}

ORDER = {bean: index for index, bean in enumerate(Bean)}  # table order, for piles and rows

DECK_SIZE = sum(card.cards for card in BEANS.values())  # 104

PRINTED_BEANOMETERS: tuple[Beanometer, ...] = tuple(BEANS[b].beanometer for b in Bean)


def label(bean: Bean) -> str:
    """How a player says it: "Red Bean (Rote Bohne)"."""
    card = BEANS[bean]
    return f"{card.english} ({card.german})"


def payout(beanometer: Beanometer, count: int) -> int:
    """Coins a field of ``count`` beans sells for: the highest step reached, at most 4."""
    return max((coins for coins, need in enumerate(beanometer, start=1)
                if need is not None and need <= count), default=0)


def check_beanometer(bean: Bean, row: object) -> Beanometer:
    """A corrected beanometer row as a player may type it; RulesError naming the bean."""
    name = label(bean)
    if not isinstance(row, (list, tuple)) or len(row) != MAX_COINS:
        raise RulesError(f"{name}: a beanometer has 4 steps (beans for 1, 2, 3, 4 coins; null where none)")
    steps = [(coins, need) for coins, need in enumerate(row, start=1) if need is not None]
    if not steps:
        raise RulesError(f"{name}: a beanometer needs at least one step")
    previous = 0
    for coins, need in steps:
        if isinstance(need, bool) or not isinstance(need, int):
            raise RulesError(f"{name}: the {coins}-coin step must be a whole number of beans")
        if need < coins:
            raise RulesError(f"{name}: {coins} coins need at least {coins} beans (coins are beans turned over)")
        if need <= previous:
            raise RulesError(f"{name}: each step needs more beans than the one before")
        if need > BEANS[bean].cards:
            raise RulesError(f"{name}: {need} beans, but the deck has only {BEANS[bean].cards}")
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
