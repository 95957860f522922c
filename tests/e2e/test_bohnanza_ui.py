"""A Bohnanza harvest on a phone-sized screen, as a player at the table would do it. (Counts
planted by one tap, refusals before the tap and the next pass: in process,
tests/companion/test_bohnanza_screens.py.)"""

from __future__ import annotations

import pytest

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
    phone.click(phone.chip("Bo · 0"))
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
