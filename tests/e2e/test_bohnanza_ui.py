"""A Bohnanza harvest on a phone-sized screen, as a player at the table would do it."""

from __future__ import annotations

import pytest

from testkit.browser import PHONE
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


def start_game(phone: Phone, names: list[str]) -> str:
    phone.open("/")
    phone.tap("New game")
    phone.click(phone.page.get_by_text("Bohnanza").first)
    for i, name in enumerate(names, start=1):
        if i > 3:  # the form starts with three rows
            phone.tap("Add player")
        phone.type_into(f"Player {i}", name)
    phone.tap("Start game")
    phone.see("pass 1 of 3")
    return phone.page.url.rsplit("/", 1)[-1]


def test_a_harvest_previews_the_beanometer_payout_then_pays_the_coins(phone):
    """shared/design/bohnanza.md, row `| stink | Saubohne | 16 | 3 | 5 | 7 | 8 |` (the
    translation's worked example: 5-6 -> 2): 6 Stink Beans sell for 2 coins, 4 go to the
    discard pile; 2 coins are not enough for the third field (it costs 3). A single bean
    beside 6 may not be harvested first (the engine's allowed, shown before the tap)."""
    start_game(phone, ["Ann", "Bo", "Cy"])
    phone.click(phone.page.get_by_role("checkbox", name="Bo · 0"))
    phone.see("Bo has 0 coins")

    phone.tap("Plant in field 1")
    phone.tap("Stink Bean")
    phone.tap("Plant 6 Stink Beans in field 1")
    phone.see("Field 1: 6 Stink Beans")
    phone.tap("Plant in field 2")
    phone.tap("Red Bean")
    phone.tap("Plant 1 Red Bean in field 2")
    phone.see("Field 2: 1 Red Bean")
    # Rulebook: "if you have a single card in one of the fields then that field cannot be
    # chosen": the engine's answer, greyed out before the tap with its reason under it.
    phone.see("Field 2 holds a single bean while field 1 holds 6; harvest a field of two or more beans first")
    assert phone.button("Harvest field 2").get_attribute("aria-disabled") == "true"

    phone.tap("Harvest field 1")
    phone.see("6 Stink Beans pay 2 coins; 4 to the discard pile.")
    phone.see("Bo has 0 coins")  # nothing paid before confirming
    phone.shot("bohnanza-harvest-preview")

    phone.tap("Confirm harvest")
    phone.see("Bo has 2 coins")
    phone.see("Field 1: empty")
    phone.chip("Bo · 2").wait_for()
    phone.see("Bo has 2 coins; the third field costs 3")
    phone.shot("bohnanza-harvested")


FIVE = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]
FONT_150 = "document.addEventListener('DOMContentLoaded', () => {document.documentElement.style.fontSize = '24px';});"


def test_a_count_is_planted_by_one_tap_on_its_number(phone, browser):
    """Issue 18: 10 Blue Beans took 12 taps (one bean per "+"). Now: the field's Plant, the
    bean, the number; a field that grows a bean already has it chosen: Plant, the number.
    Counts the engine refuses are disabled with its reason. The title says the deck pass
    in full."""
    start_game(phone, FIVE)
    taps = ["Plant in field 1", "Blue Bean", "Plant 10 Blue Beans in field 1"]
    for name in taps:
        phone.tap(name)
    phone.see("Field 1: 10 Blue Beans")
    phone.see("Anna planted 10 Blue Beans in field 1")  # with Undo
    phone.tap("Plant in field 1")
    phone.button("Blue Bean").and_(phone.page.locator("[aria-current=true]")).wait_for()
    phone.shot("bohnanza-plant-counts")
    phone.tap("Plant 2 Blue Beans in field 1")
    phone.see("Field 1: 12 Blue Beans")
    phone.see("Bohnanza, pass 1 of 3")

    # What the engine refuses is disabled before the tap, and says why.
    phone.tap("Plant in field 1")
    phone.tap("Red Bean")
    phone.reveal(phone.button("Plant 12 Red Beans in field 1"))
    phone.see("Field 1 grows Blue Bean (Blaue Bohne); harvest it before planting Red Bean (Rote Bohne)")
    assert phone.button("Plant 1 Red Bean in field 1").get_attribute("aria-disabled") == "true"
    phone.tap("Cancel")
    phone.button("Red Bean").wait_for(state="detached")
    phone.tap("Plant in field 2")
    phone.tap("Garden Bean")  # bohnanza.md: the deck has 6 Garden Beans
    phone.reveal(phone.button("Plant 12 Garden Beans in field 2"))
    phone.see("7 or more: Garden Bean (Gartenbohne): that makes 7 on the table (fields, coins, discard pile); "
              "the deck has only 6")
    assert phone.button("Plant 7 Garden Beans in field 2").get_attribute("aria-disabled") == "true"
    assert phone.button("Plant 6 Garden Beans in field 2").get_attribute("aria-disabled") != "true"
    phone.reveal(phone.button("Cancel"))
    phone.shot("bohnanza-plant-refused")

    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        dark = Phone(context.new_page(), phone.base_url).open(phone.page.url.removeprefix(phone.base_url))
        dark.see("Field 1: 12 Blue Beans")
        dark.tap("Plant in field 2")
        dark.tap("Red Bean")
        dark.shot("bohnanza-plant-counts-dark-150")
    finally:
        context.close()


def test_the_next_pass_asks_before_the_discard_pile_is_shuffled(phone):
    """Rulebook: when the draw pile runs out the discard pile is shuffled into a new one;
    a tap too early cannot be taken back by the table (issue 32: it acted at once, from the
    screen's biggest button). Now it asks; Cancel leaves pass 1, Start pass 2 starts it."""
    start_game(phone, ["Ann", "Bo", "Cy"])
    phone.tap("Draw pile exhausted: start pass 2")
    phone.see("Start pass 2? The discard pile is shuffled and becomes the new draw pile.")
    phone.shot("bohnanza-next-pass-asks")
    phone.tap("Cancel")
    phone.text("Start pass 2?").first.wait_for(state="detached", timeout=15_000)
    phone.see("Pass 1 of 3")
    phone.tap("Draw pile exhausted: start pass 2")
    phone.tap("Start pass 2")
    phone.see("Pass 2 of 3")
    phone.see("Draw pile exhausted: start pass 3")
