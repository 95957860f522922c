"""The scorer as a game: setup, the actions a phone sends, and every rule they check.

Citations: rulebook = shared/rules/gone-with-the-beans.txt; design = shared/design/gone-with-the-beans.md;
architecture = shared/design/architecture.md (pure apply, frozen actions).
"""

from __future__ import annotations

import pydantic
import pytest
from gwtb_files import RULES, setup

from sheets.errors import RulesError
from sheets.game import fold
from sheets.gone_with_the_beans import (
    Finish,
    MarkContract,
    MarkDevelopmentBonus,
    MarkMilestoneBonus,
    Reopen,
    SetBeanichalcum,
    SetDpIcons,
    SetFacility,
    SetHayActionUses,
)


def game(sheet="A", *provinces):
    return RULES.new_game(setup(sheet, *provinces))


def rejects(state, action, match):
    """The action is refused with a RulesError naming the player; the state is unchanged."""
    before = state.model_dump()
    with pytest.raises(RulesError, match=match) as info:
        RULES.apply(state, action)
    assert state.model_dump() == before
    return info.value


# --- Setup ----------------------------------------------------------------------------------

def test_new_game_starts_with_the_setup_builds():
    """rulebook: Setup ("you have 1 or 2 Farm built"), Tachiopi's free Farm, Sheet C's setup Bridge."""
    state = game("C", "tachiopi", "cashew")
    tach, cashew = state.players
    assert tach.built == {"farm": 2, "market": 0, "house": 0, "silo": 0, "stable": 0, "bridge": 1}
    assert cashew.built["farm"] == 1 and cashew.built["bridge"] == 1
    assert cashew.uses == {"build-twice": 0, "build": 0, "thaler-falling": 0, "thaler-rising": 0}
    assert not RULES.is_over(state)


def test_setup_strips_names():
    state = RULES.new_game({"sheet": "B", "players": [{"name": "  Ann ", "province": "zoodai"}]})
    assert state.players[0].name == "Ann" and state.sheet == "B"


@pytest.mark.parametrize("bad_setup, match", [
    ({"sheet": "E", "players": [{"name": "Ann", "province": "cashew"}]}, '"E" is not a game sheet'),
    ({"sheet": "A", "players": []}, "no players"),
    ({"sheet": "A", "players": [{"name": "Ann", "province": "peanut"}]}, r'player 1: "peanut" is not a province'),
    ({"sheet": "A", "players": [{"name": "Ann", "province": "cashew"}, {"name": "Ann", "province": "zoodai"}]},
     "player 2: Ann is named twice"),
    ({"sheet": "A", "players": [{"name": " ", "province": "cashew"}]}, "player 1: the name is empty"),
    ({"sheet": "A", "players": [{"name": "Ann", "province": "cashew"}, {"name": "Ben", "province": "cashew"}]},
     "player 2: \"cashew\" is already Ann's province"),
    ({"sheet": "A"}, "setup players: Field required"),
    ({"sheet": "A", "players": [{"name": "Ann", "province": "cashew", "colour": "red"}]}, "Extra inputs"),
])
def test_bad_setups(bad_setup, match):
    """rulebook: Setup (sheets A-D, same letter for all), Determining Each Player's Province
    (distinct up to 6); design: province ids."""
    with pytest.raises(RulesError, match=match):
        RULES.new_game(bad_setup)


def test_seven_players_may_share_provinces():
    """rulebook: "When playing with 7 or more players ... You may choose the same province"."""
    state = game("A", *["cashew"] * 7)
    assert len(state.players) == 7
    with pytest.raises(RulesError, match="already"):
        game("A", *["cashew"] * 6)


def test_solitaire_setup():
    """design: "1 player is the solitaire game"."""
    assert len(game("D", "macadimia").players) == 1


# --- Each action kind -----------------------------------------------------------------------

def test_set_facility():
    state = RULES.apply(game(), SetFacility(player="Ben", facility="market", built=3))
    assert state.players[1].built["market"] == 3 and state.players[0].built["market"] == 0


