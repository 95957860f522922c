"""The group's players at a club's size (issue 49). Prints JSON lines.

1,000 finished Bohnanza games among 50 players (3 to 5 a game, played January to
November). Each line has an absolute target: ``"limit"`` (ms), ``"ratio"`` (value / limit)
and ``"target": 1.0``; ``"value"`` is the median wall-clock time.

- suggestions: the names offered under a name field, per keystroke (typing a name letter by
  letter into an empty field's neighbours), under 20 ms of server time;
- suggestions after a game finished: the first keystroke after a new finished game (its
  summary folded in, the ranking made again), under 20 ms;
- a player's record opened (per game kind, head to head), under 100 ms; once cold (the
  first read after a server start: every summary folded in, no game file opened), also
  under 100 ms;
- a new finished game taken into the figures: the record read right after it was stored
  (the one game folded in, never every game again), against the cold read (``"cold"``).
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.session.players import Players  # noqa: E402
from companion.session import Games  # noqa: E402
from companion.storage import Repository  # noqa: E402

GAMES, PEOPLE = 1000, 50
NAMES = [f"{first}{n}" for n, first in enumerate(
    ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn", "Greta", "Hans", "Ida", "Jürgen"] * 5)]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def line(name: str, times: list[float], limit: float, **extra: float) -> None:
    value = statistics.median(times)
    print(json.dumps({"name": name, "value": round(value, 3), "unit": "ms", "limit": limit,
                      "ratio": round(value / limit, 3), "target": 1.0,
                      **{k: round(v, 3) for k, v in extra.items()}}), flush=True)


def a_game(rng: random.Random) -> dict[str, object]:
    names = rng.sample(NAMES, rng.randint(3, 5))
    return {"format": "beans-score/1", "game": "bohnanza",
            "played": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
            "players": [{"name": n, "coins": rng.randint(0, 18), "third_field": False} for n in names]}


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="beans-bench-players-"))
    rng = random.Random(49)
    try:
        games = Games(Repository(root))
        for _ in range(GAMES):
            games.files.import_file(a_game(rng), again=True)
        games.repo.close()

        games = Games(Repository(root))
        games.summaries()  # the index read, as a server has it after its first listing
        cold = []
        for name in NAMES[:10]:
            fresh = Players(games)
            cold.append(timed(lambda: fresh.record(name)))
        line(f"players.record.cold.{GAMES}_games.{PEOPLE}_players", cold, 100)

        players = Players(games)
        players.record(NAMES[0])
        line(f"players.record.{GAMES}_games.{PEOPLE}_players",
             [timed(lambda: players.record(name)) for name in NAMES], 100)

        keystrokes = []
        for name in NAMES[:20]:
            for end in range(len(name) + 1):
                keystrokes.append(timed(lambda: players.suggestions(name[:end], "bohnanza", ["Anna0", "Ben1"])))
        line(f"players.suggestions.keystroke.{GAMES}_games.{PEOPLE}_players", keystrokes, 20)

        after_game, record_after = [], []
        for _ in range(10):
            games.files.import_file(a_game(rng), again=True)
            after_game.append(timed(lambda: players.suggestions("J", "bohnanza")))
            games.files.import_file(a_game(rng), again=True)
            record_after.append(timed(lambda: players.record(NAMES[3])))
        line(f"players.suggestions.after_a_finished_game.{GAMES}_games.{PEOPLE}_players", after_game, 20)
        line(f"players.record.after_a_finished_game.{GAMES}_games.{PEOPLE}_players", record_after, 100,
             cold=statistics.median(cold))
        games.repo.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
