"""Gone with the Beans: a finished 2-player sheet-A game scored on a phone-sized screen."""

from __future__ import annotations

import re

import pytest

from companion.ui.components.sheet_scoring import ITEMS, plain
from sheets.gone_with_the_beans import (
    PROVINCES, RULES, SHEETS, Finish, MarkDevelopmentBonus, MarkMilestoneBonus, SetDpIcons, SetFacility,
    SetHayActionUses,
)
from companion.session import Games
from companion.storage import open_repository
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

SHEET = SHEETS["A"]
SETUP = {"sheet": "A", "players": [{"name": "Ann", "province": "macadimia"}, {"name": "Ben", "province": "ammond"}]}

# What the two paper sheets show at the end of the game: sheets a game can reach (issue 31).
ENTRIES = {
    "Ann": {
        "facilities": {"farm": 3, "stable": 2},
        "dp_icons": 1,
        "milestones": ["free-farm", "points"],
        "development": ["farm-points"],
        "hay": {"thaler": 3, "worker": 1},
    },
    "Ben": {
        "facilities": {"stable": 1, "house": 2},
        "dp_icons": 3,
        "milestones": ["hay"],
        "development": ["worker", "stable-points"],
        "hay": {"bean": 2, "travel": 2},
    },
}

# Rulebook, End of the Game (shared/rules/gone-with-the-beans.txt):
# Ann: Development Passport 1 icon 1 (1 Development Bonus, from the thaler row's 3rd use,
#   fills at most 1); Horse-Riding Level 3 (2 Stables) 12; Milestone
#   Bonus 3 + 12; Development Bonus 2 pt per Farm x 3 Farms (the setup Farm counts) 6;
#   Hay Action Use 3 uses 7 + 1 use 2 -> 1 + 12 + 15 + 6 + 9 = 43.
# Ben: Development Passport 3 icons 6 (2 Development Bonuses, one per House, fill at most 3);
#   Horse-Riding Level 2 6; Milestone Bonus 8;
#   Development Bonus 4 pt per Stable x 1 (Gain 1 Worker scores nothing) 4; Hay Action
#   Use 2 uses 4 + 2 uses 4; Additional Points for Ammond: 4 uses -> 2 -> 6 + 6 + 8 + 4 + 8 + 2 = 34.
TOTALS = {"Ann": 43, "Ben": 34}


def engine_result():
    """The engine's result for the same entries, finished."""
    state = RULES.new_game(SETUP)
    for name, entry in ENTRIES.items():
        actions = [SetFacility(player=name, facility=f, built=n) for f, n in entry["facilities"].items()]
        actions += [MarkMilestoneBonus(player=name, bonus=b) for b in entry["milestones"]]
        actions += [MarkDevelopmentBonus(player=name, bonus=b) for b in entry["development"]]
        actions.append(SetDpIcons(player=name, filled=entry["dp_icons"], bounded=True))
        actions += [SetHayActionUses(player=name, row=r, uses=n) for r, n in entry["hay"].items()]
        for action in actions:
            state = RULES.apply(state, action)
    return RULES.result(RULES.apply(state, Finish()))


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


def enter_sheet(phone: Phone, name: str, province: str, leave_out: tuple[str, ...] = ()) -> None:
    """The player's paper sheet, tapped in; the DP icons once the bonuses they lie between
    are ticked (a tap beyond them is refused). ``leave_out``: facilities not entered yet."""
    entry = ENTRIES[name]
    phone.click(phone.page.get_by_role("checkbox", name=re.compile(rf"^{name} \d+$")))
    phone.see(f"{province.capitalize()} · points so far")
    for facility_id, built in entry["facilities"].items():
        if facility_id not in leave_out:
            facility = SHEET.facility(facility_id)
            count_up(phone, facility.plural, facility.built_at_setup if facility_id == "farm" else 0, built)
    for bonus in entry["milestones"]:
        tick(phone, f"Milestone Bonus: {plain(SHEET.milestone_bonus(bonus).effect)}")
    for bonus in entry["development"]:
        tick(phone, f"Development Bonus: {plain(SHEET.development_bonus(bonus).effect)}")
    count_up(phone, "Filled DP icons", 0, entry["dp_icons"])
    for row, uses in entry["hay"].items():
        tick(phone, f"{plain(SHEET.hay_action(row).effect)} use {uses}")


