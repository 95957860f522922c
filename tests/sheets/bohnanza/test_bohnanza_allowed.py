"""What a Bohnanza state allows a player (``RULES.allowed``, issue 30): every answer is the
rules' own (the refusal ``apply`` raises), for every field, bean and count
a tap offers, every harvest, the third field, and the table's draw pile and final count."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.bohnanza import (
    COUNTS, RULES, Allowed, Bean, BuyField, DeckExhausted, FinalCount, Harvest, Plant, PlayerCount, State,
    allowed_by_seat, preview_harvest,
)
from sheets.errors import RulesError
from testkit.refusals import refusal

NAMES = ["Ann", "Ben", "Cem", "Dee", "Eve"]
BEANS = list(Bean)


def played(names: list[str], *actions: Plant | Harvest | BuyField | DeckExhausted) -> State:
    state = RULES.new_game({"players": names})
    for action in actions:
        state = RULES.apply(state, action)
    return state


def assert_as_the_rules_say(state: State, player: str) -> None:
    """``allowed`` against ``apply``'s refusal for every action a phone offers ``player``."""
    answer = RULES.allowed(state, player)
    assert answer.farmer is not None and answer.farmer.player == player
    farmer = state.player(player)
    assert len(answer.farmer.fields) == len(farmer.fields)
    for number in (1, 2, 3):
        for bean in BEANS:
            for count in range(1, COUNTS + 1):
                assert answer.plant(number, bean, count) == refusal(
                    RULES, state, Plant(player=player, field=number, bean=bean, count=count)), (number, bean, count)
        assert answer.harvest(number) == refusal(RULES, state, Harvest(player=player, field=number)), number
    for offer in answer.farmer.fields:
        if offer.harvest_refused is None:
            assert offer.harvest == preview_harvest(state, player, offer.number)
        else:
            assert offer.harvest is None
    assert answer.farmer.buy_field == refusal(RULES, state, BuyField(player=player))
    assert_table(state, answer)


def assert_table(state: State, answer: Allowed) -> None:
    assert answer.deck.refused == refusal(RULES, state, DeckExhausted())
    if answer.deck.refused is None:
        after = RULES.apply(state, DeckExhausted())
        if answer.deck.next_pass is None:  # the end: what its harvest sells, as applied
            assert after.over
            assert [(s.player, s.total) for s in answer.deck.end] == [(f.name, f.total) for f in after.players]
            assert [s.gain for s in answer.deck.end] == [
                a.total - b.total for a, b in zip(after.players, state.players)]
        else:
            assert answer.deck.next_pass == after.deck_pass and answer.deck.end == ()
    counted = FinalCount(players=tuple(PlayerCount(name=f.name, coins=f.total, third_field=f.third_field)
                                       for f in state.players))
    assert answer.final_count == refusal(RULES, state, counted)


def test_a_new_game_allows_planting_every_bean_up_to_what_the_deck_has():
    """bohnanza.md card counts: 6 Garden Beans, 8 Red, 10 Black-eyed; a tap plants 1-12."""
    state = played(NAMES[:3])
    answer = RULES.allowed(state, "Ann")
    assert answer.farmer is not None
    field = answer.farmer.fields[0]
    assert field.planting(Bean.BLUE).first_refused is None
    assert [n for n, why in enumerate(field.planting(Bean.GARDEN).refusals, start=1) if why] == list(range(7, 13))
    first = field.planting(Bean.GARDEN).first_refused
    assert first == (7, "Garden Bean (Gartenbohne): that makes 7 on the table (fields, coins, discard pile); "
                        "the deck has only 6")
    assert field.planting(Bean.RED).first_refused is not None and field.planting(Bean.RED).first_refused[0] == 9
    assert field.harvest_refused == "field 1 is empty; there is nothing to harvest" and field.harvest is None
    assert answer.farmer.buy_field == "has 0 coins; the third field costs 3"
    assert answer.farmer.no_field == "has no third field; buy it first for 3 coins"
    assert answer.deck.next_pass == 2 and answer.deck.refused is None
    assert answer.final_count is not None and "pass 1 of 3" in answer.final_count
    assert_as_the_rules_say(state, "Ann")


