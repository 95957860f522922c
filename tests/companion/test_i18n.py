"""Issue 19: each phone speaks its own language, the engine's refusals included; English
where nothing else is known; numbers and dates written the phone's way."""

from __future__ import annotations

import asyncio
import contextvars
from datetime import date, datetime

import pytest
from flet.controls.context import _context_page  # what Flet binds to each render, handler and task

from companion import i18n
from companion.session import Games, PhoneGames
from companion.storage import open_repository
from companion.ui.hooks import phone_translations, speak
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import _, follow, ngettext, using

GERMAN = i18n.translations("de")
ENGLISH = i18n.translations("en")


class Page:
    """Stands for a phone's ft.Page: Flet binds it to every piece of work for that phone."""


def as_phone(page: Page, work):
    """Run ``work`` the way Flet runs a phone's handler: in a context bound to its page."""
    def bound():
        _context_page.set(page)
        return work()
    return contextvars.copy_context().run(bound)


@pytest.fixture
def games(tmp_path):
    follow(phone_translations)  # as the app does
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()
    follow(lambda: None)


def refusal(work) -> str:
    with pytest.raises((RulesError, ScoreFileError)) as refused:
        work()
    return refused.value.reason


def take_zoe():
    return {"kind": "take-card", "round": 1, "player": "Zoe", "card": "red-3"}


def test_two_phones_at_one_table_are_refused_each_in_its_own_language(games):
    """The same wrong entry at one game: the German phone reads the engine's refusal in
    German, the English phone in English, and the game is unchanged for both."""
    gid = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")
    german_page, english_page = Page(), Page()
    speak(german_page, "de")
    speak(english_page, "en")
    german, english = PhoneGames(games, "de-phone"), PhoneGames(games, "en-phone")
    before = games.state(gid)

    said_de = as_phone(german_page, lambda: refusal(lambda: german.dispatch(gid, take_zoe())))
    said_en = as_phone(english_page, lambda: refusal(lambda: english.dispatch(gid, take_zoe())))

    assert said_de == "'Zoe' spielt nicht mit; es spielen Ann, Ben, Cy"
    assert said_en == "'Zoe' is not playing; the players are Ann, Ben, Cy"
    assert games.state(gid) == before
    # why_not, as a screen asks it while rendering, in each phone's language as well
    rules, state = games.rules(gid), games.state(gid)
    action = rules.parse_action(take_zoe())
    assert as_phone(german_page, lambda: rules.why_not(state, action)).startswith("'Zoe' spielt nicht mit")
    assert as_phone(english_page, lambda: rules.why_not(state, action)).startswith("'Zoe' is not playing")


def test_a_phone_switching_language_is_heard_in_the_new_one_at_once(games):
    page = Page()
    speak(page, "de")
    assert as_phone(page, lambda: _("Undo")) == "Rückgängig"
    speak(page, "en")
    assert as_phone(page, lambda: _("Undo")) == "Undo"


def test_work_sent_to_a_worker_thread_keeps_the_phone_language(games):
    """An upload is read in a worker thread (asyncio.to_thread): its refusal is the phone's."""
    page = Page()
    speak(page, "de")

    async def upload():
        return await asyncio.to_thread(lambda: refusal(lambda: games.import_file([])))

    assert as_phone(page, lambda: asyncio.run(upload())) == "eine Punktedatei ist ein JSON-Objekt"


def test_outside_a_phone_everything_is_english(games):
    """The command line and the engine used as a library speak English."""
    assert _("Undo") == "Undo"
    assert refusal(lambda: games.new_game("nicht-die-bohne", {"players": ["Ann", "Ann", "Cy"]})) \
        == "player 2: Ann is named twice"


def test_using_chooses_for_a_block_and_gives_back_what_was_there():
    with using(GERMAN):
        assert _("Start game") == "Spiel starten"
        with using(ENGLISH):
            assert _("Start game") == "Start game"
        assert ngettext("{n} finished game", "{n} finished games", 1).format(n=1) == "1 beendetes Spiel"
        assert ngettext("{n} finished game", "{n} finished games", 4).format(n=4) == "4 beendete Spiele"
    assert _("Start game") == "Start game"


def test_a_message_without_translation_falls_back_to_english():
    with using(GERMAN):
        assert _("A message nobody has translated yet") == "A message nobody has translated yet"
    assert i18n.translations("fr").gettext("Start game") == "Start game"  # a language we lack


@pytest.mark.parametrize(("browser", "language"), [
    (["de-DE", "en-US"], "de"),
    (["de"], "de"),
    (["fr-FR", "de-AT", "en"], "de"),  # the first one we speak
    (["en-GB", "de-DE"], "en"),
    (["fr-FR", "it"], "en"),  # none we speak: English
    ([None, "", "not a language!"], "en"),
    ([], "en"),
])
def test_the_browser_language_picks_the_first_we_speak(browser, language):
    assert i18n.negotiate(browser) == language


def test_numbers_and_dates_are_written_the_phone_way():
    assert i18n.number(12.5, 1, "de") == "12,5"
    assert i18n.number(12.5, 1, "en") == "12.5"
    assert i18n.number(12, 1, "de") == "12,0"
    assert i18n.number(1234, language_code="de") == "1.234"
    assert i18n.day(date(2026, 11, 30), "de") == "30. Nov. 2026"
    assert i18n.day(date(2026, 11, 30), "en") == "30 Nov 2026"
    assert i18n.moment(datetime(2026, 11, 30, 14, 5), "de") == "30. Nov. 2026, 14:05"
    assert i18n.moment(datetime(2026, 11, 30, 14, 5), "en") == "30 Nov 2026, 14:05"
    with using(GERMAN):  # without a language: the current one
        assert i18n.number(2.25, 2) == "2,25"
        assert i18n.language() == "de"
    assert i18n.language() == "en"
