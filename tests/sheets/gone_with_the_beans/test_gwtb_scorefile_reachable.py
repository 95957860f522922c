"""Issue 31, what a Gone with the Beans sheet can hold: a score file whose entries are each
valid but whose sheet no game reaches is refused, naming the place (score-files.md: exit 2,
one line; the command line is in tests/companion/test_cli_gone_with_the_beans.py); a sheet
a game reaches passes. The live sheet's final count takes the same Development Passport
bound (test_live_dp_icons_are_bounded_by_the_sheet).

Citations: rulebook = shared/rules/gone-with-the-beans.txt; design = shared/design/gone-with-the-beans.md
(gaps N: the numbered readings).
"""

from __future__ import annotations

import pytest
from gwtb_files import RULES, player, score_file, solo
from testkit.gwtb_live_play import game, player as live_player, rejects
from test_gwtb_live_end import hay_action_or_shed, play

from companion import i18n
from sheets.errors import ScoreFileError
from sheets.gone_with_the_beans.live import EnterDpIcons, apply, is_over
from sheets.gone_with_the_beans.reachable import most_dp_icons
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.i18n import using


def refused(data):
    with pytest.raises(ScoreFileError) as info:
        RULES.score_file(data)
    return info.value.place, info.value.reason


def total(data):
    return RULES.score_file(data).players[0].total


# --- Development Passport icons (design: gaps 11) -------------------------------------------

DP_RULE = ('rulebook, Development Passport Bonus: "For each 2 gained ... Development Bonuses connected by a line '
           'with a DP icon, fill the square of the DP icon. Fill also the square of the DP icon on each line '
           'connecting your province and an adjacent Development Bonus you have gained."')


def test_the_bound_is_n_n_plus_1_over_2_and_one_per_bridge_on_c():
    """design, gaps 11: "none without a gained Development Bonus (A, B) or an executed Contract
    (D); on C one per Bridge that joins two provinces, plus the bonus network; with n gained
    bonuses at most n(n+1)/2"."""
    assert [most_dp_icons(SHEETS["A"], n) for n in range(5)] == [0, 1, 3, 6, 10]
    assert most_dp_icons(SHEETS["D"], 4) == 10
    assert most_dp_icons(SHEETS["C"], 0, bridges=1) == 1
    assert most_dp_icons(SHEETS["C"], 3, bridges=2) == 8
    assert most_dp_icons(SHEETS["A"], 3, bridges=2) == 6  # only C's Bridges carry an icon


def test_a_solitaire_sheet_a_without_a_development_bonus_has_no_dp_icon():
    """The issue's case: a solitaire A sheet with no Development Bonus scored 55 DP points.
    design, gaps 11: "none without a gained Development Bonus"; """ + DP_RULE
    assert refused(solo("A", dp_icons=10)) == (
        "players[0].dp_icons",
        "10 Development Passport icons, but no Development Bonus is gained, and an icon is filled only beside a "
        "gained one")
    assert total(solo("A", dp_icons=0)) == 0


def test_n_development_bonuses_fill_at_most_n_n_plus_1_over_2():
    """design, gaps 11: "with n gained bonuses at most n(n+1)/2" (3 bonuses: 3 lines between them
    and 3 to your province); """ + DP_RULE
    three = {"facilities": {"house": 3}, "development_bonuses": ["worker", "hay", "thaler"]}
    assert total(solo("A", dp_icons=6, **three)) == 21
    assert refused(solo("A", dp_icons=7, **three)) == (
        "players[0].dp_icons", "7 Development Passport icons, but 3 Development Bonuses gained fill at most 6")
    one = {"facilities": {"silo": 1}, "development_bonuses": ["hay"]}
    assert refused(solo("A", dp_icons=2, **one))[1] == (
        "2 Development Passport icons, but 1 Development Bonus gained fills at most 1")


