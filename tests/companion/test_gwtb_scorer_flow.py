"""Gone with the Beans, score the sheets: a finished 2-player sheet-A game tapped in on a
phone in process (testkit/screen.py), scored as the engine scores it, with the winner
named, the result saved and reopened. (tests/e2e/test_gone_with_the_beans_ui.py draws the
setup and the final table in a browser.)"""

from __future__ import annotations

import re

from companion.ui.components.sheet_scoring import ITEMS, plain
from sheets.gone_with_the_beans import (
    PROVINCES, RULES, SHEETS, Finish, MarkDevelopmentBonus, MarkMilestoneBonus, SetDpIcons, SetFacility,
    SetHayActionUses,
)
from testkit.screen import Screen

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


def player_said(result) -> str:
    """What the final table says of ``result``'s player, as the engine scores it."""
    items = [f"{ITEMS[k][0]} {v}" for k, v in result.breakdown.items() if k != "total"]
    return f"{result.name}: " + "; ".join([*items, f"Total {result.total}", f"Rank {result.rank}"])




def count_up(phone: Screen, label: str, start: int, target: int) -> None:
    """Tap "<label> more" until the stepper reads ``target``, one confirmed step at a time."""
    for value in range(start + 1, target + 1):
        phone.tap(f"{label} more")
        phone.node(re.compile(rf"^{label}: {value}\b"))


def tick(phone: Screen, name: str) -> None:
    phone.tap(name)
    assert phone.node(name).checked


def enter_sheet(phone: Screen, name: str, province: str, leave_out: tuple[str, ...] = ()) -> None:
    """The player's paper sheet, tapped in; the DP icons once the bonuses they lie between
    are ticked (a tap beyond them is refused). ``leave_out``: facilities not entered yet."""
    entry = ENTRIES[name]
    phone.tap(re.compile(rf"^{name} \d+$"))
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


def test_a_two_player_sheet_a_game_scored_by_taps_matches_the_engine_and_names_the_winner(
        phone: Screen) -> None:
    """Rulebook, End of the Game: the totals the engine gives the same entries (43 and 34,
    worked out item by item above), the final table
    block per player, the winner; a sheet no game can reach is not finished (issue 31)."""
    expected = engine_result()
    assert {p.name: p.total for p in expected.players} == TOTALS
    assert expected.winners == ("Ann",)

    phone.tap("New game")
    phone.tap("Gone with the Beans: score the sheets", exact=False)
    phone.pick("A · Bean Land")
    for i, player in enumerate(SETUP["players"], start=1):
        phone.type_into(f"Player {i}", player["name"])
        phone.tap(f"Player {i} {player['province'].capitalize()}")
        phone.see(PROVINCES[player["province"]].ability)
    phone.tap("Start scoring")
    phone.see("Facilities built")
    game_id = phone.route.rsplit("/", 1)[-1]

    enter_sheet(phone, "Ann", "macadimia")
    # design, gaps 11: 1 Development Bonus gained fills at most 1 DP icon; one more is refused there.
    phone.tap("Filled DP icons more")
    phone.see("2 Development Passport icons, but 1 Development Bonus gained fills at most 1")
    phone.node(re.compile(r"^Filled DP icons: 1\b"))
    phone.button(f"Ann {TOTALS['Ann']}")  # the player picker shows each running total
    phone.tap(f"Ann {TOTALS['Ann']}")
    enter_sheet(phone, "Ben", "ammond", leave_out=("house",))
    phone.button(f"Ben {TOTALS['Ben']}")

    # Issue 31: a sheet no game can reach is not finished (its score file would be refused).
    phone.tap("Finish")
    phone.see("Ben: 2 Development Bonuses, but at most 0 were gained")
    assert not phone.says(f"Ann wins with {TOTALS['Ann']} pt")
    count_up(phone, SHEET.facility("house").plural, 0, 2)  # a Development Bonus for each House built
    phone.tap("Finish")
    phone.see(f"Ann wins with {TOTALS['Ann']} pt")

    # The final table: every item per player, the total and the rank, as the engine says.
    for player in expected.players:
        assert phone.node(player_said(player)), player.name

    # Saved: the game opened again shows the same result.
    phone.go("/")
    phone.go(f"/game/{game_id}")
    phone.see(f"Ann wins with {TOTALS['Ann']} pt")

    # Reopen takes the result back for corrections; the winner is no longer announced.
    phone.tap("Reopen")
    phone.button("Finish")
    assert not phone.says(f"Ann wins with {TOTALS['Ann']} pt")
