"""Issue 32, small phones and long names, Space Beans: at 320x640 with 150 % text (dark) and
390x844 at 100 % (light), six long names stay readable. Every name is drawn in a box of its own
at least 64 px wide (cut with "…" where it must be; the whole name is in its accessible
name, and a tap shows it), inside the screen, and no text's box is drawn over another's:
the table, the turn with its "Record for ..." row, and the final table."""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from sheets.space_beans import RULES
from testkit.browser import EXTREMES, FONT_150, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

NAMES = ["Alexandra-Marie", "Dorothea-Luise", "Maximilian-Jonas", "Konstantin-Paul", "Friederike-Anna",
         "Bartholomäus-Karl"]
NAME_WIDTH = 64  # px: a few letters and "…" at the least
BAR = 60  # px: the app bar; what scrolls under it is not drawn there

# Flutter's accessibility tree: every leaf node with words, and its box on the screen.
LEAVES = """() => [...document.querySelectorAll('flt-semantics')]
    .filter(el => !el.querySelector('flt-semantics'))
    .map(el => {
        const r = el.getBoundingClientRect();
        return {text: (el.getAttribute('aria-label') || el.textContent || '').trim(),
                x: r.x, y: r.y, w: r.width, h: r.height};
    })
    .filter(n => n.text && n.w > 0 && n.h > 0)"""


def lay(player: str, which: str, bean: str, *values: int) -> dict:
    return {"kind": "lay", "player": player, "collection": which, "new": True, "bean": bean, "values": list(values)}


def trophy(player: str, bean: str, *values: int) -> list[dict]:
    return [lay(player, "open", bean, *values), {"kind": "close-out", "player": player}]


def seed(games: Games, ended: bool) -> str:
    """Six long names, each with a trophy and an open collection; ``ended``: Alexandra-Marie
    holds three more trophies, her close-out reaches 31 and the game is over; else two players
    hold a secret collection."""
    game_id = games.new_game(RULES.id, {"players": NAMES})
    beans = ["moonbohnen", "beanliens", "darth-beans", "centauribohnen", "bohrion", "bluebeans"]
    for name, bean in zip(NAMES, beans):
        actions = trophy(name, bean, 2, 4)
        if ended and name == NAMES[0]:
            actions += [*trophy(name, "klingbohnen", 9, 1, 2, 3, 4, 4, 5, 5, 6),
                        *trophy(name, "klingbohnen", 8, 1, 2, 3, 4, 4, 5, 5),
                        *trophy(name, "klingbohnen", 9, 1, 2, 3, 4, 4, 5, 5, 6)]
        for action in (*actions, lay(name, "open", bean, 3, 5, 6)):
            games.dispatch(game_id, action)
    if ended:
        games.dispatch(game_id, {"kind": "close-out", "player": NAMES[0]})
        games.dispatch(game_id, {"kind": "end-game", "player": NAMES[0]})
    else:
        games.dispatch(game_id, lay(NAMES[0], "secret", "klingbohnen", 1, 4))
        games.dispatch(game_id, lay(NAMES[5], "secret", "klingbohnen", 5))
    return game_id


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    data = tmp_path_factory.mktemp("small-screens")
    repo = open_repository(data)
    games = Games(repo)
    playing, over = seed(games, ended=False), seed(games, ended=True)
    assert RULES.is_over(games.state(over)) and not RULES.is_over(games.state(playing))
    repo.close()
    server = Server(data).start()
    yield server, playing, over
    server.stop()


def overlaps(a: dict, b: dict) -> bool:
    """Boxes drawn over each other by more than a pixel each way."""
    return (min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 1
            and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 1)


def check_screen(phone: Phone, width: int, height: int, where: str) -> set[str]:
    """The leaves on the screen now: names in boxes of their own, wide enough and inside the
    screen; no two boxes drawn over each other. The names seen."""
    leaves = [n for n in phone.page.evaluate(LEAVES) if n["y"] >= BAR and n["y"] < height]
    assert leaves, where
    seen = set()
    for node in leaves:
        for name in NAMES:
            if node["text"] in (name, f"Record for {name}"):
                seen.add(name)
                assert node["w"] >= NAME_WIDTH, (where, node)
                assert node["x"] >= -1 and node["x"] + node["w"] <= width + 1, (where, node)
    for i, a in enumerate(leaves):
        for b in leaves[i + 1:]:
            assert not overlaps(a, b), (where, a, b)
    return seen


def scroll_through(phone: Phone, width: int, height: int, where: str) -> set[str]:
    """Every screenful of the page, top to bottom, checked."""
    seen: set[str] = set()
    last = None
    for step in range(12):
        phone.page.wait_for_timeout(300)
        seen |= check_screen(phone, width, height, f"{where}, screen {step + 1}")
        top = phone.page.evaluate(LEAVES)
        marker = [(n["text"], round(n["y"])) for n in top[:5]]
        if marker == last:
            break
        last = marker
        phone.page.mouse.move(width / 2, height / 2)
        phone.page.mouse.wheel(0, height - 200)
        # Then off the page: a mouse resting on a name shows its tooltip (the whole name,
        # drawn over the card: what a tooltip is for), which a finger never does.
        phone.page.mouse.move(width + 20, height + 20)
    return seen


@pytest.mark.parametrize(("size", "large"), EXTREMES, ids=[f"{w}x{h}-{150 if large else 100}"
                                                             for (w, h), large in EXTREMES])
def test_six_long_names_are_readable_and_nothing_overlaps(browser, tables, size, large):
    server, playing, over = tables
    width, height = size
    font = "150" if large else "100"
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme="dark" if large else "light")
    if large:
        context.add_init_script(FONT_150)
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{playing}")
        phone.see("trophy points")
        phone.page.wait_for_timeout(500)
        phone.shot(f"space-beans-small-{width}x{height}-{font}")
        seen = scroll_through(phone, width, height, f"table {width}x{height} at {font} %")
        assert seen == set(NAMES), seen  # every name on its card, and in the "Record for" row
        phone = Phone(context.new_page(), server.url).open(f"/game/{over}")  # a page of its own: drawn afresh
        phone.see("wins with")
        phone.page.wait_for_timeout(500)
        phone.shot(f"space-beans-small-final-{width}x{height}-{font}")
        seen = scroll_through(phone, width, height, f"final table {width}x{height} at {font} %")
        assert seen == set(NAMES), seen
    finally:
        context.close()
