"""Starting a game of today's box (companion/ui/screens/bohnanza/setup.py): the beanometers a
table corrected off its cards in its last game of that deck are offered to the next one (issue
47: Coffee, Wax and Cocoa have their published rows, sheets/bohnanza/decks.py)."""

from __future__ import annotations

from companion.session import Games, PhoneGames
from companion.storage import Repository
from companion.ui.screens.bohnanza.setup import remembered_rows
from sheets.bohnanza import RULES, Bean, EnterBeanometer

NAMES = ["Ann", "Ben"]


def test_the_rows_a_table_corrected_come_back_in_its_next_game(tmp_path):
    phone = PhoneGames(Games(Repository(tmp_path)), "phone-1")
    assert remembered_rows(phone) == {}
    first = phone.new_game(RULES.id, {"deck": "rio-grande", "players": NAMES})
    phone.new_game(RULES.id, {"players": ["Ann", "Ben", "Cy"]})  # a 1997 game knows no such row
    assert remembered_rows(phone) == {}
    assert phone.game(first, RULES).state().beanometer(Bean.COFFEE) == (4, 7, 10, 12)  # published: nothing asked
    phone.dispatch(first, EnterBeanometer(bean=Bean.COFFEE, row=(4, 7, 10, 13)))  # as a game stored before typed it
    rows = remembered_rows(phone)
    assert rows == {"coffee": [4, 7, 10, 13]}
    second = phone.new_game(RULES.id, {"deck": "rio-grande", "players": NAMES, "beanometers": rows})
    assert phone.game(second, RULES).state().beanometer(Bean.COFFEE) == (4, 7, 10, 13)
