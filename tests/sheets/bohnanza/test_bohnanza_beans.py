"""The deck and the beanometers (shared/design/bohnanza.md, the table and the Garden/Stink notes)."""

from __future__ import annotations

import pytest

from sheets.bohnanza import BEANS, RULES, Bean, Deck, Harvest, Plant, payout, preview_harvest, table_for
from sheets.bohnanza.beans import check_beanometer
from sheets.errors import RulesError

# bohnanza.md, typed again here so that a slip in the data is caught: id, German, cards, 1-4 coins.
PRINTED = [
    ("blue", "Blaue Bohne", 20, (4, 6, 8, 10)),
    ("chili", "Feuerbohne", 18, (3, 6, 8, 9)),
    ("stink", "Saubohne", 16, (3, 5, 7, 8)),
    ("green", "Brechbohne", 14, (3, 5, 6, 7)),
    ("soy", "Sojabohne", 12, (2, 4, 6, 7)),
    ("black-eyed", "Augenbohne", 10, (2, 4, 5, 6)),
    ("red", "Rote Bohne", 8, (2, 3, 4, 5)),
    ("garden", "Gartenbohne", 6, (None, 2, 3, None)),
]


def expected_coins(row, count: int) -> int:
    """Reference reading of a beanometer: the highest step whose beans are reached."""
    best = 0
    for coins, need in enumerate(row, start=1):
        if need is not None and count >= need:
            best = coins
    return best


def test_deck_has_eight_beans_and_104_cards():
    """bohnanza.md: "the original 8-bean deck (104 cards)"."""
    for players in (3, 4, 5):
        table = table_for(Deck.AMIGO_1997, players)
        assert [b.value for b in table.beans] == [row[0] for row in PRINTED]
        assert table.deck_size == 104 == sum(row[2] for row in PRINTED)


@pytest.mark.parametrize("bean, german, cards, row", PRINTED)
def test_printed_row_is_kept_as_data(bean, german, cards, row):
    """bohnanza.md table: the German name, the card count and the beanometer of each bean."""
    card = BEANS[Bean(bean)]
    assert (card.german, card.cards, card.beanometer) == (german, cards, row)


def _threshold_cases():
    for bean, _, cards, row in PRINTED:
        for coins, need in enumerate(row, start=1):
            if need is None:
                continue
            for count in (need - 1, need, need + 1):  # just below, at, above each step
                yield pytest.param(bean, count, expected_coins(row, count), id=f"{bean}-{count}")


@pytest.mark.parametrize("bean, count, coins", list(_threshold_cases()))
def test_beanometer_at_each_threshold(bean, count, coins):
    """bohnanza.md: "the beanometer reads beans sold for 1 / 2 / 3 / 4 coins"."""
    assert payout(BEANS[Bean(bean)].beanometer, count) == coins


@pytest.mark.parametrize("bean, _german, cards, row", PRINTED)
def test_a_sale_never_pays_more_than_four(bean, _german, cards, row):
    """bohnanza.md: "a sale never pays more than 4" - even far beyond the last step."""
    top = 3 if bean == "garden" else 4
    for count in (cards, cards + 1, 50):
        assert payout(BEANS[Bean(bean)].beanometer, count) == top


@pytest.mark.parametrize("count, coins", [(0, 0), (1, 0), (2, 2), (3, 3), (4, 3), (6, 3)])
def test_garden_beans_steps(count, coins):
    """bohnanza.md: Garden beans pay nothing for 1; 2 beans -> 2 coins, 3 or more -> 3 coins."""
    assert payout(BEANS[Bean.GARDEN].beanometer, count) == coins


@pytest.mark.parametrize(
    "count, coins", [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 4), (12, 4), (16, 4)]
)
def test_stink_worked_example(count, coins):
    """The translation's own worked example (bohnanza.md): Stink 3-4 -> 1, 5-6 -> 2, 7 -> 3, 8+ -> 4."""
    assert payout(BEANS[Bean.STINK].beanometer, count) == coins


@pytest.mark.parametrize("bean, _german, cards, row", PRINTED)
def test_harvest_in_play_pays_the_printed_row(bean, _german, cards, row):
    """Rulebook, "When a field is closed down": one coin card per point, the rest discarded."""
    state = RULES.new_game({"players": ["Ann", "Ben", "Cem"]})
    count = min(cards, 9)
    state = RULES.apply(state, Plant(player="Ann", field=1, bean=bean, count=count))
    preview = preview_harvest(state, "Ann", 1)
    after = RULES.apply(state, Harvest(player="Ann", field=1))
    coins = expected_coins(row, count)
    assert (preview.coins, preview.discarded) == (coins, count - coins)
    assert after.player("Ann").coins[Bean(bean)] == coins
    assert after.discard[Bean(bean)] == count - coins
    assert after.player("Ann").fields[0].bean is None


def test_a_corrected_row_is_used_by_the_game():
    """bohnanza.md: "Keep the table as data so that a player can correct a row from their own cards"."""
    state = RULES.new_game({"players": ["Ann", "Ben", "Cem"], "beanometers": {"red": [2, 3, 4, 6]}})
    state = RULES.apply(state, Plant(player="Ann", field=1, bean="red", count=5))
    assert preview_harvest(state, "Ann", 1).coins == 3
    assert BEANS[Bean.RED].beanometer == (2, 3, 4, 5)  # the printed data is untouched


@pytest.mark.parametrize(
    "bean, row, message",
    [
        ("red", [2, 3, 4], "4 steps"),
        ("red", [None, None, None, None], "at least one step"),
        ("red", [3, 3, 4, 5], "more beans than the one before"),
        ("red", [2, 3, 4, 9], "the deck has only 8"),
        ("garden", [None, 1, 3, None], "2 coins need at least 2 beans"),
        ("blue", [4, "6", 8, 10], "whole number"),
    ],
)
def test_a_corrected_row_must_make_sense(bean, row, message):
    """bohnanza.md: a corrected row is checked for sense; the error names the bean."""
    with pytest.raises(RulesError, match=message) as caught:
        check_beanometer(Bean(bean), row)
    assert BEANS[Bean(bean)].german in str(caught.value)


def test_setup_rejects_an_unknown_bean_row():
    """bohnanza.md: the ids are blue, chili, stink, green, soy, black-eyed, red, garden."""
    with pytest.raises(RulesError, match="'lima' is not a bean"):
        RULES.new_game({"players": ["Ann", "Ben", "Cem"], "beanometers": {"lima": [1, 2, 3, 4]}})
