"""Small phones and long names (issue 32): on a 320 px phone at 150 % text (dark) and a
390 px one at 100 % (light), every player's name in a table's row is drawn in a box of its own, wide enough
to read (cut with "…" where it must), and nothing in a row is drawn over anything else.

``row_layout`` is the check any screen can use: give it a page and the names. It reads the
accessibility tree, where a row's name cell and each of its other cells are nodes of their
own (``name_cell``, ``own_node`` in companion/ui/components/common.py), with the boxes the
phone drew them in."""

from __future__ import annotations

import re

import pytest

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import EXTREMES, FONT_150, Server
from testkit.positions import bohnanza_over, dealt_in_order
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

LONG = ["Alexandra-Marie", "Dorothea-Luise", "Maximiliane", "Anna", "Friederike-Sophie", "Konstantin"]
NAME_WIDTH = 64  # px: at least "Alexa…" at 150 % text

# Each node of the accessibility tree whose own words are one of the names, the row it
# stands in (its parent node, when that has other nodes in it), and the box of every
# node drawn in that row that has no nodes inside it.
ROWS = """names => {
  const said = e => (e.getAttribute('aria-label') || [...e.childNodes].filter(n => n.nodeType === 3
      || n.tagName === 'SPAN').map(n => n.textContent).join('')).trim();
  const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height,
      words: said(e)}; };
  const rows = [];
  for (const e of document.querySelectorAll('flt-semantics, h1, h2, h3')) {
    const name = said(e);
    if (!names.includes(name) || e.querySelector('flt-semantics')) continue;
    const row = e.parentElement.closest('flt-semantics');
    if (!row) continue;
    const leaves = [...row.querySelectorAll('flt-semantics')].filter(c => !c.querySelector('flt-semantics'));
    if (leaves.length < 2) continue;  // a name alone (a chip, a button): not a row of a table
    rows.push({name, row: said(row), box: box(e), cells: leaves.filter(c => c !== e).map(box)});
  }
  return rows;
}"""


def overlap(a: dict, b: dict) -> float:
    """How far two boxes are drawn over each other (the smaller of the two overlaps, px)."""
    across = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    down = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return min(across, down) if across > 0 and down > 0 else 0.0


def row_layout(page, names: list[str], min_name: float = NAME_WIDTH) -> tuple[list[dict], list[str]]:
    """The rows of a table on the screen that show one of ``names`` (each name's box and
    its row's other boxes), and what is wrong with them: a name narrower than ``min_name``,
    a name or another cell not wholly across the screen, two boxes of a row drawn over each
    other (more than 1 px: rounding). A screen with no such row says so too."""
    screen = page.viewport_size["width"]
    rows = page.evaluate(ROWS, names)
    problems = []
    for row in rows:
        name, box = row["name"], row["box"]
        if box["width"] < min_name:
            problems.append(f"{name}: drawn {box['width']:.0f} px wide (row {row['row']!r})")
        if box["x"] < -1 or box["x"] + box["width"] > screen + 1:
            problems.append(f"{name}: drawn at {box['x']:.0f}-{box['x'] + box['width']:.0f}, off the screen")
        for cell in row["cells"]:  # every column on the screen, Total too (issue 48: scrolled off at 360 px)
            if cell["x"] < -1 or cell["x"] + cell["width"] > screen + 1:
                problems.append(f"{cell['words']!r} of {name}'s row: drawn at {cell['x']:.0f}-"
                                f"{cell['x'] + cell['width']:.0f}, off the screen")
        boxes = [box | {"words": name}, *row["cells"]]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                if overlap(a, b) > 1:
                    problems.append(f"{a['words']!r} and {b['words']!r} drawn over each other in row {row['row']!r}")
    if not rows:
        problems.append(f"no row shows any of {names}")
    return rows, problems


