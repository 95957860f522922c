"""Sheet D "Contract between Families" on the live sheet: money for building and
travel, completion bonuses, Contracts, D's Hay actions and milestones.

Citations: rulebook = shared/rules/gone-with-the-beans.txt, "Differences on Sheet D";
design = shared/design/gone-with-the-beans.md. Printed values the rulebook does not
state are the test values of gwtb_live_play.ENTERED_BY_SHEET["D"] (a Farm 3 Thaler,
a Stable 5, a Market 2 / 5, a House and a Silo 4; 6 Farm, 4 Market, House, Silo icons).
"""

from __future__ import annotations

import pytest
from testkit.gwtb_live_play import card, game, give, player, rejects, told

from sheets.gone_with_the_beans.live import (
    CONTRACTS_FIRST,
    AddHayShed,
    BonusesDue,
    Build,
    EnterPrintedValue,
    ExecuteContract,
    Forgo,
    HayActionTaken,
    Materials,
    Milestone,
    allowed,
    apply,
    parse_action,
    scored_sheet,
)
from sheets.gone_with_the_beans.scoring import breakdown
from sheets.gone_with_the_beans.sheets import SHEET_D


def round_1(*players, **options):
    """Sheet D, round 1 revealed (a Market card); the Ruler in Macadimia unless ``first`` says."""
    return apply(game(*players or (("Ann", "macadimia"),), sheet="D", **options), card("market", 0))


def edit(state, name="Ann", **changes):
    """Test fixture: set parts of a player's sheet (the engine never does this)."""
    return state.model_copy(update={"players": tuple(
        p.model_copy(update=changes) if p.name == name else p for p in state.players)})


def built(state, **counts):
    return edit(state, built=tuple((f, counts.get(f, n)) for f, n in player(state).built))


def next_round(state):
    return edit(state, actions=())


# --- Building and travel in money ---------------------------------------------------------


@pytest.mark.parametrize("province, travel", [("macadimia", 0), ("ammond", 4), ("zoodai", 7), ("tachiopi", 9)])
def test_travel_costs_4_7_9_thaler(province, travel):
    """Rulebook: "The travel cost is 4 Thaler for 1 road, 7 Thaler for 2 roads and 9
    Thaler for 3 roads"; the Ruler is in Macadimia; a Farm costs 3 Thaler (test value)."""
    state = give(round_1((("Ann", province))), "Ann", thaler=3 + travel)
    assert player(apply(state, Build(player="Ann", facility="farm"))).materials == Materials()
    rejects(give(round_1((("Ann", province))), "Ann", thaler=2 + travel), Build(player="Ann", facility="farm"),
            r"\(1 Thaler missing\)")


def test_building_costs_on_d_are_money_only():
    """Rulebook: "all normal building cost and travel cost must be paid in money": a cost
    read off sheet D is Thaler only."""
    state = game(("Ann", "macadimia"), sheet="D", known=False)
    rejects(state, EnterPrintedValue(key="building-cost:house", value={"thaler": 2, "worker": 1}),
            "on sheet D every building cost is paid in money; enter Thaler only")


def test_beans_and_workers_pay_nothing_but_2_hay_pays_a_thaler():
    """Rulebook, Differences in Substituting Materials: "You can pay 2 Hay as a substitute
    for 1 Thaler. ... Bean and Worker cannot substitute for other materials"."""
    state = give(round_1(), "Ann", thaler=1, bean=5, worker=5, hay=4)
    after = apply(state, Build(player="Ann", facility="farm"))
    assert player(after).materials == Materials(bean=5, worker=5)
    rejects(give(round_1(), "Ann", bean=5, worker=5, hay=5), Build(player="Ann", facility="farm"),
            r"\(1 Thaler missing\)")


def test_house_silo_give_a_bean_and_a_stable_a_worker():
    """Rulebook: "Gain 1 Bean each time you build a Silo or House"; "Gain 1 Worker each time
    you build a Stable"; no Development Bonus on D."""
    state = give(round_1(), "Ann", thaler=13)
    for facility in ("house", "silo", "stable"):
        state = next_round(apply(state, Build(player="Ann", facility=facility)))
    assert player(state).materials == Materials(bean=2, worker=1)
    assert player(state).development_bonuses == ()


