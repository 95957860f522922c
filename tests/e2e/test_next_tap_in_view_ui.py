"""Issue 48: the next tap is on the screen without scrolling, on the small phones of the
size matrix (320x640 and 360x740 at 150 % text, dark) with six long names (Latin, Arabic,
Chinese): Nicht die Bohne!'s keypad once who starts is answered (the answer folds to one
line), Space Beans' "Lay cards" (the turn above the players' sheets) and Bohnanza's box
choices whole (their words broken onto two lines, not cut at the screen's edge)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.ui.hooks import SNACKBAR_TOP
from sheets.nicht_die_bohne import RecordChip
from testkit.browser import FONT_150, Server
from testkit.positions import dealt_in_order
from tests.e2e.conftest import Phone, served_after
from tests.e2e.test_small_screens_ui import row_layout

pytestmark = pytest.mark.e2e

SIX = ["Friedemann", "Anneliese", "سارا", "李雷", "Dorothea-Luise", "Maximiliane"]
SIZES = [pytest.param((320, 640), id="320x640-150"), pytest.param((360, 740), id="360x740-150")]

# The box of the first node of the accessibility tree whose words start with ``name``
BOX = """name => {
  const said = e => (e.getAttribute('aria-label') || e.textContent).replace(/[\\u2068\\u2069]/g, '').trim();
  const e = [...document.querySelectorAll('flt-semantics')].find(e => said(e).startsWith(name));
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""


def stored(data: Path) -> dict[str, str]:
    """The games, written before this returns (run off the sync Playwright's loop)."""
    repo = open_repository(data)
    table = Games(repo)
    ndb = dealt_in_order(table, SIX, rounds=1)
    table.dispatch(ndb, RecordChip(round=1, player="Anneliese"))  # who starts round 2: answered
    space = table.new_game("space-beans", {"players": SIX})
    repo.close()
    return {"ndb": ndb, "space": space}


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    yield from served_after(tmp_path_factory.mktemp("in-view"), stored)


def in_view(phone: Phone, name: str) -> dict:
    """The box of ``name`` as the screen opens (no scrolling); it must lie inside the screen."""
    box = phone.page.evaluate(BOX, name)
    assert box is not None, f"{name!r} is not on the screen at all"
    view = phone.page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"] + 1, f"{name!r} runs off the side: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], f"{name!r} is below the screen: {box}"
    return box


@contextmanager
def opened(browser, server: Server, path: str, size: tuple[int, int], ready: str) -> Iterator[Phone]:
    """A dark phone of ``size`` at 150 % text on ``path``, once it shows ``ready``; closed after."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme="dark")
    try:
        context.add_init_script(FONT_150)
        phone = Phone(context.new_page(), server.url).open(path)
        phone.see(ready)
        phone.page.wait_for_timeout(500)  # the route's slide-in ends
        yield phone
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_nicht_die_bohnes_keypad_is_on_the_screen_once_who_starts_is_answered(browser, games, size):
    server, ids = games
    with opened(browser, server, f"/game/{ids['ndb']}", size, "Round 2") as phone:
        phone.button("Change").wait_for()
        phone.shot(f"in-view-ndb-{size[0]}")
        in_view(phone, "Change")  # the answer, folded to one line
        in_view(phone, "Blue")  # the colour tabs
        in_view(phone, "blue 1")  # the keypad's first key
        # The round table below: every name whole above its scores and every column, Total
        # too, across the screen (at 360 px it scrolled sideways, Total off the screen, names
        # cut to "Friede…").
        phone.page.mouse.move(size[0] / 2, size[1] / 2)
        phone.page.mouse.wheel(0, 5_000)
        phone.page.wait_for_timeout(600)
        phone.shot(f"in-view-ndb-pad-{size[0]}")
        _rows, problems = row_layout(phone.page, SIX, min_name=0.6 * size[0])
        assert not problems, problems
        in_view(phone, "Total")


@pytest.mark.parametrize("size", SIZES)
def test_space_beans_lay_cards_is_on_the_screen_with_six_players(browser, games, size):
    server, ids = games
    with opened(browser, server, f"/game/{ids['space']}", size, "Lay cards") as phone:
        phone.shot(f"in-view-space-beans-{size[0]}")
        in_view(phone, "Lay cards")
        in_view(phone, "New open collection")


@pytest.mark.parametrize("size", SIZES)
def test_bohnanzas_box_choices_are_whole(browser, games, size):
    server, _ids = games
    with opened(browser, server, "/new/bohnanza", size, "Which box do you play?") as phone:
        phone.shot(f"in-view-bohnanza-setup-{size[0]}")
        for choice in ("1997 rules", "Today's box"):
            box = in_view(phone, choice)
            assert box["height"] >= 47.5, box
        # the words themselves, whole: a screen reader reads them on two lines
        assert phone.page.get_by_role("radio", name=re.compile(r"^Today's box: 2–7\s+players, 11 beans$")).count() == 1


def test_a_snackbar_is_two_lines_at_most_with_undo_beside_them(browser, games):
    """At 320 px and 150 % text a snackbar was 118-238 px tall (Undo on a line of its own),
    over the field being typed in: now two lines at most, Undo beside them."""
    server, _ids = games
    with opened(browser, server, "/", (320, 844), "Resume") as phone:  # as tall as Phone.reveal scrolls
        phone.tap("Delete game Nicht die Bohne!", exact=False)
        phone.see("Delete this game?")
        phone.click(phone.button("Delete").last)
        phone.see("Deleted Nicht die Bohne!")
        phone.page.wait_for_timeout(400)  # the snackbar slides in
        phone.shot("in-view-snackbar-320")
        words = phone.page.evaluate(BOX, "Deleted Nicht die Bohne!")
        undo = phone.page.evaluate(BOX, "Undo")
        assert words is not None and undo is not None
        line = 1.5 * 14 * 1.5  # px: a line of a snackbar's 14 px words at 150 % text
        assert words["height"] <= 2 * line + 2 * 14 + 4, words  # two lines and the snackbar's padding
        assert abs((undo["y"] + undo["height"] / 2) - (words["y"] + words["height"] / 2)) < line, (words, undo)


def test_a_message_keeps_clear_of_the_field_being_typed_in(browser, games):
    """Issue 48: a snackbar covered the field being typed in (above the keyboard, at the foot
    of the screen). A sheet value entered with the keyboard's Enter, the field still focused:
    its "saved" message is drawn at the top of the screen, clear of the field."""
    server, _ids = games
    with opened(browser, server, "/values/A", (320, 844), "Sheet values") as phone:  # as tall as Phone.reveal scrolls
        phone.tap("Hay the added Hay Shed 2 holds", exact=False)
        phone.type_into("Value", "12")
        field = phone.reveal(phone.page.get_by_role("textbox", name="Value"))
        phone.page.keyboard.press("Enter")
        phone.see("12 saved: Hay the added Hay Shed 2 holds")
        phone.page.wait_for_timeout(400)  # the snackbar slides in
        phone.shot("in-view-snackbar-typing-320")
        said = phone.page.evaluate(BOX, "12 saved: Hay the added Hay Shed 2 holds")
        # Its node spans it and the margin under it (a floating snackbar's): its top is the
        # message's, its foot SNACKBAR_TOP from the top of the screen, above the field.
        assert said is not None and 56 <= said["y"] < SNACKBAR_TOP - 40, (said, field)
        assert field["y"] >= SNACKBAR_TOP, (said, field)
