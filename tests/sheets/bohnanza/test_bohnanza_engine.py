"""The Bohnanza rules engine: fields, harvests, the third field, deck passes, supply."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sheets.bohnanza import (
    RULES, Bean, BuyField, DeckExhausted, FinalCount, Harvest, Plant, PlayerCount, preview_harvest,
)
from sheets.errors import RulesError
from sheets.game import fold
from sheets.registry import GAMES

PLAYERS = ["Ann", "Ben", "Cem"]


def game(*actions, players=PLAYERS):
    state = RULES.new_game({"players": players})
    for action in actions:
        state = RULES.apply(state, action)
    return state


def rejected(state, action, match):
    """The action is refused with ``match`` and the state is left as it was."""
    before = state.model_dump()
    with pytest.raises(RulesError, match=match) as caught:
        RULES.apply(state, action)
    assert state.model_dump() == before
    return caught.value


# --- setup ------------------------------------------------------------------------------

def test_registered_under_its_score_file_id():
    """score-files.md: "game" is one of ... `bohnanza`."""
    assert GAMES["bohnanza"] is RULES and RULES.id == "bohnanza" and RULES.title == "Bohnanza"


@pytest.mark.parametrize("names", [["Ann", "Ben"], ["A", "B", "C", "D", "E", "F"]])
def test_three_to_five_players(names):
    """Rulebook: "3 to 5 players"."""
    with pytest.raises(RulesError, match="for 3 to 5"):
        RULES.new_game({"players": names})


def test_each_player_starts_with_two_empty_fields_and_no_coins():
    """Rulebook: "Each player must imagine they have two vacant Bean Fields"."""
    state = game(players=["Ann", " Ben ", "Cem", "Dee", "Eve"])
    assert state.names == ("Ann", "Ben", "Cem", "Dee", "Eve")
    for farmer in state.players:
        assert [f.bean for f in farmer.fields] == [None, None]
        assert farmer.total == 0 and not farmer.third_field
    assert state.deck_pass == 1 and not RULES.is_over(state)


def test_sheets_imports_no_ui_or_storage():
    """architecture.md: sheets/ imports neither flet nor tinydb nor anything in companion/."""
    code = (
        "import sys, sheets.bohnanza, sheets.registry;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('flet', 'tinydb', 'companion')];"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# --- planting ---------------------------------------------------------------------------

def test_plant_into_an_empty_field_and_onto_the_same_bean():
    """Rulebook step 1: "only one type of bean can grow in any one field"."""
    state = game(Plant(player="Ann", field=1, bean="blue"), Plant(player="Ann", field=1, bean="blue", count=2))
    assert state.player("Ann").fields[0].bean == Bean.BLUE
    assert state.player("Ann").fields[0].count == 3


def test_a_field_grows_one_bean_only():
    """Rulebook step 1: a bean that matches no field means a crop must be sold first."""
    state = game(Plant(player="Ann", field=1, bean="blue"))
    error = rejected(state, Plant(player="Ann", field=1, bean="red"), "grows Blue Bean .*harvest it before planting Red Bean")
    assert error.where == "Ann"


def test_once_sold_a_field_takes_a_new_bean():
    """Rulebook step 1: "once a field has been 'sold' then a new type of bean could replace it"."""
    state = game(Plant(player="Ann", field=1, bean="blue"), Harvest(player="Ann", field=1),
                 Plant(player="Ann", field=1, bean="red"))
    assert state.player("Ann").fields[0].bean == Bean.RED


def test_an_unknown_player_is_refused():
    """Rulebook: the players are the farmers at the table."""
    rejected(game(), Plant(player="Zed", field=1, bean="blue"), "'Zed' is not playing; the players are Ann, Ben, Cem")


@pytest.mark.parametrize(
    "data, match",
    [
        ({"kind": "plant", "player": "Ann", "field": 4, "bean": "blue"}, "field"),
        ({"kind": "plant", "player": "Ann", "field": 1, "bean": "lima"}, "bean"),
        ({"kind": "plant", "player": "Ann", "field": 1, "bean": "blue", "count": 0}, "count"),
        ({"kind": "plant", "player": "Ann", "field": 1, "bean": "blue", "extra": 1}, "extra"),
        ({"kind": "sow", "player": "Ann"}, "not a valid entry"),
        ({"kind": "final-count", "players": [{"name": "Ann", "coins": -1, "third_field": False}]}, "coins"),
    ],
)
def test_parse_action_refuses_malformed_entries(data, match):
    """architecture.md: actions are a discriminated union on `kind` with extra keys forbidden."""
    with pytest.raises(RulesError, match=match):
        RULES.parse_action(data)


def test_actions_round_trip_through_json():
    """game.py: actions cross the storage boundary as plain JSON dicts."""
    for action in [Plant(player="Ann", field=2, bean="black-eyed", count=2), Harvest(player="Ben", field=3),
                   BuyField(player="Cem"), DeckExhausted(),
                   FinalCount(players=(PlayerCount(name="Ann", coins=3, third_field=True),))]:
        assert RULES.parse_action(action.model_dump(mode="json")) == action


# --- harvesting -------------------------------------------------------------------------

def test_harvest_pays_coin_cards_and_discards_the_rest():
    """Rulebook: "one face-down card for every point you earn. Place the remainder on the discard pile"."""
    state = game(Plant(player="Ben", field=2, bean="stink", count=7), Harvest(player="Ben", field=2))
    assert state.player("Ben").total == 3
    assert state.discard.as_dict() == {"stink": 4}
    assert state.in_play(Bean.STINK) == 7  # coin cards stay out of the deck's circulation


def test_harvest_of_too_few_beans_pays_nothing():
    """Rulebook step 1: a crop is "just discarded for nil points" if too small."""
    state = game(Plant(player="Ben", field=1, bean="blue", count=3), Harvest(player="Ben", field=1))
    assert state.player("Ben").total == 0 and state.discard.as_dict() == {"blue": 3}


def test_harvest_of_an_empty_field_is_refused():
    """Rulebook: only a crop can be sold."""
    rejected(game(), Harvest(player="Ann", field=2), "field 2 is empty")


def test_preview_equals_what_the_harvest_does():
    """The UI shows the payout before the player confirms; it is the engine's own rule."""
    state = game(Plant(player="Cem", field=1, bean="soy", count=6))
    preview = preview_harvest(state, "Cem", 1)
    assert (preview.bean, preview.beans, preview.coins, preview.discarded) == (Bean.SOY, 6, 3, 3)
    after = RULES.apply(state, Harvest(player="Cem", field=1))
    assert after.player("Cem").total == preview.coins and after.discard.total == preview.discarded
    assert state.player("Cem").fields[0].count == 6  # the preview changed nothing