# --- Completion bonuses -------------------------------------------------------------------


def test_the_rulebooks_stable_example():
    """Rulebook, Building Completion Bonus, example: the 2nd Stable gives 1 Worker, completes
    the row (2 Stable icons on D), and the Completion Bonus performs a Hay action at once,
    its Hay paid as usual; without enough Hay it resolves without the Hay action."""
    state = give(built(round_1(), stable=1), "Ann", thaler=5, hay=8)
    after = apply(state, Build(player="Ann", facility="stable"))
    assert player(after).materials == Materials(worker=1, hay=8) and player(after).due == ("hay-action",)
    rejects(after, AddHayShed(player="Ann"), "first a Hay action, owed at once")
    rejects(after, card("farm", 1), "round 1 is not over: Ann owes a Hay action")
    done = apply(after, HayActionTaken(player="Ann", row="worker"))  # 8 Hay: 1 Worker, +3 Thaler (1st use)
    assert player(done).materials == Materials(worker=2, thaler=3) and player(done).due == ()
    assert player(done).actions == ("build",)  # the bonus is no action of the round
    poor = give(built(round_1(), stable=1), "Ann", thaler=5, hay=5)
    passed = apply(poor, Build(player="Ann", facility="stable"))
    assert player(passed).due == ()
    assert "Ann: not enough Hay for a Hay action; the bonus passes without it" in told(passed)


def test_the_market_completion_gains_1_bean_7_thaler_and_builds():
    """Rulebook, Market Completion Bonus: "Build a facility and gain 1 Bean and 7 Thaler.
    This can be done in any order": the materials first, then the build is owed."""
    state = give(built(round_1(), market=3), "Ann", thaler=2)  # the Ruler in Macadimia: upper field, 2
    after = apply(state, Build(player="Ann", facility="market"))
    assert player(after).materials == Materials(bean=1, thaler=7) and player(after).due == ("build",)
    farm = apply(after, Build(player="Ann", facility="farm"))
    assert player(farm).materials == Materials(bean=1, thaler=4) and player(farm).count("farm") == 2
    # design page, reading 9: an owed action passes only when it cannot be performed
    rejects(after, Forgo(player="Ann"), "a build can be performed now; an owed action passes only when it cannot")
    assert allowed(after, "Ann").forgo.reason == (
        "a build can be performed now; an owed action passes only when it cannot")
    poor = give(after, "Ann", bean=1)
    assert allowed(poor, "Ann").forgo.reason is None
    let_go = apply(poor, Forgo(player="Ann"))
    assert player(let_go).due == () and "Ann lets a build pass" in " ".join(told(let_go)).replace(":", "")


def test_the_house_completion_adds_a_hay_shed_or_achieves_a_milestone():
    state = give(built(round_1(), house=3), "Ann", thaler=4)
    after = apply(state, Build(player="Ann", facility="house"))
    assert player(after).due == ("hay-shed-or-milestone",)
    assert player(apply(after, AddHayShed(player="Ann"))).hay_sheds == 1
    rejects(after, Milestone(player="Ann", bonus="points"), "the next milestone needs 1 Contract executed")


def test_the_farm_completion_gains_1_worker_and_6_hay_then_a_hay_action():
    state = give(built(round_1(), farm=5), "Ann", thaler=3, hay=2)
    after = apply(state, Build(player="Ann", facility="farm"))
    assert player(after).materials == Materials(worker=1, hay=8) and player(after).due == ("hay-action",)


# --- Hay actions ---------------------------------------------------------------------------


def test_hay_actions_gain_3_0_then_lose_3_thaler_paying_all_when_under_3():
    """Rulebook, Differences in the Hay Actions: 3 Thaler the first time, none the second,
    3 lost the third; "less than 3 Thaler ... pay all that money"."""
    state = give(round_1(), "Ann", hay=24)
    state = next_round(apply(state, HayActionTaken(player="Ann", row="worker")))
    assert player(state).materials == Materials(thaler=3, worker=1, hay=16)
    state = next_round(apply(state, HayActionTaken(player="Ann", row="worker")))
    assert player(state).materials == Materials(thaler=3, worker=2, hay=8)
    state = edit(state, materials=Materials(thaler=2, worker=2, hay=8))
    with pytest.raises(BonusesDue):  # the 3rd use gains a Normal Contract: which one?
        apply(state, HayActionTaken(player="Ann", row="worker"))
    state = apply(state, HayActionTaken(player="Ann", row="worker", contracts=("normal-3",)))
    assert player(state).materials == Materials(worker=3)  # both Thaler paid, not 3
    assert player(state).contracts_gained == ("normal-3",)


