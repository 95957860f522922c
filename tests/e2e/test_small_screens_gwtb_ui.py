"""Gone with the Beans on small phones (issue 32): at 320x640 with 150 % text in dark mode
and 390x844 at 100 % in light mode (testkit.browser.EXTREMES), with six long names, the scorer's
final table and the live sheet (its final table, and a round in play) draw every name in
a box of a sensible width (at least 64 px, cut with "…" where it must, the whole name a
tap away: its tooltip), no text over another, nothing beyond the screen's edge; and the
live sheet's action buttons are a finger tall (48 px).

What is measured is what a screen reader is given: each text's node and its box on the
screen (Flutter draws on a canvas; its accessibility tree is the page's only account of
where each text is). A node counts while it is wholly on the screen below the app bar."""

from __future__ import annotations

import re

import pytest

from companion.session import Games
from companion.storage import open_repository
from sheets.gone_with_the_beans import (
    PROVINCES, RULES, Finish, MarkDevelopmentBonus, SetDpIcons, SetFacility, SetHayActionUses,
)
from sheets.gone_with_the_beans.live import RULES as LIVE
from testkit.browser import EXTREMES, FONT_150, Server
from testkit.gwtb_live_play import ENTERED_BY_SHEET, play_a_turn, setup
from tests.e2e.conftest import ARTIFACTS

pytestmark = pytest.mark.e2e

LONG = ("Alexandra-Marie", "Dorothea-Luise", "Friedrich-Wilhelm", "Konstantin-Maximilian", "Anna-Katharina",
        "Christopher-Paul")
APP_BAR = 56
NAME_WIDTH = 64  # a name's box: at least this wide
ACTION = re.compile(r"^(Build |Achieve a milestone|Add a Hay Shed|Gain |Remove the travel)")

# Every node of the accessibility tree with no node inside it: its words and its box.
LEAVES = """() => Array.from(document.querySelectorAll('flt-semantics'))
  .filter(e => !e.querySelector('flt-semantics') && e.innerText.trim())
  .map(e => { const r = e.getBoundingClientRect();
              return {text: e.innerText.trim(), role: e.getAttribute('role'),
                      x: r.x, y: r.y, w: r.width, h: r.height}; })"""


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A finished scorer game (sheet A), a finished live game (sheet A, 15 rounds played
    through the session) and a live game in its first round (sheet D), six long names each."""
    data = tmp_path_factory.mktemp("small-screens")
    repo = open_repository(data)
    games = Games(repo)
    six = tuple(zip(LONG, PROVINCES))
    scorer = games.new_game(RULES.id, {"sheet": "A", "players": [{"name": n, "province": p} for n, p in six]})
    for i, name in enumerate(LONG):  # sheets a game can reach: a House and its Development Bonus
        games.dispatch(scorer, SetFacility(player=name, facility="house", built=1).model_dump(mode="json"))
        games.dispatch(scorer, MarkDevelopmentBonus(player=name, bonus="hay").model_dump(mode="json"))
        games.dispatch(scorer, SetDpIcons(player=name, filled=i % 2).model_dump(mode="json"))
        # uses 0-2: a 3rd use earns a 2nd Development Bonus (issue 47)
        games.dispatch(scorer, SetHayActionUses(player=name, row="thaler", uses=i % 3).model_dump(mode="json"))
    games.dispatch(scorer, Finish().model_dump(mode="json"))
    live = games.new_game(LIVE.id, {**setup(*six, sheet="A"), "printed": ENTERED_BY_SHEET["A"]})
    for number in range(1, 16):
        special = number == 10  # the basic deck's one special card lies in rounds 8-15
        games.dispatch(live, {"kind": "reveal", "card": {"special": True} if special else {"facility": "farm", "hay": 5}})
        for name in LONG:
            play_a_turn(games, live, name, "A", number)
    for i, name in enumerate(LONG):
        games.dispatch(live, {"kind": "dp-icons", "player": name, "filled": i % 2})
    playing = games.new_game(LIVE.id, {**setup(*six, sheet="D"), "printed": ENTERED_BY_SHEET["D"]})
    games.dispatch(playing, {"kind": "reveal", "card": {"facility": "farm", "hay": 5}})
    repo.close()
    server = Server(data).start()
    yield server, {"scorer": scorer, "live-final": live, "live-round": playing}
    server.stop()


def overlapping(a: dict, b: dict) -> bool:
    """Whether two boxes share more than a pixel's seam."""
    return min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 1 and \
        min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 1