def test_a_field_grows_one_bean_and_the_single_bean_rule_guards_the_harvest():
    """Rulebook: one bean per field; "if you have a single card in one of the fields then
    that field cannot be chosen" for a harvest."""
    state = played(NAMES[:3], Plant(player="Ben", field=1, bean=Bean.STINK, count=6),
                   Plant(player="Ben", field=2, bean=Bean.RED, count=1))
    answer = RULES.allowed(state, "Ben")
    assert answer.farmer is not None
    one, two = answer.farmer.fields
    assert one.planting(Bean.RED).first_refused == (
        1, "field 1 grows Stink Bean (Saubohne); harvest it before planting Red Bean (Rote Bohne)")
    assert one.planting(Bean.STINK).refusal(10) is None  # 16 Stink Beans in the deck
    assert one.planting(Bean.STINK).refusal(11) == (
        "Stink Bean (Saubohne): that makes 17 on the table (fields, coins, discard pile); the deck has only 16")
    assert one.harvest is not None and (one.harvest.coins, one.harvest.discarded) == (2, 4)  # 6 Stink: 2 coins
    assert two.harvest is None and two.harvest_refused is not None and "single bean" in two.harvest_refused
    assert_as_the_rules_say(state, "Ben")
    assert_as_the_rules_say(state, "Ann")


def test_the_third_field_and_the_end_of_the_third_pass():
    """Rulebook: the third field for 3 coins; the game ends when the third deck is
    exhausted and every field is sold."""
    state = played(NAMES[:3], Plant(player="Ann", field=1, bean=Bean.BLUE, count=10),
                   Harvest(player="Ann", field=1), BuyField(player="Ann"),
                   Plant(player="Ann", field=3, bean=Bean.SOY, count=4), DeckExhausted(), DeckExhausted())
    answer = RULES.allowed(state, "Ann")
    assert answer.farmer is not None and len(answer.farmer.fields) == 3
    assert answer.farmer.buy_field == "already has a third field; each player buys it once"
    assert answer.deck.next_pass is None
    assert [(s.player, s.sold, s.gain) for s in answer.deck.end] == [
        ("Ann", ((Bean.SOY, 4),), 2), ("Ben", (), 0), ("Cem", (), 0)]
    assert_as_the_rules_say(state, "Ann")
    over = RULES.apply(state, DeckExhausted())
    ended = RULES.allowed(over, "Ann")
    assert ended.final_count is None and ended.deck.refused is not None
    assert ended.plant(1, Bean.BLUE, 1) == ended.deck.refused  # "the game is over; ..."
    assert_as_the_rules_say(over, "Ann")


def test_the_table_asks_as_nobody():
    """``""``: the table's own entries (the draw pile, the final count), no player's side."""
    state = played(NAMES[:3])
    answer = RULES.allowed(state, "")
    assert answer.farmer is None
    assert_table(state, answer)


def test_an_answer_is_frozen():
    answer = RULES.allowed(played(NAMES[:3]), "Ann")
    with pytest.raises(FrozenInstanceError):
        answer.final_count = None  # type: ignore[misc]


KINDS = ["plant"] * 16 + ["harvest"] * 8 + ["buy-field"] * 2 + ["deck-exhausted"]
STEP = st.tuples(st.integers(0, len(KINDS) - 1), st.integers(0, 4), st.integers(0, 2),
                 st.integers(0, len(BEANS) - 1), st.integers(1, 12))


def entry(state: State, step: tuple[int, int, int, int, int]) -> Plant | Harvest | BuyField | DeckExhausted:
    kind, seat, field, bean, count = step
    player = state.names[seat % len(state.names)]
    if KINDS[kind] == "deck-exhausted":
        return DeckExhausted()
    if KINDS[kind] == "buy-field":
        return BuyField(player=player)
    if KINDS[kind] == "harvest":
        return Harvest(player=player, field=field + 1)
    return Plant(player=player, field=field + 1, bean=BEANS[bean], count=count)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 5), st.lists(STEP, max_size=60), st.integers(0, 4))
def test_random_play_allowed_is_what_the_rules_say(players, steps, seat):
    """Random play: at the end, every answer for a player is the refusal ``apply`` raises."""
    state = RULES.new_game({"players": NAMES[:players]})
    for step in steps:
        try:
            state = RULES.apply(state, entry(state, step))
        except RulesError:
            pass
    assert_as_the_rules_say(state, state.names[seat % players])
    assert allowed_by_seat(state) == tuple(RULES.allowed(state, name) for name in state.names)