def test_the_travel_hay_action_gains_its_3_thaler_before_it_builds():
    """Rulebook, Order to Resolve the Hay action: pay the Hay, fill the square, gain the
    money, then perform the action: the 3 Thaler help pay the build. Zoodai is 2 roads
    from Macadimia: 1 road removed, 4 Thaler for the other, 3 for the Farm."""
    state = give(round_1(("Ann", "zoodai")), "Ann", thaler=4, hay=6)
    after = apply(state, HayActionTaken(player="Ann", row="travel", facility="farm"))
    assert player(after).materials == Materials() and player(after).count("farm") == 2


# --- Contracts -----------------------------------------------------------------------------


def test_a_contract_is_gained_by_choice_each_type_once():
    """Rulebook, Contract: "You can gain an available type of Contract that you have not gained"."""
    state = give(round_1(), "Ann", hay=8)
    error = rejects(state, HayActionTaken(player="Ann", row="normal-contract"),
                    "choose a Normal Contract, one of normal-1, normal-2, normal-3, normal-4, normal-5", BonusesDue)
    assert error.field == "contracts" and error.left[0] == "normal-1"
    after = apply(state, HayActionTaken(player="Ann", row="normal-contract", contracts=("normal-1",)))
    assert player(after).contracts_gained == ("normal-1",)
    again = give(next_round(after), "Ann", hay=8)
    rejects(again, HayActionTaken(player="Ann", row="normal-contract", contracts=("normal-1",)),
            '"normal-1" is not a Normal Contract left to gain')
    rejects(again, HayActionTaken(player="Ann", row="normal-contract", contracts=("advanced-house",)),
            "not a Normal Contract left to gain")


def test_9_hay_pays_a_contracts_worker_and_6_hay_its_bean():
    """Design page, gaps 17: "On D: 2 Hay for a Thaler instead of 3, 6 Hay for a Bean and 9 Hay
    for a Worker still hold, and Bean and Worker substitute for nothing" (rulebook, Substituting
    Materials: "9 Hay for 1 Worker, 6 Hay for 1 Bean")."""
    state = give(edit(round_1(), contracts_gained=("normal-1", "normal-4")), "Ann", thaler=8, hay=15)
    after = apply(state, ExecuteContract(player="Ann", contract="normal-1"))  # 1 Worker + 4 Thaler
    assert player(after).materials == Materials(thaler=4, hay=6 + 4)
    after = apply(after, ExecuteContract(player="Ann", contract="normal-4"))  # 1 Bean + 4 Thaler
    assert player(after).materials == Materials(hay=4 + 4)
    rejects(give(state, "Ann", thaler=4, bean=1), ExecuteContract(player="Ann", contract="normal-1"),
            r"1 Worker missing")


def test_the_rulebooks_contract_example_executed_any_time_once():
    """Rulebook, Contract example: "You can execute the Contract on the right by paying 1
    Worker and 4 Thaler. By executing it, you gain 4 Hay immediately and 5 pt at the end
    of the game." Executing is no action: the round's action is still to take; each once."""
    state = give(edit(round_1(), contracts_gained=("normal-1",)), "Ann", worker=1, thaler=4)
    after = apply(state, ExecuteContract(player="Ann", contract="normal-1"))
    assert player(after).materials == Materials(hay=4) and player(after).contracts_executed == ("normal-1",)
    assert player(after).actions == ()
    assert breakdown(SHEET_D, scored_sheet(after).players[0])["contracts"] == 5
    rejects(give(after, "Ann", worker=1, thaler=4), ExecuteContract(player="Ann", contract="normal-1"),
            r"Normal Contract \(1 Worker \+ 4 Thaler\) is executed already; each is executed once")
    # named as printed, by its kind and cost, never by an id (issue 32)
    rejects(state, ExecuteContract(player="Ann", contract="normal-2"),
            r"Normal Contract \(1 Bean \+ 2 Thaler \+ 1 Hay\) is not gained")
    rejects(give(state, "Ann", worker=1, thaler=3), ExecuteContract(player="Ann", contract="normal-1"),
            r"Normal Contract costs 1 Worker \+ 4 Thaler; you have 1 Worker \+ 3 Thaler \(1 Thaler missing\)")
    assert "Ann: executed Normal Contract (1 Worker + 4 Thaler)" in told(after)