def check_screen(leaves: list[dict], width: int, height: int, where: str) -> list[dict]:
    """The texts wholly on the screen: none beyond its right edge, none over another, each
    long name's text in a box at least NAME_WIDTH wide. Those texts, for the caller to count."""
    shown = [n for n in leaves if n["y"] >= APP_BAR - 1 and n["y"] + n["h"] <= height + 1 and n["h"] > 2]
    for node in shown:
        assert node["x"] >= -1 and node["x"] + node["w"] <= width + 1, (where, node)
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            assert not overlapping(a, b), (where, a, b)
    for node in shown:  # a text naming a player (an icon button's name says whose it is: no text)
        if any(name in node["text"] for name in LONG) and not (node["role"] == "button" and node["w"] <= 56):
            assert node["w"] >= NAME_WIDTH, (where, node)
    return shown


def still(page) -> list[dict]:
    """The texts and their boxes once two looks 200 ms apart agree (a scroll moves them, and
    the tree follows the drawing a frame or two later)."""
    last = page.evaluate(LEAVES)
    for _ in range(25):
        page.wait_for_timeout(200)
        now = page.evaluate(LEAVES)
        if now == last:
            return now
        last = now
    return last


def look_through(page, width: int, height: int, where: str) -> list[dict]:
    """The screen from its top to its end, a screen's height (less a margin) at a time:
    every text seen wholly on the screen."""
    seen: list[dict] = []
    last = None
    for step in range(14):
        leaves = still(page)
        seen += check_screen(leaves, width, height, f"{where}, screen {step}")
        if leaves == last:  # the end: scrolling moved nothing
            break
        last = leaves
        page.mouse.move(width / 2, height / 2)
        page.mouse.wheel(0, height - 160)
        # Then off the page: a pointer resting on a name would show its tooltip (a desktop
        # shows it on hover), drawn over the text below it.
        page.mouse.move(width + 20, height + 20)
        page.wait_for_timeout(500)
    return seen


@pytest.mark.parametrize("screen", ["scorer", "live-final", "live-round"])
@pytest.mark.parametrize(("size", "large"), EXTREMES, ids=[f"{w}x{h}-{'dark-150' if large else 'light-100'}"
                                                             for (w, h), large in EXTREMES])
def test_six_long_names_are_readable_and_nothing_overlaps_on_small_phones(browser, games, size, large, screen):
    server, ids = games
    width, height = size
    look = "dark" if large else "light"
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=look)
    if large:
        context.add_init_script(FONT_150)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/game/{ids[screen]}")
        page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
        page.locator("flt-semantics-placeholder").dispatch_event("click")
        page.get_by_text(re.compile(re.escape(LONG[0]))).first.wait_for(timeout=30_000)
        where = f"{screen} at {width}x{height}, {look}{', 150 % text' if large else ''}"
        ARTIFACTS.mkdir(exist_ok=True)
        seen = look_through(page, width, height, where)  # each look once the screen stands still
        page.screenshot(path=str(ARTIFACTS / f"gwtb-small-{screen}-{width}x{height}-{look}-end.png"))
        if screen == "live-round":  # each of this round's action buttons a finger tall
            tallest: dict[str, float] = {}  # a button seen whole (the screen's edge cuts one off)
            for n in seen:
                if n["role"] == "button" and ACTION.match(n["text"]):
                    tallest[n["text"]] = max(n["h"], tallest.get(n["text"], 0))
            assert len(tallest) >= 8, (where, tallest)  # 5 builds, 4 Hay actions, ...
            assert all(h >= 47.5 for h in tallest.values()), (where, tallest)
        else:  # the final table: every player's name, the whole name on its node, said once
            # (its tooltip, which a tap shows, is not said again: "Anna-Katharina Anna-Katharina")
            names = {n["text"] for n in seen}
            assert all(name in names for name in LONG), (where, names)
    finally:
        context.close()
