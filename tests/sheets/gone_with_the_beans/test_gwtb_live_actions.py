"""The four actions: build (with travel), Hay actions, milestones, Hay Sheds; province
abilities; Development Bonuses; the Hay cap.

Citations: rulebook = shared/rules/gone-with-the-beans.txt; design = shared/design/
gone-with-the-beans.md; issue 7 "Rules the app enforces and explains". Printed values
the rulebook does not state are the test values of gwtb_live_play.ENTERED.
"""

from __future__ import annotations

import pytest
from testkit.gwtb_live_play import SPECIAL, card, game, give, player, rejects, told

from sheets.gone_with_the_beans.live import (
    AddHayShed,
    Build,
    EnterPrintedValue,
    HayActionTaken,
    Materials,
    Milestone,
    SpecialIncome,
    UnknownPrintedValue,
    apply,
)


def round_1(*players, **options):
    """Round 1 revealed (a Market card); the Ruler in Macadimia unless ``first`` says."""
    return apply(game(*players or (("Ann", "zoodai"),), **options), card("market", 0))


# --- Build and travel ----------------------------------------------------------------------


def test_player_as_2_road_build_with_the_travel_hay_action():
    """Rulebook, Details on Hay Actions, example: Ruler in Macadimia, Zoodai 2 roads away;
    8 Hay removes 1 road, 2 Bean + 1 Thaler for the other, 1 Bean + 2 Thaler for the Farm."""
    state = give(round_1(("Ann", "zoodai")), "Ann", bean=3, thaler=3, hay=8)
    after = apply(state, HayActionTaken(player="Ann", row="travel", facility="farm"))
    assert player(after).materials == Materials()
    assert player(after).count("farm") == 2 and player(after).uses("travel") == 1
    assert told(after)[0] == "Ann: paid 8 Hay (Hay action: Remove the travel cost for 1 road and build a facility)"
    assert "Ann: paid 3 Bean + 3 Thaler (Farm)" in told(after)


def test_travel_cost_at_level_1_is_2_bean_and_1_thaler_per_road():
    """Rulebook, Travel cost: "4 Bean and 2 Thaler for 2 roads"; plus the Farm's cost."""
    state = give(round_1(("Ann", "zoodai")), "Ann", bean=5, thaler=4)
    after = apply(state, Build(player="Ann", facility="farm"))
    assert player(after).materials == Materials()
    state = give(round_1(("Ann", "zoodai")), "Ann", bean=5, thaler=3)
    rejects(state, Build(player="Ann", facility="farm"),
            r"^Ann: Building a Farm with travel for 2 roads \(4 Bean \+ 2 Thaler\) costs 5 Bean \+ 4 Thaler; "
            r"you have 5 Bean \+ 3 Thaler \(1 Thaler missing\)$")


def test_no_travel_cost_when_the_ruler_is_in_your_province():
    state = give(round_1(("Ann", "macadimia")), "Ann", bean=1, thaler=2)
    assert player(apply(state, Build(player="Ann", facility="farm"))).materials == Materials()


def test_market_costs_by_the_rulers_position():
    """Rulebook, Building cost: the Market's upper field when the Ruler token is in your
    province, the bottom field otherwise."""
    home = give(round_1(("Ann", "macadimia")), "Ann", thaler=2)
    assert player(apply(home, Build(player="Ann", facility="market"))).materials == Materials()
    away = give(round_1(("Ann", "ammond")), "Ann", thaler=5, bean=3)  # 1 road: + 2 Bean + 1 Thaler
    assert player(apply(away, Build(player="Ann", facility="market"))).materials == Materials()