def test_an_advanced_contract_scores_per_facility():
    """Rulebook, Advanced Contracts: "gain 7 pt per your built Stable at the end"."""
    state = edit(built(round_1(), stable=2), contracts_gained=("advanced-stable",))
    state = give(state, "Ann", bean=1, worker=1, thaler=2)
    after = apply(state, ExecuteContract(player="Ann", contract="advanced-stable"))
    assert breakdown(SHEET_D, scored_sheet(after).players[0])["contracts"] == 14


# --- Milestones ----------------------------------------------------------------------------


def test_milestones_by_contracts_1_3_5_7_and_macadimia_gains_3_thaler():
    """Rulebook: the Contract count row 1, 3, 5, 7 (our reading: Contracts executed, the row's
    name "No. of Contracts to execute"); Differences in Province Abilities: Macadimia gains
    3 Thaler each time it achieves a milestone."""
    state = round_1()
    rejects(state, Milestone(player="Ann", bonus="points"),
            "the next milestone needs 1 Contract executed; you have executed 0")
    state = edit(state, contracts_gained=("normal-1",), contracts_executed=("normal-1",))
    after = apply(state, Milestone(player="Ann", bonus="points"))
    assert player(after).materials.thaler == 3 and player(after).milestones == 1
    rejects(next_round(after), Milestone(player="Ann", bonus="hay"), "the next milestone needs 3 Contracts executed")


def test_a_contract_milestone_bonus_gains_a_contract():
    """Rulebook, New Milestone Bonus: "Gain 1 Normal Contract. You also earn 8 pt"."""
    state = edit(round_1(("Ann", "ammond")), contracts_gained=("normal-1",), contracts_executed=("normal-1",))
    rejects(state, Milestone(player="Ann", bonus="normal-contract"), "choose a Normal Contract", BonusesDue)
    after = apply(state, Milestone(player="Ann", bonus="normal-contract", contracts=("normal-5",)))
    assert player(after).contracts_gained == ("normal-1", "normal-5")
    assert breakdown(SHEET_D, scored_sheet(after).players[0])["milestones"] == 8


def test_the_advanced_contract_rows_3rd_use_achieves_a_milestone_when_its_condition_holds():
    """Rulebook: "At the third time you perform this, you achieve a milestone after you gain
    1 Advanced Contract. ... the conditions to achieve it must be met as usual"."""
    state = give(edit(round_1(("Ann", "ammond")), hay_actions=(("advanced-contract", 2),) + player(round_1()).hay_actions[1:],
                      contracts_gained=("advanced-house", "advanced-silo", "normal-1"),
                      contracts_executed=("normal-1",)), "Ann", hay=10, thaler=3)
    error = rejects(state, HayActionTaken(player="Ann", row="advanced-contract", contracts=("advanced-market",)),
                    "choose a Milestone Bonus", BonusesDue)
    assert error.field == "milestone_bonuses"
    after = apply(state, HayActionTaken(player="Ann", row="advanced-contract", contracts=("advanced-market",),
                                        milestone_bonuses=("points",)))
    assert player(after).milestones == 1 and player(after).milestone_bonuses == ("points",)
    assert player(after).materials.thaler == 0  # the 3rd use lost 3 Thaler
    # 3 Contracts needed for the 2nd milestone, 2 gained with this one: out of reach, it passes
    unmet = edit(state, contracts_gained=("normal-1",), milestones=1, milestone_bonuses=("hay",))
    after = apply(unmet, HayActionTaken(player="Ann", row="advanced-contract", contracts=("advanced-market",)))
    assert player(after).milestones == 1 and player(after).due == ()
    assert any("no milestone on the 3rd use" in e for e in told(after))


