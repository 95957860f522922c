"""The live sheet's action buttons (issue 16, from the speed issue). Prints JSON lines;
never a pass/fail test.

A six-player game on each sheet letter, played (seeded, through the session) to round 8's
card; then, change by change (one player's action at a time), every phone renders its
player's action buttons (the screen's ``actions_part``, and on D the Contracts) from what
the rules allow that player now (the engine's ``allowed``, kept by the session by its
grounds: worked out once for every phone and every state in which that player's actions
weigh the same). In-process time per phone per change, in ms: the median over the phones
whose player has still to act (``"value"``), over all phones (``"all_phones"``), and the
first phone after a change (``"first_phone"``); ``"without_memo"``: the same renders with
``allowed`` worked out anew at every render, its ``why_not`` applying each action in full
(best-payment search included), measured in the same run; ``"cpu"``: the processor time of every render, median, and its ratio. Target: a median of at most 3 ms (``"limit"``, ``"ratio"`` = value / limit,
``"target": 1.0``).
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from companion.ui.screens.gone_with_the_beans_live.actions import (  # noqa: E402
    PlayTaps, actions_part, contract_reasons, contracts_part,
)
from sheets.errors import RulesError  # noqa: E402
from sheets.gone_with_the_beans.live import RULES, BonusesDue, UnknownPrintedValue, apply  # noqa: E402
from testkit.gwtb_live_play import ENTERED_BY_SHEET, play_a_turn, setup  # noqa: E402

PLAYERS = (("Ann", "macadimia"), ("Ben", "cashew"), ("Cy", "zoodai"), ("Dee", "tachiopi"), ("Eve", "ammond"),
           ("Fay", "beanzantine"))
BRIDGES = {"Ann": "ammond", "Ben": "ammond", "Cy": "tachiopi", "Dee": "zoodai", "Eve": "macadimia",
           "Fay": "zoodai"}
LIMIT = 3.0
# The engine's module of ``allowed`` (the package's name ``allowed`` is the function).
allowed_module = importlib.import_module("sheets.gone_with_the_beans.live.allowed")


def noop(*_args, **_kwargs) -> None:
    return None


TAPS = PlayTaps(pick=noop, attempt=noop, refuse=noop, take=noop, pay=noop)
CPU: list[float] = []  # processor time of each render (a busy shared machine inflates the wall clock)
KEPT = False  # whether the session keeps the answers (the baseline works them out anew)


def render(games: Games, gid: str, state, name: str) -> float:
    """One phone's buttons for ``name``: what the rules allow, and the controls."""
    start, cpu = time.perf_counter(), time.process_time()
    answer = games.allowed(gid, state, RULES, name) if KEPT else RULES.allowed(state, name)
    actions_part(state.rules, name, answer, TAPS)
    if state.rules.contracts is not None:
        player = state.player(name)
        contracts_part(state.rules, name, player.contracts_gained, player.contracts_executed,
                       contract_reasons(answer), TAPS)
    CPU.append((time.process_time() - cpu) * 1000)
    return (time.perf_counter() - start) * 1000


def measure(letter: str) -> tuple[float, float, float]:
    with tempfile.TemporaryDirectory() as data:
        repo = open_repository(Path(data))
        try:
            games = Games(repo)
            gid = games.new_game("gone-with-the-beans-live", {
                **setup(*PLAYERS, sheet=letter, bridges=BRIDGES if letter == "C" else None),
                "printed": ENTERED_BY_SHEET[letter]})
            for number in range(1, 8):
                games.dispatch(gid, {"kind": "reveal", "card": {"facility": "farm", "hay": 5}})
                for name, _ in PLAYERS:
                    play_a_turn(games, gid, name, letter, number)
            games.dispatch(gid, {"kind": "reveal", "card": {"facility": "market", "hay": 4}})
            every, open_, first = [], [], []
            for turn, (name, _) in enumerate(PLAYERS):  # each change: one player's action
                state = games.state(gid)
                times = [render(games, gid, state, other) for other, _ in PLAYERS]
                first.append(times[0])
                every += times
                open_ += times[turn:]  # the phones whose player has still to act: every button asks
                play_a_turn(games, gid, name, letter, 8)
            return statistics.median(open_), statistics.median(every), statistics.median(first)
        finally:
            repo.close()


def plain_why_not(state, action):
    """why_not as it was: the whole action applied, its best payment searched, nothing kept."""
    try:
        apply(state, action)
    except (UnknownPrintedValue, BonusesDue):
        return None
    except RulesError as exc:
        return exc.reason
    return None


def main() -> None:
    global KEPT
    for letter in "ABCD":
        quick = allowed_module.why_not
        allowed_module.why_not = plain_why_not  # what allowed asks of every action
        try:
            KEPT = False
            baseline, _, _ = measure(letter)
        finally:
            allowed_module.why_not = quick
        KEPT = True
        CPU.clear()
        value, every, first = measure(letter)
        cpu = statistics.median(CPU)
        print(json.dumps({"name": f"live sheet {letter}: action buttons per phone per change", "unit": "ms",
                          "value": round(value, 2), "all_phones": round(every, 2), "first_phone": round(first, 2),
                          "without_memo": round(baseline, 2), "cpu": round(cpu, 2),
                          "cpu_ratio": round(cpu / LIMIT, 2),
                          "limit": LIMIT,
                          "ratio": round(value / LIMIT, 2), "target": 1.0}), flush=True)


if __name__ == "__main__":
    main()
