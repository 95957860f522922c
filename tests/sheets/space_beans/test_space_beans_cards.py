"""The deck and the close-out value (rulebook: Game Contents; Close out your collections)."""

from collections import Counter

import pytest
from pydantic import ValidationError

from sheets.errors import RulesError
from sheets.space_beans import BEAN_NAMES, DECK, Bean, Card, Collection, check_supply, close_out


def row(bean: str, *values: int) -> Collection:
    return Collection(bean=bean, values=values)


def card(bean: str, value: int) -> Card:
    return Card(bean=bean, value=value)


def test_game_contents_105_cards_of_seven_beans():
    """Game Contents: seven types, each one card of 1-3 and two of 4-9: 105 cards."""
    assert sum(DECK.values()) == 105
    assert [BEAN_NAMES[b] for b in Bean] == [
        "Klingbohnen", "Darth Beans", "Beanliens", "Centauribohnen", "Bohrion", "Moonbohnen", "Bluebeans",
    ]
    for bean in Bean:
        assert [DECK[Card(bean=bean, value=v)] for v in range(1, 10)] == [1, 1, 1, 2, 2, 2, 2, 2, 2]


def test_a_card_is_named_as_a_player_says_it():
    assert card("darth-beans", 8).label == "Darth Beans 8"


@pytest.mark.parametrize("value", [0, 10, "5", 5.0, True])
def test_card_values_are_whole_numbers_1_to_9(value):
    with pytest.raises(ValidationError):
        Card(bean="bohrion", value=value)


def test_a_collection_holds_at_least_one_card():
    with pytest.raises(ValidationError, match="at least one card"):
        Collection(bean="bohrion", values=())


def test_example_2a_londos_centauribohnen_3_6_7_keep_the_3():
    """Example 2a: three Centauribohnen with a "3": worth 3, the 3 is the trophy, 6 and 7 discarded."""
    outcome = close_out(row("centauribohnen", 3, 6, 7))
    assert outcome.value == 3
    assert outcome.trophy == card("centauribohnen", 3)
    assert outcome.discarded == (card("centauribohnen", 6), card("centauribohnen", 7))


def test_example_2b_bohrion_five_with_two_5s_keeps_one_5():
    """Example 2b: five Bohrion with two "5"s: worth 5, one 5 kept, the other four discarded."""
    outcome = close_out(row("bohrion", 2, 5, 8, 5, 6))
    assert outcome.value == 5
    assert outcome.trophy == card("bohrion", 5)
    assert Counter(outcome.discarded) == Counter(row("bohrion", 2, 8, 5, 6).cards)


def test_note_1_9_7_5_5_only_one_matching_card_kept():
    """Note: two "5"s in a collection of 1, 9, 7, 5, 5: only one is kept, the other discarded."""
    outcome = close_out(row("moonbohnen", 1, 9, 7, 5, 5))
    assert (outcome.value, outcome.trophy) == (5, card("moonbohnen", 5))
    assert sorted(c.value for c in outcome.discarded) == [1, 5, 7, 9]


def test_note_a_single_1_is_worth_one_and_becomes_the_trophy():
    """Note: a collection of a single "1" is worth one point; the card goes to the trophy pile."""
    outcome = close_out(row("bluebeans", 1))
    assert (outcome.value, outcome.trophy, outcome.discarded) == (1, card("bluebeans", 1), ())


def test_example_3_four_klingbohnen_without_a_4_have_no_value():
    """Example 3: four Klingbohnen with no "4" are worth nothing; all cards go to the discard pile."""
    collection = row("klingbohnen", 1, 5, 8, 9)
    outcome = close_out(collection)
    assert (outcome.value, outcome.trophy) == (0, None)
    assert outcome.discarded == collection.cards


def test_a_single_card_other_than_1_has_no_value():
    assert close_out(row("bohrion", 2)).value == 0


def test_supply_names_the_card_already_on_the_table():
    """Game Contents: two "5"s per bean; a third one cannot be on the table."""
    on_table = Counter({card("bohrion", 5): 2})
    with pytest.raises(RulesError) as exc:
        check_supply(on_table, [card("bohrion", 5)])
    assert str(exc.value) == "Bohrion 5: all 2 cards are already on the table"


def test_supply_of_a_single_copy_card():
    with pytest.raises(RulesError) as exc:
        check_supply(Counter({card("bohrion", 3): 1}), [card("bohrion", 3)])
    assert str(exc.value) == "Bohrion 3: the only card is already on the table"


def test_supply_within_one_lay():
    with pytest.raises(RulesError) as exc:
        check_supply(Counter(), row("bohrion", 5, 5, 5).cards)
    assert str(exc.value) == "Bohrion 5: the deck holds only 2"
    check_supply(Counter({card("bohrion", 5): 1}), [card("bohrion", 5), card("bohrion", 3)])