def test_sheet_c_fills_one_icon_per_bridge_and_the_bonus_network():
    """rulebook, Differences on Sheet C: "if you have built any Bridge that connects 2 provinces,
    fill the square of the DP icon on the Bridge"; "The Bridge built in the setup also counts";
    design, gaps 11: "on C one per Bridge that joins two provinces, plus the bonus network"."""
    assert total(solo("C", dp_icons=1)) == 1  # the setup Bridge
    assert refused(solo("C", dp_icons=2)) == (
        "players[0].dp_icons", "2 Development Passport icons, but 1 Bridge and 0 Development Bonuses gained fill at most 1")
    two = {"facilities": {"bridge": 2, "house": 1}, "development_bonuses": ["worker"]}
    assert total(solo("C", dp_icons=3, **two)) == 6
    assert refused(solo("C", dp_icons=4, **two))[1] == (
        "4 Development Passport icons, but 2 Bridges and 1 Development Bonus gained fill at most 3")


def test_sheet_d_fills_icons_beside_executed_contracts():
    """rulebook, Differences on Sheet D, Development Passport Bonus: "For each 2 executed (their
    circles filled) Contracts connected by a line with a Development Passport icon ... fill the
    square"; design, gaps 11: "none without ... an executed Contract (D)"."""
    assert refused(solo("D", dp_icons=1)) == (
        "players[0].dp_icons",
        "1 Development Passport icon, but no Contract is executed, and an icon is filled only beside an executed one")
    two = {"contracts": ["normal-1", "normal-3"], "hay_actions": {"normal-contract": 2}}
    assert RULES.score_file(solo("D", dp_icons=3, **two)).players[0].breakdown["development_passport"] == 6
    assert refused(solo("D", dp_icons=4, **two))[1] == (
        "4 Development Passport icons, but 2 Contracts executed fill at most 3")


def test_the_rulebooks_dp_example_is_a_sheet_a_game_reaches():
    """rulebook, Development Passport Bonus example: "Player A of Macadimia ... has 5 DP icons
    with filled squares, so they earn 15 pt" (3 bonuses fill up to 6)."""
    sheet = {"province": "macadimia", "facilities": {"house": 1, "silo": 1}, "hay_actions": {"worker": 3},
             "development_bonuses": ["worker", "mixed", "farm-points"], "dp_icons": 5}
    assert RULES.score_file(solo("A", **sheet)).players[0].breakdown["development_passport"] == 15


def test_live_dp_icons_are_bounded_by_the_sheet():
    """design, gaps 11: "A count above what the sheet allows is refused, live and in score
    files": the final count, after round 15, in the player's words; a count within it is taken."""
    state = play(game(("Ann", "ammond")), hay_action_or_shed)
    gained = len(live_player(state).development_bonuses)
    most = gained * (gained + 1) // 2
    assert gained >= 1
    rejects(state, EnterDpIcons(player="Ann", filled=most + 1),
            f"{most + 1} Development Passport icons, but {gained} Development Bonus")
    assert is_over(apply(state, EnterDpIcons(player="Ann", filled=most)))


def test_live_dp_icons_without_a_bonus_are_refused():
    """design, gaps 11: "none without a gained Development Bonus"; a sheet that only added Hay
    Sheds gained none."""
    from sheets.gone_with_the_beans.live import AddHayShed

    state = play(game(("Ann", "cashew")), lambda s, name: apply(s, AddHayShed(player=name)))
    assert live_player(state).development_bonuses == ()
    rejects(state, EnterDpIcons(player="Ann", filled=1), "no Development Bonus is gained")
    assert is_over(apply(state, EnterDpIcons(player="Ann", filled=0)))


# --- Free builds -------------------------------------------------------------------------------

