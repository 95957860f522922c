"""Undo and opening a game (issue 17). Prints JSON lines; never a pass/fail test.

- Undo at 300 entries: a Nicht die Bohne! game of 300 entries; its latest entry is undone
  and redone in turn (each a commit: atomic write with fsync and a backup, as a phone's
  Undo does; the latest entry's Undo goes back to the state kept from before it, with no
  fold since issue 45). Target: under 10 ms.
- Undo in a whole six-player live game (15 rounds) likewise.
- Opening a six-player, 15-round live game: a server that has not read it yet (a fresh
  repository and session layer) loads its file and folds its log. Target: under 50 ms.
- The timeline of each of those games (issue 35): told afresh (every entry described with
  the totals after it, after a server start or an Undo); told on after a new entry; stepping
  to any entry (the game as it stood after it). Target: under 50 ms.

A line with an absolute target carries ``"limit"`` (ms), ``"ratio"`` (value / limit) and
``"target": 1.0``: it holds when the ratio is at most the target, as every bench line
does. ``"value"`` is wall-clock time (what a player waits, the commit's fsync included);
``"cpu"`` and ``"cpu_ratio"`` the processor time this process spent, which other work on
a busy shared machine does not inflate. ``"full_fold"`` is the wall-clock time to fold the
whole log from the start, what an undo cost before fold checkpoints (companion/session/store.py),
measured in the same run.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.positions import live_rounds  # noqa: E402
from companion.session import Games, rules_for  # noqa: E402
from sheets.timeline import story  # noqa: E402
from companion.storage import Repository  # noqa: E402

REPEATS = 40


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def cpu_timed(action) -> tuple[float, float]:
    """(wall-clock ms, processor ms) of ``action()``."""
    cpu = time.process_time()
    wall = timed(action)
    return wall, (time.process_time() - cpu) * 1000


def line(name: str, times: list[tuple[float, float]], limit: float, **extra: float) -> None:
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    print(json.dumps({"name": name, "value": round(wall, 2), "unit": "ms", "limit": limit,
                      "ratio": round(wall / limit, 2), "target": 1.0,
                      "cpu": round(cpu, 2), "cpu_ratio": round(cpu / limit, 2),
                      **{k: round(v, 2) for k, v in extra.items()}}), flush=True)


def undo_times(games: Games, game_id: str) -> tuple[list[tuple[float, float]], float]:
    """Times of undoing the latest entry (each followed by its redo), and the median of a
    full fold."""
    games.state(game_id)  # the server has the game open
    undo = []
    for _ in range(REPEATS):
        undo.append(cpu_timed(lambda: games.undo(game_id)))
        games.redo(game_id)
    record = games.record(game_id)
    full = [timed(lambda: games.fold(record, record.log)) for _ in range(5)]
    return undo, statistics.median(full)


def timeline_afresh(games: Games, game_id: str) -> list[tuple[float, float]]:
    """A game's story told afresh (issue 35): every entry described with every total after
    it, as the first phone to open the timeline after a server start, or after an Undo,
    waits for."""
    record = games.record(game_id)
    rules = rules_for(record.game)
    return [cpu_timed(lambda: story(rules, record.setup, record.log, record.redo)) for _ in range(REPEATS // 4)]


def timeline_after_an_entry(games: Games, game_id: str, make: Callable[[int], dict]) -> list[tuple[float, float]]:
    """The timeline on a phone that shows it, after each new entry ``make(k)``: the story
    told on from where it stopped."""
    games.timeline(game_id)
    times = []
    for k in range(REPEATS // 4):
        games.dispatch(game_id, make(k))
        times.append(cpu_timed(lambda: games.timeline(game_id)))
    return times


def step_times(games: Games, game_id: str) -> list[tuple[float, float]]:
    """Stepping to an entry of the timeline (issue 35): the game as it stood after it,
    folded from the nearest checkpoint; each entry asked afresh."""
    entries = len(games.record(game_id).log)
    times = []
    for n in range(entries, 0, -max(1, entries // REPEATS)):
        games.derived(game_id).clear()
        times.append(cpu_timed(lambda: games.state_after(game_id, n)))
    return times


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="beans-bench-undo-"))
    try:
        games = Games(Repository(root))
        pad = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy", "Dee"]})
        for k in range(300):
            kind = "take-card" if k % 2 == 0 else "return-card"
            games.dispatch(pad, {"kind": kind, "round": 1, "player": ["Ann", "Ben", "Cy", "Dee"][k // 2 % 4],
                                 "card": "red-3"})
        undo, full = undo_times(games, pad)
        line("undo.nicht-die-bohne.300_entries", undo, 10, full_fold=full)
        line("timeline.afresh.nicht-die-bohne.300_entries", timeline_afresh(games, pad), 50)
        line("timeline.after_an_entry.nicht-die-bohne.300_entries", timeline_after_an_entry(
            games, pad, lambda k: {"kind": "take-card" if k % 2 == 0 else "return-card", "round": 1,
                                   "player": "Ann", "card": "red-4"}), 50)
        line("timeline.step_to_an_entry.nicht-die-bohne.300_entries", step_times(games, pad), 50)

        live = live_rounds(games, 15)
        entries = len(games.record(live).log)
        undo, full = undo_times(games, live)
        line(f"undo.gone-with-the-beans-live.6_players.15_rounds.{entries}_entries", undo, 10, full_fold=full)
        line(f"timeline.afresh.gone-with-the-beans-live.6_players.15_rounds.{entries}_entries",
             timeline_afresh(games, live), 50)
        games.repo.close()

        opening = []
        for _ in range(10):
            fresh = Games(Repository(root))
            opening.append(cpu_timed(lambda: fresh.state(live)))
            fresh.repo.close()
        line(f"open.gone-with-the-beans-live.6_players.15_rounds.{entries}_entries", opening, 50, full_fold=full)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
