"""Sheet values in a real browser (issue 7, "Printed values"; design page, "Printed values
the rulebook does not give"): the screen at 150 % text, dark, with a remembered value this
version does not know. (A value corrected in a game, refused, shown on every phone and
remembered for the sheet: tests/companion/test_sheet_values_screens.py.)"""

from __future__ import annotations

import json

import pytest

from companion.storage.sheet_values import FORMAT, read_values
from testkit.browser import FONT_150, PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


def row(phone: Phone, place: str):
    return phone.button(place, exact=False).first


def test_a_value_this_version_does_not_know_is_reported_and_removed(browser, tmp_path):
    """Issue 14: a remembered key this version does not know (a newer version wrote it)
    is reported on the Sheet values screen and removed there, and never blocks a new live
    game. Dark, 150 % text."""
    (tmp_path / "sheet-values.json").write_text(json.dumps({"format": FORMAT, "sheets": {"A": {
        "icons:farm": 6, "future:ferry": [1, 2]}}}))
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport=PHONE, color_scheme="dark")
        context.add_init_script(FONT_150)
        phone = Phone(context.new_page(), server.url).open("/values/A")
        phone.see("1 remembered value of sheet A this version cannot use: new games start without it")
        phone.see('This version does not know this value ("future:ferry" is not a printed value of sheet A)')
        phone.reveal(phone.button('Remove "future:ferry"'))
        phone.shot("sheet-values-unknown-key")
        phone.tap('Remove "future:ferry"')
        phone.see('"future:ferry": removed')
        phone.text("this version cannot use").first.wait_for(state="detached")
        row(phone, "Number of Farm icons 6 entered").wait_for()
        phone.shot("sheet-values-unknown-key-removed")
        context.close()
    finally:
        server.stop()
    assert read_values(tmp_path / "sheet-values.json") == {"A": {"icons:farm": 6}}  # the file of earlier versions, kept on
