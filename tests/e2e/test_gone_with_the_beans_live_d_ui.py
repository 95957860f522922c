"""Gone with the Beans on the live sheet, sheet D: the first three rounds of two players
on one phone, with a Contract gained, executed, and a milestone by Contracts (issue 16);
sheet D's printed values known from earlier games (gwtb_live_play.ENTERED_BY_SHEET["D"]).

Setup: Ann in Macadimia, Ben in Ammond; the Ruler starts in Macadimia; 30 Hay each.
Round 1, a Farm card (2 Hay, 2 lost): Ann gains a Normal Contract for 8 Hay (which one is
asked, in view: the one for 1 Worker + 2 Hay) and 3 Thaler (the row's 1st use). Ben's sheet is shown while
Ann's question is open: it waits on Ann's sheet. Ben adds a Hay Shed.
Round 2, a Market card (4 Hay): Ann gains 1 Worker for 8 Hay (+3 Thaler), then executes
that Normal Contract (1 Worker + 2 Hay: 5 Thaler) — no action; Ben adds a Hay Shed.
Round 3, a Farm card: with 1 Contract executed, Ann achieves a milestone (12 pt; Macadimia
gains 3 Thaler on D).

An owed action (issue 31, design page reading 9): Ann alone builds both Stables of sheet D
(5 Thaler, 2 Hay a Thaler; the second 1 road away: 9 Thaler); the Stable Completion Bonus
owes a Hay action, which she can perform, so "Let it pass" is disabled and says why.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Phone
from tests.e2e.test_gone_with_the_beans_live_b_ui import known, start_sheet  # noqa: F401 (fixture)
from tests.e2e.test_gone_with_the_beans_live_ui import in_view, materials, reveal

pytestmark = pytest.mark.e2e


def test_two_players_first_three_rounds_on_sheet_d(known):
    phone: Phone = known("D")
    start_sheet(phone, "D", [("Ann", "macadimia"), ("Ben", "ammond")], "macadimia", {"macadimia": 30, "ammond": 30})
    phone.tap("Start the game")
    phone.see("Before round 1")

    reveal(phone, "Farm", 3)
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.tap("Gain 1 Normal Contract (8 Hay, used 0 of 3)")
    phone.see("Choose a Normal Contract")
    in_view(phone, "Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.tap("Sheet of Ann (a question is open)")  # still Ann's; then to Ben's and back
    phone.tap("Sheet of Ben")
    phone.see("Open question on Ann's sheet: it waits there.")
    phone.tap("Add a Hay Shed (+2 Hay)")
    phone.tap("Back to Ann")
    phone.see("Choose a Normal Contract")
    phone.shot("gwtb-live-d-contract-choice")
    phone.tap("Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    materials(phone, "3 Thaler + 22 Hay")
    phone.see("Contracts: 1 gained, 0 executed")

    reveal(phone, "Market", 4)
    materials(phone, "3 Thaler + 26 Hay")
    phone.tap("Gain 1 Worker (8 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 6 Thaler + 18 Hay")
    phone.tap("Execute Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.see("Normal Contract costs 1 Worker + 2 Hay")
    in_view(phone, "Pay and execute")
    phone.tap("Pay and execute")
    materials(phone, "11 Thaler + 16 Hay")
    phone.see("Executed: Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.tap("Sheet of Ben")
    phone.tap("Add a Hay Shed (+2 Hay)")

    reveal(phone, "Farm", 3)
    phone.tap("Sheet of Ann")
    materials(phone, "11 Thaler + 18 Hay")
    phone.tap("Achieve a milestone")
    in_view(phone, "Earn 12 pt · 12 pt")
    phone.tap("Earn 12 pt · 12 pt")
    materials(phone, "14 Thaler + 18 Hay")
    phone.see("Milestones achieved: 1")
    phone.shot("gwtb-live-d-round-3")


def test_an_owed_hay_action_that_can_be_performed_may_not_be_let_pass(known):
    phone: Phone = known("D")
    start_sheet(phone, "D", [("Ann", "macadimia")], "macadimia", {"macadimia": 30})
    phone.tap("Start the game")
    phone.see("Before round 1")

    reveal(phone, "Farm", 3)
    phone.tap("Build Stable")
    in_view(phone, "Pay and build")
    phone.tap("Pay and build")
    materials(phone, "1 Worker + 20 Hay")

    reveal(phone, "Market", 8)  # the Ruler moves 1 road away: 4 Thaler travel
    materials(phone, "1 Worker + 28 Hay")
    phone.tap("Build Stable")
    in_view(phone, "Pay and build")
    phone.tap("Pay and build")
    materials(phone, "2 Worker + 10 Hay")
    phone.see("Owed at once: a Hay action")
    phone.see("a Hay action can be performed now; an owed action passes only when it cannot")
    assert phone.button("Let it pass").first.is_disabled()
    phone.shot("gwtb-live-d-owed-hay-action")
    phone.tap("Gain 1 Worker (8 Hay, used 0 of 3)")
    materials(phone, "3 Worker + 3 Thaler + 2 Hay")
    phone.see("Your action this round: build")