def test_a_free_farm_bonus_shows_its_farm():
    """rulebook, Milestone Bonus: "Build 1 Farm for free. This counts as performing the building
    action once"; Tachiopi: "immediately build a Farm for free. Thus, you have 2 Farms already
    built at the start of the game" (the free Farm is one more)."""
    assert refused(solo("A", milestone_bonuses=["free-farm"])) == (
        "players[0].facilities.farm",
        '1 Farm, but the sheet shows at least 2 built: 1 at setup, the Milestone Bonus "free-farm"')
    assert refused(solo("A", province="tachiopi", milestone_bonuses=["free-farm"]))[1] == (
        '2 Farms, but the sheet shows at least 3 built: 2 at setup, the Milestone Bonus "free-farm"')
    assert total(solo("A", province="tachiopi", milestone_bonuses=["free-farm"], facilities={"farm": 3})) == 3
    assert total(solo("D", milestone_bonuses=["free-farm"], facilities={"farm": 2}, contracts=["normal-1"],
                      hay_actions={"normal-contract": 1}, dp_icons=1)) == 3 + 5 + 2 + 1


def test_a_sheet_c_free_farm_may_have_passed():
    """design, gaps 16: "A free-Farm or free-Bridge milestone bonus builds only where the player
    may build (on C: the Ruler's province or one the player's Bridges join); when nothing can be
    built, the bonus passes": a C sheet with the bonus and only its setup Farm is a real game's."""
    assert total(solo("C", milestone_bonuses=["free-farm"], facilities={"farm": 1, "market": 1})) == 3


def test_sheet_c_free_bridges_show_their_bridges():
    """rulebook, Differences on Sheet C: the setup Bridge ("build the first Bridge for free");
    New Milestone Bonus "Build 1 Bridge for free"; the rising-Thaler row: "On the third time ...
    build 1 Bridge for free after you gain 6 Thaler"."""
    assert refused(solo("C", milestone_bonuses=["free-bridge"])) == (
        "players[0].facilities.bridge",
        '1 Bridge, but the sheet shows at least 2 built: 1 at setup, the Milestone Bonus "free-bridge"')
    assert refused(solo("C", hay_actions={"thaler-rising": 3}))[1] == (
        '1 Bridge, but the sheet shows at least 2 built: 1 at setup, the 3rd use of "thaler-rising"')
    both = {"milestone_bonuses": ["free-bridge"], "hay_actions": {"thaler-rising": 3}}
    assert refused(solo("C", facilities={"bridge": 2}, **both))[1] == (
        '2 Bridges, but the sheet shows at least 3 built: 1 at setup, the Milestone Bonus "free-bridge", '
        'the 3rd use of "thaler-rising"')
    assert total(solo("C", facilities={"bridge": 3}, **both)) == 7


def test_sheet_c_has_at_most_five_bridges():
    """Our reading (issue 31): rulebook, Differences on Sheet C, "build a Bridge to connect your
    province with other adjacent provinces"; design, gaps 7 (a ring of six) and 12 (a Bridge
    joins a province adjacent to one joined): each Bridge joins one more province, five at most."""
    assert total(solo("C", facilities={"bridge": 5})) == 0
    assert refused(solo("C", facilities={"bridge": 6})) == (
        "players[0].facilities.bridge",
        "6 Bridges, but each Bridge joins one more of the map's 6 provinces to yours: at most 5")


def test_a_milestone_needs_its_facilities():
    """rulebook, Achieve a Milestone: "Check the lowest number not yet filled in the "No. of
    facilities" field. If you have built an equal or more number of facilities ... The Farms
    already built from the beginning are also counted"; the numbers are not stated. Our
    reading (issue 31): they rise from 1 (as the live sheet takes them), so k milestones need
    k facilities built; C counts its Bridges ("Bridge also counts as a facility")."""
    assert total(solo("A", milestone_bonuses=["points"])) == 12  # the setup Farm
    assert refused(solo("A", milestone_bonuses=["points", "worker"])) == (
        "players[0].milestone_bonuses[1]",
        "2 Milestone Bonuses, but 1 facility built reaches at most 1 milestone (the numbers rise from 1)")
    assert total(solo("C", milestone_bonuses=["points", "worker"])) == 21  # the setup Farm and Bridge
    assert refused(solo("B", province="tachiopi", milestone_bonuses=["points", "worker", "hay"]))[1] == (
        "3 Milestone Bonuses, but 2 facilities built reach at most 2 milestones (the numbers rise from 1)")


# --- Development Bonuses and Beanichalcum ----------------------------------------------------

