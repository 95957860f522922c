"""Sheet C "Provinces along Rivers" on the live sheet: Bridges, building only where the
Ruler is (your province or one your Bridge joins), C's four Hay actions.

Citations: rulebook = shared/rules/gone-with-the-beans.txt, "Differences on Sheet C";
design = shared/design/gone-with-the-beans.md. The map is gwtb_live_play.MAP: Zoodai,
Tachiopi, Cashew, Ammond, Macadimia, Beanzantine clockwise. Printed values the rulebook
does not state are the test values of gwtb_live_play.ENTERED_BY_SHEET["C"] (a Bridge
costs 3 Thaler, 4 Bridge icons; milestones at 2, 4, 6 ... facilities).
"""

from __future__ import annotations

import pytest
from testkit.gwtb_live_play import SPECIAL, card, game, give, player, rejects, setup, told

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    BonusesDue,
    Build,
    Forgo,
    HayActionTaken,
    Materials,
    Milestone,
    SpecialIncome,
    apply,
    new_game,
)


def round_1(name="Ann", province="ammond", bridge="macadimia", first="macadimia", **options):
    """Sheet C, round 1 revealed (a Market card)."""
    state = game((name, province), sheet="C", bridges={name: bridge}, first=first, **options)
    return apply(state, card("market", 0))


def edit(state, **changes):
    return state.model_copy(update={"players": tuple(p.model_copy(update=changes) for p in state.players)})


def test_the_setup_bridge_joins_an_adjacent_province_and_cashew_gains_no_hay():
    """Rulebook, Differences in the Setup: "build the first Bridge for free, between your
    province and an adjacent province. * The Cashew player will not gain any Hay"."""
    state = game(("Ann", "cashew"), sheet="C", bridges={"Ann": "ammond"}, known=False)
    assert player(state).bridges == ("ammond",) and player(state).count("bridge") == 1
    assert player(state).materials.hay == 11  # the Starting Point card's 11, no Cashew Hay
    with pytest.raises(RulesError, match="choose the province the setup Bridge joins: one of Tachiopi, Ammond"):
        new_game(setup(("Ann", "cashew"), sheet="C", bridges={"Ann": "zoodai"}))
    with pytest.raises(RulesError, match="sheet A has no Bridges"):
        new_game(setup(("Ann", "cashew"), bridges={"Ann": "ammond"}))


def test_building_only_while_the_ruler_is_in_your_province_or_one_your_bridge_joins():
    """Rulebook, New Rules for Building: "you can build a facility only when the Ruler token
    is in your province. You do not need to pay any travel cost"; New Facility: "If the
    Ruler token is in the province connected to yours by a Bridge, you can build"."""
    joined = give(round_1(), "Ann", bean=1, thaler=2)  # the Ruler in Macadimia, joined to Ammond
    assert player(apply(joined, Build(player="Ann", facility="farm"))).materials == Materials()
    away = give(round_1(bridge="cashew"), "Ann", bean=9, thaler=9)
    rejects(away, Build(player="Ann", facility="farm"),
            r"on sheet C you build only while the Ruler token is in your province \(Ammond or Cashew\); "
            "it is in Macadimia")


def test_the_markets_upper_field_applies_in_a_joined_province():
    """"These connected provinces all count as your province" (Market: upper field)."""
    state = give(round_1(), "Ann", thaler=2)
    assert player(apply(state, Build(player="Ann", facility="market"))).materials == Materials()


def test_a_bridge_joins_another_adjacent_province():
    """Rulebook, New Facility: "you can build a Bridge to connect your province with other
    adjacent provinces"; a province joined already counts as yours."""
    state = give(round_1(), "Ann", thaler=3)
    rejects(state, Build(player="Ann", facility="bridge"),
            "choose the province the Bridge joins: one of Cashew, Beanzantine")
    after = apply(state, Build(player="Ann", facility="bridge", bridge_to="beanzantine"))
    assert player(after).bridges == ("macadimia", "beanzantine") and player(after).count("bridge") == 2
    rejects(state, Build(player="Ann", facility="farm", bridge_to="cashew"), "a Farm joins no province")


def test_bridges_count_toward_milestones_the_setup_bridge_included():
    """Rulebook: "Bridge also counts as a facility ... The Bridge built in the setup also
    counts as one": 1 Farm + 1 Bridge reach the first milestone (2, test value)."""
    after = apply(round_1(), Milestone(player="Ann", bonus="points"))
    assert player(after).milestones == 1


