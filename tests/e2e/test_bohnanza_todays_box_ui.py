"""Bohnanza with today's box (sheets/bohnanza/decks.py) on a phone-sized screen: seven
players with long names, its beans (Garden and Cocoa left out at seven), and the Coffee Bean's
beanometer, which the rulebook does not print: its published row (issue 47), nothing asked."""

from __future__ import annotations

import pytest

from testkit.browser import FONT_150, PHONE
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

SEVEN = ["Alexandra-Marie", "Dorothea-Luise", "Bartholomäus", "Christopher", "Friederike", "Maximilian", "Gus"]


def test_seven_players_play_todays_box_and_harvest_by_the_coffee_beanometer(phone, browser):
    phone.open("/")
    phone.tap("New game")
    phone.click(phone.page.get_by_text("Bohnanza").first)
    phone.page.get_by_role("radio", name="Today's box: 2–7 players, 11 beans").click()
    phone.see("Players in seating order, 2 to 7.")
    for i, name in enumerate(SEVEN, start=1):
        if i > 3:  # the form keeps the three rows it started with
            phone.tap("Add player")
        phone.type_into(f"Player {i}", name)
    phone.tap("Start game")
    phone.see("pass 1 of 3")  # "With 6 or 7 players": three passes, as with 4 or 5

    phone.tap("Plant in field 1")
    phone.button("Coffee Bean").wait_for()
    assert phone.button("Garden Bean").count() == 0 and phone.button("Cocoa Bean").count() == 0
    phone.tap("Coffee Bean")
    phone.tap("Plant 5 Coffee Beans in field 1")
    phone.see("Field 1: 5 Coffee Beans")

    # Its row is the published card tables' (4 / 7 / 10 / 12, sheets/bohnanza/decks.py): not asked.
    assert phone.text("Coffee Bean (Kaffeebohne): its beanometer").count() == 0

    phone.tap("Harvest field 1")
    phone.see("5 Coffee Beans pay 1 coin; 4 to the discard pile.")
    phone.tap("Confirm harvest")
    phone.see("Alexandra-Marie has 1 coin")
    phone.see("Buy third field for 2 coins")  # "A 3rd bean field costs two gold coins instead of three"
    phone.shot("bohnanza-todays-box-seven")

    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        dark = Phone(context.new_page(), phone.base_url).open(phone.page.url.removeprefix(phone.base_url))
        dark.see("Alexandra-Marie has 1 coin")
        dark.tap("Plant in field 2")
        dark.button("Black-eyed Bean").wait_for()
        dark.shot("bohnanza-todays-box-beans-dark-150")
    finally:
        context.close()
