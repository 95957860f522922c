"""Issue 19: each phone speaks its own language, the engine's refusals included; English
where nothing else is known; numbers and dates written the phone's way."""

from __future__ import annotations

import asyncio
import contextvars
import json
from datetime import date, datetime

import pytest

from companion import i18n, worker
from companion.pin_guard import FREE_TRIES
from companion.session import Games, PhoneGames
from companion.sheet_values import SheetValuesService
from companion.storage.sheet_values import FORMAT as SHEET_VALUES_FORMAT
from companion.storage import open_repository
from companion.ui.components import files
from companion.ui.hooks import phone_translations, speak
from companion.ui.flet_compat import bind_page
from sheets.errors import RulesError, ScoreFileError
from sheets.limits import read_json
from sheets.registry import score
from sheets.i18n import _, follow, ngettext, signed, using, whole
from sheets.names import bare, isolated

GERMAN = i18n.translations("de")
ENGLISH = i18n.translations("en")


class Page:
    """Stands for a phone's ft.Page: Flet binds it to every piece of work for that phone."""


def as_phone(page: Page, work):
    """Run ``work`` the way Flet runs a phone's handler: in a context bound to its page."""
    def bound():
        bind_page(page)  # what Flet binds to each render, handler and task
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
    # what a player may do, as a screen asks it while rendering, in each phone's language as well
    rules, state = games.rules(gid), games.state(gid)
    taken = {"kind": "take-card", "round": 1, "player": "Ann", "card": "red-3"}
    state = rules.apply(state, rules.parse_action(taken))
    red_3 = rules.parse_action(taken).card
    assert as_phone(german_page, lambda: bare(str(rules.allowed(state, "Ben").hand(1).offer(red_3).take))) == (
        "Rot 3 wurde in dieser Runde schon von Ann genommen")
    assert as_phone(english_page, lambda: rules.allowed(state, "Ben").hand(1).offer(red_3).take) == (
        f"red 3 is already taken by {isolated('Ann')} in this round")


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
        return await asyncio.to_thread(lambda: refusal(lambda: games.files.import_file([])))

    assert as_phone(page, lambda: asyncio.run(upload())) == "eine Punktedatei ist ein JSON-Objekt"


def test_an_upload_read_in_the_worker_process_is_refused_in_the_phones_language(games, monkeypatch):
    """beans serve reads an upload in a worker process of its own (companion/worker.py):
    the refusal it sends back is in the language of the phone that uploaded."""
    async def picked(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes]:
        return "liste.json", b"[]"

    monkeypatch.setattr(files, "upload", picked)
    page = Page()
    speak(page, "de")
    problems: list[str | None] = []
    worker.start()
    try:
        as_phone(page, lambda: asyncio.run(files.import_json("Import", lambda: None, score, games.files.import_file, problems.append)))
    finally:
        worker.stop()
    assert problems == ["liste.json wurde nicht importiert: eine Punktedatei ist ein JSON-Objekt"]


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


def test_a_negative_number_takes_the_minus_sign_in_every_language():
    """Issue 32: a player reads "−10" (U+2212), as the paper pad prints it, never the
    hyphen "-10"; a pad's points carry their sign ("+5", "−3", "0")."""
    assert whole(-10) == "−10" and whole(0) == "0" and whole(42) == "42"
    assert (signed(5), signed(0), signed(-3)) == ("+5", "0", "−3")
    assert i18n.number(-2.5, 1, "de") == "−2,5"
    assert i18n.number(-1234, language_code="en") == "−1,234"
    assert "-" not in whole(-7) + signed(-7) + i18n.number(-7, language_code="de")


# -- the session layer: seats, PINs, deleting, in each phone's language ---------------------


def nicht_die_bohne(games) -> str:
    return games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")


def test_a_german_phones_wrong_pins_are_counted_and_limited(games):
    """Issue 14's limit on guessing a seat's PIN counts wrong tries by their kind, not by
    the English words of the refusal: a German phone guessing is slowed down alike."""
    gid = nicht_die_bohne(games)
    PhoneGames(games, "ben").claim_seat(gid, "Ben", "2222")
    page = Page()
    speak(page, "de")
    thief = PhoneGames(games, "thief")
    for pin in ("0000", "0001", "0002", "0003", "0004"):
        said = as_phone(page, lambda: refusal(lambda: thief.claim_seat(gid, "Ben", pin)))
        assert said == f"falsche PIN für den Platz von {isolated('Ben')}"
    assert games.seating.wrong_pin_tries(gid, "Ben") == FREE_TRIES
    said = as_phone(page, lambda: refusal(lambda: thief.claim_seat(gid, "Ben", "2222")))  # even the right one waits
    assert said == "zu viele falsche PINs: Versuch es in 1 Minute noch einmal"
    assert games.seat(gid, "ben") == "Ben" and games.seat(gid, "thief") is None


