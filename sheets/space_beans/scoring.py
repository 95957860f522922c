"""Closing out a collection and totalling a player (rulebook: Close out your collections,
End of Game)."""

from __future__ import annotations

from collections.abc import Iterable

from sheets.model import Frozen
from sheets.space_beans.cards import Card, Collection

END_AT = 30  # trophy points that end the game at the end of that player's turn
BOHNUS = 3  # for the player who ended the game


class CloseOutResult(Frozen):
    value: int  # trophy points; 0 when the collection has no value
    trophy: Card | None
    discarded: tuple[Card, ...]


def worth(collection: Collection) -> int:
    """What closing out ``collection`` gives: its number of cards if it holds a card of that
    value, else nothing (``close_out``, without making its cards)."""
    size = len(collection.values)
    return size if size in collection.values else 0


def close_out(collection: Collection) -> CloseOutResult:
    """A collection is worth its number of cards if it holds a card of that value.

    One matching card becomes the trophy; every other card is discarded, a second
    matching card too (two 5s in a collection of five: one 5 kept).
    """
    size = len(collection.values)
    discarded = list(collection.cards)
    trophy = next((card for card in discarded if card.value == size), None)
    if trophy is None:
        return CloseOutResult(value=0, trophy=None, discarded=tuple(discarded))
    discarded.remove(trophy)
    return CloseOutResult(value=size, trophy=trophy, discarded=tuple(discarded))


def trophy_points(trophies: Iterable[Card]) -> int:
    return sum(card.value for card in trophies)


def score(
    trophies: Iterable[Card], collections: Iterable[Collection], over: bool, ended_it: bool
) -> dict[str, int]:
    """The breakdown of score-files.md. Until the game is over only trophies count; at the
    end the ender gets the Bohnus and every collection is turned up and closed out."""
    points = trophy_points(trophies)
    bohnus = BOHNUS if over and ended_it else 0
    closed = sum(close_out(c).value for c in collections) if over else 0
    return {"trophies": points, "bohnus": bohnus, "collections": closed, "total": points + bohnus + closed}
