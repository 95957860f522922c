"""A tap's latency on the other phones while a large upload is imported (issue 14, "heavy
work never blocks the table"), measured in this process. JSON lines.

The server serves every phone from one event loop; Flet runs a tap's handler on it, and
``use_game`` runs every other phone's re-render on it too. Here Ann's taps (a Nicht die
Bohne card taken or put back) arrive from another thread, as websocket frames do, every
``GAP`` seconds; each is handled on the loop (``PhoneGames.dispatch``: validate, commit
with fsync, notify), and the clock stops when the other phone's listener, scheduled on
the loop as ``use_game`` schedules its re-render, runs. Meanwhile another phone uploads
a near-1 MB score file again and again through the app's own upload path
(``companion.ui.components.files.import_json``, the phone's file picker replaced by the
bytes): a valid envelope padded with 60,000 small objects, so that the doors
(sheets.limits.read_json: parse, every object's keys, the nesting walk) do their most work
before the file is refused; no real file is bigger, and a refused one costs more than a
small valid one.

Five ways, in turn, in the same run (``ROUNDS`` times, to spread other load alike): no
upload (the baseline); the upload as ``beans serve`` runs it, read and checked in its
worker process (``companion.worker``); the same in a thread of the server, as where no
worker runs (and as the server did before), with the server's switch interval
(``companion.server.SWITCH_INTERVAL``: how soon a thread hands the interpreter lock back
to the loop) and at Python's default (5 ms: each time the loop waits for the lock it may
wait that long, several times per tap); and the upload run on the loop itself (what the
app must never do). Target: during the upload as the server runs it, a median tap latency
at most 1.2 times the baseline's (``"target": 1.2``; ``"ratio"`` is value / baseline);
the others are shown for scale. A phone's own drawing and the Wi-Fi, which the upload
leaves alone, come on top of every figure. Never a pass/fail test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import worker  # noqa: E402
from companion.server import SWITCH_INTERVAL  # noqa: E402
from companion.session import Games, PhoneGames  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from companion.ui.components import files  # noqa: E402
from sheets.errors import ScoreFileError  # noqa: E402
from sheets.limits import MAX_BYTES, read_json  # noqa: E402
from sheets.registry import score  # noqa: E402

TAPS = 40  # per way and round
ROUNDS = 3
GAP = 0.03  # seconds between taps: a busy table
TARGET = 1.2
PLAYERS = ["Ann", "Ben", "Cy"]


def big_upload() -> bytes:
    """A near-1 MB score file whose every object the doors read before refusing it."""
    players = [{"name": n, "coins": 3, "third_field": False} for n in PLAYERS]
    data: dict[str, Any] = {"format": "beans-score/1", "game": "bohnanza", "players": players, "padding": []}
    step = len(json.dumps({"n": 99999}, separators=(",", ":"))) + 1
    data["padding"] = [{"n": i} for i in range((MAX_BYTES - 2_000) // step)]
    raw = json.dumps(data, separators=(",", ":")).encode()
    assert len(raw) <= MAX_BYTES, len(raw)
    return raw


class Table:
    """Ann's phone taps, Ben's phone listens, another phone uploads: one loop, as served."""

    def __init__(self, data_dir: Path):
        self.games = Games(open_repository(data_dir))
        self.game_id = self.games.new_game("nicht-die-bohne", {"players": PLAYERS}, starter="ann")
        for player in PLAYERS:
            self.games.seating.claim_seat(self.game_id, player, "1234", player.lower())
        self.ann = PhoneGames(self.games, "ann")
        self.uploader = PhoneGames(self.games, "cy")
        self.raw = big_upload()
        self.taken = False
        self.heard = threading.Event()
        self.heard_at = 0.0

    def tap(self) -> None:
        """Ann's tap, handled on the loop as Flet runs a handler."""
        kind = "return-card" if self.taken else "take-card"
        self.ann.dispatch(self.game_id, {"kind": kind, "round": 1, "player": "Ann", "card": "blue-1"})
        self.taken = not self.taken

    def listen(self, loop: asyncio.AbstractEventLoop) -> None:
        """Ben's phone: told of the change, its re-render scheduled on the loop."""

        def rerender() -> None:
            self.heard_at = time.perf_counter()
            self.heard.set()

        def told(_game_id: str) -> None:
            loop.call_soon_threadsafe(rerender)

        self.games.followers.subscribe(self.game_id, told)

    async def uploads(self, stop: asyncio.Event, on_loop: bool, done: list[float]) -> None:
        """Upload the big file again and again until ``stop``; each one's seconds in ``done``."""
        async def picked(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes]:
            return "big.json", self.raw

        files.upload = picked  # the phone's file picker, answered with the bytes
        problems: list[str | None] = []
        while not stop.is_set():
            started = time.perf_counter()
            if on_loop:
                try:
                    self.uploader.import_file(score(read_json(self.raw)))
                except ValueError:
                    pass
                await asyncio.sleep(0)
            else:
                await files.import_json("Import a score file", lambda: None, score, self.uploader.import_file,
                                        problems.append)
            done.append(time.perf_counter() - started)
        if problems and "padding" not in (problems[0] or ""):  # refused before the doors did their work
            raise RuntimeError(f"the upload was refused early, the figures mean nothing: {problems[0]}")