def test_development_bonuses_need_their_sources():
    """rulebook, Gaining a Development Bonus: "when you perform the same Hay action 3 times or
    build a Silo or House"; design, gaps 5. The file's bonus beyond them is named."""
    assert refused(solo("A", development_bonuses=["worker"])) == (
        "players[0].development_bonuses[0]",
        "1 Development Bonus, but at most 0 were gained: 0 Houses, 0 Silos, 0 Hay actions used 3 times")
    sources = {"facilities": {"house": 1}, "hay_actions": {"travel": 3, "worker": 2}}
    assert refused(solo("A", development_bonuses=["stable-points", "hay", "bean"], **sources)) == (
        "players[0].development_bonuses[2]",
        "3 Development Bonuses, but at most 2 were gained: 1 House, 0 Silos, 1 Hay action used 3 times")
    assert total(solo("A", development_bonuses=["stable-points", "hay"], **sources)) == 7 + 4


def test_development_bonuses_below_their_sources_are_refused():
    """Issue 47. rulebook, Gaining a Development Bonus: "when you perform the same Hay action 3
    times or build a Silo or House"; "When you have performed it 3 times, you gain the
    'Development Bonus'"; design, readings 5 and 24: one "while any is left", so a sheet
    listing fewer than it earned is refused, naming what earned them."""
    sources = {"facilities": {"house": 1, "silo": 1}, "hay_actions": {"worker": 3}}
    assert refused(solo("A", development_bonuses=["farm-points"], **sources)) == (
        "players[0].development_bonuses",
        '3 Development Bonuses earned (1 House, 1 Silo, the "worker" row 3 times), 1 listed')
    assert refused(solo("C", hay_actions={"build": 3}, facilities={"market": 3}))[1] == (
        '1 Development Bonus earned (the "build" row 3 times), 0 listed')
    assert total(solo("A", development_bonuses=["farm-points", "worker", "hay"], **sources)) == 2 + 7  # farm-points (1 Farm), the "worker" row 3 times


def test_development_bonuses_are_earned_only_while_any_is_left():
    """Issue 47. rulebook, Gaining a Development Bonus: "choose any one of the Development
    Bonuses not yet gained ... Each Development Bonus can be gained only once"; design, reading
    5: "while any is left". Sheet A's ten are all listed though 11 were earned (Zoodai: 12 Hay
    actions, the travel row's 3 builds and 4 more in 16 actions)."""
    every = [b.id for b in SHEETS["A"].development_bonuses]
    sources = {"province": "zoodai", "facilities": {"house": 4, "silo": 3}, "hay_actions": ALL_A_ROWS,
               "development_bonuses": every}
    assert total(solo("A", **sources)) > 0
    assert refused(solo("A", **{**sources, "development_bonuses": every[:9]}))[1].startswith(
        '10 Development Bonuses earned (4 Houses, 3 Silos, the "thaler" row 3 times, ')


def test_sheet_c_rising_thaler_gives_a_bridge_not_a_development_bonus():
    """rulebook, Differences on Sheet C: the rising-Thaler row's third use builds "1 Bridge for
    free"; the other three rows give a Development Bonus."""
    rising = {"facilities": {"bridge": 2}, "hay_actions": {"thaler-rising": 3}}
    assert refused(solo("C", development_bonuses=["hay"], **rising))[0] == "players[0].development_bonuses[0]"
    assert total(solo("C", development_bonuses=["hay"], facilities={"bridge": 2},
                      hay_actions={"thaler-rising": 3, "build": 3})) == 7 + 7