def test_an_unknown_building_cost_is_asked_for():
    state = give(apply(game(("Ann", "macadimia"), known=False), EnterPrintedValue(key="hay-shed:1", value=5)),
                 "Ann", thaler=9)
    state = apply(state, EnterPrintedValue(key="icons:market", value=4))
    state = apply(state, card("stable", 1))
    error = rejects(state, Build(player="Ann", facility="market"),
                    r"Market building cost, upper field \(Ruler token in your province\), Sheet A is not known yet",
                    UnknownPrintedValue)
    assert error.key == "building-cost:market:upper"
    state = apply(state, EnterPrintedValue(key="building-cost:market:upper", value={"thaler": 2}))
    assert player(apply(state, Build(player="Ann", facility="market"))).materials == Materials(thaler=7, hay=1)


def test_a_chosen_payment_is_checked_and_taken():
    state = give(round_1(("Ann", "macadimia")), "Ann", worker=1, thaler=2, hay=10)
    after = apply(state, Build(player="Ann", facility="farm", payment=Materials(worker=1, thaler=2)))
    assert player(after).materials == Materials(hay=10)
    rejects(state, Build(player="Ann", facility="farm", payment=Materials(thaler=2)),
            r"costs 1 Bean \+ 2 Thaler; 2 Thaler leaves 1 Bean missing")


def test_a_worker_never_pays_a_thaler_and_a_stored_entry_folds_as_recorded():
    """Design page, gaps 17: "Substitutions are the rulebook's direct pairs only, no chains
    ... (a Worker never pays a Thaler)" (rulebook, Substituting Materials: "1 Worker for 1
    Bean, and 1 Bean for 1 Thaler"). An entry stored before that reading (no
    ``as_recorded`` in it) is read by the rules it was recorded under, so its game folds."""
    from sheets.gone_with_the_beans.live.engine import parse_action

    state = give(round_1(("Ann", "macadimia")), "Ann", bean=1, thaler=1, worker=1)
    rejects(state, Build(player="Ann", facility="farm"),
            r"costs 1 Bean \+ 2 Thaler; you have 1 Worker \+ 1 Bean \+ 1 Thaler \(1 Thaler missing\)$")
    rejects(state, Build(player="Ann", facility="farm", payment=Materials(bean=1, thaler=1, worker=1)),
            r"leaves 1 Thaler missing")
    stored = {"kind": "build", "player": "Ann", "facility": "farm", "payment": None, "beanzantine": False,
              "development_bonuses": [], "beanichalcum_travel": False, "bridge_to": None}
    assert parse_action(stored).as_recorded
    assert not parse_action({**stored, "as_recorded": False}).as_recorded
    assert player(apply(state, parse_action(stored))).materials == Materials()


def test_a_payment_substitutes_only_for_what_the_player_lacks():
    """Rulebook, Substituting Materials: "If you do not have enough required materials to
    pay, you can substitute other materials for them." Ann has the Farm's 2 Thaler: 6
    Hay for them is refused, and the proposal pays them (Hay only for the lacking Bean)."""
    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=2, hay=12)
    rejects(state, Build(player="Ann", facility="farm", payment=Materials(hay=12)),
            r"^Ann: Building a Farm costs 1 Bean \+ 2 Thaler; pay the 2 Thaler you have before substituting "
            r"for Thaler: you may substitute only for what you lack$")
    assert player(apply(state, Build(player="Ann", facility="farm"))).materials == Materials(hay=6)