def taps(table: Table, loop: asyncio.AbstractEventLoop) -> list[float]:
    """TAPS taps sent from this thread, as frames arrive; seconds from arrival to Ben's phone."""
    times = []
    for _ in range(TAPS):
        table.heard.clear()
        arrived = time.perf_counter()
        loop.call_soon_threadsafe(table.tap)
        if not table.heard.wait(60):
            raise TimeoutError("a tap was never heard by the other phone")
        times.append(table.heard_at - arrived)
        time.sleep(GAP)
    return times


WAYS = {  # way: (where the upload runs: worker process, thread or loop, the switch interval)
    "none": ("worker", SWITCH_INTERVAL),
    "worker_process": ("worker", SWITCH_INTERVAL),
    "thread": ("thread", SWITCH_INTERVAL),
    "thread_default_switch_interval": ("thread", 0.005),
    "on_loop": ("loop", SWITCH_INTERVAL),
}


async def one_way(table: Table, way: str) -> tuple[list[float], list[float]]:
    where, interval = WAYS[way]
    sys.setswitchinterval(interval)
    if where == "worker":  # started, and its interpreter up, before the clock runs
        worker.start()
        with contextlib.suppress(ScoreFileError):
            await worker.read_checked(b"{}", score, "en")
    else:
        worker.stop()
    on_loop = where == "loop"
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    done: list[float] = []
    uploading = None if way == "none" else asyncio.create_task(table.uploads(stop, on_loop, done))
    await asyncio.sleep(0.2)  # the first upload is under way
    times = await loop.run_in_executor(None, taps, table, loop)
    stop.set()
    if uploading is not None:
        await uploading
    return times, done


async def run(table: Table) -> dict[str, tuple[list[float], list[float]]]:
    table.listen(asyncio.get_running_loop())
    found: dict[str, tuple[list[float], list[float]]] = {w: ([], []) for w in WAYS}
    for _ in range(ROUNDS):
        for way in found:
            times, done = await one_way(table, way)
            found[way][0].extend(times)
            found[way][1].extend(done)
    return found


def main() -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-upload-"))
    table = Table(data_dir)
    try:
        found = asyncio.run(run(table))
    finally:
        worker.stop()
        table.games.repo.close()
    baseline = statistics.median(found["none"][0]) * 1000
    upload_s = statistics.median(found["worker_process"][1])
    for way, target in (("worker_process", TARGET), ("thread", None), ("thread_default_switch_interval", None),
                        ("on_loop", None)):
        times, done = found[way]
        value = statistics.median(times) * 1000
        line: dict[str, Any] = {
            "name": f"upload.tap_to_other_phone.during_upload_{way}.median", "value": round(value, 2), "unit": "ms",
            "baseline": round(baseline, 2), "ratio": round(value / baseline, 2),
            "p95": round(statistics.quantiles(times, n=20)[-1] * 1000, 2),
            "baseline_p95": round(statistics.quantiles(found["none"][0], n=20)[-1] * 1000, 2),
            "uploads": len(done), "upload_bytes": len(table.raw), "switch_interval_ms": WAYS[way][1] * 1000,
        }
        if target is not None:
            line["target"] = target
        print(json.dumps(line), flush=True)
    print(json.dumps({"name": "upload.import_of_a_near_1mb_file.median", "value": round(upload_s * 1000, 1),
                      "unit": "ms"}), flush=True)


if __name__ == "__main__":
    main()
