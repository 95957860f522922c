"""Gone with the Beans on the live sheet: a solitaire player's first three rounds on a
phone-sized screen (issue 7), every number checked against the engine's rules:

Setup: Macadimia, the Ruler starts in Macadimia, the Starting Point card gives 30 Hay;
the easier deck with two special cards (one among rounds 1-7).
Round 1, a Farm card: Income is the Hay below the rightmost built Farm icon (asked for:
the table enters 2); 32 Hay in a 30-Hay shed, 2 lost. Action: "Gain 1 Worker" for 6 Hay.
Round 2, a Market card (no Market built: the card's 4 Hay). The Ruler moves to Cashew,
1 road away: a Farm costs 1 Bean + 2 Thaler plus 2 Bean + 1 Thaler travel; the app
proposes 27 Hay (keeps the Worker: rulebook, Substituting Materials), asks for the
number of Farm icons (6), builds.
Round 3, the special card: the player chooses 4 Hay, then adds a Hay Shed (its capacity
asked for: 10), +2 Hay. Undo takes the shed back; Redo puts it back.
"""

from __future__ import annotations

import re

import pytest

from sheets.gone_with_the_beans.live import map_orders
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


def arrow(order) -> str:
    return " > ".join(p.capitalize() for p in order)


def materials(phone: Phone, text: str) -> None:
    """The materials row, as a screen reader hears it."""
    phone.text(re.compile(rf"^Materials: {re.escape(text)}")).first.wait_for()


def enter_value(phone: Phone, place: str, fields: dict[str, str]) -> None:
    """Play asks for a printed value the rulebook does not state; the player reads it off."""
    phone.see(place)
    for label, value in fields.items():
        phone.type_into(label, value)
    phone.tap("Save value")


def reveal(phone: Phone, facility: str, hay: int) -> None:
    phone.click(phone.button(f"Card {facility}"))
    phone.type_into("Card Hay", str(hay))
    phone.tap("Reveal")


def test_a_players_first_three_rounds_on_sheet_a(phone):
    phone.open("/new")
    phone.page.get_by_text("Gone with the Beans: live sheet").first.click()
    phone.type_into("Player 1", "Ann")
    phone.tap("Remove player 2")
    phone.tap("Player 1 Macadimia")
    phone.click(phone.page.get_by_role("radio", name="Easier: 2 special cards"))
    phone.tap("Ruler starts in Macadimia")
    phone.type_into("Hay Macadimia", "30")
    order = map_orders()[0]
    phone.tap(arrow(order))
    phone.shot("gwtb-live-setup")
    phone.tap("Start the game")
    phone.see("Before round 1")
    materials(phone, "30 Hay; Hay Sheds hold 30")

    # Round 1: the Farm card; the income needs the Hay below Farm icon 1.
    reveal(phone, "Farm", 3)
    enter_value(phone, "Hay below Farm icon 1 (Income), Sheet A", {"Value": "2"})
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.see("Ann: 2 Hay lost (the Hay Sheds hold 30)")
    phone.shot("gwtb-live-round-1")
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 24 Hay")
    phone.see("Reveal round 2's Round card")

    # Round 2: a Market card; the Ruler moves to Cashew.
    reveal(phone, "Market", 4)
    phone.text(re.compile(r"^Round 2 of 15: Ruler in Cashew; Market · 4 Hay")).first.wait_for()
    materials(phone, "1 Worker + 28 Hay")
    phone.tap("Build Farm")
    phone.see("Building a Farm with travel for 1 road (2 Bean + 1 Thaler) costs 3 Bean + 3 Thaler")
    phone.shot("gwtb-live-payment")
    phone.tap("Pay and build")
    enter_value(phone, "number of Farm icons, Sheet A", {"Value": "6"})
    materials(phone, "1 Worker + 1 Hay")
    phone.text("Farms: 2 built of 6").first.wait_for()

    # Round 3: the special card, 4 Hay, then a Hay Shed.
    phone.tap("Special card")
    phone.see("Special card: choose your income")
    phone.tap("Gain 4 Hay")
    materials(phone, "1 Worker + 5 Hay")
    phone.tap("Add a Hay Shed (+2 Hay)")
    enter_value(phone, "Hay the added Hay Shed 1 holds, Sheet A", {"Value": "10"})
    materials(phone, "1 Worker + 7 Hay; Hay Sheds hold 40")
    phone.shot("gwtb-live-round-3")

    phone.tap("Undo")
    materials(phone, "1 Worker + 5 Hay; Hay Sheds hold 30")
    phone.tap("Redo")
    materials(phone, "1 Worker + 7 Hay; Hay Sheds hold 40")
