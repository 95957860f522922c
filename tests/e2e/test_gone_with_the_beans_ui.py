"""Gone with the Beans, score the sheets, in a browser: a sheet tapped in on a phone-sized screen,
and the final table of six players on a phone's width."""

from __future__ import annotations

import re

import pytest

from companion.ui.components.sheet_scoring import ITEMS, plain
from sheets.gone_with_the_beans import (
    PROVINCES, RULES, SHEETS, Finish, MarkDevelopmentBonus, SetDpIcons, SetFacility, SetHayActionUses,
)
from companion.session import Games
from companion.storage import open_repository
from testkit.browser import FONT_150, PHONE, Server
from tests.e2e.conftest import Phone
from tests.e2e.conftest import ISOLATES

pytestmark = pytest.mark.e2e

SHEET = SHEETS["A"]
SETUP = {"sheet": "A", "players": [{"name": "Ann", "province": "macadimia"}, {"name": "Ben", "province": "ammond"}]}

def shot(phone: Phone, name: str) -> None:
    """A screenshot once Flutter has painted what the accessibility tree already shows."""
    phone.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    phone.shot(name)


def start_game(phone: Phone) -> str:
    phone.open("/")
    phone.tap("New game")
    phone.click(phone.page.get_by_text("Gone with the Beans: score the sheets").first)
    phone.click(phone.page.get_by_role("radio", name="A · Bean Land"))
    for i, player in enumerate(SETUP["players"], start=1):
        phone.type_into(f"Player {i}", player["name"])
        phone.tap(f"Player {i} {player['province'].capitalize()}")
        phone.see(PROVINCES[player["province"]].ability)
    shot(phone, "gwtb-setup")
    phone.tap("Start scoring")
    phone.see("Facilities built")
    return phone.page.url.rsplit("/", 1)[-1]


def count_up(phone: Phone, label: str, start: int, target: int) -> None:
    """Tap "<label> more" until the stepper reads ``target``, one confirmed step at a time."""
    for value in range(start + 1, target + 1):
        phone.tap(f"{label} more")
        phone.page.get_by_role("group", name=re.compile(rf"^{label}: {value}\b")).wait_for()


def tick(phone: Phone, name: str) -> None:
    box = phone.page.get_by_role("checkbox", name=name, exact=True)
    phone.click(box)
    phone.page.get_by_role("checkbox", name=name, exact=True, checked=True).wait_for()


def table_row(phone: Phone, name: str):
    """A player's block of the final table, as a screen reader reads it: "Ann: Development
    Passport Bonus 1; ...; Total 43; Rank 1"."""
    return phone.page.get_by_text(re.compile(rf"^{re.escape(name)}: "))


def row_said(phone: Phone, name: str) -> str:
    row = table_row(phone, name).first
    row.wait_for()
    return row.inner_text()


def test_the_scorer_is_set_up_and_a_sheet_is_tapped_in_on_a_phone(phone):
    """The setup typed and picked on a phone-sized screen; then a stepper and a tick of Ann's
    sheet answer taps. The whole game (both sheets, a refused finish, the final table as the
    engine scores it) is played in process: tests/companion/test_gwtb_scorer_flow.py."""
    start_game(phone)
    phone.click(phone.page.get_by_role("checkbox", name=re.compile(rf"^{ISOLATES}Ann{ISOLATES} \d+$")))
    count_up(phone, SHEET.facility("farm").plural, SHEET.facility("farm").built_at_setup, 2)
    tick(phone, f"Milestone Bonus: {plain(SHEET.milestone_bonus('points').effect)}")
    shot(phone, "gwtb-ann")


SIX = ["Anna", "Ben", "Claudia", "Dirk", "Eva", "Maximilian"]


@pytest.fixture
def six_finished(tmp_path):
    """A finished six-player sheet-A game: every province once (rulebook: Determining
    Each Player's Province), some entries per player."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    players = [{"name": n, "province": p} for n, p in zip(SIX, PROVINCES)]
    game_id = games.new_game(RULES.id, {"sheet": "A", "players": players})
    for i, name in enumerate(SIX):  # sheets a game can reach (issue 31): a House, its Development Bonus
        games.dispatch(game_id, SetFacility(player=name, facility="house", built=1).model_dump(mode="json"))
        games.dispatch(game_id, MarkDevelopmentBonus(player=name, bonus="hay").model_dump(mode="json"))
        games.dispatch(game_id, SetDpIcons(player=name, filled=i % 2).model_dump(mode="json"))
        # uses 0-2: a 3rd use earns a 2nd Development Bonus (issue 47)
        games.dispatch(game_id, SetHayActionUses(player=name, row="thaler", uses=i % 3).model_dump(mode="json"))
    games.dispatch(game_id, Finish().model_dump(mode="json"))
    repo.close()
    server = Server(tmp_path).start()
    yield server, game_id
    server.stop()


def test_the_final_table_shows_six_players_beside_the_items_on_a_phone(browser, six_finished):
    """Issue 18: the final table showed 2 of 6 players and its row labels scrolled away.
    Every player's block (the name, each item, the total and the rank) is on the phone's
    width, no sideways scrolling, in dark mode at 150 % text (issue 32: a block per player,
    so that names are no longer broken in 40 px columns; at 100 %, light, and at 320 px:
    tests/e2e/test_small_screens_gwtb_ui.py)."""
    server, game_id = six_finished
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        phone.see("Final Scoring")
        for name in SIX:
            box = phone.reveal(table_row(phone, name).first)
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)
            said = row_said(phone, name)
            assert said.startswith(f"{name}: ") and all(f"{_item} " in said for _item in (
                *(ITEMS[k][0] for k in ("development_passport", "hay_actions", "milestones")), "Total", "Rank")), said
        phone.reveal(table_row(phone, SIX[-1]).first)
        shot(phone, "gwtb-six-final-table-dark-150")
    finally:
        context.close()
