"""The play screen's taps, typed: each a ``use_latest`` function (the same across renders,
running the latest render's code), so pieces that compare their arguments stay as they are."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheets.nicht_die_bohne import Card, Colour


@dataclass(frozen=True)
class Taps:
    take: Callable[[Card], None]  # the shown player takes a card (a refused one says the engine's reason)
    give_back: Callable[[Card], None]  # the shown player gives one back
    fill_rest: Callable[[], None]  # the shown player takes the rest of the deck
    colour: Callable[[Colour], None]  # show that colour's cards
    player: Callable[[str], None]  # show that player's cards
    round: Callable[[int], None]  # show that round
    correct: Callable[[], None]  # begin correcting the finished round shown
    chip: Callable[[int, str], None]  # who starts round n (took the Bean chip last in the round before)
