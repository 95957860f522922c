"""A seated phone's tap latency while another phone on the table's network attacks the
server (issue 33, "no phone can freeze the table"), against the same taps at rest in the
same run. JSON lines.

A real ``beans serve`` holds a Bohnanza game in mid-play, every seat taken (testkit
positions). Ann's and Ben's phones are screenless (bench/phones.py): Ann's taps Undo and
Redo in turn, and the clock runs from the moment her click is sent until Ben's phone is
sent the change. ``TAPS`` taps at rest, then ``TAPS`` while one attack runs (for at least
its window), each attack in turn, on the same server:

- ``unknown_ids``: a seatless, screenless phone sends click events for controls that do
  not exist, ``FLOOD`` a second. After the flood stops, one more tap: the seconds until
  Ben's phone has it is the backlog line (target: 5 s).
- ``languages``: phones open Home one after another, each answering the app's question
  for the browser's languages with ``TAGS`` tags (one frame of about 1.2 MB).
- ``fonts``: plain HTTP requests for every fallback font slice the server ships, four
  at a time, round and round.
- ``uploads``: ``UPLOADERS`` phones on Home (opened before the taps under attack begin: their first
  screens are not part of it) all tap Import at once every ``UPLOAD_EVERY`` seconds, their
  file picker answering with a near-1 MB score file (every object read before it is refused).
- ``stalled``: ``STALLED`` phones watch the game and stop reading what they are sent.
- ``idle``: ``IDLE`` phones watch the game, doing nothing.
- ``timeline_1000x3``, ``timeline_2000x8`` (issue 46): another game, a Nicht die Bohne!
  of 1,000 (2,000) entries, has 3 (8) phones on its timeline while a seat's phone of its
  own (Cy's) taps Undo and Redo ``ENTRY_TAPS`` times a second (the session makes at most
  its bound of them).
- ``places`` (no taps; issue 46): ``WATCHERS_PER_GAME`` short connections, each with a
  device token of its own, take the game's watcher places and hang up; then a new phone
  tries every ``PROBE_EVERY`` seconds (a first one, before they hang up, checks that they
  filled them). The line: seconds until it gets a place, with
  Flet's session timeout as the server has it (an hour by default); target 30 s.

Each line: p95 (and median) under attack, the at-rest figure as ``baseline``, ``ratio``
and ``"target": 3`` on the p95 lines. A tap not answered within ``CAP`` seconds counts as
``CAP`` (the ratio is then a floor). ``--code DIR`` serves from another checkout of Bean
Counter (the code before a change) with this one's bench. ``--attacks`` picks some.
Never a pass/fail test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import functools  # noqa: E402

from websockets.asyncio.client import connect as plain_connect  # noqa: E402

import bench.phones  # noqa: E402

from bench.phones import (  # noqa: E402
    CONTROL_EVENT, INVOKE_METHOD, PAGE, PATCH_CONTROL, QUIET, REGISTER_CLIENT, Phones,
)  # noqa: E402
from companion.ui.flet_compat import decode_frame, encode_frame  # noqa: E402
from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from companion.web.fonts import FallbackFonts  # noqa: E402
from sheets.limits import MAX_BYTES  # noqa: E402
from testkit.browser import free_port, wait_for_port  # noqa: E402
from testkit.positions import device, lengthen, mid_game  # noqa: E402

# A server frozen by an attack answers no keepalive ping: the phones here wait for it
# (a browser's websocket sends no pings of its own either).
connect = functools.partial(plain_connect, ping_interval=None)
bench.phones.connect = connect  # type: ignore[attr-defined]

TAPS = 20
TARGET, BACKLOG_TARGET = 3, 5
CAP = 30.0  # seconds: a tap not answered by then counts as this
GAP = 0.25  # seconds between taps
WINDOW = 8.0  # seconds an attack runs at least while Ann taps
LONGEST = 120.0  # seconds of taps under an attack at most
FLOOD = 1_000  # unknown-id events a second
TAGS = 200_000
UPLOADERS = 20
UPLOAD_EVERY = 3.0  # seconds between one phone's imports
STALLED = 10
IDLE = 100
TIMELINES = {"timeline_1000x3": (1_000, 3), "timeline_2000x8": (2_000, 8)}  # entries, phones on its timeline
ENTRY_TAPS = 10.0  # Undo and Redo a second by the long game's seat (its bound is lower)
LONG_SEAT = 2  # Cy's phone makes the long game's entries: a phone of its own (Ann's and Ben's tap the other game)
ATTACKS = ("unknown_ids", "languages", "fonts", "uploads", "stalled", "idle", *TIMELINES, "places")
PLACES_TARGET = 30.0  # seconds until the places of closed phones are given back
PROBE_EVERY = 2.0


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


class Loop:
    """An event loop on its own thread, for the attackers."""

    def __enter__(self) -> Loop:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.tasks: list[Any] = []
        return self

    def run(self, coroutine: Any) -> None:
        self.tasks.append(asyncio.run_coroutine_threadsafe(coroutine, self.loop))

    def __exit__(self, *_exc: Any) -> None:
        for task in self.tasks:
            task.cancel()
        time.sleep(0.2)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def labelled(body: Any, label: str, found: list[int]) -> None:
    """The ids of controls whose own text (``content`` or ``text``) is ``label``."""
    if isinstance(body, dict):
        if "_i" in body and label in (body.get("content"), body.get("text")):
            found.append(body["_i"])
        for value in body.values():
            labelled(value, label, found)
    elif isinstance(body, list):
        for value in body:
            labelled(value, label, found)


async def screenless(url: str, route: str, answer: Callable[[dict], Any] | None = None,
                     on_update: Callable[[Any, Any], Any] | None = None) -> None:
    """One attacking phone: registers on ``route`` and answers the app's calls
    (``answer(body)``: the result; local storage by default) until cancelled."""
    async with connect(url, max_size=None) as ws:
        await ws.send(encode_frame(REGISTER_CLIENT, {"session_id": None, "page_name": route.lstrip("/"),
                                                     "page": {**PAGE, "route": route}}))
        async for data in ws:
            action, body = decode_frame(data)
            if action is INVOKE_METHOD:
                result = answer(body) if answer else None
                if result is None and body["name"] != "get":
                    result = True
                await ws.send(encode_frame(INVOKE_METHOD, {"control_id": body["control_id"], "call_id": body["call_id"],
                                                           "result": result, "error": None}))
            elif action is PATCH_CONTROL and on_update is not None:
                await on_update(ws, body)


ANSWERED = [0]  # device info answers sent (the languages attack)


def tags_frame_answer(body: dict) -> Any:
    if body["name"] == "get_device_info":
        ANSWERED[0] += 1
        cycle = ("fr-FR", "es-ES", "it-IT", "nl-NL", "pt-BR", "pl-PL", "sv-SE", "da-DK")
        return {"browser_name": "chrome", "language": "fr-FR", "languages": [cycle[i % 8] for i in range(TAGS)]}
    return None


def big_upload() -> bytes:
    """A near-1 MB score file whose every object the doors read before refusing it."""
    players = [{"name": n, "coins": 3, "third_field": False} for n in ("Ann", "Ben", "Cy")]
    data: dict[str, Any] = {"format": "beans-score/1", "game": "bohnanza", "players": players, "padding": []}
    step = len(json.dumps({"n": 99999}, separators=(",", ":"))) + 1
    data["padding"] = [{"n": i} for i in range((MAX_BYTES - 2_000) // step)]
    return json.dumps(data, separators=(",", ":")).encode()


def leave(phones: Phones) -> None:
    """Hang up ``phones``; a server still frozen (or a phone it dropped) may not answer."""
    try:
        phones.__exit__()
    except Exception:  # noqa: BLE001 - nothing to measure there
        pass


@contextmanager
def attack(name: str, base: str, route: str) -> Iterator[dict[str, Any]]:
    """Run attack ``name`` while the block lasts; yields a dict the attack may fill."""
    url = base.replace("http://", "ws://") + "/ws"
    state: dict[str, Any] = {"done": 0}  # how much the attacker did (frames, requests, files)
    stop = threading.Event()
    with Loop() as loop:
        if name == "unknown_ids":
            flooder = Phones(base, route, 1, [None], tappers=set())
            flooder.__enter__()

            async def flood() -> None:
                n = 0
                while not stop.is_set():
                    for _ in range(FLOOD // 100):
                        n += 1
                        state["done"] += 1
                        await flooder.sockets[0].send(encode_frame(CONTROL_EVENT, {"target": 10**9 + n,
                                                                                   "name": "click", "data": None}))
                    await asyncio.sleep(0.01)

            running = asyncio.run_coroutine_threadsafe(flood(), flooder.loop)
            try:
                yield state
            finally:
                stop.set()
                state["stopped"] = time.time()
                try:
                    running.result(10)
                except Exception:  # noqa: BLE001 - a connection the frozen server dropped
                    pass
                leave(flooder)
            return
        if name == "languages":
            async def one_after_another() -> None:
                while True:
                    task = asyncio.ensure_future(screenless(url, "/", tags_frame_answer))
                    await asyncio.sleep(2.0)
                    task.cancel()

            loop.run(one_after_another())
        elif name == "fonts":
            names = sorted(FallbackFonts().names)

            def fetch_all(start: int) -> None:
                i = start
                while not stop.is_set():
                    request = urllib.request.Request(f"{base}/assets/fonts/{names[i % len(names)]}",
                                                     headers={"Accept-Encoding": "gzip"})
                    try:
                        with urllib.request.urlopen(request, timeout=60) as response:
                            response.read()
                            state["done"] += 1
                    except (urllib.error.URLError, TimeoutError, ConnectionError):
                        pass
                    i += 4

            threads = [threading.Thread(target=fetch_all, args=(k,), daemon=True) for k in range(4)]
            for thread in threads:
                thread.start()
        elif name == "uploads":
            raw = big_upload()

            def picked(body: dict) -> Any:
                if body["name"] == "pick_files":
                    state["done"] += 1
                    return [{"id": 1, "name": "big.json", "size": len(raw), "bytes": raw}]
                return None

            buttons: dict[Any, int] = {}  # each uploading phone's Import button

            async def find_import(ws: Any, body: Any) -> None:
                found: list[int] = []
                labelled(body, "Import a score file or backup", found)  # these phones are on this machine
                if found:
                    buttons[ws] = found[0]

            async def keep_importing() -> None:
                """Once every phone has its Home, each taps Import every UPLOAD_EVERY seconds."""
                while len(buttons) < UPLOADERS:
                    await asyncio.sleep(0.1)
                state["ready"] = True
                while not stop.is_set():
                    for ws, target in list(buttons.items()):
                        await ws.send(encode_frame(CONTROL_EVENT, {"target": target, "name": "click", "data": None}))
                    await asyncio.sleep(UPLOAD_EVERY)

            for _ in range(UPLOADERS):
                loop.run(screenless(url, "/", picked, find_import))
            loop.run(keep_importing())
            deadline = time.time() + 300
            while not state.get("ready") and time.time() < deadline:
                time.sleep(0.2)
            time.sleep(QUIET)  # their first screens drawn: from now on only the files
        elif name in TIMELINES:
            entries, viewers = TIMELINES[name]
            long_route = f"/game/{LONG[entries]}"
            watching = Phones(base, long_route + "/timeline", viewers, [None] * viewers, timeout=300, tappers=set())
            watching.__enter__()
            seat = Phones(base, long_route, 1, [device(LONG_SEAT)], timeout=300, tappers={0})
            seat.__enter__()

            def tap_on() -> None:
                """Undo, then Redo once the phone shows it (so the game keeps its length), ..."""
                n = 0
                while not stop.is_set():
                    before, started = seat.updates[0], time.time()
                    try:
                        seat.tap(0, "Undo" if n % 2 == 0 else "Redo")
                    except KeyError:  # its button not drawn yet
                        time.sleep(0.05)
                        continue
                    while seat.updates[0] == before and time.time() - started < 5 and not stop.is_set():
                        time.sleep(0.005)
                    n += 1
                    state["done"] += 1
                    time.sleep(max(0.0, 1 / ENTRY_TAPS - (time.time() - started)))

            tapping = threading.Thread(target=tap_on, daemon=True)
            tapping.start()
            try:
                yield state
            finally:
                stop.set()
                tapping.join(10)
                leave(seat)
                leave(watching)
            return
        elif name in ("stalled", "idle"):
            count = STALLED if name == "stalled" else IDLE
            watchers = Phones(base, route, count, [None] * count, timeout=300, tappers=set())
            watchers.__enter__()
            if name == "stalled":
                for ws in watchers.sockets:
                    watchers.loop.call_soon_threadsafe(ws.transport.pause_reading)
            try:
                yield state
            finally:
                leave(watchers)
            return
        try:
            yield state
        finally:
            stop.set()


def places_back(base: str, route: str) -> None:
    """The ``places`` line: seconds from the short connections' hanging up until a new
    phone is given a place on the game (its screen is the game's, not "Too many phones")."""
    from companion.session import WATCHERS_PER_GAME

    url = base.replace("http://", "ws://") + "/ws"

    async def crowded(token: str) -> bool:
        """Whether a new phone is shown "Too many phones on this game"."""
        found: list[bool] = []

        async def look(_ws: Any, body: Any) -> None:
            found.append("Too many phones on this game" in repr(body))

        task = asyncio.ensure_future(screenless(url, route, lambda body: token if body["name"] == "get" else None,
                                                look))
        await asyncio.sleep(QUIET + 3.0)
        task.cancel()
        return any(found)

    short = Phones(base, route, WATCHERS_PER_GAME, [f"short-{n}" for n in range(WATCHERS_PER_GAME)], tappers=set())
    short.__enter__()
    filled = asyncio.run(crowded("late-0"))
    leave(short)
    closed = time.time()
    seconds = CAP * 4
    n = 0
    while time.time() - closed < CAP * 4:
        n += 1
        if not asyncio.run(crowded(f"late-{n}")):
            seconds = time.time() - closed
            break
        time.sleep(PROBE_EVERY)
    print(json.dumps({"name": "attacks.places.given_back_after_close", "value": round(seconds, 1), "unit": "s",
                      "baseline": PLACES_TARGET, "ratio": round(seconds / PLACES_TARGET, 2), "target": 1,
                      "probes": n, "filled": filled}), flush=True)


MADE = [0]  # Ann's taps in this run
LONG: dict[int, str] = {}  # entries -> the id of a long game of that many (the timeline attacks)


@contextmanager
def unsynced() -> Iterator[None]:
    """The benchmark's own data directory written without fsync while it is made."""
    import os

    real = os.fsync
    os.fsync = lambda fd: None  # type: ignore[assignment]
    try:
        yield
    finally:
        os.fsync = real


class Table:
    """Ann's and Ben's screenless phones, seated at the game."""

    def __init__(self, base: str, route: str):
        self.phones = Phones(base, route, 2, [device(0), device(1)], tappers={0})

    def __enter__(self) -> Table:
        self.phones.__enter__()
        deadline = time.time() + 120
        while not {"Undo", "Redo"} <= self.phones.buttons[0].keys():
            if time.time() > deadline:
                raise RuntimeError("Ann's phone never showed Undo and Redo")
            time.sleep(0.1)
        return self

    def __exit__(self, *exc: Any) -> None:
        leave(self.phones)

    def tap(self) -> float:
        """Ann taps Undo or Redo (in turn); seconds until Ben's phone is sent the change."""
        phones = self.phones
        ben, ann = phones.updates[1], phones.updates[0]
        # Undo and Redo in turn across every table of the run: Ann may undo only her own
        # latest entry, so the game must be back where it was after each pair
        started = phones.tap(0, "Undo" if MADE[0] % 2 == 0 else "Redo")
        MADE[0] += 1
        while phones.updates[1] == ben:
            if time.time() - started > CAP:
                self.resync(ann, 5.0)
                return CAP
            time.sleep(0.001)
        seconds = time.time() - started
        self.resync(ann)
        return seconds

    def resync(self, ann: int, longest: float = CAP) -> None:
        """Wait for Ann's own change (her buttons' ids) before her next tap."""
        deadline = time.time() + longest
        while self.phones.updates[0] == ann and time.time() < deadline:
            time.sleep(0.005)
        time.sleep(GAP)


def line(name: str, values: list[float], rest: list[float], stat: str, target: float | None, done: int) -> None:
    fn = p95 if stat == "p95" else statistics.median
    value, baseline = fn(values) * 1000, fn(rest) * 1000
    out: dict[str, Any] = {"name": f"attacks.{name}.{stat}", "value": round(value, 1), "unit": "ms",
                           "baseline": round(baseline, 1), "ratio": round(value / baseline, 2)}
    if target is not None:
        out["target"] = target
    out["taps"] = len(values)
    out["attack"] = done  # frames, requests, files or phones the attacker sent or opened
    print(json.dumps(out), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attacks", nargs="+", default=list(ATTACKS), choices=ATTACKS)
    parser.add_argument("--taps", type=int, default=TAPS)
    parser.add_argument("--code", type=Path, default=ROOT, help="the Bean Counter checkout that serves")
    args = parser.parse_args()

    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-attacks-"))
    repo = open_repository(data_dir)
    games = Games(repo)
    game_id = mid_game(games, "bohnanza")
    with unsynced():
        for name in args.attacks:
            if name in TIMELINES and TIMELINES[name][0] not in LONG:
                entries = TIMELINES[name][0]
                LONG[entries] = mid_game(games, "nicht-die-bohne")
                lengthen(games, LONG[entries], entries, seat=LONG_SEAT)
    repo.close()
    route = f"/game/{game_id}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port),
                             "--data-dir", str(data_dir)], cwd=args.code,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc, timeout=120)
        for name in args.attacks:
            if name == "places":
                places_back(base, route)
                continue
            with Table(base, route) as table:
                rest = [table.tap() for _ in range(args.taps)]
                under: list[float] = []
                with attack(name, base, route) as state:
                    time.sleep(2.0 if name in ("unknown_ids", "languages", "uploads", "fonts") else 0.5)
                    window = 25.0 if name == "stalled" else WINDOW  # past the door's STALL for a phone
                    started = time.time()
                    # (a server frozen by the attack: at most LONGEST seconds of taps)
                    while (len(under) < args.taps and time.time() - started < LONGEST) or time.time() - started < window:
                        under.append(table.tap())
                if name == "unknown_ids":
                    stopped = state["stopped"]
                    # the first tap sent once the flood stopped: seconds until Ben's phone has it
                    backlog = table.tap()
                    print(json.dumps({"name": "attacks.unknown_ids.backlog_after_flood", "value": round(backlog, 2),
                                      "unit": "s", "baseline": BACKLOG_TARGET, "ratio": round(backlog / BACKLOG_TARGET, 2),
                                      "target": 1, "waited_s": round(time.time() - stopped, 2)}), flush=True)
                done = state["done"] or ANSWERED[0] or (STALLED if name == "stalled" else IDLE if name == "idle" else 0)
                if name in TIMELINES:
                    done = state["done"]  # Undo and Redo the long game's seat tapped
                line(name, under, rest, "median", None, done)
                line(name, under, rest, "p95", TARGET, done)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