# --- Contracts in the middle of an action; owed actions (design page, readings 8 and 9) ---


def advanced_third_use(**changes):
    """Ann has used the Advanced row twice and gained normal-1 (not executed)."""
    state = round_1(("Ann", "ammond"))
    rows = (("advanced-contract", 2),) + player(state).hay_actions[1:]
    return edit(state, hay_actions=rows, **{"contracts_gained": ("normal-1",), **changes})


def test_the_advanced_rows_3rd_use_milestone_waits_while_contracts_are_executed():
    """Design page, reading 8: "A Contract may be executed at any time ... also in the middle
    of an action: after gaining it and before a milestone is checked". Rulebook: "you achieve
    a milestone after you gain 1 Advanced Contract": Ann gains advanced-market, executes it
    (2 Bean + 1 Hay), and then achieves the milestone its execution makes (1 Contract)."""
    state = give(advanced_third_use(), "Ann", hay=11, thaler=3, bean=2)
    waiting = apply(state, HayActionTaken(player="Ann", row="advanced-contract", contracts=("advanced-market",)))
    assert player(waiting).due == ("milestone",) and player(waiting).milestones == 0
    assert player(waiting).actions == ("hay-action",)
    rejects(waiting, card("farm", 1), "round 1 is not over: Ann owes a milestone")
    rejects(waiting, AddHayShed(player="Ann"), "first a milestone, owed at once")
    answer = allowed(waiting, "Ann")
    assert answer.owed == "milestone"
    assert {o.action.contract: o.reason for o in answer.contracts}["advanced-market"] is None  # while it waits
    executed = apply(waiting, ExecuteContract(player="Ann", contract="advanced-market"))
    assert player(executed).due == ("milestone",)  # executing is no step of the action
    done = apply(executed, Milestone(player="Ann", bonus="points"))
    assert player(done).due == () and player(done).milestones == 1
    assert player(done).actions == ("hay-action",)  # the milestone is the action's, not another
    assert player(done).materials == Materials()  # 3 Thaler lost on the 3rd use; Ammond gains none


def test_an_owed_milestone_passes_only_when_it_cannot_be_achieved():
    """Design page, reading 9: an owed action "passes only when it cannot ... Whether it can
    is decided after the player had the chance to execute Contracts": with the milestone's
    Contract executed, "Let it pass" is refused; without, it passes."""
    state = give(advanced_third_use(), "Ann", hay=11, thaler=3, bean=2)
    waiting = apply(state, HayActionTaken(player="Ann", row="advanced-contract", contracts=("advanced-market",)))
    executed = apply(waiting, ExecuteContract(player="Ann", contract="advanced-market"))
    rejects(executed, Forgo(player="Ann"),
            "a milestone can be performed now; an owed action passes only when it cannot")
    assert allowed(executed, "Ann").forgo.reason is not None
    passed = apply(waiting, Forgo(player="Ann"))
    assert player(passed).due == () and player(passed).milestones == 0
    assert "Ann: lets a milestone pass" in told(passed)


def test_a_stable_bonus_hay_action_waits_for_a_contracts_hay():
    """Design page, reading 8: a Contract may be executed "to ... supply Hay for an owed
    action"; rulebook, the Stable example: the Hay action's Hay "must be paid as usual".
    With 5 Hay and normal-1 gained (1 Worker + 4 Thaler: 4 Hay), the Hay action is owed;
    after normal-1 it can be performed, so it may not be let pass (reading 9)."""
    state = give(edit(built(round_1(), stable=1), contracts_gained=("normal-1",)), "Ann", thaler=9, hay=5)
    after = apply(state, Build(player="Ann", facility="stable"))  # 5 Thaler; +1 Worker
    assert player(after).due == ("hay-action",)
    assert allowed(after, "Ann").forgo.reason is None  # 5 Hay: no Hay action now
    hay = apply(after, ExecuteContract(player="Ann", contract="normal-1"))
    assert player(hay).materials == Materials(hay=9)
    rejects(hay, Forgo(player="Ann"), "a Hay action can be performed now")
    done = apply(hay, HayActionTaken(player="Ann", row="worker"))
    assert player(done).due == () and player(done).materials == Materials(worker=1, thaler=3, hay=1)


