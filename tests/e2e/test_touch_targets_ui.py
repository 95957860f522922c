"""Issue 48: 48 px targets on every touch screen, whatever the browser reports. An iPad's
Safari reports a Mac by default, and the host's laptop is a desktop: Flutter then drew
Import, Statistics, the Round tabs, chips (34 px), Undo (32 px), the setup radios and the
language button at 32-40 px. Here the page is opened with a Mac Safari's user agent and
every button, chip (a checkbox to Flutter), radio and menu item the accessibility tree
holds wholly on the screen must be drawn at least 48x48 px (tests/companion/test_touch_targets.py walks every
screen's controls in the harness)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Games
from companion.storage import open_repository
from testkit.positions import dealt_in_order, mid_game
from tests.e2e.conftest import Phone, served_after

pytestmark = pytest.mark.e2e

# An iPad's Safari as it reports itself by default ("Request Desktop Website"): a Mac
IPAD_AS_A_MAC = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "Version/17.4 Safari/605.1.15")
TABLET = {"width": 820, "height": 2400}  # a tall one: all of a screen without scrolling
MIN = 47.5  # px: 48, and what rounding a box to the device's pixels takes off

BOXES = """() => [...document.querySelectorAll('flt-semantics[role]')]
  .filter(e => ['button', 'checkbox', 'radio', 'menuitem', 'tab', 'switch'].includes(e.getAttribute('role')))
  .map(e => { const r = e.getBoundingClientRect();
    return {role: e.getAttribute('role'), y: r.y, width: r.width, height: r.height,
            name: (e.getAttribute('aria-label') || e.textContent).replace(/[\\u2068\\u2069]/g, '').trim().slice(0, 50)}; })
  .filter(b => b.y >= 0 && b.y + b.height < innerHeight - 24)"""  # wholly on the screen: the screen's edge clips a box


@pytest.fixture(scope="module")
def tablet_server(tmp_path_factory):
    yield from served_after(tmp_path_factory.mktemp("touch"), stored)


def stored(data: Path) -> dict[str, tuple[str, str]]:
    """The screens' paths and a word each shows once drawn; their games written first."""
    repo = open_repository(data)
    games = Games(repo)
    paths = {
        "Home": ("/", "New game"),
        "Nicht die Bohne! in round 1": (f"/game/{dealt_in_order(games, ['Ann', 'Ben', 'Cy'], rounds=1)}", "Round 1"),
        "Space Beans": (f"/game/{mid_game(games, 'space-beans', seated=False)}", "Lay cards"),
        "Bohnanza's setup": ("/new/bohnanza", "Which box do you play?"),
        "Gone with the Beans' setup": ("/new/gone-with-the-beans-live", "Add player"),
    }
    repo.close()
    return paths


@pytest.mark.parametrize("screen", ["Home", "Nicht die Bohne! in round 1", "Space Beans", "Bohnanza's setup",
                                    "Gone with the Beans' setup"])
def test_a_tablet_reporting_a_desktop_gets_48_px_targets(browser, tablet_server, screen):
    server, paths = tablet_server
    path, ready = paths[screen]
    context = browser.new_context(viewport=TABLET, user_agent=IPAD_AS_A_MAC)
    try:
        phone = Phone(context.new_page(), server.url).open(path)
        phone.see(ready)
        phone.page.wait_for_timeout(500)  # a route's slide-in ends
        boxes = phone.page.evaluate(BOXES)
        phone.shot("touch-" + screen.split()[0].lower().replace("'s", ""))
        assert len(boxes) >= 3, boxes
        small = [f"{b['role']} {b['name']!r}: {b['width']:.0f}x{b['height']:.0f} px" for b in boxes
                 if b["width"] < MIN or b["height"] < MIN]
        assert small == [], "\n".join(small)
    finally:
        context.close()