def table_row(phone: Phone, name: str):
    """A player's block of the final table, as a screen reader reads it: "Ann: Development
    Passport Bonus 1; ...; Total 43; Rank 1"."""
    return phone.page.get_by_text(re.compile(rf"^{re.escape(name)}: "))


def row_said(phone: Phone, name: str) -> str:
    row = table_row(phone, name).first
    row.wait_for()
    return row.inner_text()


def player_said(result) -> str:
    """What the final table says of ``result``'s player, as the engine scores it."""
    items = [f"{ITEMS[k][0]} {v}" for k, v in result.breakdown.items() if k != "total"]
    return f"{result.name}: " + "; ".join([*items, f"Total {result.total}", f"Rank {result.rank}"])


def test_a_two_player_sheet_a_game_scored_by_taps_matches_the_engine_and_names_the_winner(phone):
    expected = engine_result()
    assert {p.name: p.total for p in expected.players} == TOTALS
    assert expected.winners == ("Ann",)

    game_id = start_game(phone)
    enter_sheet(phone, "Ann", "macadimia")
    # design, gaps 11: 1 Development Bonus gained fills at most 1 DP icon; one more is refused there.
    phone.tap("Filled DP icons more")
    phone.see("2 Development Passport icons, but 1 Development Bonus gained fills at most 1")
    assert phone.page.get_by_role("group", name=re.compile(r"^Filled DP icons: 1\b")).count() == 1
    # The player picker shows each running total as entries change.
    phone.page.get_by_role("checkbox", name=f"Ann {TOTALS['Ann']}").wait_for()
    phone.click(phone.page.get_by_role("checkbox", name=f"Ann {TOTALS['Ann']}"))  # back to the top
    shot(phone, "gwtb-ann")
    enter_sheet(phone, "Ben", "ammond", leave_out=("house",))
    phone.page.get_by_role("checkbox", name=f"Ben {TOTALS['Ben']}").wait_for()
    shot(phone, "gwtb-ben-hay-actions")

    # Issue 31: a sheet no game can reach is not finished (its score file would be refused).
    phone.tap("Finish")
    phone.see("Ben: 2 Development Bonuses, but at most 0 were gained")
    assert phone.text(f"Ann wins with {TOTALS['Ann']} pt").count() == 0
    count_up(phone, SHEET.facility("house").plural, 0, 2)  # a Development Bonus for each House built
    phone.tap("Finish")
    phone.see(f"Ann wins with {TOTALS['Ann']} pt")
    shot(phone, "gwtb-final-table")

    # The final table: every item per player, the total and the rank, as the engine says.
    for player in expected.players:
        assert row_said(phone, player.name) == player_said(player)

    # Saved: a reload shows the same result.
    phone.open(f"/game/{game_id}")
    phone.see(f"Ann wins with {TOTALS['Ann']} pt")

    # Reopen takes the result back for corrections; the winner is no longer announced.
    phone.tap("Reopen")
    phone.button("Finish").wait_for()
    assert phone.text(f"Ann wins with {TOTALS['Ann']} pt").count() == 0


SIX = ["Anna", "Ben", "Claudia", "Dirk", "Eva", "Maximilian"]
FONT_150 = "document.addEventListener('DOMContentLoaded', () => {document.documentElement.style.fontSize = '24px';});"


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
        games.dispatch(game_id, SetHayActionUses(player=name, row="thaler", uses=i % 4).model_dump(mode="json"))
    games.dispatch(game_id, Finish().model_dump(mode="json"))
    repo.close()
    server = Server(tmp_path).start()
    yield server, game_id
    server.stop()


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark-150"])
def test_the_final_table_shows_six_players_beside_the_items_on_a_phone(browser, six_finished, dark):
    """Issue 18: the final table showed 2 of 6 players and its row labels scrolled away.
    Every player's block (the name, each item, the total and the rank) is on the phone's
    width, no sideways scrolling, also in dark mode at 150 % text (issue 32: a block per
    player, so that names are no longer broken in 40 px columns)."""
    server, game_id = six_finished
    context = browser.new_context(viewport=PHONE, color_scheme="dark" if dark else "light")
    if dark:
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
        shot(phone, "gwtb-six-final-table" + ("-dark-150" if dark else ""))
    finally:
        context.close()