def test_single_bean_field_is_protected_while_another_holds_more():
    """Rulebook step 1: "if you have a single card in one of the fields then that field cannot be chosen"."""
    state = game(Plant(player="Ann", field=1, bean="red"), Plant(player="Ann", field=2, bean="blue", count=2))
    error = rejected(state, Harvest(player="Ann", field=1), "single bean while field 2 holds 2")
    assert error.where == "Ann"
    with pytest.raises(RulesError):
        preview_harvest(state, "Ann", 1)
    assert RULES.apply(state, Harvest(player="Ann", field=2)).player("Ann").fields[1].bean is None


def test_single_bean_fields_may_be_chosen_when_both_are_single():
    """Rulebook step 1: "If both are single cards, you can choose"."""
    state = game(Plant(player="Ann", field=1, bean="red"), Plant(player="Ann", field=2, bean="blue"))
    assert RULES.apply(state, Harvest(player="Ann", field=1)).discard.as_dict() == {"red": 1}
    assert RULES.apply(state, Harvest(player="Ann", field=2)).discard.as_dict() == {"blue": 1}


def test_single_bean_field_next_to_an_empty_field_may_be_sold():
    """Rulebook step 1: the protection is against a field of two or more; an empty field is none."""
    state = game(Plant(player="Ann", field=2, bean="garden"))
    assert RULES.apply(state, Harvest(player="Ann", field=2)).discard.as_dict() == {"garden": 1}


