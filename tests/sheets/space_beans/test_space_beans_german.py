"""Issue 19, Space Beans in German: the engine's refusals in the phone's language (English
outside ``using``, as on the command line); the beans keep the names printed on the cards."""

from __future__ import annotations

import pytest

from companion import i18n
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import using
from sheets.space_beans import BEAN_NAMES, RULES, Bean, Card, CloseOut, Lay, State
from sheets.names import bare

GERMAN = i18n.translations("de")


def start() -> State:
    return RULES.new_game({"players": ["Leia", "Londo"]})


def refusal(state: State, action) -> str:
    before = state.model_copy(deep=True)
    with pytest.raises(RulesError) as caught:
        RULES.apply(state, action)
    assert state == before
    return str(caught.value)


def test_the_bean_names_are_those_printed_on_the_cards_on_every_phone():
    """Rulebook, Game Contents: Klingbohnen, Darth Beans, ... (German cards; no other names)."""
    with using(GERMAN):
        assert Card(bean=Bean.BOHRION, value=5).label == "Bohrion 5"
        assert [BEAN_NAMES[b] for b in Bean][:2] == ["Klingbohnen", "Darth Beans"]


def test_a_valueless_close_out_refused_in_german():
    """Rulebook, action 2: a collection of four without a 4 has no value; it is closed out only when forced."""
    state = RULES.apply(start(), Lay(in_turn=False, player="Leia", collection="open", new=True, bean=Bean.KLINGBOHNEN,
                                     values=(2, 3, 6, 8)))
    with using(GERMAN):
        said = refusal(state, CloseOut(in_turn=False, player="Leia"))
    assert bare(said) == ("die offene Sammlung von Leia (Klingbohnen 2, 3, 6, 8) hat 4 Karten und keine 4: "
                    "Sie ist nichts wert und wird nur geerntet, wenn es sein muss")
    assert bare(refusal(state, CloseOut(in_turn=False, player="Leia"))).startswith("Leia's open collection (Klingbohnen 2, 3, 6, 8)")


def test_the_supply_rule_and_a_wrong_bean_in_german():
    """Game Contents: one card each of 1 to 3 per bean."""
    state = RULES.apply(start(), Lay(in_turn=False, player="Leia", collection="open", new=True, bean=Bean.BOHRION, values=(1,)))
    with using(GERMAN):
        taken = refusal(state, Lay(in_turn=False, player="Londo", collection="open", new=True, bean=Bean.BOHRION, values=(1,)))
        other = refusal(state, Lay(in_turn=False, player="Leia", collection="open", bean=Bean.BLUEBEANS, values=(2,)))
        none = refusal(start(), CloseOut(in_turn=False, player="Londo"))
    assert taken == "Bohrion 1: die einzige Karte liegt schon auf dem Tisch"
    assert bare(other) == "die offene Sammlung von Leia ist Bohrion, nicht Bluebeans"
    assert bare(none) == "Londo hat keine Sammlung zum Ernten"


def test_a_score_file_refused_in_german():
    data = {"format": "beans-score/1", "game": "space-beans", "players": ["Leia", "Londo"], "ended_by": "Leia",
            "trophies": {"Leia": [], "Londo": []}, "collections": {"Leia": [], "Londo": []}}
    with using(GERMAN), pytest.raises(ScoreFileError) as caught:
        RULES.read(data)
    assert caught.value.reason == ("die Trophäen von Leia sind 0 wert; das Spiel endet, wenn die Trophäen "
                                   "eines Spielers 30 erreichen")


def test_the_turn_refusals_in_german():
    """Gameplay: "Turns pass clockwise"; action 2: "Collections of SpaceBeans may only be
    closed out before this action, not after"."""
    state = RULES.apply(RULES.new_game({"players": ["Leia", "Londo", "Lando"]}),
                        Lay(player="Leia", collection="open", new=True, bean=Bean.BOHRION, values=(1,)))
    with using(GERMAN):
        assert refusal(state, Lay(player="Lando", collection="open", new=True, bean=Bean.BLUEBEANS,
                                  values=(2,))) == "Londo ist am Zug"
        assert bare(refusal(state, CloseOut(player="Leia"))) == (
            "Leia hat in diesem Zug schon ausgelegt; geerntet wird vor dem Auslegen")
        assert bare(refusal(state, Lay(player="Leia", collection="open", bean=Bean.BOHRION, values=(2,)))) == (
            "Leia hat in diesem Zug schon ausgelegt: Ausgelegt wird einmal pro Zug, und jetzt ist Londo am Zug")
