"""What the scorer allows a player now (``RULES.allowed``, issue 30): the areas each
sheet has, the counts' lowest and highest values, and the ticks the rules refuse with
their reason, agreeing with what ``apply`` does with the tap.

Citations: rulebook = shared/rules/gone-with-the-beans.txt.
"""

from __future__ import annotations

import pytest
from gwtb_files import RULES, setup

from sheets.errors import RulesError
from sheets.gone_with_the_beans import (
    Allowed, Finish, MarkContract, MarkDevelopmentBonus, MarkMilestoneBonus, SetFacility, SetHayActionUses, State,
)


def game(sheet: str = "A", *provinces: str) -> State:
    return RULES.new_game(setup(sheet, *provinces))


def refusal(state: State, action: MarkMilestoneBonus | MarkDevelopmentBonus | MarkContract | Finish) -> str | None:
    try:
        RULES.apply(state, action)
    except RulesError as exc:
        return exc.reason
    return None


def test_the_farms_and_bridge_built_at_setup_are_the_lowest_count():
    """Rulebook, Setup: every player starts with 1 Farm (Tachiopi 2), and on sheet C with
    the first Bridge; fewer is refused, as the count's ``low`` says."""
    state = game("C", "tachiopi", "cashew")
    ann, ben = RULES.allowed(state, "Ann"), RULES.allowed(state, "Ben")
    assert (ann.facility("farm").low, ben.facility("farm").low) == (2, 1)
    assert ann.facility("bridge").low == 1 and ann.facility("stable").low == 0
    with pytest.raises(RulesError):
        RULES.apply(state, SetFacility(player="Ann", facility="farm", built=1))


def test_a_facilitys_printed_icons_are_the_highest_count():
    """Rulebook, Differences on Sheet D: two Stable icons; no printed limit elsewhere."""
    allowed = RULES.allowed(game("D"), "Ann")
    assert allowed.facility("stable").high == 2
    assert allowed.facility("farm").high is None


def test_each_hay_action_is_used_0_to_3_times():
    """Rulebook: "Each action can be performed up to 3 times." """
    state = game("A")
    allowed = RULES.allowed(state, "Ann")
    assert {(c.low, c.high) for c in allowed.hay_actions} == {(0, 3)}
    row = allowed.hay_actions[0].id
    RULES.apply(state, SetHayActionUses(player="Ann", row=row, uses=3))
    with pytest.raises(RulesError):
        RULES.apply(state, SetHayActionUses(player="Ann", row=row, uses=4))


@pytest.mark.parametrize("sheet, dp, beanichalcum, development, contracts", [
    ("A", True, False, True, False),
    ("B", False, True, True, False),
    ("C", True, False, True, False),
    ("D", True, False, False, True),
])
def test_the_areas_a_sheet_has_are_open(sheet, dp, beanichalcum, development, contracts):
    """Rulebook, Differences on Sheet B, C, D: B has no DP icons and has Beanichalcum, D has
    Contracts instead of Development Bonuses."""
    allowed = RULES.allowed(game(sheet), "Ben")
    assert (allowed.dp_icons is not None, allowed.beanichalcum is not None, allowed.development_bonuses is not None,
            allowed.contracts is not None) == (dp, beanichalcum, development, contracts)


def test_a_milestone_beyond_the_sheets_milestones_is_refused_with_the_rules_reason():
    """Rulebook, Differences on Sheet D: 4 milestones (reached at 1, 3, 5, 7 Contracts): a
    fifth Milestone Bonus is refused, and taking a mark back stays allowed."""
    state = game("D")
    bonuses = [m.id for m in RULES.allowed(state, "Ann").milestone_bonuses]
    for bonus in bonuses[:4]:
        state = RULES.apply(state, MarkMilestoneBonus(player="Ann", bonus=bonus))
    marks = {m.id: m.why_not for m in RULES.allowed(state, "Ann").milestone_bonuses}
    assert all(marks[b] is None for b in bonuses[:4])  # unmarking
    fifth = bonuses[4]
    assert marks[fifth] is not None and "4 milestones" in marks[fifth]
    assert marks[fifth] == refusal(state, MarkMilestoneBonus(player="Ann", bonus=fifth))
    assert all(m.why_not is None for m in RULES.allowed(state, "Ben").milestone_bonuses)  # Ben's sheet


@pytest.mark.parametrize("sheet", ["A", "B", "C", "D"])
def test_every_tick_allowed_is_taken_and_every_one_refused_is_refused_alike(sheet):
    """What ``allowed`` says of each tick is what ``apply`` does with it."""
    state = game(sheet)
    ann = state.player("Ann")
    allowed = RULES.allowed(state, "Ann")
    actions: list[tuple[str | None, MarkMilestoneBonus | MarkDevelopmentBonus | MarkContract]] = [
        (m.why_not, MarkMilestoneBonus(player="Ann", bonus=m.id, gained=m.id not in ann.milestone_bonuses))
        for m in allowed.milestone_bonuses]
    actions += [(m.why_not, MarkDevelopmentBonus(player="Ann", bonus=m.id)) for m in allowed.development_bonuses or ()]
    actions += [(m.why_not, MarkContract(player="Ann", contract=m.id)) for m in allowed.contracts or ()]
    assert actions
    for why_not, action in actions:
        assert refusal(state, action) == why_not


def test_the_table_has_no_sheet_and_the_answer_depends_on_the_players_own_sheet_only():
    """Finish and Reopen are the table's; Ben's entry changes nothing of what Ann may
    enter (the session keeps the answer by its grounds), but the table's Finish reads
    every sheet (issue 31: refused while one shows what no game can reach)."""
    state = game("A")
    assert RULES.allowed(state, "") == Allowed(player="")
    after = RULES.apply(state, SetFacility(player="Ben", facility="stable", built=1))
    assert RULES.grounds(after, "Ann") == RULES.grounds(state, "Ann")
    assert RULES.grounds(after, "Ben") != RULES.grounds(state, "Ben")
    assert RULES.allowed(after, "Ann") == RULES.allowed(state, "Ann")
    impossible = RULES.apply(after, MarkDevelopmentBonus(player="Ben", bonus="hay"))
    assert RULES.grounds(impossible, "") != RULES.grounds(after, "")
    assert RULES.allowed(impossible, "").finish == refusal(impossible, Finish()) == (
        "Ben: 1 Development Bonus, but at most 0 were gained: 0 Houses, 0 Silos, 0 Hay actions used 3 times")
