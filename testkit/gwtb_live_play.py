"""Builders for the live-sheet tests and benchmarks: setups, printed values the table
enters, a player's warehouse, the check that a refused action leaves the state as it was,
and a turn played through the session (``play_a_turn``: a whole game on sheets B, C, D).

The printed values below are TEST values a table might enter; the product ships none
of them (design page, "Printed values the rulebook does not give").
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.session import Games
from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    BonusesDue,
    EnterPrintedValue,
    Materials,
    Reveal,
    RoundCard,
    State,
    apply,
    new_game,
)
from sheets.gone_with_the_beans.live.events import said
from sheets.names import bare

# One of the two clockwise orders the rulebook allows (design page, gaps 7).
MAP = ("zoodai", "tachiopi", "cashew", "ammond", "macadimia", "beanzantine")
HAY = {"tachiopi": 10, "cashew": 11, "ammond": 12, "macadimia": 13, "beanzantine": 14, "zoodai": 15}

ENTERED: dict[str, Any] = {  # test values, as a table would read them off its sheet
    "icons:farm": 6, "icons:market": 4, "icons:house": 4, "icons:silo": 4, "icons:stable": 3,
    "building-cost:market:upper": {"thaler": 2},
    "building-cost:market:lower": {"thaler": 4, "bean": 1},
    "building-cost:house": {"thaler": 3, "worker": 1},
    "building-cost:silo": {"thaler": 2, "bean": 2},
    "building-cost:stable": {"thaler": 3, "bean": 1},
    "travel:2": {"bean": 1, "thaler": 1}, "travel:3": {"bean": 1}, "travel:4": {"thaler": 1},
    "hay-shed:1": 10, "hay-shed:2": 10,
    "milestones": [2, 4, 6, 8, 10, 12],
    **{f"hay-income:{f}:{n}": n + 1 for f in ("farm", "market", "house", "silo", "stable") for n in range(1, 7)},
    **{f"extra-income:{f}:{n}": {"thaler": n} for f in ("farm", "market", "house", "silo", "stable")
       for n in range(1, 7)},
}


FACILITIES = ("farm", "market", "house", "silo", "stable")
# Sheets B-D: test values likewise. B and C print the Farm's cost too (the rulebook states
# it only in sheet A's example); D's costs are in Thaler; C adds the Bridge row.
ENTERED_BY_SHEET: dict[str, dict[str, Any]] = {
    "A": ENTERED,
    "B": {**ENTERED, "building-cost:farm": {"bean": 1, "thaler": 2}},
    "C": {**{k: v for k, v in ENTERED.items() if not k.startswith("travel:")},
          "building-cost:farm": {"bean": 1, "thaler": 2}, "icons:bridge": 4, "building-cost:bridge": {"thaler": 3},
          **{f"hay-income:bridge:{n}": 1 for n in range(1, 5)},
          **{f"extra-income:bridge:{n}": {"hay": n} for n in range(1, 5)}},
    "D": {**{k: v for k, v in ENTERED.items()
             if not k.startswith(("travel:", "building-cost:", "milestones", "icons:stable"))
             and not k.endswith(("stable:3", "stable:4", "stable:5", "stable:6"))},
          "building-cost:farm": {"thaler": 3}, "building-cost:market:upper": {"thaler": 2},
          "building-cost:market:lower": {"thaler": 5}, "building-cost:house": {"thaler": 4},
          "building-cost:silo": {"thaler": 4}, "building-cost:stable": {"thaler": 5}},
}


def setup(*players: tuple[str, str], first: str = "macadimia", deck: str = "basic",
          hay: dict[str, int] | None = None, order: tuple[str, ...] = MAP, sheet: str = "A",
          bridges: dict[str, str] | None = None) -> dict[str, Any]:
    bridges = bridges or {}
    return {
        "sheet": sheet,
        "players": [{"name": n, "province": p} | ({"bridge": bridges[n]} if n in bridges else {})
                    for n, p in players or (("Ann", "zoodai"),)],
        "deck": deck,
        "starting_point": {"first_province": first, "hay": hay or HAY},
        "map": list(order),
    }


def enter(state, keys=None):
    """The table enters printed values (all of the sheet's test values by default)."""
    values = ENTERED_BY_SHEET[state.sheet]
    for key in keys if keys is not None else values:
        state = apply(state, EnterPrintedValue(key=key, value=values[key]))
    return state


def game(*players: tuple[str, str], known: bool = True, **options: Any):
    state = new_game(setup(*players, **options))
    return enter(state) if known else state


def card(facility: str = "farm", hay: int = 3) -> Reveal:
    return Reveal(card=RoundCard(facility=facility, hay=hay))


SPECIAL = Reveal(card=RoundCard(special=True))


def give(state, name: str, **materials: int):
    """Test fixture: set a player's warehouse (the engine never does this)."""
    players = tuple(
        p.model_copy(update={"materials": Materials(**materials)}) if p.name == name else p for p in state.players
    )
    return state.model_copy(update={"players": players})


def player(state, name: str = "Ann"):
    return next(p for p in state.players if p.name == name)


def rejects(state, action, match: str, error=RulesError):
    """The action is refused with a message matching ``match`` (as a player reads it: names
    without their isolates); the state is unchanged."""
    before = state.model_dump()
    with pytest.raises(error) as info:
        apply(state, action)
    assert re.search(match, bare(str(info.value))), f"{match!r} not in {str(info.value)!r}"
    assert state.model_dump() == before
    return info.value


def told(state: State) -> tuple[str, ...]:
    """The state's events as a phone's reader reads them (in English unless ``using`` says
    otherwise; the isolates around a name are not seen)."""
    return tuple(bare(said(e)) for e in state.events)


# --- Sheets B, C and D: a whole game each, through the session (issue 16) -------------------

PLAYERS = (("Ann", "macadimia"), ("Ben", "cashew"), ("Cid", "zoodai"))
BRIDGES = {"Ann": "ammond", "Ben": "tachiopi", "Cid": "tachiopi"}  # sheet C's setup Bridges
# What each player tries first, in order, each round (the letter's own actions first).
FIRST_TRIES = {
    "A": [{"kind": "build", "facility": "silo"}, {"kind": "hay-action", "row": "travel", "facility": "farm"}],
    "B": [{"kind": "hay-action", "row": "beanichalcum"}, {"kind": "build", "facility": "silo"},
          {"kind": "milestone", "bonus": "beanichalcum"}, {"kind": "build", "facility": "farm",
                                                           "beanichalcum_travel": True}],
    "C": [{"kind": "build", "facility": "bridge", "bridge_to": p} for p in
          ("ammond", "macadimia", "beanzantine", "cashew", "zoodai", "tachiopi")]
         + [{"kind": "milestone", "bonus": "free-bridge", "bridge_to": p} for p in ("zoodai", "beanzantine")]
         + [{"kind": "hay-action", "row": "thaler-rising", "bridge_to": p} for p in ("zoodai", "beanzantine")]
         + [{"kind": "hay-action", "row": "build", "facility": "farm"}],
    "D": [{"kind": "hay-action", "row": "normal-contract"}, {"kind": "hay-action", "row": "advanced-contract"},
          {"kind": "milestone", "bonus": "normal-contract"}, {"kind": "build", "facility": "stable"}],
}
THEN_TRIES = [{"kind": "build", "facility": "farm"}, {"kind": "milestone", "bonus": "points"},
              {"kind": "milestone", "bonus": "hay"}, {"kind": "hay-action", "row": "worker"},
              {"kind": "hay-action", "row": "thaler"}, {"kind": "hay-action", "row": "thaler-falling"},
              {"kind": "hay-shed"}]


def try_entry(games: Games, gid: str, entry: dict) -> bool:
    """Dispatch ``entry``; a choice asked for takes the first offered; False when refused.
    A new entry, as the screen's typed actions are: ``as_recorded`` False (a build, Hay action
    or milestone without it is read as stored before issue 31's rules; engine.parse_action)."""
    if entry.get("kind") in ("build", "hay-action", "milestone"):
        entry = {"as_recorded": False, **entry}
    while True:
        try:
            games.dispatch(gid, entry)
            return True
        except BonusesDue as due:
            entry = {**entry, due.field: [*entry.get(due.field, []), due.left[0]]}
        except RulesError:
            return False


def play_a_turn(games: Games, gid: str, name: str, letter: str, number: int) -> None:
    state = games.state(gid)
    me = state.player(name)
    for contract in me.contracts_gained:  # D: execute what can be paid, any time
        try_entry(games, gid, {"kind": "contract", "player": name, "contract": contract})
    if state.card.special:
        games.dispatch(gid, {"kind": "special-income", "player": name, "option": "hay"})
    tries = FIRST_TRIES[letter] + THEN_TRIES if number % 2 else THEN_TRIES[3:] + FIRST_TRIES[letter]
    assert any(try_entry(games, gid, {**t, "player": name}) for t in tries)
    while games.state(gid).player(name).due:  # D's completion bonus, C's second build: owed at once
        if not any(try_entry(games, gid, {**t, "player": name}) for t in THEN_TRIES):
            games.dispatch(gid, {"kind": "forgo", "player": name})
