"""Gone with the Beans on the live sheet, sheet C: a solitaire player's first three
rounds on a phone-sized screen, with Bridges (issue 16), sheet C's printed values known
from earlier games (the test values of gwtb_live_play.ENTERED_BY_SHEET["C"]: a Bridge
costs 3 Thaler, a Farm 1 Bean + 2 Thaler).

Setup: Ammond, its setup Bridge to Macadimia; the Ruler starts in Macadimia; 30 Hay.
Round 1, a Farm card (2 Hay; 2 lost over the shed): the Ruler is in Macadimia, joined by
the Bridge, so Ann builds there without travel: a Bridge to Cashew... no: Cashew is not
adjacent to Ammond, but to Macadimia, which counts as Ann's province: the Bridge joins
it, for 9 Hay (3 Thaler).
Round 2, a Market card (4 Hay); the Ruler moves to Cashew, now joined: a Farm for 12 Hay.
Round 3, a Farm card (3 Hay below Farm icon 2); the Ruler moves to Zoodai, not joined: building is refused
with the reason; "Gain 4, 5, 6 Thaler" for 6 Hay gains 4 Thaler.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Phone
from tests.e2e.test_gone_with_the_beans_live_b_ui import known, start_sheet  # noqa: F401 (fixture)
from tests.e2e.test_gone_with_the_beans_live_ui import in_view, materials, reveal

pytestmark = pytest.mark.e2e


def test_a_players_first_three_rounds_on_sheet_c(known):
    phone: Phone = known("C")
    start_sheet(phone, "C", [("Ann", "ammond")], "macadimia", {"ammond": 30})
    phone.tap("Ann's setup Bridge to Macadimia")
    phone.shot("gwtb-live-c-setup")
    phone.tap("Start the game")
    phone.see("Before round 1")
    phone.see("Ann: the setup Bridge joins Macadimia")

    reveal(phone, "Farm", 3)
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.tap("Build Bridge")
    phone.see("Which province does the Bridge join?")
    in_view(phone, "Cashew")
    phone.tap("Cashew")
    phone.see("Building a Bridge costs 3 Thaler")
    in_view(phone, "Pay and build")
    phone.tap("Pay and build")
    materials(phone, "21 Hay")
    phone.see("Bridges join Macadimia, Cashew")

    reveal(phone, "Market", 4)
    materials(phone, "25 Hay")
    phone.tap("Build Farm")
    phone.see("Building a Farm costs 1 Bean + 2 Thaler")
    in_view(phone, "Pay and build")
    phone.tap("Pay and build")
    materials(phone, "13 Hay")
    phone.text("Farms: 2 built of 6").first.wait_for()

    reveal(phone, "Farm", 3)
    materials(phone, "16 Hay")  # Income: 3 Hay below Farm icon 2
    phone.see("on sheet C you build only while the Ruler token is in your province (Ammond or Macadimia or Cashew); "
              "it is in Zoodai")
    phone.tap("Gain 4, 5, 6 Thaler on the 1st, 2nd, 3rd use (6 Hay, used 0 of 3)")
    materials(phone, "4 Thaler + 10 Hay")
    phone.shot("gwtb-live-c-round-3")