def scroll_through(phone: Phone, names: list[str], height: int) -> list[str]:
    """Scrolls the screen from top to bottom, checking the rows on screen at each step; the
    problems found, and the names whose row never showed."""
    page, seen, problems = phone.page, set(), []
    page.mouse.move(page.viewport_size["width"] / 2, height / 2)
    last = None
    for _ in range(12):
        page.wait_for_timeout(400)  # the screen stands still: a scroll has ended, a relayout is drawn
        rows, found = row_layout(page, names)
        problems += [p for p in found if not p.startswith("no row")]
        seen |= {row["name"] for row in rows}
        where = page.evaluate("() => [...document.querySelectorAll('flt-semantics')].map("
                              "e => e.getBoundingClientRect().y).join()")
        if where == last:  # the end of the screen
            break
        last = where
        page.mouse.wheel(0, height // 2)
    return sorted(set(problems)) + [f"{name}: no row of the table showed it" for name in names if name not in seen]


def whole_name_on_tap(phone: Phone, name: str) -> None:
    """A tap on the name's cell (cut with "…" or not) says the whole name at the bottom of
    the screen: one more node reads it."""
    cells = phone.page.locator("flt-semantics").filter(has_text=re.compile(rf"^{re.escape(name)}$"))
    before = phone.page.get_by_text(name, exact=True).count()
    phone.click(cells.last)
    for _ in range(50):
        if phone.page.get_by_text(name, exact=True).count() > before:
            return
        phone.page.wait_for_timeout(200)
    raise AssertionError(f"a tap on {name} did not say the whole name")


def open_at(browser, server: Server, path: str, size: tuple[int, int], large: bool, ready: str) -> tuple[Phone, object]:
    """The game on a phone of ``size``; ``large``: 150 % text, in dark mode (100 %: light)."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme="dark" if large else "light")
    if large:
        context.add_init_script(FONT_150)
    phone = Phone(context.new_page(), server.url).open(path)
    phone.see(ready)
    return phone, context


CASES = [pytest.param(size, large, id=f"{size[0]}x{size[1]}-{'150' if large else '100'}") for size, large in EXTREMES]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A finished Nicht die Bohne! game and a finished Bohnanza game, six (five) long names."""
    data = tmp_path_factory.mktemp("small-screens")
    repo = open_repository(data)
    table = Games(repo)
    ndb, bohnanza = dealt_in_order(table, LONG), bohnanza_over(table, LONG[:5])
    repo.close()
    server = Server(data).start()
    yield server, ndb, bohnanza
    server.stop()


@pytest.mark.parametrize(("size", "large"), CASES)
def test_the_nicht_die_bohne_round_table_shows_every_name_in_its_own_box(browser, games, size, large):
    """Issue 32: at 320 px the round table lost its Player column ("Pl/ay/er", no name in
    any row); at 360 px long names were drawn over the round-1 score. Now each name has a
    box of its own, at least 64 px wide, beside the scores (which scroll sideways where the
    phone is too narrow for all of them), in the ranking above too; a tap on a name says it
    whole."""
    server, ndb, _bohnanza = games
    phone, context = open_at(browser, server, f"/game/{ndb}", size, large, "Round 3")
    try:
        phone.shot(f"small-ndb-{size[0]}-{'150-dark' if large else '100'}")
        problems = scroll_through(phone, LONG, size[1])
        phone.shot(f"small-ndb-{size[0]}-{'150-dark' if large else '100'}-end")
        assert not problems, "\n".join(problems)
        whole_name_on_tap(phone, "Friederike-Sophie")
    finally:
        context.close()


@pytest.mark.parametrize(("size", "large"), CASES)
def test_the_bohnanza_ranking_shows_every_name_and_what_the_end_harvest_paid(browser, games, size, large):
    """Issue 32: the final table showed "Alex/and..."; and what the end harvest paid was
    not shown once the game was over. Rulebook, Game end: every field is harvested when the
    third pass is exhausted; Alexandra-Marie's 10 Blue Beans pay 4 coins (beanometer
    4/6/8/10: 4 for 10), Anna's single Green Bean nothing."""
    server, _ndb, bohnanza = games
    phone, context = open_at(browser, server, f"/game/{bohnanza}", size, large, "end harvest +4")
    try:
        phone.shot(f"small-bohnanza-{size[0]}-{'150-dark' if large else '100'}")
        problems = scroll_through(phone, LONG[:5], size[1])
        assert not problems, "\n".join(problems)
        assert phone.text("1. Alexandra-Marie: 4 coins (end harvest +4)", exact=True).count() == 1
        assert phone.text("5. Anna: 0 coins (end harvest +0)", exact=True).count() == 1
    finally:
        context.close()