def test_single_bean_rule_counts_the_third_field_too():
    """Rulebook step 1 with three fields: no single-bean field while any other holds more than one."""
    state = game(Plant(player="Ann", field=1, bean="red", count=5), Harvest(player="Ann", field=1),
                 BuyField(player="Ann"), Plant(player="Ann", field=1, bean="soy"),
                 Plant(player="Ann", field=3, bean="green", count=2))
    rejected(state, Harvest(player="Ann", field=1), "field 3 holds 2")


def test_both_fields_of_two_or_more_may_be_chosen():
    """Rulebook step 1: "If both fields are two or more cards then you can choose as well"."""
    state = game(Plant(player="Ann", field=1, bean="red", count=2), Plant(player="Ann", field=2, bean="blue", count=5))
    assert RULES.apply(state, Harvest(player="Ann", field=1)).player("Ann").total == 1
    assert RULES.apply(state, Harvest(player="Ann", field=2)).player("Ann").total == 1


# --- third field ------------------------------------------------------------------------

def rich(player="Ann", *more):
    """``player`` holds 4 coins (5 Red beans sold)."""
    return game(Plant(player=player, field=1, bean="red", count=5), Harvest(player=player, field=1), *more)


def test_third_field_costs_three_coins():
    """Rulebook: "At any time that you have at least 3 points ... you may buy a 3rd Field Card"."""
    state = RULES.apply(rich(), BuyField(player="Ann"))
    ann = state.player("Ann")
    assert ann.third_field and len(ann.fields) == 3 and ann.total == 1
    # the 1997 Amigo rules: the paid coins go onto the discard pile (bean side up)
    assert state.discard.as_dict() == {"red": 4} and state.in_play(Bean.RED) == 5
    assert RULES.apply(state, Plant(player="Ann", field=3, bean="chili")).player("Ann").fields[2].bean == Bean.CHILI


def test_third_field_needs_three_coins():
    """Rulebook: the third field is bought "with at least 3 points"."""
    state = game(Plant(player="Ann", field=1, bean="red", count=3), Harvest(player="Ann", field=1))
    error = rejected(state, BuyField(player="Ann"), "has 2 coins; the third field costs 3")
    assert error.where == "Ann"
    rejected(game(), BuyField(player="Ben"), "has 0 coins")


def test_third_field_is_bought_once():
    """Rulebook: "a 3rd Field Card" per player; a second is refused."""
    state = game(Plant(player="Ann", field=1, bean="blue", count=10), Harvest(player="Ann", field=1),
                 Plant(player="Ann", field=1, bean="red", count=5), Harvest(player="Ann", field=1),
                 BuyField(player="Ann"))
    assert state.player("Ann").total == 5
    rejected(state, BuyField(player="Ann"), "already has a third field")


def test_no_third_field_without_buying_it():
    """Rulebook: the 3rd field must be bought before it can be planted."""
    rejected(game(), Plant(player="Ann", field=3, bean="blue"), "has no third field; buy it first")
    rejected(game(), Harvest(player="Ann", field=3), "has no third field")


# --- deck passes and the end ------------------------------------------------------------

def test_the_discard_pile_becomes_the_next_pass():
    """Rulebook: "When the last card has been taken ... shuffle the discards and place them face-down again"."""
    state = game(Plant(player="Ann", field=1, bean="blue", count=6), Harvest(player="Ann", field=1))
    assert state.discard.total == 4
    state = RULES.apply(state, DeckExhausted())
    assert state.deck_pass == 2 and state.discard.total == 0 and state.player("Ann").total == 2
    assert not RULES.is_over(state)


