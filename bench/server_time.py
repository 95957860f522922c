"""Server time per change per phone (issue 17), measured in this process. JSON lines.

For every game's main screen in mid-play at a seated table (bench/positions.py), 1 and 6
phones (Flet sessions of the real app, bench/harness.py) show the game; Ann's entry is
undone and redone in turn (each a change every phone is told of), and the clock runs from
just before the change is made until the last phone has been sent its update: the
commit, each phone's read of its view, and the re-render, diff and encoding of each
phone's screen, one after the other on the server's event loop, as ``beans serve`` does.
Divided by the phones: the server's time per change per phone. Target, at a table (6
phones): a median of at most 3 ms for every game (``"limit"``; ``"ratio"`` is value /
limit, ``"target"`` 1.0). One phone alone is the phone that made the change, re-rendering
most of its own screen: shown without a target. The commit (bench/storage.py: 1-2 ms a
change) is counted since the phones are told within it, at once on the loop
(``flet_compat.run_as_page``): a clock started after it would leave out their reads.
``"unchanged"``: the same when every phone is told of a change that changes nothing (the
game's listeners called with the state as it was): what a notice costs before anything on
a screen differs (each play screen reads its view again, ``use_view``).

``bench/server_time.py bohnanza`` measures only that game; ``--changes N`` sets how many.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.harness import Table  # noqa: E402
from testkit.positions import GAMES, device, mid_game  # noqa: E402
from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from companion.ui.app import make_main  # noqa: E402

LIMIT = 3.0  # ms per phone per change
PHONES = (1, 6)
SETTLE = 0.1  # seconds


async def per_phone(games: Games, game_id: str, phones: int, changes: int) -> tuple[list[float], list[float]]:
    """ms of server time per phone for each of ``changes`` changes, ``phones`` phones open;
    and for as many notices that change nothing.

    The server's time is this process's processor time from the change until every phone
    is served (its own seat's screen may not change: re-rendered, nothing is sent), so the
    other work on this shared machine does not count."""
    main = make_main(games)
    times: list[float] = []
    unchanged: list[float] = []
    async with Table() as table:
        for number in range(phones):
            await table.open(main, f"/game/{game_id}", device(number))
        idle = []  # the processor time of waiting itself, with nothing to do
        for _ in range(3):
            started = time.process_time()
            await table.quiet()
            await asyncio.sleep(SETTLE)
            idle.append(time.process_time() - started)

        async def served(change: Callable[[], object]) -> float:
            started = time.process_time()
            change()
            await table.quiet()
            await asyncio.sleep(SETTLE)  # any render that sends nothing is done too
            return (time.process_time() - started - min(idle)) * 1000 / phones

        for n in range(changes + 2):
            before = sum(p.patches for p in table.phones)
            spent = await served(partial(games.redo if n % 2 else games.undo, game_id, device(0)))
            if sum(p.patches for p in table.phones) == before:
                raise RuntimeError(f"no phone was sent change {n}: the figure would mean nothing")
            if n >= 2:  # after warming up
                times.append(spent)
                unchanged.append(await served(partial(games.notify, game_id)))
    return times, unchanged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"any of {', '.join(GAMES)} (all by default)")
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; one of {', '.join(GAMES)}")
    root = Path(tempfile.mkdtemp(prefix="beans-bench-server-"))
    repo = open_repository(root)
    try:
        for kind in args.games or GAMES:
            game_id = mid_game(Games(repo), kind)
            for phones in PHONES:  # a server of its own each time: no phone of the last one listens
                times, unchanged = asyncio.run(per_phone(Games(repo), game_id, phones, args.changes))
                value = statistics.median(times)
                # The target is a table's; one phone alone is the phone that made the change,
                # which renders most of its own screen: shown, not held to it.
                target = {"limit": LIMIT, "ratio": round(value / LIMIT, 2), "target": 1.0} if phones > 1 else {}
                print(json.dumps({
                    "name": f"server_time.{kind}.{phones}_phones.per_phone_per_change",
                    "value": round(value, 2), "unit": "ms", **target,
                    "p90": round(statistics.quantiles(times, n=10)[-1], 2),
                    "unchanged": round(statistics.median(unchanged), 2),
                }), flush=True)
    finally:
        repo.close()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