def test_sheet_b_beanichalcum_counts_every_source():
    """rulebook, Differences on Sheet B: "Gain 1 Beanichalcum each time you build 1 Silo"; the
    Hay action "gain 1 Beanichalcum"; the Milestone Bonus and the Development Bonus "Gain 1
    Beanichalcum"; "Count the number of Beanichalcum you have gained, regardless of whether you
    used them or not"."""
    sources = {"facilities": {"silo": 2}, "hay_actions": {"beanichalcum": 1},
               "milestone_bonuses": ["beanichalcum"], "development_bonuses": ["beanichalcum", "worker"]}
    assert refused(solo("B", beanichalcum=4, **sources)) == (
        "players[0].beanichalcum",
        '4 Beanichalcum, but the sheet shows at least 5 gained: 2 Silos built, 1 use of "beanichalcum", '
        'the Milestone Bonus "beanichalcum", the Development Bonus "beanichalcum"')
    assert RULES.score_file(solo("B", beanichalcum=5, **sources)).players[0].breakdown["beanichalcum"] == 14
    assert refused(solo("B", facilities={"silo": 1}, development_bonuses=["worker"]))[1] == (
        "0 Beanichalcum, but the sheet shows at least 1 gained: 1 Silo built")


def test_the_rulebooks_beanichalcum_example_is_reachable():
    """rulebook, Sheet B example: "Player A gained 8 Beanichalcum, of which 4 were used ... 35 pt"."""
    sources = {"facilities": {"silo": 3}, "hay_actions": {"beanichalcum": 3},
               "development_bonuses": ["worker", "hay", "thaler", "mixed"]}  # 3 Silos, the row's 3rd use
    assert RULES.score_file(solo("B", beanichalcum=8, **sources)).players[0].breakdown["beanichalcum"] == 35


# --- Sheet D: Contracts and milestones --------------------------------------------------------

def test_a_contract_executed_was_gained():
    """rulebook, Differences on Sheet D: "You can gain Contracts by the Hay action and Milestone
    action"; "You can execute any number of gained Contracts"; the Hay actions "gain 1 Advanced
    Contract", "gain 1 Normal Contract", and at the third time of the Worker and travel rows "1
    Normal Contract"; the Milestone Bonuses "Gain 1 Advanced / Normal Contract"."""
    assert refused(solo("D", contracts=["normal-1"])) == (
        "players[0].contracts[0]",
        "1 Normal Contract executed, but at most 0 were gained: no Hay action or Milestone Bonus gained one")
    normal = {"hay_actions": {"worker": 3, "normal-contract": 1}}
    assert refused(solo("D", contracts=["normal-2", "advanced-house", "normal-5"], **normal)) == (
        "players[0].contracts[1]",
        "1 Advanced Contract executed, but at most 0 were gained: no Hay action or Milestone Bonus gained one")
    assert refused(solo("D", contracts=["normal-2", "normal-1", "normal-5"], **normal))[1] == (
        '3 Normal Contracts executed, but at most 2 were gained: 1 use of "normal-contract", '
        'the 3rd use of "worker"')
    assert total(solo("D", contracts=["normal-2", "normal-5"], **normal)) == 6 + 5 + 7 + 2


def test_d_milestones_need_the_contracts_executed():
    """rulebook, Differences in the Conditions for Achieving a Milestone (D): 'If you have filled
    an equal or more number of Contracts'; the row 1, 3, 5, 7; design, gaps 8 (executed ones)."""
    one = {"contracts": ["normal-1"], "hay_actions": {"normal-contract": 1}}
    assert total(solo("D", milestone_bonuses=["points"], **one)) == 12 + 5 + 2
    assert refused(solo("D", milestone_bonuses=["points", "hay"], **one)) == (
        "players[0].milestone_bonuses[1]",
        "2 Milestone Bonuses, but 1 Contract executed reaches 1 of the milestones at 1, 3, 5, 7")


def test_a_milestones_contract_comes_after_its_milestone():
    """Our reading (issue 31): rulebook, D's Milestone Bonus "Gain 1 Normal Contract" is gained on
    achieving a milestone, which needs its Contracts executed first ("Check the lowest number
    not yet filled ... If you have filled an equal or more number of Contracts"): the first
    milestone's Contract came from a Hay action."""
    assert refused(solo("D", milestone_bonuses=["normal-contract"], contracts=["normal-1"])) == (
        "players[0].milestone_bonuses[0]",
        '"normal-contract" gains its Contract only after its milestone, and milestone 1 needs 1 Contract '
        "executed before it: the Hay actions gained 0")
    # one Contract from a Hay action reaches milestone 1; its bonus's Contract is the second
    reached = {"milestone_bonuses": ["normal-contract"], "contracts": ["normal-1", "normal-4"],
               "hay_actions": {"normal-contract": 1}}
    assert total(solo("D", **reached)) == 8 + 5 + 4 + 2