def test_stables_raise_the_horse_riding_level_and_its_travel_cost_is_asked():
    """Rulebook, Building a Stable: each Stable raises the level; the travel cost at
    levels 2-4 is not stated (design page, Printed values)."""
    state = game(("Ann", "zoodai"), known=False)
    for key, value in (("icons:stable", 3), ("building-cost:stable", {"thaler": 1}), ("icons:farm", 6)):
        state = apply(state, EnterPrintedValue(key=key, value=value))
    state = give(apply(state, card("market", 0)), "Ann", thaler=20, bean=20)
    state = apply(state, Build(player="Ann", facility="stable"))  # the Ruler in Macadimia: 2 roads
    assert player(state).materials == Materials(thaler=17, bean=16)
    state = apply(state, card("market", 0))  # the Ruler moves to Beanzantine, 1 road from Zoodai
    error = rejects(state, Build(player="Ann", facility="farm"), "travel cost for 1 road at Horse-Riding Level 2",
                    UnknownPrintedValue)
    assert error.key == "travel:2"
    # Design page, gaps 14: "in any materials the sheet prints, per road as at Level 1": a
    # sheet printing Hay (not a part of Level 1's 2 Bean + 1 Thaler) plays on past its Stable.
    state = apply(state, EnterPrintedValue(key="travel:2", value={"hay": 4}))
    after = apply(give(state, "Ann", bean=1, thaler=2, hay=4), Build(player="Ann", facility="farm"))
    assert player(after).materials == Materials() and player(after).count("farm") == 2


def test_all_icons_of_a_row_built():
    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=99, bean=99)
    players = tuple(p.model_copy(update={"built": (("farm", 6),) + p.built[1:]}) for p in state.players)
    rejects(state.model_copy(update={"players": players}), Build(player="Ann", facility="farm"),
            "all 6 Farm icons are built")


def test_cashew_gains_1_hay_per_facility_built():
    """Rulebook, Province Abilities, Cashew: "You gain 1 Hay each time you build a facility."""
    state = give(round_1(("Ann", "cashew"), first="cashew"), "Ann", bean=1, thaler=2)
    assert player(apply(state, Build(player="Ann", facility="farm"))).materials == Materials(hay=1)


@pytest.mark.parametrize("facility", ["silo", "house"])
def test_silo_and_house_give_a_development_bonus(facility):
    """Design page, gaps 5: building a Silo or a House gives a Development Bonus, its
    effect at once (rulebook: Gaining a Development Bonus)."""
    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=9, bean=9, worker=1)
    rejects(state, Build(player="Ann", facility=facility),
            f"a {facility.capitalize()} gives 1 Development Bonus: choose 1 of worker, hay, thaler")
    after = apply(state, Build(player="Ann", facility=facility, development_bonuses=("thaler",)))
    assert player(after).development_bonuses == ("thaler",)
    assert player(after).materials.thaler == player(state).materials.thaler - (2 if facility == "silo" else 3) + 4


def test_a_development_bonus_is_gained_once():
    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=9, bean=9)
    players = tuple(p.model_copy(update={"development_bonuses": ("thaler",)}) for p in state.players)
    rejects(state.model_copy(update={"players": players}),
            Build(player="Ann", facility="silo", development_bonuses=("thaler",)), '"thaler" is already gained')


def test_beanzantine_builds_once_as_if_the_ruler_were_there():
    """Rulebook, Province Abilities, Beanzantine: once per game; no travel, and the
    Market's upper field."""
    state = give(round_1(("Ann", "beanzantine"), first="tachiopi"), "Ann", thaler=2)
    after = apply(state, Build(player="Ann", facility="market", beanzantine=True))
    assert player(after).materials == Materials() and player(after).ability_used
    again = give(after.model_copy(update={"players": tuple(p.model_copy(update={"actions": ()})
                                                           for p in after.players)}), "Ann", thaler=2)
    rejects(again, Build(player="Ann", facility="market", beanzantine=True), "Beanzantine's ability is used already")
    rejects(give(round_1(("Ann", "cashew")), "Ann", thaler=9), Build(player="Ann", facility="market", beanzantine=True),
            "only Beanzantine may build")


def test_zoodai_takes_its_action_twice_once_per_game():
    """Rulebook, Province Abilities, Zoodai: "you can do it twice in a row ... only once
    per game"; the same action again in the same round."""
    state = round_1(("Ann", "zoodai"))
    state = apply(apply(state, AddHayShed(player="Ann")), AddHayShed(player="Ann"))
    assert player(state).hay_sheds == 2 and player(state).ability_used
    rejects(state, AddHayShed(player="Ann"), r"\(Hay Shed\); one action per round; Zoodai's ability is used already")
    state = apply(game(("Ann", "zoodai")), card())
    state = apply(state, AddHayShed(player="Ann"))
    rejects(give(state, "Ann", hay=10), HayActionTaken(player="Ann", row="worker"),
            r"you have taken your action this round \(Hay Shed\); one action per round; Zoodai's ability "
            "repeats that same action")