def test_games_stored_before_readings_8_and_9_fold_as_recorded():
    """Entries stored before (no ``as_recorded`` key) are read as they were recorded: the 3rd use's
    milestone out of reach at once passes, the Stable bonus without Hay passes, and a Forgo
    lets pass what could have been performed. So every stored game folds to its states."""
    state = give(advanced_third_use(), "Ann", hay=11, thaler=3, bean=2)
    old = parse_action({"kind": "hay-action", "player": "Ann", "row": "advanced-contract",
                        "contracts": ["advanced-market"]})
    assert old.as_recorded is True
    after = apply(state, old)
    assert player(after).due == () and any("no milestone on the 3rd use" in e for e in told(after))
    stable = give(edit(built(round_1(), stable=1), contracts_gained=("normal-1",)), "Ann", thaler=9, hay=5)
    after = apply(stable, parse_action({"kind": "build", "player": "Ann", "facility": "stable"}))
    assert player(after).due == ()
    market = apply(give(built(round_1(), market=3), "Ann", thaler=2), Build(player="Ann", facility="market"))
    let_go = apply(market, parse_action({"kind": "forgo", "player": "Ann"}))
    assert player(let_go).due == ()
    new = parse_action(Forgo(player="Ann").model_dump(mode="json"))  # as the app stores it now
    assert new.as_recorded is False
    rejects(market, new, "a build can be performed now")


def test_the_travel_rows_build_waits_while_a_contract_pays_it():
    """Design page, reading 8: a Contract may be executed "in the middle of an action ... to
    pay a cost". Rulebook, Order to Resolve the Hay action: the Hay, the square, "Gain/lose
    the money", then the action; "At the third time ... you gain 1 Normal Contract after
    removing the travel cost for 1 road and building a facility". Ann (Ammond, 1 road) has
    no Thaler at the 3rd use, so loses none; normal-3 executed then (5 Thaler) pays the Farm
    (3 Thaler). Executed before the action, 3 of its 5 Thaler would be lost."""
    state = round_1(("Ann", "ammond"))
    rows = tuple((r, 2 if r == "travel" else n) for r, n in player(state).hay_actions)
    state = give(edit(state, hay_actions=rows, contracts_gained=("normal-3",)), "Ann", hay=8, bean=1)
    rejects(state, HayActionTaken(player="Ann", row="travel", facility="farm"), r"costs 3 Thaler")
    travel = next(o for o in allowed(state, "Ann").actions if o.action == HayActionTaken(player="Ann", row="travel"))
    options = dict(travel.then.options)
    assert options[CONTRACTS_FIRST].reason is None and options["farm"].reason is not None
    assert travel.reason is None
    waiting = apply(state, HayActionTaken(player="Ann", row="travel"))
    assert player(waiting).due == ("build+contract",) and player(waiting).roads_removed == 1
    assert player(waiting).materials == Materials(bean=1, hay=2)
    assert allowed(waiting, "Ann").forgo.reason is None  # no build can be paid yet
    paid = apply(waiting, ExecuteContract(player="Ann", contract="normal-3"))
    assert player(paid).materials == Materials(thaler=5)
    rejects(paid, Forgo(player="Ann"), "a build can be performed now")  # reading 9
    rejects(paid, Build(player="Ann", facility="farm"), "choose a Normal Contract", BonusesDue)
    done = apply(paid, Build(player="Ann", facility="farm", contracts=("normal-1",)))
    assert player(done).due == () and player(done).roads_removed == 0 and player(done).count("farm") == 2
    assert player(done).materials == Materials(thaler=2)
    assert player(done).contracts_gained == ("normal-3", "normal-1")
    assert player(done).actions == ("hay-action",)


def test_the_travel_rows_build_waits_only_with_a_contract_to_execute():
    """Without a gained Contract not executed, the travel row builds at once, as before."""
    state = give(round_1(("Ann", "ammond")), "Ann", hay=8)
    rejects(state, HayActionTaken(player="Ann", row="travel"), "builds a facility: choose one")
    travel = next(o for o in allowed(state, "Ann").actions if o.action == HayActionTaken(player="Ann", row="travel"))
    assert CONTRACTS_FIRST not in dict(travel.then.options)
