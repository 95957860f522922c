"""The 105 SpaceBeans cards and the supply rule (rulebook: Game Contents)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import total_ordering
from typing import Annotated

from pydantic import AfterValidator, StrictInt, field_validator

from sheets.errors import RulesError
from sheets.i18n import _, ngettext
from sheets.model import Frozen


class Bean(StrEnum):
    KLINGBOHNEN = "klingbohnen"
    DARTH_BEANS = "darth-beans"
    BEANLIENS = "beanliens"
    CENTAURIBOHNEN = "centauribohnen"
    BOHRION = "bohrion"
    MOONBOHNEN = "moonbohnen"
    BLUEBEANS = "bluebeans"


BEAN_NAMES = {
    Bean.KLINGBOHNEN: "Klingbohnen",
    Bean.DARTH_BEANS: "Darth Beans",
    Bean.BEANLIENS: "Beanliens",
    Bean.CENTAURIBOHNEN: "Centauribohnen",
    Bean.BOHRION: "Bohrion",
    Bean.MOONBOHNEN: "Moonbohnen",
    Bean.BLUEBEANS: "Bluebeans",
}

VALUES = range(1, 10)


def copies(value: int) -> int:
    """Per bean type: one card each of "1" to "3", two cards each of "4" to "9"."""
    return 1 if value <= 3 else 2


def _card_value(value: int) -> int:
    if value not in VALUES:
        raise ValueError(_("{value} is not a card value; SpaceBeans are 1 to 9").format(value=value))
    return value


CardValue = Annotated[StrictInt, AfterValidator(_card_value)]


@total_ordering
class Card(Frozen):
    """One card, ``{"bean": "bohrion", "value": 5}`` in files."""

    bean: Bean
    value: CardValue

    @property
    def label(self) -> str:
        """How a player says it: "Bohrion 5"."""
        return f"{BEAN_NAMES[self.bean]} {self.value}"

    def _key(self) -> tuple[int, int]:
        return (list(Bean).index(self.bean), self.value)

    def __lt__(self, other: "Card") -> bool:
        return self._key() < other._key()


class Collection(Frozen):
    """A row of SpaceBeans of one type, in the order laid (``{"bean", "values"}`` in files)."""

    bean: Bean
    values: tuple[CardValue, ...]

    @field_validator("values")
    @classmethod
    def _not_empty(cls, values: tuple[int, ...]) -> tuple[int, ...]:
        if not values:
            raise ValueError(_("a collection holds at least one card"))
        return values

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(bean=self.bean, value=v) for v in self.values)

    @property
    def label(self) -> str:
        """ "Klingbohnen 1, 4, 4, 5" """
        return f"{BEAN_NAMES[self.bean]} {', '.join(map(str, self.values))}"


DECK: Counter[Card] = Counter(
    {Card(bean=bean, value=value): copies(value) for bean in Bean for value in VALUES}
)


def check_supply(on_table: Mapping[Card, int], adding: Iterable[Card]) -> None:
    """The supply rule: no card lies on the table (trophies and collections of all players)
    more often than the deck holds it. Raises RulesError naming the first card that does."""
    counts = Counter(on_table)
    for card in adding:
        held = DECK[card]
        if counts[card] >= held:
            already = on_table.get(card, 0)
            if already >= held:
                reason = ngettext("the only card is already on the table", "all {n} cards are already on the table",
                                  held).format(n=held)
            elif already:
                reason = _("the deck holds only {n}, and {already} is already on the table").format(
                    n=held, already=already)
            else:
                reason = ngettext("the deck holds only one", "the deck holds only {n}", held).format(n=held)
            raise RulesError(reason, card.label)
        counts[card] += 1