def test_set_dp_icons_and_beanichalcum():
    assert RULES.apply(game("D"), SetDpIcons(player="Ann", filled=4)).players[0].dp_icons == 4
    assert RULES.apply(game("B"), SetBeanichalcum(player="Ann", gained=6)).players[0].beanichalcum == 6


def test_marks_keep_printed_order_and_can_be_taken_back():
    state = game()
    for bonus in ("points", "free-farm", "hay"):
        state = RULES.apply(state, MarkMilestoneBonus(player="Ann", bonus=bonus))
    assert state.players[0].milestone_bonuses == ("free-farm", "hay", "points")
    state = RULES.apply(state, MarkMilestoneBonus(player="Ann", bonus="hay", gained=False))
    assert state.players[0].milestone_bonuses == ("free-farm", "points")
    state = RULES.apply(state, MarkDevelopmentBonus(player="Ann", bonus="stable-points"))
    state = RULES.apply(state, MarkDevelopmentBonus(player="Ann", bonus="worker"))
    assert state.players[0].development_bonuses == ("worker", "stable-points")


def test_mark_contract_and_take_back():
    state = RULES.apply(game("D"), MarkContract(player="Ann", contract="advanced-silo"))
    assert state.players[0].contracts == ("advanced-silo",)
    state = RULES.apply(state, MarkContract(player="Ann", contract="advanced-silo", executed=False))
    assert state.players[0].contracts == ()


def test_set_hay_action_uses():
    state = RULES.apply(game("C"), SetHayActionUses(player="Ann", row="thaler-rising", uses=3))
    assert state.players[0].uses["thaler-rising"] == 3


def test_result_gives_the_breakdown_before_finish_and_winners_after():
    """score-files.md: winners is [] where the game is not over; the scorer is over once finished."""
    state = RULES.apply(game(), MarkMilestoneBonus(player="Ben", bonus="points"))
    result = RULES.result(state)
    assert [p.total for p in result.players] == [0, 12] and result.winners == ()
    finished = RULES.apply(state, Finish())
    assert RULES.is_over(finished) and RULES.result(finished).winners == ("Ben",)
    corrected = RULES.apply(finished, MarkMilestoneBonus(player="Ann", bonus="points"))
    assert RULES.is_over(corrected) and RULES.result(corrected).winners == ("Ann", "Ben")
    reopened = RULES.apply(corrected, Reopen())
    assert not RULES.is_over(reopened) and RULES.result(reopened).winners == ()


def test_solitaire_rating_once_finished():
    """rulebook: Solitaire Rules, rated on the score."""
    state = game("A", "cashew")
    assert RULES.result(state).players[0].rating is None
    assert RULES.result(RULES.apply(state, Finish())).players[0].rating == "You'll do better next time"


# --- Every validation rule, through actions -------------------------------------------------