# --- Hay actions -----------------------------------------------------------------------------


@pytest.mark.parametrize("row, hay, gained", [
    ("thaler", 10, Materials(thaler=7)), ("bean", 8, Materials(bean=2)), ("worker", 6, Materials(worker=1)),
])
def test_hay_actions_of_sheet_a(row, hay, gained):
    """Rulebook, Details on Hay Actions: pay 10 Hay, gain 7 Thaler; 8 Hay, 2 Bean; 6 Hay, 1 Worker."""
    state = give(round_1(), "Ann", hay=hay)
    after = apply(state, HayActionTaken(player="Ann", row=row))
    assert player(after).materials == gained and player(after).uses(row) == 1


def third_use(state, row="worker"):
    players = tuple(p.model_copy(update={"hay_actions": tuple((r, 2 if r == row else 0) for r, _ in p.hay_actions)})
                    for p in state.players)
    return state.model_copy(update={"players": players})


def test_the_third_use_gives_a_development_bonus_and_no_fourth():
    """Rulebook, Perform a Hay Action: "Each action can be performed up to 3 times. When
    you have performed it 3 times, you gain the Development Bonus"."""
    state = third_use(give(round_1(), "Ann", hay=6))
    rejects(state, HayActionTaken(player="Ann", row="worker"), "gives 1 Development Bonus: choose 1 of")
    after = apply(state, HayActionTaken(player="Ann", row="worker", development_bonuses=("bean",)))
    assert player(after).materials == Materials(worker=1, bean=2) and player(after).uses("worker") == 3
    players = tuple(p.model_copy(update={"actions": ()}) for p in after.players)
    rejects(give(after.model_copy(update={"players": players}), "Ann", hay=6),
            HayActionTaken(player="Ann", row="worker"), "used 3 times; each Hay action at most 3")


def test_a_development_bonus_only_when_due():
    rejects(give(round_1(), "Ann", hay=6), HayActionTaken(player="Ann", row="worker", development_bonuses=("bean",)),
            "no Development Bonus is due")


def test_the_travel_row_must_build_and_the_others_must_not():
    state = give(round_1(), "Ann", hay=10, bean=9, thaler=9)
    rejects(state, HayActionTaken(player="Ann", row="travel"), "builds a facility: choose one")
    rejects(state, HayActionTaken(player="Ann", row="thaler", facility="farm"), "builds nothing")
    rejects(state, HayActionTaken(player="Ann", row="sleep"), '"sleep" is not a Hay action')


def test_a_third_travel_use_building_a_silo_gives_two_development_bonuses():
    state = third_use(give(round_1(("Ann", "ammond")), "Ann", hay=8, thaler=9, bean=9), "travel")
    after = apply(state, HayActionTaken(player="Ann", row="travel", facility="silo",
                                        development_bonuses=("worker", "hay")))
    assert player(after).development_bonuses == ("worker", "hay")


# --- Milestones --------------------------------------------------------------------------------


def test_a_milestone_needs_the_lowest_unfilled_number_of_facilities():
    """Rulebook, Achieve a Milestone: the setup Farms count (test numbers 2, 4, ...)."""
    rejects(round_1(("Ann", "cashew")), Milestone(player="Ann", bonus="points"),
            "the next milestone needs 2 facilities built; you have built 1")
    after = apply(round_1(("Ann", "tachiopi")), Milestone(player="Ann", bonus="points"))
    assert player(after).milestones == 1 and player(after).milestone_bonuses == ("points",)


