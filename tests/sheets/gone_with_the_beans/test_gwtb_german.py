"""Issue 19, Gone with the Beans in German: the scorer's and the live sheet's refusals, the
buttons' "why not", printed-value places and the solitaire rating in the phone's language,
amounts counted in German ("1 Bohne + 2 Taler"), what just happened; English outside
``using`` (the command line), and what is stored (ratings, titles) stays English; a state's
events are data, said by each phone in its own language."""

from __future__ import annotations

import pytest
from gwtb_files import RULES, setup
from testkit.gwtb_live_play import card, game, give, rejects, told
from testkit.gwtb_live_play import setup as live_setup

from companion import i18n
from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans import SHEETS, Finish, SetFacility, solitaire_rating
from sheets.gone_with_the_beans.live import (
    AddHayShed,
    Build,
    EnterPrintedValue,
    HayActionTaken,
    Materials,
    UnknownPrintedValue,
    apply,
    new_game,
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


def test_an_unknown_printed_value_is_asked_for_by_its_german_place():
    """The place keeps its ", Sheet A" ending in German (", Bogen A"): the Sheet values
    screen removes it. What happened is stored as data: said in English outside ``using``."""
    state = game(("Ann", "zoodai"), known=False)
    with using(GERMAN):
        assert spec(SHEETS["A"], "icons:farm").place == "Anzahl der Bauernhof-Symbole, Bogen A"
        assert spec(SHEETS["A"], "travel:2").place == "Reisekosten für 1 Straße auf Reitstufe 2, Bogen A"
        with pytest.raises(UnknownPrintedValue) as caught:
            apply(state, card("farm", 3))
    assert caught.value.place == "Heu unter Bauernhof-Symbol 1 (Einkommen), Bogen A"
    assert caught.value.reason == ("Heu unter Bauernhof-Symbol 1 (Einkommen), Bogen A ist noch unbekannt: "
                                   "Bitte trag den Wert vom gedruckten Bogen ein")
    assert spec(SHEETS["A"], "icons:farm").place == "number of Farm icons, Sheet A"
    state = give(round_1(), "Ann", bean=5, thaler=4)
    with using(GERMAN):
        after = apply(state, Build(player="Ann", facility="farm"))
    assert "Ann: paid 5 Bean + 4 Thaler (Farm)" in told(after)


def test_what_just_happened_is_said_by_each_phone_in_its_language_from_one_state():
    """Issue 19: one State is shared by every phone at the table; its events are said in
    German on a German phone and, from the very same State, in the English they always were."""

    def both(state):
        with using(GERMAN):
            german = told(state)
        return told(state), german

    started = new_game(live_setup(("Ann", "zoodai"), ("Bob", "cashew")))
    assert both(started) == (
        ("Ann: 15 Hay from the Ruler's Starting Point card", "Bob: 11 Hay from the Ruler's Starting Point card"),
        ("Ann: 15 Heu von der Startpunktkarte des Herrschers", "Bob: 11 Heu von der Startpunktkarte des Herrschers"))
    state = apply(game(("Ann", "zoodai"), ("Bob", "cashew")), card("market", 2))
    assert both(state) == (
        ("Round 1: Market, 2 Hay", "Ann: +2 Hay (Income)", "Bob: +2 Hay (Income)"),
        ("Runde 1: Markt, 2 Heu", "Ann: +2 Heu (Einkommen)", "Bob: +2 Heu (Einkommen)"))
    built = apply(give(state, "Bob", bean=5, thaler=4), Build(player="Bob", facility="farm"))
    assert both(built) == (
        ("Bob: paid 5 Bean + 4 Thaler (Farm)", "Bob: built Farm 2", "Bob: +1 Hay (Cashew: a facility built)"),
        ("Bob: 5 Bohnen + 4 Taler bezahlt (Bauernhof)", "Bob: Bauernhof 2 gebaut",
         "Bob: +1 Heu (Cashew: ein Gebäude gebaut)"))
    shed = apply(built, AddHayShed(player="Ann"))
    assert both(shed) == (("Ann: Hay Shed 1 added", "Ann: +2 Hay (Hay Shed)"),
                          ("Ann: Heuschuppen 1 dazugebaut", "Ann: +2 Heu (Heuschuppen)"))
    paid = apply(give(state, "Ann", hay=10), HayActionTaken(player="Ann", row="thaler"))
    assert both(paid) == (
        ("Ann: paid 10 Hay (Hay action: Gain 7 Thaler)", "Ann: +7 Thaler (Hay action: Gain 7 Thaler)"),
        ("Ann: 10 Heu bezahlt (Heuaktion: Erhalte 7 Taler)", "Ann: +7 Taler (Heuaktion: Erhalte 7 Taler)"))
    moved = apply(shed, card("farm", 3))
    assert both(moved)[1][:2] == ("Runde 2: Bauernhof, 3 Heu", "Der Herrscher zieht nach Beanzantine")
    assert both(moved)[0][:2] == ("Round 2: Farm, 3 Hay", "The Ruler moves to Beanzantine")
    corrected = apply(moved, EnterPrintedValue(key="hay-shed:1", value=12))
    assert both(corrected) == (("Hay the added Hay Shed 1 holds, Sheet A: 12 (corrected)",),
                               ("Heu, das der dazugebaute Heuschuppen 1 fasst, Bogen A: 12 (korrigiert)",))


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


def test_a_free_farm_that_passes_is_said_in_each_phones_language():
    """Design page, gaps 16 ("when nothing can be built, the bonus passes"): what happened is
    data, said in German on a German phone and in English from the very same State; gaps 4's
    refusal of a Beanichalcum for travel the player holds, in German."""
    from sheets.gone_with_the_beans.live import Milestone

    away = apply(game(("Ann", "ammond"), sheet="C", bridges={"Ann": "cashew"}), card("market", 0))
    with using(GERMAN):
        after = apply(away, Milestone(player="Ann", bonus="free-farm"))
        german = told(after)
    assert ("Ann: Bauernhof lässt sich nicht kostenlos bauen (auf Bogen C baust du nur, solange der Herrscher "
            "in deiner Provinz ist (Ammond oder Cashew); er ist in Macadimia); der Bau verfällt") in german
    assert ("Ann: the free Farm cannot be built (on sheet C you build only while the Ruler token is in your "
            "province (Ammond or Cashew); it is in Macadimia); it passes") in told(after)
    holds = give(apply(game(("Ann", "zoodai"), sheet="B"), card("market", 0)), "Ann", bean=5, thaler=4,
                 beanichalcum=1)
    with using(GERMAN):
        rejects(holds, Build(player="Ann", facility="farm", beanichalcum_travel=True),
                r"du hast die 4 Bohnen \+ 2 Taler der Reisekosten: Bezahle sie; 1 Beanichalcum springt nur")


def test_what_a_build_lacks_and_the_round_card_deck_are_said_in_german():
    """Issue 32: the payment's "what is missing" counted in German ("1 Bohne", never
    "1 Bean") and the deck named as the setup names it („Grundspiel“, never "basic"),
    its rounds as a range with the en dash."""
    from sheets.gone_with_the_beans.live import allowed
    from testkit.gwtb_live_play import SPECIAL

    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=2)
    with using(GERMAN):
        farm = allowed(state, "Ann").payment(Build(player="Ann", facility="farm"))
        assert farm is not None
        assert farm.short == "Einen Bauernhof zu bauen kostet 1 Bohne + 2 Taler; du hast 2 Taler: Es fehlt 1 Bohne"
        rejects(game(("Ann", "cashew")), SPECIAL,
                "die oberen 7 Karten des Stapels „Grundspiel“ \\(Runden 1–7\\) enthalten keine Sonderkarte")