# --- Where, and in which words ---------------------------------------------------------------

def test_the_place_is_the_players_and_the_files_list_order():
    """score-files.md: the line names the offending place; the second player's list, in its order."""
    ben = player("Ben", "zoodai", "A", facilities={"house": 1},
                 development_bonuses=["hay", "worker"])
    assert refused(score_file("A", player("Ann"), ben))[0] == "players[1].development_bonuses[1]"


def test_a_refusal_in_german():
    """Issue 19: a player reads the refusal in the phone's language."""
    german = i18n.translations("de")
    with using(german), pytest.raises(ScoreFileError) as info:
        RULES.score_file(solo("A", dp_icons=10))
    assert info.value.reason == (
        "10 Entwicklungspass-Symbole, aber es ist kein Entwicklungsbonus erhalten, und ein Symbol wird nur "
        "neben einem erhaltenen ausgefüllt")


# --- One action a round (our reading, issue 31) -------------------------------------------------

ALL_A_ROWS = {"thaler": 3, "bean": 3, "travel": 3, "worker": 3}
ROWS_BONUSES = ["worker", "hay", "thaler", "mixed"]  # the four 3rd uses' (no points)


def test_fifteen_rounds_hold_fifteen_actions():
    """rulebook, How to Play: "This game is played over 15 rounds"; Actions: "All players
    simultaneously choose and perform one of the following four actions"; Zoodai: "you can
    do it twice in a row. You can use this ability only once per game". Our reading (issue 31):
    each Hay action use, each milestone and each facility no Hay action or free bonus built
    was one round's action."""
    four = {"milestone_bonuses": ["points", "worker", "hay", "bean"], "hay_actions": ALL_A_ROWS,
            "development_bonuses": ROWS_BONUSES}
    travelled = {"market": 3}  # the travel row's 3 builds: 4 facilities for 4 milestones
    assert refused(solo("A", facilities=travelled, **four)) == (
        "players[0]",
        "the sheet shows at least 16 actions (0 builds, 12 Hay actions, 4 milestones), but 15 rounds give 15")
    assert total(solo("A", province="zoodai", facilities=travelled, **four)) == 4 * 7 + 36
    assert refused(solo("A", province="zoodai", facilities={"market": 4}, **four))[1] == (
        "the sheet shows at least 17 actions (1 build, 12 Hay actions, 4 milestones), but 15 rounds and "
        "Zoodai's ability give 16")


def test_builds_inside_other_actions_are_no_action_of_their_own():
    """rulebook: the travel row "Remove the travel cost for 1 road and immediately build a
    facility" (design, gaps 15); "Build 1 Farm for free. This counts as performing the building
    action once" (a Milestone Bonus, not a round's action); C's "build a facility twice"."""
    three = ["points", "worker", "free-farm"]
    # A: 12 Hay actions and 3 milestones; the 3 travel uses and the free Farm built 4 facilities
    assert total(solo("A", hay_actions=ALL_A_ROWS, milestone_bonuses=three, development_bonuses=ROWS_BONUSES,
                      facilities={"farm": 2, "market": 3})) == 4 * 7 + 3 + 9 + 12
    assert refused(solo("A", hay_actions=ALL_A_ROWS, milestone_bonuses=three, development_bonuses=ROWS_BONUSES,
                        facilities={"farm": 2, "market": 4}))[0] == "players[0]"
    # C: 3 uses of "build twice" built 6
    assert total(solo("C", hay_actions={"build-twice": 3}, facilities={"market": 6},
                      development_bonuses=["worker"])) == 7