@pytest.mark.parametrize(("language", "not_playing", "not_the_host"), [
    ("de", "'Zoe' spielt nicht mit; es spielen Ann, Ben und Cy",
     "nur das Handy, das das Spiel gestartet hat (der Gastgeber), darf es löschen, solange Spieler daran sitzen"),
    ("en", "'Zoe' is not playing; the players are Ann, Ben and Cy",
     "only the phone that started the game (the host) deletes it while players sit at it"),
])
def test_a_seat_claim_and_a_delete_are_refused_in_the_phones_language(games, language, not_playing, not_the_host):
    """The session's own refusals (a seat for nobody, a delete by a phone that is not the
    host) are said in the language of the phone that asked; nothing changes."""
    gid = nicht_die_bohne(games)
    page = Page()
    speak(page, language)
    ann = PhoneGames(games, "ann")
    assert bare(as_phone(page, lambda: refusal(lambda: ann.claim_seat(gid, "Zoe", "1234")))) == not_playing
    ann.claim_seat(gid, "Ann", "1111")
    assert as_phone(page, lambda: refusal(lambda: ann.delete(gid))) == not_the_host
    assert as_phone(page, lambda: ann.why_not_delete(gid)) == not_the_host
    assert games.kind(gid) == "nicht-die-bohne" and games.seat(gid, "ann") == "Ann"


def test_who_deleted_a_game_is_said_by_each_phone_in_its_own_language(games):
    """The bin keeps which seat deleted a game; each phone words it its own way, also for
    a game an older version kept English words for."""
    german_page, english_page = Page(), Page()
    speak(german_page, "de")
    speak(english_page, "en")
    seated, by_hand = nicht_die_bohne(games), nicht_die_bohne(games)
    host = PhoneGames(games, "host")
    host.claim_seat(seated, "Ben", "2222")
    host.delete(seated)
    games.bin.delete(by_hand, host=True)  # the host's command line
    assert as_phone(german_page, lambda: games.bin.deleted_by(seated)) == f"das Handy von {isolated('Ben')}"
    assert bare(as_phone(english_page, lambda: games.bin.deleted_by(seated))) == "Ben's phone"
    assert as_phone(german_page, lambda: {b.id: bare(b.deleted_by) for b in host.bin()}) == {
        seated: "das Handy von Ben", by_hand: "die Kommandozeile"}
    kept = games.repo.trash_dir / f"{by_hand}.json"
    stored = json.loads(kept.read_text(encoding="utf-8"))
    (record,) = stored["game"].values()
    record["table"]["deleted_by"] = "Ann's phone"  # as an older version kept it
    kept.write_text(json.dumps(stored), encoding="utf-8")
    assert bare(as_phone(german_page, lambda: games.bin.deleted_by(by_hand))) == "das Handy von Ann"
    assert bare(as_phone(english_page, lambda: games.bin.deleted_by(by_hand))) == "Ann's phone"


def test_pydantic_words_are_translated_and_stay_pydantics_in_english(games):
    """An entry pydantic refuses (a round that is no number) reads in German on a German
    phone; in English it stays pydantic's own words."""
    gid = nicht_die_bohne(games)
    page = Page()
    speak(page, "de")
    phone = PhoneGames(games, "host")
    bad = {"kind": "take-card", "round": "first", "player": "Ann", "card": "red-3"}
    assert as_phone(page, lambda: refusal(lambda: phone.dispatch(gid, bad))) \
        == "kein gültiger Eintrag: round: muss eine ganze Zahl sein; dieser Text ist keine"
    assert refusal(lambda: phone.dispatch(gid, bad)) \
        == "not a valid entry: round: Input should be a valid integer, unable to parse string as an integer"


def test_a_sheet_values_file_naming_no_printed_value_is_placed_alike_in_german(games):
    """The sheet-values import tells a key that names nothing by its kind, not by its
    English words: on a German phone too the refusal names the key once."""
    page = Page()
    speak(page, "de")
    book = SheetValuesService(games)
    data = {"format": SHEET_VALUES_FORMAT, "sheets": {"A": {"future:ferry": 3}}}
    with pytest.raises(ScoreFileError) as refused:
        as_phone(page, lambda: book.import_file(data))
    assert refused.value.place == ""  # German quotes the key „future:ferry“: no English words to match
    assert str(refused.value).count("future:ferry") == 1 and "Bogen A" in refused.value.reason


@pytest.mark.parametrize(("raw", "german", "english"), [
    (b"\xff\xfe", "keine Textdatei (UTF-8)", "not a text file (UTF-8)"),
    (b'{"a": 1, "a": 2}', 'der Schlüssel "a" steht zweimal in einem Objekt; jeder Schlüssel darf nur einmal stehen',
     'the key "a" appears twice in one object; each key may appear once'),
    (b"[" * 40 + b"]" * 40, "mehr als 32 Ebenen tief verschachtelt", "nested more than 32 levels deep"),
])
def test_a_file_door_refuses_an_upload_in_the_phones_language(games, raw, german, english):
    """The doors every uploaded file passes (sheets.limits) speak the phone's language;
    the command line, outside a phone, reads them in English."""
    page = Page()
    speak(page, "de")
    assert as_phone(page, lambda: refusal(lambda: read_json(raw))) == german
    assert refusal(lambda: read_json(raw)) == english
