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


def test_the_free_farm_bonus_builds_only_where_you_may_build_else_it_passes():
    """Design page, gaps 16: "A free-Farm or free-Bridge milestone bonus builds only where the
    player may build (on C: the Ruler's province or one the player's Bridges join); when nothing
    can be built, the bonus passes" (rulebook, New Rules for Building: "you can build a facility
    only when the Ruler token is in your province"). An entry stored before that reading builds
    as it was recorded."""
    from sheets.gone_with_the_beans.live.engine import parse_action

    home = apply(round_1(), Milestone(player="Ann", bonus="free-farm"))  # the Ruler in joined Macadimia
    assert player(home).count("farm") == 2
    away = round_1(bridge="cashew")  # Ammond and Cashew; the Ruler in Macadimia
    after = apply(away, Milestone(player="Ann", bonus="free-farm"))
    assert player(after).count("farm") == 1 and player(after).milestone_bonuses == ("free-farm",)
    assert ("Ann: the free Farm cannot be built (on sheet C you build only while the Ruler token is in your "
            "province (Ammond or Cashew); it is in Macadimia); it passes") in told(after)
    stored = {"kind": "milestone", "player": "Ann", "bonus": "free-farm", "contracts": [], "bridge_to": None}
    assert player(apply(away, parse_action(stored))).count("farm") == 2


def test_a_free_bridge_passes_when_no_province_is_left():
    """Design page, gaps 16: "when nothing can be built, the bonus passes"; gaps 10's spirit for
    the rising-Thaler row: "On the third time ... build 1 Bridge for free after you gain 6
    Thaler" (rulebook): with every adjacent province joined, the 6 Thaler come and the Bridge
    passes; the buttons offer both without asking for a province."""
    from sheets.gone_with_the_beans.live import allowed

    everywhere = ("macadimia", "beanzantine", "zoodai", "tachiopi", "cashew")
    state = edit(round_1(), bridges=everywhere, hay_actions=(("build-twice", 0), ("build", 0), ("thaler-falling", 0),
                                                            ("thaler-rising", 2)))
    state = give(state, "Ann", hay=6)
    answer = allowed(state, "Ann")
    rising = next(o for o in answer.actions if o.action == HayActionTaken(player="Ann", row="thaler-rising"))
    assert rising.reason is None and rising.then is None
    after = apply(state, HayActionTaken(player="Ann", row="thaler-rising"))
    assert player(after).materials.thaler == 6 and player(after).uses("thaler-rising") == 3
    assert player(after).count("bridge") == 1
    assert "Ann: the free Bridge cannot be built (every adjacent province is joined already); it passes" in told(after)
    rejects(state, HayActionTaken(player="Ann", row="thaler-rising", bridge_to="cashew"),
            "the free Bridge cannot be built: every adjacent province is joined already")
    milestone = apply(state, Milestone(player="Ann", bonus="free-bridge"))
    assert player(milestone).milestone_bonuses == ("free-bridge",) and player(milestone).count("bridge") == 1


def test_beanzantines_ability_stays_where_a_bridge_joins_the_rulers_province():
    """Design page, gaps 12: "A Beanzantine-style ability that changes nothing for a build is
    not used up by it": the Ruler in Macadimia, joined to Beanzantine by a Bridge, "all count
    as your province" (rulebook, Differences on Sheet C)."""
    state = give(round_1("Ann", "beanzantine", "macadimia"), "Ann", bean=1, thaler=2)
    after = apply(state, Build(player="Ann", facility="farm", beanzantine=True))
    assert player(after).count("farm") == 2 and not player(after).ability_used
    assert "Ann: Beanzantine's ability changes nothing for this build and stays for later" in told(after)


def test_a_free_bridge_with_every_bridge_icon_built_passes_and_asks_for_no_province():
    """Design page, gaps 16: "when nothing can be built, the bonus passes": every Bridge icon
    built (4, a test value) while provinces are left; the milestone button's free Bridge
    asks for no province, and the Bridge passes."""
    from sheets.gone_with_the_beans.live import allowed

    state = edit(round_1(), built=(("farm", 1), ("market", 0), ("house", 0), ("silo", 0), ("stable", 0),
                                   ("bridge", 4)))
    milestone = next(o for o in allowed(state, "Ann").actions if o.kind == "milestone")
    free_bridge = dict(milestone.then.options)["free-bridge"]
    assert free_bridge.then is None and free_bridge.reason is None
    after = apply(state, Milestone(player="Ann", bonus="free-bridge"))
    assert player(after).count("bridge") == 4 and player(after).milestone_bonuses == ("free-bridge",)
    assert "Ann: the free Bridge cannot be built (all 4 Bridge icons are built); it passes" in told(after)
    # With a Bridge icon left, it asks which province the Bridge joins.
    asks = dict(next(o for o in allowed(round_1(), "Ann").actions if o.kind == "milestone").then.options)
    assert asks["free-bridge"].then is not None