@pytest.mark.parametrize("sheet, provinces, action, match", [
    ("A", (), SetFacility(player="Ann", facility="market", built=-1), "-1 Markets: a count cannot be negative"),
    ("A", (), SetFacility(player="Ann", facility="farm", built=0), "0 Farms, but every player starts with 1 Farm"),
    ("A", ("tachiopi",), SetFacility(player="Ann", facility="farm", built=1),
     "1 Farm, but Tachiopi starts with 2 Farms"),
    ("C", (), SetFacility(player="Ann", facility="bridge", built=0), "0 Bridges, but every player starts with 1 Bridge"),
    ("A", (), SetFacility(player="Ann", facility="bridge", built=1), "sheet A has no Bridges; only sheet C"),
    ("A", (), SetFacility(player="Ann", facility="castle", built=1), '"castle" is not a facility'),
    ("D", (), SetFacility(player="Ann", facility="stable", built=3), "3 Stables, but sheet D has only 2 Stable icons"),
    ("B", (), SetDpIcons(player="Ann", filled=3), "sheet B has no Development Passport icons; only sheets A, C, D"),
    ("A", (), SetDpIcons(player="Ann", filled=-2), "cannot be negative"),
    ("A", (), SetBeanichalcum(player="Ann", gained=1), "sheet A has no Beanichalcum; only sheet B"),
    ("B", (), SetBeanichalcum(player="Ann", gained=-1), "cannot be negative"),
    ("D", (), MarkDevelopmentBonus(player="Ann", bonus="worker"), "sheet D has no Development Bonuses"),
    ("C", (), MarkContract(player="Ann", contract="normal-1"), "sheet C has no Contracts; only sheet D"),
    ("A", (), MarkMilestoneBonus(player="Ann", bonus="free-bridge"), '"free-bridge" is not a Milestone Bonus of sheet A'),
    ("B", (), MarkDevelopmentBonus(player="Ann", bonus="free-farm"), '"free-farm" is not a Development Bonus of sheet B'),
    ("D", (), MarkContract(player="Ann", contract="normal-6"), '"normal-6" is not a Contract of sheet D'),
    ("A", (), MarkMilestoneBonus(player="Ann", bonus="points", gained=False), '"points" is not marked as gained'),
    ("A", (), SetHayActionUses(player="Ann", row="worker", uses=4), "4 uses; each Hay action can be performed 0 to 3"),
    ("A", (), SetHayActionUses(player="Ann", row="worker", uses=-1), "-1 uses"),
    ("A", (), SetHayActionUses(player="Ann", row="beanichalcum", uses=1), '"beanichalcum" is not a Hay action of sheet A'),
    ("D", (), SetHayActionUses(player="Ann", row="thaler", uses=1), '"thaler" is not a Hay action of sheet D'),
])
def test_rule_violations_name_the_player_and_leave_the_state(sheet, provinces, action, match):
    """rulebook: Setup builds, Sheet D's 2 Stables, "up to 3 times", keys a sheet does not use
    (score-files.md gone-with-the-beans); design: bonus, contract and hay-action ids per sheet."""
    error = rejects(game(sheet, *(provinces or ("cashew",)), "zoodai"), action, match)
    assert error.where == "Ann"


def test_a_bonus_is_gained_only_once():
    """rulebook: "The same bonus cannot be gained more than once"; "Each Development Bonus can be
    gained only once"; "You cannot re-execute the Contracts"."""
    state = RULES.apply(game(), MarkMilestoneBonus(player="Ann", bonus="free-farm"))
    rejects(state, MarkMilestoneBonus(player="Ann", bonus="free-farm"), '"free-farm" is already gained')
    state = RULES.apply(state, MarkDevelopmentBonus(player="Ann", bonus="mixed"))
    rejects(state, MarkDevelopmentBonus(player="Ann", bonus="mixed"), "each Development Bonus is gained only once")
    d = RULES.apply(game("D"), MarkContract(player="Ann", contract="normal-2"))
    rejects(d, MarkContract(player="Ann", contract="normal-2"), '"normal-2" is already executed')


def test_sheet_d_has_four_milestones():
    """rulebook: Sheet D, Conditions for Achieving a Milestone (1, 3, 5, 7 Contracts): 4 squares."""
    state = game("D")
    for bonus in ("free-farm", "thaler", "bean", "advanced-contract"):
        state = RULES.apply(state, MarkMilestoneBonus(player="Ann", bonus=bonus))
    rejects(state, MarkMilestoneBonus(player="Ann", bonus="normal-contract"),
            r"5 Milestone Bonuses, but sheet D has 4 milestones \(reached at 1, 3, 5, 7 Normal and Advanced Contracts\)")


def test_sheets_a_to_c_do_not_limit_milestones():
    """design: the facilities each milestone needs on A-C are not stated, so no count is checked."""
    state = game("C")
    for bonus in ("free-farm", "thaler", "bean", "hay", "worker", "points", "free-bridge"):
        state = RULES.apply(state, MarkMilestoneBonus(player="Ann", bonus=bonus))
    assert len(state.players[0].milestone_bonuses) == 7