def test_the_free_bridge_milestone_bonus_builds_anywhere():
    """Rulebook, New Milestone Bonus: "Build 1 Bridge for free. This counts as performing a
    building action. You can build this Bridge even when the Ruler token is not in your
    province"; Cashew gains its Hay."""
    state = round_1("Ann", "cashew", "ammond", first="zoodai")
    after = apply(state, Milestone(player="Ann", bonus="free-bridge", bridge_to="tachiopi"))
    assert player(after).bridges == ("ammond", "tachiopi") and player(after).materials.hay == 11 + 1


def test_build_twice_builds_now_and_owes_the_second_build():
    """Rulebook, New Hay Actions: "Pay 10 Hay, and then build a facility twice. Note that
    you can build a facility only when the Ruler token is in your province"."""
    state = give(round_1(), "Ann", hay=10, bean=2, thaler=4)
    after = apply(state, HayActionTaken(player="Ann", row="build-twice", facility="farm"))
    assert player(after).due == ("build",) and player(after).count("farm") == 2
    twice = apply(after, Build(player="Ann", facility="farm"))
    assert player(twice).count("farm") == 3 and player(twice).materials == Materials()
    away = give(round_1(bridge="cashew"), "Ann", hay=10, bean=2, thaler=4)
    rejects(away, HayActionTaken(player="Ann", row="build-twice", facility="farm"), "on sheet C you build only")


def test_the_build_hay_action_builds_where_the_ruler_is_not():
    """Rulebook: "Pay 8 Hay, and then build a facility. You can build a facility with this
    Hay action even when the Ruler token is not in your province"."""
    state = give(round_1(bridge="cashew"), "Ann", hay=8, bean=1, thaler=2)
    after = apply(state, HayActionTaken(player="Ann", row="build", facility="farm"))
    assert player(after).count("farm") == 2 and player(after).materials == Materials()


@pytest.mark.parametrize("row, hay, thaler", [("thaler-falling", 8, (7, 6, 5)), ("thaler-rising", 6, (4, 5, 6))])
def test_the_thaler_rows_gain_by_use(row, hay, thaler):
    """Rulebook: 8 Hay: 7, 6, 5 Thaler; 6 Hay: 4, 5, 6 Thaler on the 1st, 2nd, 3rd use."""
    state = round_1()
    for use, gained in enumerate(thaler, start=1):
        state = give(edit(state, actions=()), "Ann", hay=hay)
        if use == 3 and row == "thaler-rising":
            state = apply(state, HayActionTaken(player="Ann", row=row, bridge_to="cashew"))
            assert player(state).bridges == ("macadimia", "cashew")  # the 3rd use's free Bridge
        else:
            state = apply(state, HayActionTaken(player="Ann", row=row,
                                                development_bonuses=("worker",) if use == 3 else ()))
        assert player(state).materials.thaler == gained
        assert player(state).uses(row) == use


def test_the_special_cards_travel_option_has_no_effect_on_c():
    """Rulebook: "choosing 'Remove the travel cost for 1 road' from the special cards has no effect"."""
    state = apply(game(("Ann", "ammond"), sheet="C", bridges={"Ann": "cashew"}, deck="two-specials"), SPECIAL)
    after = apply(state, SpecialIncome(player="Ann", option="travel"))
    assert player(after).roads_removed == 0
    assert "Ann: removing the travel cost has no effect on sheet C" in told(after)


def test_the_third_build_twice_gives_its_development_bonus_after_both_builds():
    """Rulebook: "On the third time you pay for and use this action, you gain a Development
    Bonus after you build a facility twice": the second build asks for it (or, when the
    second build is let pass, letting it pass does)."""
    state = give(edit(round_1(), hay_actions=(("build-twice", 2), ("build", 0), ("thaler-falling", 0),
                                              ("thaler-rising", 0))), "Ann", hay=10, bean=2, thaler=4)
    after = apply(state, HayActionTaken(player="Ann", row="build-twice", facility="farm"))
    assert player(after).due == ("build+bonus",) and player(after).development_bonuses == ()
    rejects(after, Build(player="Ann", facility="farm"), "a Farm gives 1 Development Bonus", BonusesDue)
    done = apply(after, Build(player="Ann", facility="farm", development_bonuses=("thaler",)))
    assert player(done).development_bonuses == ("thaler",) and player(done).materials == Materials(thaler=4)
    # design page, reading 9: the second build passes only when it cannot be made
    rejects(after, Forgo(player="Ann", development_bonuses=("hay",)),
            "a build can be performed now; an owed action passes only when it cannot")
    poor = give(after, "Ann")
    rejects(poor, Forgo(player="Ann"), "gives 1 Development Bonus", BonusesDue)
    passed = apply(poor, Forgo(player="Ann", development_bonuses=("hay",)))
    assert player(passed).due == () and player(passed).development_bonuses == ("hay",)