def test_milestone_numbers_are_asked_for():
    state = apply(game(("Ann", "tachiopi"), known=False), card("market", 0))
    error = rejects(state, Milestone(player="Ann", bonus="points"), '"No. of facilities" field', UnknownPrintedValue)
    assert error.key == "milestones"


def test_macadimia_gains_3_bean_per_milestone():
    """Rulebook, Province Abilities, Macadimia: "You gain 3 Bean each time you achieve a milestone.\""""
    state = round_1(("Ann", "macadimia"))
    players = tuple(p.model_copy(update={"built": (("farm", 2),) + p.built[1:]}) for p in state.players)
    after = apply(state.model_copy(update={"players": players}), Milestone(player="Ann", bonus="thaler"))
    assert player(after).materials == Materials(bean=3, thaler=5, hay=13)


def test_the_free_farm_milestone_bonus_builds_a_farm_and_cashew_gains_its_hay():
    """Rulebook, Milestone Bonus: "Build 1 Farm for free. This counts as performing the
    building action once"; so Cashew gains 1 Hay (issue 7)."""
    state = round_1(("Ann", "cashew"))
    players = tuple(p.model_copy(update={"built": (("farm", 2),) + p.built[1:]}) for p in state.players)
    after = apply(state.model_copy(update={"players": players}), Milestone(player="Ann", bonus="free-farm"))
    assert player(after).count("farm") == 3 and player(after).materials.hay == 11 + 1


def test_a_milestone_bonus_is_gained_once():
    state = round_1(("Ann", "tachiopi"))
    players = tuple(p.model_copy(update={"milestone_bonuses": ("points",)}) for p in state.players)
    rejects(state.model_copy(update={"players": players}), Milestone(player="Ann", bonus="points"),
            '"points" is already gained; choose from free-farm, thaler, bean, hay, worker')


# --- Hay Sheds and the cap ------------------------------------------------------------------------


def test_hay_above_the_sheds_is_lost_and_reported():
    """Rulebook, How to Use the Materials: "you can only circle up to 30 Hay ... lost"."""
    state = give(apply(game(("Ann", "cashew")), card("market", 0)), "Ann", hay=29)
    after = apply(state, AddHayShed(player="Ann"))  # capacity 30 + 10 (test value)
    assert player(after).materials.hay == 31
    full = give(after, "Ann", hay=39)
    full = full.model_copy(update={"players": tuple(p.model_copy(update={"actions": ()}) for p in full.players)})
    players = tuple(p.model_copy(update={"hay_sheds": 2}) for p in full.players)
    full = full.model_copy(update={"players": players})
    after = apply(give(full, "Ann", hay=49), AddHayShed(player="Ann"))
    assert player(after).materials.hay == 50 and player(after).hay_lost == 1
    assert "Ann: 1 Hay lost (the Hay Sheds hold 50)" in told(after)
    assert "Ann: both extra Hay Sheds are added; only the Hay is gained" in told(after)


def test_adding_a_hay_shed_asks_its_capacity():
    state = apply(game(("Ann", "cashew"), known=False), card("market", 0))
    error = rejects(state, AddHayShed(player="Ann"), "Hay the added Hay Shed 1 holds", UnknownPrintedValue)
    assert error.key == "hay-shed:1"


def test_a_special_card_shed_then_the_shed_action():
    state = apply(game(("Ann", "cashew"), deck="two-specials"), SPECIAL)
    state = apply(state, SpecialIncome(player="Ann", option="hay-shed"))
    state = apply(state, AddHayShed(player="Ann"))
    assert player(state).hay_sheds == 2 and player(state).materials.hay == 11 + 4


