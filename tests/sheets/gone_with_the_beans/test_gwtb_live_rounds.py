"""The round: card reveal, the Ruler's move and Extra Income, Income, one action each.

Citations: rulebook = shared/rules/gone-with-the-beans.txt ("How to Play", "Forming a
Deck of Round Cards", "Variant Rules", "Special Card"); issue 7 "Rounds".
"""

from __future__ import annotations

import pytest
from testkit.gwtb_live_play import SPECIAL, card, enter, game, give, player, rejects, told

from sheets.gone_with_the_beans.live import (
    AddHayShed,
    Build,
    EnterPrintedValue,
    HayActionTaken,
    Materials,
    Reveal,
    RoundCard,
    SpecialIncome,
    UnknownPrintedValue,
    apply,
)


def play_round(state, reveal=None):
    """Reveal a card, every player adds a Hay Shed (always allowed)."""
    state = apply(state, reveal or card("market", 2))
    if state.card.special:
        for p in state.players:
            state = apply(state, SpecialIncome(player=p.name, option="thaler"))
    for p in state.players:
        state = apply(state, AddHayShed(player=p.name))
    return state


def test_income_is_the_cards_hay_when_the_facility_is_not_built():
    """Rulebook, Income: "If you have not built the specified facility, gain the amount
    of Hay indicated on the Round card." The Ruler does not move in round 1."""
    state = game(("Ann", "cashew"))
    after = apply(state, card("market", 4))
    assert player(after).materials.hay == player(state).materials.hay + 4
    assert after.ruler == state.ruler and after.round == 1


def test_income_is_the_hay_below_the_rightmost_built_icon():
    """Rulebook, Income: the Hay below "your rightmost built facility icon"; Tachiopi has
    2 Farms, so Farm icon 2 (test value 3)."""
    state = game(("Ann", "tachiopi"))
    after = apply(state, card("farm", 9))
    assert player(after).materials.hay == player(state).materials.hay + 3


def test_income_asks_for_the_printed_hay_until_it_is_entered():
    """Design page, Printed values: asked once, when play first needs it, saying where it
    is printed; entered through an action that checks it and keeps it in the state."""
    state = game(("Ann", "cashew"), known=False)
    error = rejects(state, card("farm", 9), "Hay below Farm icon 1", UnknownPrintedValue)
    assert error.key == "hay-income:farm:1" and error.where == "Ann"
    assert error.place == "Hay below Farm icon 1 (Income), Sheet A"
    state = apply(state, EnterPrintedValue(key="hay-income:farm:1", value=2))
    assert state.entered == {"hay-income:farm:1": 2}
    assert player(apply(state, card("farm", 9))).materials.hay == player(state).materials.hay + 2


@pytest.mark.parametrize("key, value, match", [
    ("hay-income:farm:1", -1, "cannot be printed there; enter 0 to 30"),
    ("hay-income:farm:1", "two", "enter a whole number"),
    ("building-cost:farm", {"bean": 1}, r"stated by the rulebook \(1 Bean \+ 2 Thaler\)"),
    ("travel:1", {"bean": 1}, "stated by the rulebook"),
    ("travel:2", {"beanichalcum": 1}, "sheet A has no Beanichalcum"),
    ("travel:2", {"hay": 31}, "more than a sheet prints"),
    ("building-cost:market:upper", {}, "a building cost is never nothing"),
    ("building-cost:market:side", {"thaler": 1}, "not a printed value of sheet A"),
    ("milestones", [3, 2], "must rise from left to right"),
    ("milestones", [1, 2, 3, 4, 5, 6, 7], "only 6 Milestone Bonuses"),
    ("icons:farm", 1, "enter 2 to 30"),  # Tachiopi has built 2 Farms
    ("hay-shed:3", 10, "not a printed value"),  # only 2 extra sheds
])
def test_an_entered_printed_value_is_checked_for_sense(key, value, match):
    rejects(game(("Ann", "tachiopi"), known=False), EnterPrintedValue(key=key, value=value), match)


