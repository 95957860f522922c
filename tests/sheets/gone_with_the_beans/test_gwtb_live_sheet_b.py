"""Sheet B "Space Minerals Came Flying" on the live sheet: Beanichalcum.

Citations: rulebook = shared/rules/gone-with-the-beans.txt, "Differences on Sheet B";
design = shared/design/gone-with-the-beans.md (gaps 1, 2, 4). Printed values the
rulebook does not state are the test values of gwtb_live_play.ENTERED_BY_SHEET.
"""

from __future__ import annotations

import pytest
from testkit.gwtb_live_play import SPECIAL, card, game, give, player, rejects, told

from sheets.gone_with_the_beans.live import (
    AddHayShed,
    Build,
    EnterDpIcons,
    HayActionTaken,
    Materials,
    Milestone,
    apply,
    is_over,
    result,
    rounds_played,
    scored_sheet,
    SpecialIncome,
)
from sheets.gone_with_the_beans.scoring import breakdown
from sheets.gone_with_the_beans.sheets import SHEET_B


def round_1(*players, **options):
    """Sheet B, round 1 revealed (a Market card); the Ruler in Macadimia unless ``first`` says."""
    return apply(game(*players or (("Ann", "macadimia"),), sheet="B", **options), card("market", 0))


def test_the_beanichalcum_hay_action_is_a_fifth_row():
    """Rulebook: "Pay 10 Hay, and then gain 1 Beanichalcum. On the third time ... a
    Development Bonus after you gain 1 Beanichalcum" (design page, gaps 1: a fifth row)."""
    state = give(round_1(), "Ann", hay=10)
    assert [r.id for r in state.rules.hay_actions] == ["thaler", "bean", "travel", "worker", "beanichalcum"]
    after = apply(state, HayActionTaken(player="Ann", row="beanichalcum"))
    assert player(after).materials == Materials(beanichalcum=1) and player(after).beanichalcum_gained == 1
    third = give(after.model_copy(update={"players": tuple(
        p.model_copy(update={"actions": (), "hay_actions": tuple((r, 2 if r == "beanichalcum" else 0)
                                                                 for r, _ in p.hay_actions)})
        for p in after.players)}), "Ann", hay=10)
    rejects(third, HayActionTaken(player="Ann", row="beanichalcum"), "gives 1 Development Bonus")
    done = apply(third, HayActionTaken(player="Ann", row="beanichalcum", development_bonuses=("beanichalcum",)))
    assert player(done).materials == Materials(beanichalcum=2)  # the row's and the bonus's
    assert player(done).beanichalcum_gained == 3  # with round 1's


def test_a_silo_gives_1_beanichalcum_and_a_development_bonus():
    """Rulebook: "Gain 1 Beanichalcum each time you build 1 Silo"; a Silo also gives a
    Development Bonus (design page, gaps 5)."""
    state = give(round_1(), "Ann", thaler=2, bean=2)
    after = apply(state, Build(player="Ann", facility="silo", development_bonuses=("hay",)))
    assert player(after).materials == Materials(beanichalcum=1, hay=3)
    assert "Ann: +1 Beanichalcum (a Silo built)" in told(after)


def test_the_beanichalcum_milestone_bonus():
    """Rulebook, New Milestone Bonus: "Gain 1 Beanichalcum" (0 pt; design page)."""
    state = round_1(("Ann", "tachiopi"))
    after = apply(state, Milestone(player="Ann", bonus="beanichalcum"))
    assert player(after).materials.beanichalcum == 1 and player(after).beanichalcum_gained == 1


def test_a_beanichalcum_stands_in_for_a_worker_only_when_the_worker_is_lacking():
    """Rulebook: "It can also be used to substitute for 1 Worker"; Substituting Materials:
    only "if you do not have enough"."""
    state = give(round_1(), "Ann", thaler=3, beanichalcum=1)  # a House: 3 Thaler + 1 Worker (test values)
    after = apply(state, Build(player="Ann", facility="house", development_bonuses=("hay",)))
    assert player(after).materials == Materials(hay=3)  # the Beanichalcum paid for the Worker
    assert player(after).beanichalcum_gained == 0  # spent, never gained here
    with_worker = give(round_1(), "Ann", thaler=3, worker=1, beanichalcum=1)
    rejects(with_worker, Build(player="Ann", facility="house", payment=Materials(thaler=3, beanichalcum=1),
                               development_bonuses=("hay",)),
            "pay the 1 Worker you have before substituting for Worker")


