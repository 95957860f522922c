"""The deck and the scoring rules of shared/rules/nicht-die-bohne.txt."""

from __future__ import annotations

import pytest

from sheets.errors import RulesError
from sheets.nicht_die_bohne import DECK, HAND_SIZES, Card, Colour, parse_card
from sheets.nicht_die_bohne.cards import cards_text
from sheets.nicht_die_bohne.scoring import colour_score, round_score


def cards(text: str) -> list[Card]:
    return [parse_card(c) for c in text.split()]


def test_contents_60_cards_in_4_colours_1_to_10_and_5_specials_each():
    assert sum(DECK.values()) == 60
    for colour in Colour:
        mine = {c: n for c, n in DECK.items() if c.colour == colour}
        assert sum(mine.values()) == 15
        assert [c.number for c in mine if c.number] == list(range(1, 11))
        assert mine[Card(colour=colour, face="nullifier")] == 1
        assert mine[Card(colour=colour, face="doubler")] == 1
        assert mine[Card(colour=colour, face="plusminus")] == 3


def test_preparation_deals_20_15_12_10_cards_to_3_4_5_6_players():
    assert HAND_SIZES == {3: 20, 4: 15, 5: 12, 6: 10}
    assert all(n * size == 60 for n, size in HAND_SIZES.items())


@pytest.mark.parametrize("text", ["red-3", "blue-10", "green-nullifier", "yellow-doubler", "red-plusminus", " Red-3 "])
def test_cards_are_written_colour_value(text):
    card = parse_card(text)
    assert str(card) == text.strip().lower()


@pytest.mark.parametrize("text", ["red-11", "red-0", "purple-3", "red3", "red-", "-3", "red-double"])
def test_a_misspelt_card_is_refused_with_the_notation_explained(text):
    with pytest.raises(RulesError, match="COLOUR-VALUE"):
        parse_card(text)


def test_scoring_example_of_the_rulebook_is_24_from_37_positive_and_13_negative():
    """Rulebook, "Example of scoring": red 3+6 = 9; blue (4+2+8) x 2 = 28 with two
    Plus/Minus and a Doubler; green 0 with the Nullifier; yellow -4 + -9 = -13."""
    hand = cards(
        "red-3 red-6 blue-4 blue-2 blue-8 blue-plusminus blue-plusminus blue-doubler "
        "green-nullifier green-7 green-5 yellow-plusminus yellow-4 yellow-9"
    )
    score = round_score(hand)
    values = {c.colour: c.value for c in score.colours}
    assert values == {Colour.RED: 9, Colour.BLUE: 28, Colour.GREEN: 0, Colour.YELLOW: -13}
    assert (score.positive, score.negative, score.total) == (37, 13, 24)


def test_no_special_card_adds_the_colours_values():
    assert colour_score(Colour.RED, cards("red-1 red-2 red-10")).value == 13


@pytest.mark.parametrize("count, sign", [(0, 1), (1, -1), (2, 1), (3, -1)])
def test_one_or_three_plus_minus_make_the_colour_negative_none_or_two_positive(count, sign):
    hand = cards("blue-5 blue-6") + [parse_card("blue-plusminus")] * count
    assert colour_score(Colour.BLUE, hand).value == sign * 11


def test_the_doubler_doubles_a_negative_colour_too():
    assert colour_score(Colour.GREEN, cards("green-7 green-plusminus green-doubler")).value == -14


def test_the_nullifier_makes_the_colour_zero_whatever_else_it_holds():
    hand = cards("yellow-9 yellow-10 yellow-plusminus yellow-doubler yellow-nullifier")
    assert colour_score(Colour.YELLOW, hand).value == 0


def test_special_cards_only_affect_their_own_colour():
    """Rulebook, Place Cards: "the special card only affects its color"."""
    score = round_score(cards("red-5 blue-doubler blue-plusminus green-nullifier"))
    assert (score.positive, score.negative) == (5, 0)


def test_a_colour_of_specials_only_scores_nothing():
    assert round_score(cards("red-doubler red-plusminus")).total == 0


def test_cards_are_told_as_printed_grouped_by_colour():
    """Issue 18: "blue 4, 8, Doubler; red 3", not "blue-4, blue-8, blue-doubler, red-3"."""
    hand = cards("red-3 blue-doubler blue-8 blue-4 yellow-plusminus green-nullifier")
    assert cards_text(hand) == "blue 4, 8, Doubler; red 3; green Nullifier; yellow Plus/Minus"
    assert parse_card("red-plusminus").label == "red Plus/Minus"
    assert cards_text([]) == ""