@pytest.mark.parametrize("value", [{"bean": 3}, {"hay": 4}, {"worker": 1}, {"thaler": 1, "hay": 2},
                                   {"bean": 2, "thaler": 1}])
def test_travel_at_levels_2_to_4_is_any_materials_the_sheet_prints(value):
    """Design page, gaps 14: "Travel costs at Horse-Riding Levels 2-4 are printed values asked
    per level, in any materials the sheet prints, per road as at Level 1": not only a part of
    Level 1's 2 Bean + 1 Thaler, so a sheet printing another material plays on."""
    state = apply(game(("Ann", "tachiopi"), known=False), EnterPrintedValue(key="travel:2", value=value))
    assert state.entered["travel:2"] == Materials(**value)


def test_an_entered_printed_value_can_be_corrected():
    state = apply(game(known=False), EnterPrintedValue(key="hay-shed:1", value=8))
    state = apply(state, EnterPrintedValue(key="hay-shed:1", value=10))
    assert state.entered == {"hay-shed:1": 10}
    assert told(state) == ("Hay the added Hay Shed 1 holds, Sheet A: 10 (corrected)",)


def test_the_ruler_moves_one_province_clockwise_from_round_2():
    """Rulebook, Moving the Ruler Token; no Extra Income on Macadimia -> Beanzantine."""
    state = play_round(game(("Ann", "cashew"), first="macadimia"))
    hay = player(state).materials.hay
    state = apply(state, card("market", 2))
    assert state.ruler == "beanzantine" and player(state).materials.thaler == 0
    assert player(state).materials.hay == hay + 2


@pytest.mark.parametrize("first", ["zoodai", "ammond"])
def test_extra_income_on_zoodai_to_tachiopi_and_ammond_to_macadimia(first):
    """Rulebook, Resolving the Extra Income: for each facility type, the materials below
    the rightmost built icon; none from facilities not built (test values: n Thaler
    below icon n)."""
    state = play_round(game(("Ann", "tachiopi"), ("Ben", "cashew"), first=first))
    state = apply(state, card("market", 2))
    assert state.ruler in ("tachiopi", "macadimia")
    assert player(state, "Ann").materials.thaler == 2  # Farm icon 2
    assert player(state, "Ben").materials.thaler == 1  # Farm icon 1
    assert "The Ruler moves to " + state.ruler.capitalize() + ": Extra Income" in told(state)


def test_extra_income_asks_for_the_printed_value():
    state = play_round(enter(game(("Ann", "cashew"), known=False, first="ammond"),
                             ["hay-shed:1", "hay-shed:2"]))
    error = rejects(state, card("market", 2), "Extra Income below Farm icon 1, Sheet A", UnknownPrintedValue)
    assert error.key == "extra-income:farm:1"


def test_one_action_per_player_per_round():
    """Rulebook, Actions: each player performs one of the four actions; the round ends
    once everyone has."""
    state = apply(game(("Ann", "cashew"), ("Ben", "ammond")), card())
    state = apply(state, AddHayShed(player="Ann"))
    rejects(state, AddHayShed(player="Ann"), r"^Ann: you have taken your action this round \(Hay Shed\)")
    rejects(state, card(), "round 1 is not over: Ben has not taken an action")
    rejects(game(), AddHayShed(player="Ann"), "no Round card is revealed yet")
    rejects(state, AddHayShed(player="Zed"), "'Zed' is not playing")


def test_fifteen_rounds_then_the_game_is_over():
    state = game(("Ann", "cashew"))
    for number in range(1, 16):
        state = play_round(state, SPECIAL if number == 15 else None)
    rejects(state, card(), "the game ends after round 15")