def test_the_game_ends_when_the_third_pass_is_exhausted():
    """Rulebook: "the game ends when the third deck is exhausted"; then every field is harvested."""
    state = game(DeckExhausted(), DeckExhausted(),
                 Plant(player="Ann", field=1, bean="red", count=1), Plant(player="Ann", field=2, bean="blue", count=4),
                 Plant(player="Ben", field=1, bean="garden", count=2), Plant(player="Cem", field=2, bean="soy", count=4))
    assert state.deck_pass == 3 and not RULES.is_over(state)
    end = RULES.apply(state, DeckExhausted())
    assert RULES.is_over(end)
    assert [f.total for f in end.players] == [1, 2, 2]  # the single Red bean is sold too: 0
    assert all(f.bean is None for farmer in end.players for f in farmer.fields)
    result = RULES.result(end)
    assert result.winners == ("Ben", "Cem")  # most coins wins; ties share
    assert [p.rank for p in result.players] == [3, 1, 1]
    assert result.players[0].breakdown == {"coins": 1, "total": 1}


def test_each_player_keeps_what_the_end_harvest_paid_them():
    """Rulebook: at the end every field is harvested; the ranking shows what that paid
    (issue 32). Ann's 4 Blue Beans pay 1 coin, her single Red Bean nothing; Ben had coins
    before and nothing in his fields: +0. Once the table's count replaces the coins, the
    harvest the app tracked is no longer said."""
    state = game(Plant(player="Ben", field=1, bean="soy", count=4), Harvest(player="Ben", field=1),
                 DeckExhausted(), DeckExhausted(),
                 Plant(player="Ann", field=1, bean="red", count=1), Plant(player="Ann", field=2, bean="blue", count=4),
                 Plant(player="Cem", field=2, bean="soy", count=4))
    assert [f.end_harvest for f in state.players] == [None, None, None]
    end = RULES.apply(state, DeckExhausted())
    assert [(f.total, f.end_harvest) for f in end.players] == [(1, 1), (2, 0), (2, 2)]
    counted = RULES.apply(end, count(("Ann", 3, False), ("Ben", 1, False), ("Cem", 0, False)))
    assert [f.end_harvest for f in counted.players] == [None, None, None]


def test_nothing_happens_after_the_end_but_the_final_count():
    """Rulebook: the game ends after the third pass; only the counted result may be corrected."""
    end = game(DeckExhausted(), DeckExhausted(), DeckExhausted())
    for action in (DeckExhausted(), Plant(player="Ann", field=1, bean="blue"), BuyField(player="Ann"),
                   Harvest(player="Ann", field=1)):
        rejected(end, action, "the game is over")
    counted = RULES.apply(end, FinalCount(players=tuple(
        PlayerCount(name=n, coins=c, third_field=False) for n, c in zip(PLAYERS, (5, 7, 7)))))
    assert RULES.result(counted).winners == ("Ben", "Cem")


def test_result_before_the_end_has_no_winners():
    """score-files.md: `winners` is `[]` where the game is not over."""
    assert RULES.result(rich()).winners == ()
    assert RULES.result(rich()).players[0].total == 4


# --- final count ------------------------------------------------------------------------

def count(*entries):
    return FinalCount(players=tuple(PlayerCount(name=n, coins=c, third_field=t) for n, c, t in entries))


ENDED = (DeckExhausted(), DeckExhausted(), DeckExhausted())


def test_final_count_ends_the_game_with_the_counted_coins():
    """score-files.md: the end-of-game record is each player's coins and third field."""
    state = RULES.apply(rich("Ann", BuyField(player="Ann"), *ENDED),
                        count(("Cem", 9, False), ("Ann", 14, True), ("Ben", 3, False)))
    assert RULES.is_over(state)
    assert [(f.total, f.third_field) for f in state.players] == [(14, True), (3, False), (9, False)]
    assert RULES.result(state).winners == ("Ann",)


@pytest.mark.parametrize(
    "entries, match, where",
    [
        ((("Ann", 1, False), ("Ben", 1, False)), "missing from the final count", "Cem"),
        ((("Ann", 1, False), ("Ben", 1, False), ("Cem", 1, False), ("Ann", 2, False)), "counted twice", "Ann"),
        ((("Ann", 1, False), ("Ben", 1, False), ("Zed", 1, False)), "'Zed' is not playing", None),
        ((("Ann", 50, False), ("Ben", 50, False), ("Cem", 5, False)), "add up to 105", "Cem"),
    ],
)
def test_final_count_names_every_player_once_within_the_deck(entries, match, where):
    """bohnanza.md: coins are bean cards, so all coins together stay within the 104 cards."""
    assert rejected(game(*ENDED), count(*entries), match).where == where