def test_zoodai_building_twice_pays_travel_for_each_build():
    """Rulebook, Travel cost: "Even in a special case where you can build a facility
    twice in one Action Phase, you must pay the travel cost for building each facility";
    the special card's removed road serves one build (our reading)."""
    state = apply(game(("Ann", "zoodai"), deck="two-specials"), SPECIAL)  # Ruler in Macadimia: 2 roads
    state = give(apply(state, SpecialIncome(player="Ann", option="travel")), "Ann", bean=8, thaler=7)
    state = apply(state, Build(player="Ann", facility="farm"))  # 1 + 2 Bean, 2 + 1 Thaler
    assert player(state).materials == Materials(bean=5, thaler=4)
    state = apply(state, Build(player="Ann", facility="farm"))  # 1 + 4 Bean, 2 + 2 Thaler
    assert player(state).materials == Materials() and player(state).count("farm") == 3


def test_all_milestones_achieved():
    state = apply(game(("Ann", "tachiopi")), EnterPrintedValue(key="milestones", value=[2]))
    state = apply(state, card("market", 0))
    state = apply(state, Milestone(player="Ann", bonus="points"))
    state = apply(state, card("market", 0))
    rejects(state, Milestone(player="Ann", bonus="hay"), r"all milestones are achieved \(1 on the sheet\)")


def test_beanzantines_ability_is_not_used_up_by_a_build_it_changes_nothing_for():
    """Rulebook, Province Abilities, Beanzantine: "Even if the Ruler token is not in your
    province, you can build ... counting the Ruler token to be there. You can use this
    ability only once per game": with the Ruler in Beanzantine already the ability adds
    nothing, so the build says so and the ability stays for later."""
    state = give(round_1(("Ann", "beanzantine"), first="beanzantine"), "Ann", thaler=2)
    after = apply(state, Build(player="Ann", facility="market", beanzantine=True))
    assert player(after).count("market") == 1 and not player(after).ability_used
    assert ("Ann: the Ruler token is in Beanzantine already; Beanzantine's ability is not needed and stays "
            "for later") in told(after)


def test_beanzantines_ability_stays_where_the_travel_row_removed_the_only_road():
    """Design page, gaps 12: "A Beanzantine-style ability that changes nothing for a build is
    not used up by it": the Ruler 1 road away in Macadimia, the travel Hay action removes that
    road (rulebook, Details on Hay Actions), so a Farm costs the same either way."""
    state = give(round_1(("Ann", "beanzantine"), first="macadimia"), "Ann", bean=1, thaler=2, hay=8)
    after = apply(state, HayActionTaken(player="Ann", row="travel", facility="farm", beanzantine=True))
    assert player(after).count("farm") == 2 and not player(after).ability_used
    assert "Ann: Beanzantine's ability changes nothing for this build and stays for later" in told(after)
    # Where it saves the road, it is used.
    far = give(round_1(("Ann", "beanzantine"), first="macadimia"), "Ann", bean=1, thaler=2)
    assert player(apply(far, Build(player="Ann", facility="farm", beanzantine=True))).ability_used


def test_the_last_free_farm_bonus_is_taken_when_no_farm_can_be_built():
    """Design page, reading 16: "when nothing can be built, the bonus passes": with every
    Farm icon built (6, test value) and free-farm the last Milestone Bonus left, the
    milestone is achieved, the bonus gained (its points), the Farm not built."""
    state = round_1(("Ann", "tachiopi"))
    gained = ("thaler", "bean", "hay", "worker", "points")
    sheet = tuple((f, 6 if f == "farm" else 2) for f, _n in player(state).built)  # 14 facilities
    players = tuple(p.model_copy(update={"built": sheet, "milestones": 5, "milestone_bonuses": gained})
                    for p in state.players)
    last = state.model_copy(update={"players": players})
    after = apply(last, Milestone(player="Ann", bonus="free-farm"))
    assert player(after).milestones == 6 and player(after).milestone_bonuses == gained + ("free-farm",)
    assert player(after).count("farm") == 6
    assert "Ann: the free Farm cannot be built (all 6 Farm icons are built); it passes" in told(after)
