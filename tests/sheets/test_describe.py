"""Issue 32: an entry in a player's words (``GameRules.describe``), which Undo says it took
back ("Undone: Ann took blue 3"), in the phone's language. A game without words of its
own names whose entry it was, never what lies face down."""

from __future__ import annotations

from companion import i18n
from sheets.bohnanza import RULES as BOHNANZA, BuyField, Harvest, Plant
from sheets.i18n import using
from sheets.nicht_die_bohne import RULES as NDB, RecordChip, ReturnCard, TakeCard, parse_card
from sheets.space_beans import RULES as SPACE_BEANS

GERMAN = i18n.translations("de")


def test_nicht_die_bohne_says_which_card_was_taken():
    state = NDB.new_game({"players": ["Ann", "Ben", "Cy"]})
    take = TakeCard(round=1, player="Ann", card=parse_card("blue-3"))
    assert NDB.describe(state, take) == "Ann took blue 3"
    assert NDB.describe(state, ReturnCard(round=1, player="Ben", card=parse_card("red-doubler"))) == \
        "Ben gave back red Doubler"
    assert NDB.describe(state, RecordChip(round=2, player="Cy")) == "the bean chip of round 2 for Cy"
    with using(GERMAN):
        assert NDB.describe(state, take) == "Ann hat Blau 3 genommen"


def test_bohnanza_says_what_was_planted_harvested_or_bought():
    state = BOHNANZA.new_game({"players": ["Ann", "Ben", "Cy"]})
    assert BOHNANZA.describe(state, Plant(player="Ann", field=1, bean="red", count=2)) == \
        "Ann planted 2 Red Beans on field 1"
    assert BOHNANZA.describe(state, Harvest(player="Ben", field=2)) == "Ben harvested field 2"
    assert BOHNANZA.describe(state, BuyField(player="Cy")) == "Cy bought the third bean field"
    with using(GERMAN):
        assert BOHNANZA.describe(state, Plant(player="Ann", field=1, bean="red", count=2)) == \
            "Ann hat 2 Rote Bohnen auf Bohnenfeld 1 angebaut"


def test_a_face_down_lay_is_described_without_its_cards():
    state = SPACE_BEANS.new_game({"players": ["Leia", "Londo"]})
    lay = SPACE_BEANS.parse_action({"kind": "lay", "player": "Leia", "new": True, "bean": "moonbohnen",
                                    "collection": "secret", "values": [7]})
    said = SPACE_BEANS.describe(state, lay)
    assert said == "Leia's entry" and "7" not in said and "oonbohnen" not in said