@pytest.mark.parametrize("passes", [0, 1, 2])
def test_the_final_count_comes_once_the_third_pass_is_exhausted(passes):
    """Rulebook: "the game ends when the third deck is exhausted": before that there is no
    final count to record (it used to be accepted in the first pass)."""
    state = game(*ENDED[:passes])
    rejected(state, count(("Ann", 1, False), ("Ben", 1, False), ("Cem", 1, False)),
             f"the final count comes at the end: the game ends when the last pass through the deck is "
             f"exhausted, and this is pass {passes + 1} of 3")
    assert not RULES.is_over(state)


def test_the_final_count_agrees_with_the_third_fields_bought():
    """Rulebook: "you may buy a 3rd Field Card": the count at the end says what was bought,
    neither a field bought recorded as not bought nor the reverse."""
    state = rich("Ann", BuyField(player="Ann"), *ENDED)
    error = rejected(state, count(("Ann", 1, False), ("Ben", 1, False), ("Cem", 1, False)),
                     "counted without a third field, but bought one in this game")
    assert error.where == "Ann"
    error = rejected(state, count(("Ann", 1, True), ("Ben", 1, True), ("Cem", 1, False)),
                     "counted with a third field, but bought none in this game")
    assert error.where == "Ben"
    counted = RULES.apply(state, count(("Ann", 1, True), ("Ben", 1, False), ("Cem", 1, False)))
    assert [f.third_field for f in counted.players] == [True, False, False]


# --- supply -----------------------------------------------------------------------------

def test_supply_counts_fields_coins_and_discards():
    """bohnanza.md: 8 Red Bean cards in all; fields, coins and the discard pile share them."""
    state = game(Plant(player="Ann", field=1, bean="red", count=5), Harvest(player="Ann", field=1),  # 4 coins, 1 discarded
                 Plant(player="Ben", field=1, bean="red", count=2))
    assert state.in_play(Bean.RED) == 7
    error = rejected(state, Plant(player="Cem", field=2, bean="red", count=2),
                     r"Red Bean \(Rote Bohne\): that makes 9 on the table .*the deck has only 8")
    assert error.where == "Cem"
    assert RULES.apply(state, Plant(player="Cem", field=2, bean="red")).in_play(Bean.RED) == 8


def test_supply_frees_the_discards_when_they_become_the_next_pass():
    """Rulebook: the discards are shuffled into the next draw pile, so they can be planted again."""
    state = game(Plant(player="Ann", field=1, bean="garden", count=6), Harvest(player="Ann", field=1))
    rejected(state, Plant(player="Ben", field=1, bean="garden"), "Garden Bean")
    state = RULES.apply(state, DeckExhausted())
    state = RULES.apply(state, Plant(player="Ben", field=1, bean="garden", count=3))
    rejected(state, Plant(player="Ben", field=1, bean="garden"), "that makes 7")


@pytest.mark.parametrize("bean, cards", [("blue", 20), ("black-eyed", 10), ("garden", 6)])
def test_supply_names_the_bean_at_its_card_count(bean, cards):
    """bohnanza.md card counts: one more than the deck holds is refused, naming the bean."""
    state = game(Plant(player="Ann", field=1, bean=bean, count=cards - 1))
    rejected(state, Plant(player="Ben", field=1, bean=bean, count=2), f"the deck has only {cards}")
    assert RULES.apply(state, Plant(player="Ben", field=1, bean=bean)).in_play(Bean(bean)) == cards


def test_replaying_the_log_gives_the_same_state():
    """game.py fold: a stored game is its setup plus its action log."""
    actions = [Plant(player="Ann", field=1, bean="red", count=5), Harvest(player="Ann", field=1),
               BuyField(player="Ann"), DeckExhausted(), Plant(player="Ann", field=3, bean="soy", count=4)]
    assert fold(RULES, {"players": PLAYERS}, [a.model_dump(mode="json") for a in actions]) == game(*actions)
