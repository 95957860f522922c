"""Issue 31: a sheet a real game reaches still passes. Random live games on every sheet
(sheets A-D, the live engine's rules) play 15 rounds, count Development Passport icons up
to what the sheet allows (design, gaps 11), and export: the score file reads back with the
same result, so the checks of a score file (sheets/gone_with_the_beans/reachable.py) refuse
no sheet a game reaches.

The players' warehouses are refilled each round (a test fixture, ``give``): materials decide
only which actions are affordable, never what a sheet holds, and full warehouses reach
varied sheets (Contracts, completion bonuses, Bridges, free builds) within 15 rounds.
"""

from __future__ import annotations

import random

import pytest
from testkit.gwtb_live_play import MAP, SPECIAL, card, enter, give, player, setup

from sheets.errors import RulesError
from sheets.gone_with_the_beans import RULES
from sheets.gone_with_the_beans.live import (
    AddHayShed,
    BonusesDue,
    Build,
    EnterDpIcons,
    ExecuteContract,
    Forgo,
    HayActionTaken,
    Milestone,
    SpecialIncome,
    apply,
    bridge_options,
    export,
    is_over,
    new_game,
    result,
)
from sheets.gone_with_the_beans.live.printed import MOST
from sheets.gone_with_the_beans.reachable import most_dp_icons

PLENTY = {"thaler": 25, "bean": 10, "worker": 6, "hay": 30}


def attempt(state, action, rng):
    """The state after ``action``, the choices it asks for picked at random; None if refused."""
    for _ in range(8):
        try:
            return apply(state, action)
        except BonusesDue as due:
            chosen = tuple(getattr(action, due.field)) + tuple(rng.sample(list(due.left), due.due))
            action = action.model_copy(update={due.field: chosen})
        except RulesError:
            return None
    return None


def candidates(state, name, rng):
    """Every action a player might try now, in a random order (a Hay Shed last: always allowed)."""
    sheet = state.rules
    me = player(state, name)
    joins = list(bridge_options(state, name)) if sheet.facility("bridge") else []
    bridge_to = rng.choice(joins) if joins else None
    builds = [(f.id, bridge_to if f.id == "bridge" else None) for f in sheet.facilities]
    actions = [Build(player=name, facility=f, bridge_to=b, beanzantine=rng.random() < 0.1) for f, b in builds]
    for row in sheet.hay_actions:
        if row.removes_roads or row.builds:
            actions += [HayActionTaken(player=name, row=row.id, facility=f, bridge_to=b) for f, b in builds]
        else:
            rising = row.third_use_free_bridge and me.uses(row.id) == 2
            actions.append(HayActionTaken(player=name, row=row.id, bridge_to=bridge_to if rising else None))
    actions += [Milestone(player=name, bonus=b.id, bridge_to=bridge_to if b.builds == "bridge" else None)
                for b in sheet.milestone_bonuses if b.id not in me.milestone_bonuses]
    rng.shuffle(actions)
    return actions + [AddHayShed(player=name)]


def execute_some(state, name, rng, every=False):
    """Sheet D: execute gained Contracts now and then (any time, not an action)."""
    me = player(state, name)
    for contract in me.contracts_gained:
        if contract not in me.contracts_executed and (every or rng.random() < 0.5):
            state = attempt(state, ExecuteContract(player=name, contract=contract), rng) or state
    return state


def turn(state, name, rng):
    state = execute_some(state, name, rng)
    for action in candidates(state, name, rng):
        after = attempt(state, action, rng)
        if after is not None:
            state = after
            break
    if player(state, name).province == "zoodai" and rng.random() < 0.5:  # Zoodai's ability: the same again
        again = [a for a in candidates(state, name, rng) if a.kind == action.kind]
        state = next((after for a in again if (after := attempt(state, a, rng)) is not None), state)
    for _ in range(6):  # what a bonus owes at once: performed if it can be, else let pass
        if not player(state, name).due:
            break
        state = execute_some(state, name, rng, every=True)
        done = next((after for action in candidates(state, name, rng)
                     if (after := attempt(state, action, rng)) is not None), None)
        state = done or attempt(state, Forgo(player=name), rng) or state
    return state


def a_game(sheet, seed):
    rng = random.Random(seed)
    provinces = rng.sample(MAP, 3)
    names = ("Ann", "Ben", "Cleo")
    bridges = {}
    if sheet == "C":  # the setup Bridge to a neighbour on the map
        for n, p in zip(names, provinces):
            bridges[n] = MAP[(MAP.index(p) + rng.choice((1, -1))) % len(MAP)]
    state = enter(new_game(setup(*zip(names, provinces), sheet=sheet, bridges=bridges)))
    for number in range(1, 16):
        state = apply(state, SPECIAL if number == 8 else card(rng.choice(["farm", "market", "house", "silo"]),
                                                             rng.randint(0, 6)))
        for name in names:
            state = give(state, name, **PLENTY)
            if state.card.special:
                state = apply(state, SpecialIncome(player=name, option=rng.choice(["thaler", "hay"])))
            state = turn(state, name, rng)
    for name in names:
        state = execute_some(state, name, rng, every=rng.random() < 0.5)
        me = player(state, name)
        gained = len(me.development_bonuses) if state.rules.contracts is None else len(me.contracts_executed)
        if state.rules.development_passport is not None:
            most = min(most_dp_icons(state.rules, gained, len(me.bridges)), MOST)  # MOST: the live sheet's sense bound
            state = apply(state, EnterDpIcons(player=name, filled=rng.choice([most, rng.randint(0, most)])))
    assert is_over(state)
    return state


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("sheet", ["A", "B", "C", "D"])
def test_a_live_games_score_file_passes_the_checks(sheet, seed):
    """Issue 31: "a sheet a real game can reach must still pass"; score-files.md: the app
    exports a finished game and imports it back."""
    state = a_game(sheet, seed)
    data = export(state)
    assert RULES.score_file(data) == result(state)
    setup_, actions = RULES.import_file(data)
    assert setup_["sheet"] == sheet and actions[-1] == {"kind": "finish", "checked": True}


def test_the_live_games_reach_what_the_checks_weigh():
    """The random games are not idle: across them the sheets hold what the checks read."""
    seen = set()
    for sheet in "ABCD":
        for seed in range(5):
            for p in export(a_game(sheet, seed))["players"]:
                seen |= {f"{sheet}:milestone:{b}" for b in p["milestone_bonuses"]}
                seen |= {f"{sheet}:dp" for _ in [1] if p.get("dp_icons")}
                seen |= {f"{sheet}:contract:{c.split('-')[0]}" for c in p.get("contracts", [])}
                seen |= {f"{sheet}:development" for _ in [1] if p.get("development_bonuses")}
                seen |= {f"{sheet}:bridges>1" for _ in [1] if p["facilities"].get("bridge", 0) > 1}
                seen |= {f"{sheet}:beanichalcum" for _ in [1] if p.get("beanichalcum")}
    for wanted in ("A:milestone:free-farm", "A:dp", "A:development", "B:beanichalcum", "B:development",
                   "C:dp", "C:bridges>1", "C:development", "D:dp", "D:contract:normal", "D:contract:advanced"):
        assert wanted in seen, wanted
