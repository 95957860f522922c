"""Issue 19, Gone with the Beans in German: the scorer's and the live sheet's refusals, the
buttons' "why not", printed-value places and the solitaire rating in the phone's language,
amounts counted in German ("1 Bohne + 2 Taler"); English outside ``using`` (the command
line), and what is stored (events, ratings, titles) stays English."""

from __future__ import annotations

import pytest
from gwtb_files import RULES, setup
from gwtb_live_play import card, game, give, rejects

from companion import i18n
from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans import SHEETS, Finish, SetFacility, solitaire_rating
from sheets.gone_with_the_beans.live import (
    Build,
    HayActionTaken,
    Materials,
    UnknownPrintedValue,
    apply,
    quote,
    spec,
    why_not,
)
from sheets.gone_with_the_beans.live.materials import check_payment
from sheets.gone_with_the_beans.sheets import SOLITAIRE_RATINGS
from sheets.i18n import _, using

GERMAN = i18n.translations("de")


def round_1(*players):
    return apply(game(*players or (("Ann", "zoodai"),)), card("market", 0))


def test_a_build_refusal_tells_its_costs_in_german_with_german_plurals():
    """Rulebook, Travel cost: Zoodai is 2 roads from Macadimia, "4 Bean and 2 Thaler for 2
    roads", plus the Farm's 1 Bean + 2 Thaler; a German phone counts Bohnen and Taler."""
    state = give(round_1(), "Ann", bean=5, thaler=3)
    with using(GERMAN):
        refused = rejects(state, Build(player="Ann", facility="farm"), "^")
    assert refused.reason == (
        "Einen Bauernhof zu bauen (mit Reise über 2 Straßen: 4 Bohnen + 2 Taler) kostet 5 Bohnen + 4 Taler; "
        "du hast 5 Bohnen + 3 Taler (es fehlt: 1 Taler)")
    refused = rejects(state, Build(player="Ann", facility="farm"), "^")  # outside a page: English
    assert refused.reason.startswith("Building a Farm with travel for 2 roads (4 Bean + 2 Thaler) costs")


def test_one_bean_is_one_bohne():
    """The singular in German, the rulebook's unchanged count in English ("1 Bean")."""
    cost, have = Materials(bean=1, thaler=2), Materials(hay=1)
    with using(GERMAN), pytest.raises(RulesError) as caught:
        check_payment(_("Building a Farm"), cost, have, None)
    assert caught.value.reason.startswith("Einen Bauernhof zu bauen kostet 1 Bohne + 2 Taler; du hast 1 Heu")
    with using(GERMAN):
        assert Materials(bean=2, worker=1).said == "1 Arbeiter + 2 Bohnen"
        assert Materials().said == "nichts"
    assert Materials(bean=2, worker=1).said == "1 Worker + 2 Bean" == str(Materials(bean=2, worker=1))


def test_why_not_answers_each_phone_in_its_own_language_from_one_state():
    """The buttons' reasons are cached per state; a German phone's answer is never an
    English phone's, whichever asks first."""
    state = give(round_1(), "Ann", bean=5, thaler=3)
    action = Build(player="Ann", facility="farm")
    with using(GERMAN):
        german = why_not(state, action)
    english = why_not(state, action)
    assert german is not None and german.startswith("Einen Bauernhof zu bauen")
    assert english is not None and english.startswith("Building a Farm")
    with using(GERMAN):
        assert why_not(state, action) == german
    assert why_not(state, HayActionTaken(player="Ann", row="thaler")) == (
        'the Hay action "Gain 7 Thaler." costs 10 Hay; you have 0 Hay')
    with using(GERMAN):
        assert why_not(state, HayActionTaken(player="Ann", row="thaler")) == (
            "die Heuaktion „Erhalte 7 Taler.“ kostet 10 Heu; du hast 0 Heu")


def test_the_quote_names_the_build_in_german():
    state = give(round_1(), "Ann", bean=5, thaler=4)
    with using(GERMAN):
        what, cost, _have, proposed = quote(state, Build(player="Ann", facility="farm"))
    assert what == "Einen Bauernhof zu bauen (mit Reise über 2 Straßen: 4 Bohnen + 2 Taler)"
    assert proposed == cost == Materials(bean=5, thaler=4)


def test_an_unknown_printed_value_is_asked_for_by_its_german_place_and_events_stay_english():
    """The place keeps its ", Sheet A" ending in German (", Bogen A"): the Sheet values
    screen removes it. What happened is stored in the state, in English for every phone."""
    state = game(("Ann", "zoodai"), known=False)
    with using(GERMAN):
        assert spec(SHEETS["A"], "icons:farm").place == "Anzahl der Bauernhof-Symbole, Bogen A"
        assert spec(SHEETS["A"], "travel:2").place == "Reisekosten für 1 Straße auf Reitstufe 2, Bogen A"
        with pytest.raises(UnknownPrintedValue) as caught:
            apply(state, card("farm", 3))
    assert caught.value.place == "Heu unter Bauernhof-Symbol 1 (Einkommen), Bogen A"
    assert caught.value.reason == ("Heu unter Bauernhof-Symbol 1 (Einkommen), Bogen A ist noch unbekannt: "
                                   "bitte trag den Wert vom gedruckten Bogen ein")
    assert spec(SHEETS["A"], "icons:farm").place == "number of Farm icons, Sheet A"
    state = give(round_1(), "Ann", bean=5, thaler=4)
    with using(GERMAN):
        after = apply(state, Build(player="Ann", facility="farm"))
    assert "Ann: paid 5 Bean + 4 Thaler (Farm)" in after.events


def test_the_scorer_refuses_in_german():
    state = RULES.new_game(setup("A", "tachiopi"))
    name = state.players[0].name
    with using(GERMAN), pytest.raises(RulesError) as caught:
        RULES.apply(state, SetFacility(player=name, facility="farm", built=1))
    assert caught.value.reason == "1 Bauernhof, aber Tachiopi hat von Beginn an 2 Bauernhöfe"
    with using(GERMAN), pytest.raises(RulesError) as caught:
        RULES.apply(state, SetFacility(player=name, facility="bridge", built=1))
    assert caught.value.reason == "Bogen A hat keine Brücken; nur Bogen C hat sie"
    with pytest.raises(RulesError, match="^Ann: 1 Farm, but Tachiopi starts with 2 Farms built$"):
        RULES.apply(state, SetFacility(player=name, facility="farm", built=1))


def test_a_score_file_problem_is_told_in_german():
    data = {"format": "beans-score/1", "game": "gone-with-the-beans", "sheet": "E",
            "players": [{"name": "Ann", "province": "cashew"}]}
    with using(GERMAN), pytest.raises(ScoreFileError) as caught:
        RULES.read(data)
    assert caught.value.place == "sheet"
    assert caught.value.reason == "„E“ ist kein Spielbogen; einer von A, B, C, D"


def test_the_solitaire_rating_is_stored_in_english_and_shown_in_german():
    """Rulebook, Solitaire Rules: below 45 "You'll do better next time"; the result keeps
    the English words (shared between phones), each phone translates them."""
    state = RULES.apply(RULES.new_game(setup("A", "cashew")), Finish())
    rating = RULES.result(state).players[0].rating
    assert rating == "You'll do better next time" == solitaire_rating(0)
    with using(GERMAN):
        assert _(rating) == "Nächstes Mal klappt es besser"
        assert all(_(title) != title for _lowest, title in SOLITAIRE_RATINGS)
        assert _(solitaire_rating(90)) == "Die Bohne in Person"
