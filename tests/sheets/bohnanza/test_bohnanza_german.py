"""Issue 19, Bohnanza in German: the beans by the names printed on the German cards,
counts in German plurals, and the engine's refusals in the phone's language (English
outside ``using``, as on the command line)."""

from __future__ import annotations

import pytest

from companion import i18n
from sheets.bohnanza import BEANS, RULES, Bean, BuyField, Harvest, Plant, label
from sheets.bohnanza.beans import count_of, name
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import using

GERMAN = i18n.translations("de")


def refusal(state, action) -> str:
    before = state.model_dump()
    with pytest.raises(RulesError) as caught:
        RULES.apply(state, action)
    assert state.model_dump() == before
    return caught.value.reason


def game(*actions):
    state = RULES.new_game({"players": ["Ann", "Ben", "Cem"]})
    for action in actions:
        state = RULES.apply(state, action)
    return state


@pytest.mark.parametrize("bean", list(Bean))
def test_a_german_phone_names_each_bean_as_its_german_card_does(bean):
    """shared/design/bohnanza.md: the German name is the one printed on the card (Feuerbohne,
    Saubohne, ...); the German phone says it alone, the English one adds it in brackets."""
    with using(GERMAN):
        assert name(bean) == BEANS[bean].german
        assert label(bean) == BEANS[bean].german
    assert label(bean) == f"{BEANS[bean].english} ({BEANS[bean].german})"


def test_counts_of_beans_are_german_plurals_not_english_ones_with_an_s():
    with using(GERMAN):
        assert [count_of(Bean.RED, 1), count_of(Bean.RED, 2)] == ["1 Rote Bohne", "2 Rote Bohnen"]
        assert count_of(Bean.STINK, 6) == "6 Saubohnen"
        assert count_of(Bean.CHILI, 1) == "1 Feuerbohne"
    assert [count_of(Bean.BLACK_EYED, 1), count_of(Bean.STINK, 6)] == ["1 Black-eyed Bean", "6 Stink Beans"]


def test_the_third_field_refused_in_german_with_taler():
    """Rulebook: the third field costs 3 coins (Taler on the German box)."""
    state = game(Plant(player="Ann", field=1, bean=Bean.STINK, count=6), Harvest(player="Ann", field=1))
    with using(GERMAN):
        assert refusal(state, BuyField(player="Ann")) == "hat 2 Taler; das 3. Bohnenfeld kostet 3"
        assert refusal(state, BuyField(player="Ben")) == "hat 0 Taler; das 3. Bohnenfeld kostet 3"
    assert refusal(state, BuyField(player="Ann")) == "has 2 coins; the third field costs 3"


def test_planting_another_bean_refused_in_german_with_the_printed_names():
    state = game(Plant(player="Ann", field=1, bean=Bean.BLUE, count=3))
    with using(GERMAN):
        said = refusal(state, Plant(player="Ann", field=1, bean=Bean.RED))
        harvest = refusal(state, Harvest(player="Ann", field=2))
    assert said == "auf Bohnenfeld 1 wächst Blaue Bohne; ernte es, bevor du Rote Bohne anbaust"
    assert harvest == "Bohnenfeld 2 ist leer; es gibt nichts zu ernten"


def test_the_supply_rule_in_german():
    """bohnanza.md: the deck has 6 Garden Beans (Gartenbohnen)."""
    with using(GERMAN):
        said = refusal(game(), Plant(player="Ann", field=1, bean=Bean.GARDEN, count=7))
    assert said == ("Gartenbohne: Das wären 7 auf dem Tisch (Bohnenfelder, Taler, Ablagestapel); "
                    "das Spiel hat nur 6")


def test_a_score_file_refused_in_german():
    data = {"format": "beans-score/1", "game": "bohnanza",
            "players": [{"name": n, "coins": 1, "third_field": False} for n in "ABCDEF"]}
    with using(GERMAN), pytest.raises(ScoreFileError) as caught:
        RULES.read(data)
    assert caught.value.reason == "6 Spieler; Bohnanza ist für 3 bis 5"
