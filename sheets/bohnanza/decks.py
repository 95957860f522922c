"""The two Bohnanza decks a table may play with, and what each sets by the number of players.

- ``amigo-1997``: the 1997 Amigo rules of ``shared/rules/bohnanza.txt``: 3-5 players, the
  8 beans of 104 cards, two fields and a third bought for 3 coins, three passes.
- ``rio-grande``: the box sold today, as its English rulebook (Rio Grande Games, 2-7
  players, 154 cards of 11 beans) states it; read from the transcriptions at
  globetrotter-games.com/game/rules/eBohnan1.htm and in the rulespal repository
  (data/rulebooks/bohnanza-rulebook.md). Its "Variations based on number of players"
  and "The bean duel for 2 players" give every number of ``_RIO_GRANDE`` below.

Files and games that name no deck are the 1997 deck, as they were before the second came.

The beanometers of Coffee, Wax and Cocoa: today's rulebook does not print them (only its
cards do). The published card tables of that edition print them, and every one we found
agrees; ``beans.py`` keeps them as that edition's printed rows (``from_cards``), and a table
whose cards differ corrects them at setup:

- "Bohnanza", German Wikipedia's card table as rendered at https://wikide.org/de/Bohnanza
  ("Karten": Kaffeebohne 24: 4 / 7 / 10 / 12; Wachsbohne 22: 4 / 7 / 9 / 11; Kakaobohne 4:
  - / 2 / 3 / 4; its eight other rows are the 1997 ones of bohnanza.md; its note: the three
  "are in the standard set" of the English edition).
- github.com/sassierl/bonanza-backend, src/game/cardDefinition.js ("Coffee Bean", 24: 4, 7,
  10, 12 cards for 1-4 gold; "Wax Bean", 22: 4, 7, 9, 11; "Cocoa Bean", 4: 2 cards 2 gold, 3
  cards 3, 4 cards 4); its eight other rows are the 1997 ones.
- github.com/Meijuh/psd, src/bohnanza/game/factory/CoffeeCreator.java (24: 4, 7, 10, 12),
  WaxCreator.java (22: 4, 7, 9, 11), CocoaCreator.java (4: none for 1 coin, 2, 3, 4). Its
  Stink row (3, 6, 8, 10) is not the printed 3/5/7/8: a source for these three rows only
  where the others agree.
- github.com/groovytaco/bohnanza, src/beans.js (coffee [4, 7, 10, 12], wax [4, 7, 9, 11],
  cocoa [2, 2, 3, 4]: 2 cards pay 2, no 1-coin step of its own); it counts 5 Cocoa cards, not
  the rulebook's 4 (the card counts stay the rulebook's).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from sheets.bohnanza.beans import BEANS, Bean
from sheets.i18n import N_


class Deck(StrEnum):
    AMIGO_1997 = "amigo-1997"
    RIO_GRANDE = "rio-grande"


DECK_NAMES: dict[Deck, str] = {  # marked N_: said in the phone's language
    Deck.AMIGO_1997: N_("1997 rules: 3–5 players, 8 beans"),
    Deck.RIO_GRANDE: N_("Today's box: 2–7 players, 11 beans"),
}

PLAYERS: dict[Deck, tuple[int, int]] = {Deck.AMIGO_1997: (3, 5), Deck.RIO_GRANDE: (2, 7)}


class Table(NamedTuple):
    """What a deck and a number of players set for one game."""

    beans: tuple[Bean, ...]  # the beans in the game, most cards first (how a table lays them out)
    passes: int  # the game ends when the draw pile is exhausted this many times
    third_field_price: int  # coins; 0 when nobody buys it (everyone starts with it)
    third_field_at_start: bool
    paid_to_discard: bool  # the coins paid for a third field go onto the discard pile (else out of the game)
    discard_known: bool  # whether every card on the discard pile is one the table saw sold or paid

    @property
    def deck_size(self) -> int:
        return sum(BEANS[bean].cards for bean in self.beans)


_BY_CARDS = sorted(Bean, key=lambda bean: -BEANS[bean].cards)  # Coffee (24) ... Cocoa (4)
_CLASSIC = tuple(bean for bean in _BY_CARDS if bean not in (Bean.COFFEE, Bean.WAX, Bean.COCOA))


def _without(*removed: Bean) -> tuple[Bean, ...]:
    return tuple(bean for bean in _BY_CARDS if bean not in removed)


# The 1997 rules: "the game ends when the third deck is exhausted"; a third field for 3 coins,
# "placed, coin-side downwards, on the discard pile".
_AMIGO = Table(_CLASSIC, passes=3, third_field_price=3, third_field_at_start=False, paid_to_discard=True,
               discard_known=True)

_RIO_GRANDE: dict[int, Table] = {
    # "The bean duel": Garden and Cocoa removed; the 3 coins go "face down in the box (out of
    # the game)"; "The game ends when the draw deck is exhausted for the first time". Cards
    # are discarded from hands and planted from the discard pile: the pile is not known.
    2: Table(_without(Bean.GARDEN, Bean.COCOA), passes=1, third_field_price=3, third_field_at_start=False,
             paid_to_discard=False, discard_known=False),
    # "With 3 players, remove the Cocoa Beans ... Each player starts the game with a 3rd bean
    # field card and may not buy another. The game ends when the draw deck is exhausted for
    # the second time."
    3: Table(_without(Bean.COCOA), passes=2, third_field_price=0, third_field_at_start=True,
             paid_to_discard=True, discard_known=True),
    # "With 4 or 5 players, remove the Coffee Beans."
    4: Table(_without(Bean.COFFEE), passes=3, third_field_price=3, third_field_at_start=False,
             paid_to_discard=True, discard_known=True),
    # "With 6 or 7 players, remove the Cocoa Beans and the Garden Beans ... A 3rd bean field
    # costs two gold coins instead of three."
    6: Table(_without(Bean.COCOA, Bean.GARDEN), passes=3, third_field_price=2, third_field_at_start=False,
             paid_to_discard=True, discard_known=True),
}
_RIO_GRANDE[5] = _RIO_GRANDE[4]
_RIO_GRANDE[7] = _RIO_GRANDE[6]


def table_for(deck: Deck, players: int) -> Table:
    """What ``deck`` sets for ``players`` (a number the deck is for: see ``PLAYERS``)."""
    return _AMIGO if deck is Deck.AMIGO_1997 else _RIO_GRANDE[players]
