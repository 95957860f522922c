"""Scoring a player's collected cards (rulebook: Scoring)."""

from __future__ import annotations

from collections.abc import Iterable

from sheets.model import Frozen
from sheets.nicht_die_bohne.cards import DOUBLER, NULLIFIER, PLUSMINUS, Card, Colour


class ColourScore(Frozen):
    colour: Colour
    beans: int  # sum of the number cards
    nullified: bool
    negative: bool  # one or three Plus/Minus
    doubled: bool
    value: int  # signed


class RoundScore(Frozen):
    colours: tuple[ColourScore, ...]
    positive: int
    negative: int  # written as a positive number, as on the pad

    @property
    def total(self) -> int:
        return self.positive - self.negative

    def breakdown(self) -> dict[str, int]:
        return {"positive": self.positive, "negative": self.negative, "total": self.total}


def colour_score(colour: Colour, cards: Iterable[Card]) -> ColourScore:
    """Add the beans; Nullifier -> 0; odd Plus/Minus -> negative; Doubler doubles either sign."""
    mine = [c for c in cards if c.colour == colour]
    beans = sum(c.number or 0 for c in mine)
    nullified = any(c.face == NULLIFIER for c in mine)
    negative = sum(c.face == PLUSMINUS for c in mine) % 2 == 1
    doubled = any(c.face == DOUBLER for c in mine)
    value = 0 if nullified else beans * (-1 if negative else 1) * (2 if doubled else 1)
    return ColourScore(
        colour=colour, beans=beans, nullified=nullified, negative=negative,
        doubled=doubled, value=value,
    )


def round_score(cards: Iterable[Card]) -> RoundScore:
    cards = tuple(cards)
    colours = tuple(colour_score(colour, cards) for colour in Colour)
    return RoundScore(
        colours=colours,
        positive=sum(c.value for c in colours if c.value > 0),
        negative=-sum(c.value for c in colours if c.value < 0),
    )
