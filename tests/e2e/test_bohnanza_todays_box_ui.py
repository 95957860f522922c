"""Bohnanza with today's box (sheets/bohnanza/decks.py) drawn on a phone-sized screen for
seven players with long names, dark, at 150 % text: the plant dialog with its beans. (The
game played, Coffee's published beanometer, the third field for 2 coins: in process,
tests/companion/test_bohnanza_screens.py.)"""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from sheets.bohnanza import RULES
from testkit.browser import FONT_150, PHONE, Server
from tests.companion.test_bohnanza_screens import SEVEN
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


def test_seven_long_names_and_todays_beans_on_a_phone(browser, tmp_path):
    repo = open_repository(tmp_path)
    game_id = Games(repo).new_game(RULES.id, {"deck": "rio-grande", "players": SEVEN})
    repo.close()
    server = Server(tmp_path).start()
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        phone.see("pass 1 of 3")
        phone.shot("bohnanza-todays-box-seven-dark-150")
        phone.tap("Plant in field 1")
        phone.button("Coffee Bean").wait_for()
        phone.button("Black-eyed Bean").wait_for()
        assert phone.button("Garden Bean").count() == 0 and phone.button("Cocoa Bean").count() == 0
        phone.shot("bohnanza-todays-box-beans-dark-150")
    finally:
        context.close()
        server.stop()