def test_stables_beyond_level_4_are_accepted_on_a_to_c():
    """design: the number of Stable icons on A-C is not stated; the level stops at 4 (gaps 6)."""
    state = RULES.apply(game("A"), SetFacility(player="Ann", facility="stable", built=5))
    assert RULES.result(state).players[0].breakdown["horse_riding"] == 18


def test_unknown_player():
    error = rejects(game(), SetDpIcons(player="Zed", filled=1), "'Zed' is not playing; the players are Ann, Ben")
    assert error.where is None


# --- What a game can reach (issue 31; sheets/gone_with_the_beans/reachable.py) -------------

NO_BONUS = "10 Development Passport icons, but no Development Bonus is gained, and an icon is filled only beside a " \
    "gained one"


def test_an_impossible_sheet_cannot_be_finished_and_allowed_says_why():
    """Issue 31: the scorer finished sheets the score files refuse, so its export could be
    refused on import. design, gaps 11: DP icons, "none without a gained Development Bonus";
    Finish says the first problem of the first such sheet, with the player's name."""
    state = RULES.apply(game(), SetDpIcons(player="Ben", filled=10))  # entries come in any order
    refused = f"Ben: {NO_BONUS}"
    assert RULES.allowed(state, "").finish == refused
    error = rejects(state, Finish(), refused)
    assert str(error) == refused and not RULES.is_over(state)
    # rulebook, Gaining a Development Bonus: a House, a Silo or a Hay action's 3rd use gives one.
    state = RULES.apply(state, SetDpIcons(player="Ben", filled=0))
    state = RULES.apply(RULES.apply(state, MarkDevelopmentBonus(player="Ann", bonus="hay")),
                        MarkDevelopmentBonus(player="Ann", bonus="worker"))
    assert RULES.allowed(state, "").finish == (
        "Ann: 2 Development Bonuses, but at most 0 were gained: 0 Houses, 0 Silos, 0 Hay actions used 3 times")
    rejects(state, Finish(), "Ann: 2 Development Bonuses")


def test_a_reachable_sheet_is_finished_and_its_export_imports():
    state = game()
    for action in (SetFacility(player="Ann", facility="house", built=2),
                   MarkDevelopmentBonus(player="Ann", bonus="hay"), MarkDevelopmentBonus(player="Ann", bonus="worker"),
                   SetDpIcons(player="Ann", filled=3, bounded=True)):
        state = RULES.apply(state, action)
    assert RULES.allowed(state, "").finish is None
    finished = RULES.apply(state, Finish())
    assert RULES.is_over(finished)
    exported = RULES.export(finished)
    assert RULES.score_file(exported) == RULES.result(finished)
    setup_, actions = RULES.import_file(exported)
    assert fold(RULES, setup_, actions) == finished


def test_dp_icons_tapped_stop_at_what_the_bonuses_gained_allow():
    """design, gaps 11: "with n gained bonuses at most n(n+1)/2"; on D the Contracts executed.
    A tap above it is refused where it is entered; a lower count is always taken."""
    state = game()
    assert RULES.allowed(state, "Ann").dp_icons.high == 0
    assert RULES.allowed(state, "Ann").dp_icons.more == (
        "1 Development Passport icon, but no Development Bonus is gained, and an icon is filled only beside a "
        "gained one")
    rejects(state, SetDpIcons(player="Ann", filled=1, bounded=True), "1 Development Passport icon, but")
    state = RULES.apply(state, SetFacility(player="Ann", facility="house", built=3))  # each gives a bonus
    for bonus in ("hay", "worker", "thaler"):
        state = RULES.apply(state, MarkDevelopmentBonus(player="Ann", bonus=bonus))
    allowed = RULES.allowed(state, "Ann").dp_icons
    assert (allowed.low, allowed.high, allowed.more) == (0, 6, None)
    state = RULES.apply(state, SetDpIcons(player="Ann", filled=6, bounded=True))
    assert RULES.allowed(state, "Ann").dp_icons.more == (
        "7 Development Passport icons, but 3 Development Bonuses gained fill at most 6")
    rejects(state, SetDpIcons(player="Ann", filled=7, bounded=True), "3 Development Bonuses gained fill at most 6")
    # A bonus taken back leaves the count above the bound: stepping down is taken, Finish refuses.
    state = RULES.apply(state, MarkDevelopmentBonus(player="Ann", bonus="thaler", gained=False))
    state = RULES.apply(state, SetFacility(player="Ann", facility="house", built=2))  # 2 Houses: 2 bonuses
    rejects(state, Finish(), "Ann: 6 Development Passport icons, but 2 Development Bonuses gained fill at most 3")
    assert RULES.apply(state, SetDpIcons(player="Ann", filled=5, bounded=True)).players[0].dp_icons == 5
    d = game("D")
    assert RULES.allowed(d, "Ann").dp_icons.high == 0
    d = RULES.apply(d, MarkContract(player="Ann", contract="normal-1"))
    assert RULES.allowed(d, "Ann").dp_icons.high == 1