def test_a_beanichalcum_pays_the_whole_travel_cost_of_a_build_two_roads_away():
    """Rulebook: "Beanichalcum can be used to substitute for other materials to pay the
    travel cost for 2 roads when you build a facility" (design page, gaps 4)."""
    state = give(round_1(("Ann", "zoodai")), "Ann", bean=1, thaler=2, beanichalcum=1)  # Macadimia: 2 roads
    after = apply(state, Build(player="Ann", facility="farm", beanichalcum_travel=True))
    assert player(after).materials == Materials() and player(after).count("farm") == 2
    assert "Ann: paid 1 Bean + 2 Thaler + 1 Beanichalcum (Farm)" in told(after)
    near = give(round_1(("Ann", "ammond")), "Ann", bean=1, thaler=2, beanichalcum=1)  # 1 road
    rejects(near, Build(player="Ann", facility="farm", beanichalcum_travel=True),
            "1 Beanichalcum pays the travel cost for 2 roads; this build travels 1")
    rejects(give(round_1(("Ann", "zoodai")), "Ann", bean=1, thaler=2), Build(
        player="Ann", facility="farm", beanichalcum_travel=True), r"\(1 Beanichalcum missing\)")


def test_the_rulebooks_example_8_beanichalcum_gained_4_used_scores_35():
    """Rulebook: "Player A gained 8 Beanichalcum, of which 4 were used ... they earn 35 pt"."""
    state = round_1()
    ann = player(state).model_copy(update={"beanichalcum_gained": 8, "materials": Materials(beanichalcum=4)})
    scored = scored_sheet(state.model_copy(update={"players": (ann,)}))
    assert breakdown(SHEET_B, scored.players[0])["beanichalcum"] == 35
    assert "development_passport" not in breakdown(SHEET_B, scored.players[0])


@pytest.mark.parametrize("gained, points", [(1, 0), (2, 2), (5, 14), (9, 44), (12, 44)])
def test_the_beanichalcum_collection_bonus_table(gained, points):
    """Rulebook, Beanichalcum Collection Bonus; beyond 9 it stays 44 (design page, gaps 3)."""
    assert SHEET_B.beanichalcum is not None and SHEET_B.beanichalcum.points_for(gained) == points


def test_sheet_b_counts_no_dp_icons_and_ends_with_round_15():
    """Rulebook: "You do not gain victory points from Development Passport Bonus": the
    game ends after round 15 with nothing more to count."""
    state = game(("Ann", "tachiopi"), sheet="B")
    state = apply(apply(state, card("farm", 5)), Milestone(player="Ann", bonus="beanichalcum"))
    for number in range(2, 16):
        if number == 10:  # the basic deck's special card lies in rounds 8-15
            state = apply(apply(state, SPECIAL), SpecialIncome(player="Ann", option="thaler"))
        else:
            state = apply(state, card("farm", 5))
        state = apply(state, AddHayShed(player="Ann"))
    assert rounds_played(state) and is_over(state)
    rejects(state, EnterDpIcons(player="Ann", filled=2), "sheet B scores no Development Passport")
    assert result(state).players[0].breakdown["beanichalcum"] == 0  # 1 gained: 0 pt


def test_a_beanichalcum_pays_2_roads_of_a_build_3_roads_away_and_the_third_as_usual():
    """Design page, gaps 4: a Beanichalcum "pays the travel cost of 2 roads of a build (a
    build 3 roads away pays its third road as usual)"; rulebook, Travel cost: Level 1 is
    "2 Bean and 1 Thaler" a road."""
    state = give(round_1(("Ann", "tachiopi")), "Ann", bean=3, thaler=3, beanichalcum=1)  # Macadimia: 3 roads
    after = apply(state, Build(player="Ann", facility="farm", beanichalcum_travel=True))
    assert player(after).materials == Materials() and player(after).count("farm") == 3
    assert "Ann: paid 3 Bean + 3 Thaler + 1 Beanichalcum (Farm)" in told(after)


def test_a_beanichalcum_pays_travel_only_when_the_player_lacks_its_materials():
    """Design page, gaps 4: "A Beanichalcum is a substitute like any other (Substituting
    Materials: "If you do not have enough required materials to pay") ... only when the player
    lacks what it replaces": with the Farm's cost and the 2 roads' 4 Bean + 2 Thaler in the
    warehouse, it is refused; an entry stored before that reading still folds as recorded."""
    from sheets.gone_with_the_beans.live.engine import parse_action

    state = give(round_1(("Ann", "zoodai")), "Ann", bean=5, thaler=4, beanichalcum=1)  # Macadimia: 2 roads
    rejects(state, Build(player="Ann", facility="farm", beanichalcum_travel=True),
            r"you have the travel cost's 4 Bean \+ 2 Thaler: pay it; 1 Beanichalcum stands in only for what you lack")
    stored = {"kind": "build", "player": "Ann", "facility": "farm", "payment": None, "beanzantine": False,
              "development_bonuses": [], "beanichalcum_travel": True, "bridge_to": None}
    old = apply(state, parse_action(stored))
    assert player(old).materials == Materials(bean=4, thaler=2) and player(old).count("farm") == 2
    # One Thaler short of the travel: the Beanichalcum pays it.
    short = give(round_1(("Ann", "zoodai")), "Ann", bean=5, thaler=3, beanichalcum=1)
    assert player(apply(short, Build(player="Ann", facility="farm", beanichalcum_travel=True))).materials == (
        Materials(bean=4, thaler=1))