def test_d_completion_bonuses_give_actions_beyond_the_rounds():
    """rulebook, Differences on Sheet D, Building Completion Bonus: Stable "Perform a Hay
    action", Farm "Perform a Hay action", Silo and Market "Build a facility", House "add a Hay
    Shed or achieve a milestone"; the Advanced Contract row's 3rd use: "you achieve a milestone".
    Design, reading 24: a row whose number of icons is not printed counts as completed (the
    best case) once 2 of its icons are built, the last in play; the Stable's 2 are printed."""
    rows = {"advanced-contract": 3, "normal-contract": 3, "worker": 3, "travel": 3}
    contracts = ["normal-1", "normal-2", "normal-3", "normal-4", "normal-5", "advanced-market", "advanced-house"]
    four = ["points", "hay", "bean", "thaler"]
    sheet = {"hay_actions": rows, "contracts": contracts, "milestone_bonuses": four}
    # 12 Hay actions (the Stable's completion owed 1), 6 facilities (3 by the travel row), 4
    # milestones (the 3rd use's and the House's completion bonus 2): 11 + 3 + 2
    assert refused(solo("D", facilities={"house": 4, "stable": 2}, **sheet)) == (
        "players[0]",
        "the sheet shows at least 16 actions (3 builds, 11 Hay actions, 2 milestones), but 15 rounds give 15")
    # the Farm's completion owes one more Hay action
    assert RULES.score_file(solo("D", facilities={"farm": 2, "house": 3, "stable": 2}, **sheet))


def test_d_stable_is_complete_only_with_both_printed_icons():
    """Issue 47. rulebook, Differences on Sheet D, Building Completion Bonus: "There are only 2
    Stable icons on Sheet D, so the Stable is complete, and Player A immediately gains the
    Completion Bonus"; design, reading 24. One Stable owes no Hay action: with 4 Markets (whose
    completion builds one) the sheet shows 1 build + 12 Hay actions + 3 milestones. A second
    Stable is one build more and its completion one Hay action less: still 16."""
    rows = {"advanced-contract": 3, "normal-contract": 3, "worker": 3, "travel": 3}
    contracts = ["normal-1", "normal-2", "normal-3", "normal-4", "normal-5", "advanced-market", "advanced-house"]
    sheet = {"hay_actions": rows, "contracts": contracts, "milestone_bonuses": ["points", "hay", "bean", "thaler"]}
    assert total(solo("D", facilities={"market": 4}, **sheet)) > 0
    assert refused(solo("D", facilities={"market": 4, "stable": 1}, **sheet)) == (
        "players[0]",
        "the sheet shows at least 16 actions (1 build, 12 Hay actions, 3 milestones), but 15 rounds give 15")
    assert refused(solo("D", facilities={"market": 4, "stable": 2}, **sheet))[1] == (
        "the sheet shows at least 16 actions (2 builds, 11 Hay actions, 3 milestones), but 15 rounds give 15")
    assert total(solo("D", facilities={"market": 3, "stable": 2}, **sheet)) > 0


def test_d_row_whose_icons_are_not_printed_is_not_complete_by_one_icon():
    """Issue 47, design reading 24: "a row whose count is not printed is never assumed complete
    by one icon" (rulebook, Building Completion Bonus: "Each time you have built all of one type
    of facility"). One Market or Silo owes no build, one House no milestone, one Stable no Hay
    action: the travel row's 3 builds and 1 more, 12 Hay actions, 4 milestones less the 3rd
    Advanced Contract use's."""
    rows = {"advanced-contract": 3, "normal-contract": 3, "worker": 3, "travel": 3}
    contracts = ["normal-1", "normal-2", "normal-3", "normal-4", "normal-5", "advanced-market", "advanced-house"]
    sheet = {"hay_actions": rows, "contracts": contracts, "milestone_bonuses": ["points", "hay", "bean", "thaler"]}
    one_each = {"market": 1, "house": 1, "silo": 1, "stable": 1}
    assert refused(solo("D", facilities=one_each, **sheet))[1] == (
        "the sheet shows at least 16 actions (1 build, 12 Hay actions, 3 milestones), but 15 rounds give 15")
