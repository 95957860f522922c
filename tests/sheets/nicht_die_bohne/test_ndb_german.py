"""Issue 19: a German phone reads Nicht die Bohne!'s refusals and cards in German, with
the card names of the German box (glossary: Blau, Rot, Grün, Gelb; "Nicht die Bohne" for
the card that makes a colour worth 0, Verdoppler, Plus/Minus). Outside ``using`` (the
command line, a library) the engine stays English."""

from __future__ import annotations

import pytest

from companion import i18n
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import using
from sheets.nicht_die_bohne import RULES, EnterCards, ReturnCard, TakeCard, parse_card
from sheets.nicht_die_bohne.cards import cards_text
from sheets.nicht_die_bohne.engine import apply
from sheets.scorefile import FORMAT
from sheets.names import bare

GERMAN = i18n.translations("de")
PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]


def refused(state, action) -> str:
    with pytest.raises(RulesError) as err:
        apply(state, action)
    return str(err.value)


def test_a_card_already_taken_is_refused_in_german_and_the_state_is_kept():
    """Game Play, 2. Take One Card: a card is on the table once; Beate cannot take the red 3
    Alex took. The German phone reads who has it, by the German colour."""
    state = apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Alex", card="red-3"))
    with using(GERMAN):
        assert bare(refused(state, TakeCard(round=1, player="Beate", card="red-3"))) == \
            "Beate: Rot 3 wurde in dieser Runde schon von Alex genommen"
    assert state.cards_of(1, "Beate") == ()
    assert bare(refused(state, TakeCard(round=1, player="Beate", card="red-3"))) == \
        "Beate: red 3 is already taken by Alex in this round"  # outside a German phone: English


def test_the_special_cards_are_named_as_the_german_box_names_them():
    """The Cards: per colour one Nullifier ("Nicht die Bohne"), one Doubler and three Plus/Minus."""
    hand = [parse_card(c) for c in ("blue-4", "blue-8", "blue-doubler", "red-3", "green-nullifier",
                                    "yellow-plusminus")]
    with using(GERMAN):
        assert cards_text(hand) == "Blau 4, 8, Verdoppler; Rot 3; Grün Nicht die Bohne; Gelb Plus/Minus"
        state = RULES.new_game({"players": PLAYERS})
        assert refused(state, EnterCards(round=1, player="Alex", cards=["blue-plusminus"] * 4)) == \
            "Alex: Blau Plus/Minus 4-mal; im Spiel gibt es sie nur 3-mal"
        assert refused(state, EnterCards(round=1, player="Alex", cards=["green-doubler"] * 2)) == \
            "Alex: Grün Verdoppler 2-mal; im Spiel gibt es sie nur einmal"
        assert refused(state, ReturnCard(round=1, player="Alex", card="yellow-nullifier")) == \
            "Alex: hat Gelb Nicht die Bohne in Runde 1 nicht"


def test_rounds_and_hand_sizes_are_refused_in_german():
    """Preparation: 4 players are dealt 15 cards; Game End: three rounds, one after another."""
    state = RULES.new_game({"players": PLAYERS})
    with using(GERMAN):
        cards = [f"{colour}-{n}" for colour in ("blue", "red") for n in range(1, 9)]  # 16
        assert refused(state, EnterCards(round=1, player="Alex", cards=cards)) == \
            "Alex: 16 Karten; in einer Runde mit 4 Spielern bekommt jeder 15"
        assert refused(state, EnterCards(round=2, player="Alex", cards=[])) == \
            "Runde 2 beginnt, sobald Runde 1 vollständig ist"
        assert refused(state, EnterCards(round=4, player="Alex", cards=[])) == \
            "Runde 4: Das Spiel hat die Runden 1 bis 3"
        with pytest.raises(RulesError) as err:
            RULES.new_game({"players": ["Ann", "Bo"]})
        assert str(err.value) == "2 Spieler; dieses Spiel ist für 3 bis 6 Spieler"


def test_a_score_file_is_refused_in_german_with_its_place_in_the_file():
    with using(GERMAN):
        with pytest.raises(ScoreFileError) as err:
            RULES.read({"format": FORMAT, "game": "nicht-die-bohne", "players": ["A", "B", "C"],
                        "rounds": [{"A": [], "B": []}]})
    assert err.value.reason == "fehlt: Nenne die Karten, die dieser Spieler gesammelt hat"
    assert err.value.place == "rounds[0].C"