def test_a_game_finished_before_sheets_were_checked_still_opens():
    """A stored "finish" without "checked" (made before issue 31) folds as it did; one made
    now is checked."""
    log = [SetDpIcons(player="Ann", filled=10).model_dump(mode="json"), {"kind": "finish"}]
    state = fold(RULES, setup(), log)
    assert RULES.is_over(state) and state.players[0].dp_icons == 10
    assert RULES.parse_action(log[1]).model_dump(mode="json") == log[1] == {"kind": "finish"}  # logged as it came
    assert log[0] == {"kind": "set-dp-icons", "player": "Ann", "filled": 10}  # an import's entry, as before
    with pytest.raises(RulesError, match=NO_BONUS):
        fold(RULES, setup(), [log[0], Finish().model_dump(mode="json")])


# --- Actions as data ------------------------------------------------------------------------

def test_parse_action_round_trip():
    """architecture: actions are a discriminated union on `kind`, JSON in and out."""
    for action in (SetFacility(player="Ann", facility="farm", built=2), SetDpIcons(player="Ann", filled=1),
                   SetBeanichalcum(player="Ann", gained=1), MarkMilestoneBonus(player="Ann", bonus="hay"),
                   MarkDevelopmentBonus(player="Ann", bonus="hay", gained=False),
                   MarkContract(player="Ann", contract="normal-1"),
                   SetHayActionUses(player="Ann", row="bean", uses=2), Finish(), Reopen()):
        assert RULES.parse_action(action.model_dump(mode="json")) == action


@pytest.mark.parametrize("data, match", [
    ({"kind": "build-castle", "player": "Ann"}, "not a valid entry"),
    ({"kind": "set-dp-icons", "player": "Ann", "filled": 2, "colour": "red"}, "Extra inputs"),
    ({"kind": "set-dp-icons", "player": "Ann", "filled": True}, "valid integer"),
    ({"kind": "set-dp-icons", "player": "Ann", "filled": "2"}, "valid integer"),
    ({"kind": "mark-contract", "player": "Ann"}, "contract: Field required"),
    ({"player": "Ann"}, "not a valid entry"),
])
def test_parse_action_rejects(data, match):
    with pytest.raises(RulesError, match=match):
        RULES.parse_action(data)


def test_actions_are_frozen():
    """architecture: Pydantic house style, frozen models with extra="forbid"."""
    action = SetDpIcons(player="Ann", filled=1)
    with pytest.raises(pydantic.ValidationError):
        action.filled = 2  # type: ignore[misc]


def test_fold_replays_a_log():
    """testing.md: replaying a saved action log gives the same state."""
    log = [{"kind": "set-facility", "player": "Ann", "facility": "stable", "built": 2},
           {"kind": "set-dp-icons", "player": "Ben", "filled": 4}, {"kind": "finish"}]
    state = fold(RULES, setup("A"), log)
    assert [p.total for p in RULES.result(state).players] == [12, 10]
    assert fold(RULES, setup("A"), log) == state
