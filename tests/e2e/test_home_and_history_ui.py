"""Files through the page, with games stored before the server starts: a finished game
downloaded as a score file and uploaded back, and a backup of everything restored into an
empty server. (Home, the final ranking, Statistics, a restart and a damaged game are checked
in process: tests/companion/test_home_and_history_screens.py.)"""

from __future__ import annotations

import json
import re

import pytest

from sheets.registry import score
from sheets.i18n import whole
from testkit.browser import Server
from tests.companion.test_home_and_history_screens import PLAYERS, seed
from tests.e2e.conftest import Phone
from sheets.names import bare, listed

pytestmark = pytest.mark.e2e

@pytest.fixture
def seeded(tmp_path):
    """A data directory with one finished and one unfinished game, and its server."""
    finished, unfinished, result = seed(tmp_path)
    server = Server(tmp_path).start()
    yield server, finished, unfinished, result
    server.stop()


def test_a_finished_game_downloads_as_a_score_file_and_uploads_back(browser, seeded, tmp_path):
    """shared/design/score-files.md: the app exports every finished game and imports it back."""
    server, finished, unfinished, result = seeded
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    phone = Phone(context.new_page(), server.url).open("/")
    phone.see("Finished games")
    with phone.page.expect_download() as download:
        phone.tap(f"Share game Nicht die Bohne!: {bare(listed(PLAYERS))}, ", exact=False)  # a download here
    saved = tmp_path / "export.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["format"] == "beans-score/1" and data["players"] == PLAYERS
    assert score(data).as_json()["winners"] == list(result.winners)

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**data, "players": ["Ann", "Bo"]}))
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a score file or backup")  # the serving machine: backups too
    chooser.value.set_files(str(bad))
    phone.see("bad.json was not imported: players: 2 players; this game is for 3 to 6")

    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a score file or backup")  # the serving machine: backups too
    chooser.value.set_files(str(saved))
    said = "export.json was not imported: this game is stored already (Nicht die Bohne!: Ann, Bo, Cy, "
    phone.see(said)  # the game by its title, players and the day it started ("30 Nov 2026"): never its id
    assert re.fullmatch(re.escape(said) + r"\d{1,2} [A-Z][a-z]{2} \d{4}\); nothing was imported",
                        phone.text(said).first.text_content() or "")

    other_day = tmp_path / "other-day.json"  # issue 20: the same record played another day is another game
    other_day.write_text(json.dumps({**data, "played": "2020-01-01"}))
    with phone.page.expect_file_chooser() as chooser:
        phone.tap("Import a score file or backup")  # the serving machine: backups too
    chooser.value.set_files(str(other_day))
    for p in result.players:
        phone.see(f"{p.rank}. {p.name}: {whole(p.total)}")  # the line said as one
    context.close()


def test_the_serving_machine_backs_up_everything_and_restores_it_into_an_empty_server(browser, seeded, tmp_path):
    """Issue 36: Home on the serving machine's own browser offers "Back up everything" (one
    zip: every game, the bin, the sheet values) and its import takes that zip back: into a
    new, empty server both games come back, told in one line; the same zip again adds
    nothing. (A phone over the Wi-Fi is offered neither: tests/companion/test_backup.py.)"""
    server, finished, unfinished, result = seeded
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    phone = Phone(context.new_page(), server.url).open("/")
    phone.see("Finished games")
    with phone.page.expect_download() as download:
        phone.tap("Back up everything")
    saved = tmp_path / "backup.zip"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("bean-counter-backup-")
    context.close()

    empty = Server(tmp_path / "empty").start()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        phone = Phone(context.new_page(), empty.url).open("/")
        phone.see("No games yet", exact=False)
        phone.shot("home-backup")
        with phone.page.expect_file_chooser() as chooser:
            phone.tap("Import a score file or backup")
        chooser.value.set_files(str(saved))
        phone.see("Backup restored: 2 games added, 0 stored already")
        phone.see("Finished games")
        phone.button("In play, Dee leads", exact=False).first.wait_for()
        with phone.page.expect_file_chooser() as chooser:
            phone.tap("Import a score file or backup")
        chooser.value.set_files(str(saved))
        phone.see("Backup restored: 0 games added, 2 stored already")
        context.close()
    finally:
        empty.stop()