@pytest.mark.parametrize("deck, specials_at", [
    ("basic", [8]), ("two-specials", [1, 8]), ("three-specials", [7, 14, 15]),
])
def test_the_decks_special_cards_come_where_the_rulebook_puts_them(deck, specials_at):
    """Forming a Deck of Round Cards: 7 cards on 7 + the special card; Variant Rules: 6+1
    on 7+1, and 6+1 on 6+2; "the deck of fewer cards on top". So the top 7 cards
    (rounds 1-7) hold 0, 1, 1 special cards and the bottom 8 hold 1, 1, 2."""
    state = game(("Ann", "cashew"), deck=deck)
    for number in range(1, 16):
        state = play_round(state, SPECIAL if number in specials_at else None)
    assert sum(c.special for c in state.cards) == len(specials_at)


def test_no_more_special_cards_than_the_deck_holds():
    state = game(("Ann", "cashew"))
    rejects(state, SPECIAL, r"the \"Basic game\" deck's top 7 cards \(rounds 1-7\) hold 0 special cards")
    for number in range(1, 8):
        state = play_round(state)
    state = play_round(state, SPECIAL)
    rejects(state, SPECIAL, r"bottom 8 cards \(rounds 8-15\) hold 1 special card, all revealed already")


def test_the_last_card_of_a_part_must_be_the_special_card_not_yet_revealed():
    state = game(("Ann", "cashew"), deck="two-specials")
    for number in range(1, 7):
        state = play_round(state)
    rejects(state, card(), "round 7 must be a special card")


@pytest.mark.parametrize("revealed, match", [
    (RoundCard(special=True, hay=3), "the special card shows no facility or Hay"),
    (RoundCard(facility="farm"), "shows a facility and Hay"),
    (RoundCard(facility="mill", hay=2), '"mill" is not a facility'),
    (RoundCard(facility="farm", hay=31), "a Round card prints 0 to 30"),
])
def test_a_round_card_is_checked(revealed, match):
    rejects(game(deck="two-specials"), Reveal(card=revealed), match)


def special_round(*players):
    return apply(game(*players or (("Ann", "cashew"),), deck="two-specials"), SPECIAL)


@pytest.mark.parametrize("option, gained", [("thaler", {"thaler": 3}), ("hay", {"hay": 4})])
def test_special_card_gains(option, gained):
    """Rulebook, Special Card: "Gain 3 Thaler." "Gain 4 Hay." instead of the normal income."""
    state = special_round()
    after = apply(state, SpecialIncome(player="Ann", option=option))
    diff = {k: getattr(player(after).materials, k) - getattr(player(state).materials, k) for k in gained}
    assert diff == gained


def test_special_card_hay_shed_adds_a_shed_and_2_hay():
    state = special_round()
    after = apply(state, SpecialIncome(player="Ann", option="hay-shed"))
    assert player(after).hay_sheds == 1 and player(after).materials.hay == player(state).materials.hay + 2


def test_special_card_travel_removes_a_road_for_this_rounds_build():
    """Special Card: "Remove the travel cost for 1 road." Our reading: for this round's
    build; it does not carry over (the rulebook does not say)."""
    state = give(special_round(("Ann", "ammond")), "Ann", bean=1, thaler=2)  # Ruler in Macadimia
    state = apply(state, SpecialIncome(player="Ann", option="travel"))
    after = apply(state, Build(player="Ann", facility="farm"))  # Ammond is 1 road from Macadimia
    assert player(after).materials.thaler == 0 and player(after).count("farm") == 2


def test_special_card_income_comes_first_and_once():
    state = special_round()
    rejects(state, AddHayShed(player="Ann"), "round 1 has the special card: choose its income")
    rejects(state, SpecialIncome(player="Ann", option="beans"), '"beans" is not an option of the special card')
    state = apply(state, SpecialIncome(player="Ann", option="hay"))
    rejects(state, SpecialIncome(player="Ann", option="hay"), "you chose the special card's 'hay' already")
    rejects(apply(game(), card()), SpecialIncome(player="Ann", option="hay"), "not the special card")


def test_a_hay_action_needs_its_hay():
    state = give(apply(game(), card()), "Ann", hay=9)
    rejects(state, HayActionTaken(player="Ann", row="thaler"),
            r'the Hay action "Gain 7 Thaler." costs 10 Hay; you have 9 Hay')
