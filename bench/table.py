"""Speed at a real table (issue 17): a tap on one phone until another phone shows it,
for every game's main screen, against a static copy of the same screen. JSON lines.

Each game is in mid-play with every seat taken (bench/positions.py: the Nicht die Bohne!
pad, Space Beans and the live sheet with six players, Bohnanza with five). Ann's phone
taps Undo and Redo in turn (her latest entry goes and comes back: a change every phone
is told of) and Ben's phone waits for the text that changes with it. The baseline, in
the same run, is the static copy of Ben's screen (bench/apps/static_screen.py): the same
controls drawn by a plain Flet app whose Undo and Redo change that one text on every
phone through pubsub, with no Bean Counter code.

With 2, 4 and 6 phones (12 as a stress line; phones past the sixth watch without a seat)
two phones are pages in Debian's Chromium (Ann's and Ben's) and the rest are screenless
phones (bench/phones.py: real websocket sessions that draw nothing), as at a real table
where each phone draws on its own processor while the server serves them all. The time
runs from a mouse click on Ann's page to the moment Ben's page's accessibility tree shows
the change (see ``opened``); taps on the app and on its copy alternate, so the load of
a busy machine hits both alike. Target: within 1.3x of the static screen at 6 phones,
for every game (``"target"`` on those lines; ``"ratio"`` on every line).

The club night (issue 45): 20 games of 6 phones each on one ``beans serve`` (the most its
own phone limit, ``companion.server.MAX_PHONES``, lets in), every phone screenless
(bench/phones.py) and connected the whole time. In each game Ann's phone taps Undo or Redo
in turn, and a tap's latency runs from her click until the last phone of her game has been
sent all of its update (its last message, once that game's phones are sent nothing for
``SETTLE``). The lines, from one run on one server:

- ``paced``: every table plays as at a club night: each game's Ann taps after an
  exponential gap (mean ``GAP``, 3 s) from the moment her last tap reached every phone of
  her game, each game on its own, for ``--club-seconds``; with 20 tables and with 10 (the
  other ten sit idle, connected). The baseline is one table tapping alone at the same pace
  (each game in turn, the other phones connected; for twice as long, to gather taps), in
  turn with the club's phases so that the machine's load hits both alike. Targets at 20
  tables: median within 1.2x and p95 within 1.5x of one table's (``"target"``).
- ``server_cpu_per_change``: the server process's processor time over the changes made
  while those tables played (Linux's /proc), against a limit of 12 ms per change at 6
  phones (``"limit"``, ``"ratio"`` = value / limit, ``"target"`` 1.0 at 20 tables);
  ``one_table`` is the same while one table played alone (idle work shared by fewer taps).
- ``capacity``: the most tables at that pace (bisected between the counts measured, up to
  the phone limit, to ``resolution`` tables) whose p95 stays within 1.5x of one table's;
  ``p95_ratios`` gives each count probed.
- ``burst``: every table taps at the same instant, ``--bursts`` times; the time until every
  phone of every table has its change, against its floor: the tables times one change's
  server processor time (measured over the bursts; ``"ratio"`` = value / floor).

The club alone (``--club-only``) runs in about 6-8 minutes on a loaded 2-core machine
(most of it the paced phases: 3 rounds of two tables' phases of 15 s and two single
table's of 30 s, and connecting 120 phones);
``--club-seconds``, ``--club-rounds``, ``--bursts`` and ``--club N`` (tables) shorten it.
``--code DIR`` serves from another checkout of Bean Counter (the code before a change)
with this bench: the club drives ``beans serve`` from outside, so old and new code are
measured alike.

``bench/table.py --games bohnanza --phones 2 6`` measures only those (the club then plays
those games); ``--drawn all`` draws every phone in the browser (on this 2-core machine
every page's drawing then competes for the same two cores); ``--club-only`` measures only
the club night, ``--club 0`` leaves it out. Never a pass/fail test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.apps.static_screen import watched  # noqa: E402
from bench.phones import CONTROL_EVENT, QUIET, Phones  # noqa: E402
from testkit.positions import GAMES, device, mid_game  # noqa: E402
from companion.server import MAX_PHONES  # noqa: E402
from companion.session import Games  # noqa: E402
from companion.ui.flet_compat import encode_frame  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from testkit.browser import ARGS, CHROMIUM, PHONE, free_port, wait_for_port  # noqa: E402

PHONES = (2, 4, 6, 12)
TARGET_PHONES, TARGET = 6, 1.3
TAPS = 20
CLUB_PHONES = 6
CLUB_GAMES = MAX_PHONES // CLUB_PHONES  # the most tables the server's own phone limit lets in: 20
GAP = 3.0  # seconds: a club night's mean gap between one table's taps (exponential)
PACED_MEDIAN, PACED_P95 = 1.2, 1.5  # targets at every table, against one table alone
CAPACITY = 1.5  # the capacity line: the most tables whose p95 stays within this of one table
CPU_LIMIT = 0.012  # seconds of the server's processor time per change, every table playing
CLUB_SECONDS, CLUB_ROUNDS, BURSTS = 15.0, 3, 10
SETTLE = 0.3  # seconds without a message to any phone: every update of a tap is sent


def start(args: list[str], port: int, code: Path = ROOT) -> subprocess.Popen:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=code)
    wait_for_port(port, proc, timeout=120)
    return proc


def open_page(browser, url: str, number: int):
    """A page with the device token of the phone that holds seat ``number`` (the app
    keeps it in local storage; the static copies never read it)."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(f"localStorage.setItem('flutter.bean-counter.device', JSON.stringify('{device(number)}'))")
    page = context.new_page()
    page.goto(url)
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


WATCH = """target => {
    window.__seen = null;
    const shows = () => document.querySelector(`flt-semantics[aria-label="${CSS.escape(target)}"]`) !== null
        || Array.from(document.querySelectorAll('flt-semantics > span, flt-semantics')).some(
            e => e.childElementCount === 0 && e.textContent === target);
    if (shows()) { window.__seen = Date.now(); return; }  // already there (the first screen)
    const observer = new MutationObserver(() => {
        if (window.__seen === null && shows()) { window.__seen = Date.now(); observer.disconnect(); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def button(page, n: int):
    """Tap ``n``'s button on Ann's page: Undo, then Redo, in turn (enabled: the page
    has drawn the change before). Redo is in the app bar's "More" menu: opened here,
    before the clock starts."""
    if n % 2:
        return page.get_by_role("button", name="Undo", exact=True, disabled=False)
    page.get_by_role("button", name="More", exact=True).click()
    return page.get_by_role("menuitem", name="Redo", exact=True, disabled=False)


@contextmanager
def opened(browser, url: str, count: int, drawn: int, shown, tapper: str = "browser"):
    """Open ``count`` phones, ``drawn`` of them browser pages and the rest screenless
    (bench/phones.py); yields ``tap(n)``: Ann's phone makes tap ``n``, Ben's page
    watches; the seconds until Ben's page shows it.

    Ann's phone connects first and Ben's halfway through the others: the server tells
    the phones in the order they connected, so Ben's is the table's median phone.
    Ann's phone is a page (``tapper`` "browser") or a screenless phone sending the
    click as Flet's client does ("screenless": her own screen's drawing then happens on
    her phone, not on this machine beside Ben's). The clock starts when the mouse clicks
    where the button was found beforehand (or the click is sent), and stops when Ben's
    accessibility tree (written at the end of the frame that paints the change) first
    shows the new text, as a MutationObserver in the page sees it. Playwright's checks
    before a click and its polling after it would grow with a page's size and are not
    part of what a player waits for.
    """
    base, route = url.split("/game/")[0], "/game/" + url.split("/game/")[1]

    def page(number: int):
        made = open_page(browser, url, number)
        made.get_by_role("button", name="Undo", exact=True).wait_for(timeout=60_000)  # its first screen
        return made

    others = list(range(2, count))  # seat numbers of the other phones
    pages_of = set(others[:drawn - (2 if tapper == "browser" else 1)])
    told_before, told_after = others[:len(others) // 2], others[len(others) // 2:]
    with ExitStack() as stack:
        pages = []
        if tapper == "browser":
            tapping = page(0)
            pages.append(tapping)
        else:
            tapping = stack.enter_context(Phones(base, route, 1, [device(0)]))
        pages += [page(n) for n in told_before if n in pages_of]
        blind = [n for n in told_before if n not in pages_of]
        early = stack.enter_context(Phones(base, route, len(blind), [device(n) for n in blind]))
        watcher = page(1)
        pages += [watcher] + [page(n) for n in told_after if n in pages_of]
        blind = [n for n in told_after if n not in pages_of]
        late = stack.enter_context(Phones(base, route, len(blind), [device(n) for n in blind]))
        watcher.evaluate(WATCH, shown(0))
        watcher.wait_for_function("window.__seen !== null", timeout=60_000)
        before = early.updates + late.updates
        taps = [0]

        def tap(n: int) -> float:
            if tapper == "browser":
                target = button(tapping, n)
                target.wait_for(timeout=30_000)
                box = target.bounding_box()
                watcher.evaluate(WATCH, shown(n))
                started = time.time()
                tapping.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            else:
                told = tapping.updates[0]
                watcher.evaluate(WATCH, shown(n))
                started = tapping.tap(0, "Undo" if n % 2 else "Redo")
            watcher.wait_for_function("window.__seen !== null", timeout=30_000)
            taps[0] += 1
            seconds = watcher.evaluate("window.__seen") / 1000 - started
            if tapper != "browser":  # Ann's phone has the change (and its buttons' ids) too
                deadline = time.time() + 30
                while tapping.updates[0] == told and time.time() < deadline:
                    time.sleep(0.01)
            return seconds

        yield tap
        time.sleep(QUIET)
        if any(b - a < taps[0] for a, b in zip(before, early.updates + late.updates)):
            raise RuntimeError(f"a screenless phone missed updates from {url}: the figures mean nothing")
        for made in pages:
            made.context.close()


def server_cpu(pid: int) -> float:
    """Seconds of processor time the process ``pid`` has used (user and system; Linux's
    /proc, as every machine this bench runs on)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Club:
    """A club night on one server: ``games`` games of ``phones`` screenless phones each
    (bench/phones.py), seat n's phone of game g holding ``device(n, g)`` (every table's
    phones are phones of their own: a seat's bound of entries a second is per phone; past
    the game's seats, a phone that watches), every phone connected the whole time. Each
    game's Ann taps Undo or Redo in turn (Undo first: the latest entry is hers); a tap's
    latency runs from the moment her click is sent until the last phone of her game (hers
    too) has been sent all of its update (its last message, once that game's phones are
    sent nothing for ``SETTLE``)."""

    def __init__(self, table: Phones, games: int, phones: int, server: int):
        self.table, self.server = table, server
        self.tapper = [g * phones for g in range(games)]  # each game's Ann
        self.phones = [list(range(g * phones, (g + 1) * phones)) for g in range(games)]
        self.made = [0] * games  # taps made in each game
        self.changes = 0  # taps made by every game
        self.rng = random.Random(45)

    def event(self, g: int) -> bytes:
        name = "Undo" if self.made[g] % 2 == 0 else "Redo"
        self.made[g] += 1
        self.changes += 1
        return encode_frame(CONTROL_EVENT, {"target": self.table.buttons[self.tapper[g]][name], "name": "click",
                                            "data": None})

    async def told(self, games: list[int], before: list[int], started: float) -> float:
        """Once every phone of ``games`` has its update: the seconds from ``started`` to the
        last message any of them was sent."""
        phones = [n for g in games for n in self.phones[g]]
        deadline = time.time() + 60
        while any(self.table.updates[n] == before[n] for n in phones) \
                or time.time() - max(self.table.last[n] for n in phones) < SETTLE:
            if time.time() > deadline:
                raise RuntimeError("a phone was never sent a tap's update: the figures mean nothing")
            await asyncio.sleep(0.02)
        return max(self.table.last[n] for n in phones) - started

    async def tap(self, g: int) -> float:
        """Game ``g``'s Ann taps; the seconds until the last phone of her game has it."""
        before = list(self.table.updates)
        event = self.event(g)
        started = time.time()
        await self.table.sockets[self.tapper[g]].send(event)
        return await self.told([g], before, started)

    async def burst(self, games: list[int]) -> float:
        """Every game of ``games`` taps at the same instant; the seconds until every phone
        of every one of them has its change."""
        before = list(self.table.updates)
        events = [(g, self.event(g)) for g in games]
        started = time.time()
        for g, event in events:
            await self.table.sockets[self.tapper[g]].send(event)
        return await self.told(games, before, started)

    async def paced(self, games: list[int], seconds: float) -> list[float]:
        """For ``seconds``, each game of ``games`` taps after an exponential gap (mean
        ``GAP`` seconds) from the moment its last tap reached every phone of its game,
        each game on its own; every tap's latency."""
        loop = asyncio.get_running_loop()
        ends = loop.time() + seconds
        latencies: list[float] = []

        async def play(g: int) -> None:
            while True:
                gap = self.rng.expovariate(1 / GAP)
                if loop.time() + gap >= ends:
                    return
                await asyncio.sleep(gap)
                latencies.append(await self.tap(g))

        await asyncio.gather(*(play(g) for g in games))
        return latencies

    def run(self, coroutine: Any) -> Any:
        """``coroutine`` on the phones' loop; its result, with the server's processor time
        per change it made (seconds)."""
        changes, cpu = self.changes, server_cpu(self.server)
        result = asyncio.run_coroutine_threadsafe(coroutine, self.table.loop).result()
        return result, (server_cpu(self.server) - cpu) / max(1, self.changes - changes)


@contextmanager
def connected(base: str, ids: list[str], phones: int) -> Iterator[Phones]:
    """``phones`` screenless phones on each game of ``ids``, every game's Ann with Undo
    and Redo on her screen (the others only count their updates)."""
    routes = [f"/game/{game_id}" for game_id in ids for _ in range(phones)]
    devices: list[str | None] = [device(seat, g) for g in range(len(ids)) for seat in range(phones)]
    tappers = {g * phones for g in range(len(ids))}
    with Phones(base, routes, len(routes), devices, timeout=600, tappers=tappers) as table:
        deadline = time.time() + 300  # a busy server may be silent for a while between first screens
        while not all({"Undo", "Redo"} <= table.buttons[n].keys() for n in tappers) \
                or time.time() - max(table.last) < QUIET:
            if time.time() > deadline:
                raise RuntimeError(f"a tapping phone of {base} never showed Undo and Redo")
            time.sleep(0.1)
        yield table


def ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


def club_lines(base: str, ids: list[str], phones: int, server: int, seconds: float, rounds: int, bursts: int,
               parts: list[str]) -> None:
    """The club night's lines (see the module's docstring): the paced lines at every game
    and at half of them, the server's processor time per change, the capacity, and the
    burst lines against their floor (``parts``: "paced", "burst")."""
    counts = sorted({len(ids), max(1, len(ids) // 2)}, reverse=True)
    name = f"table.club.{phones}_phones.screenless"
    with connected(base, ids, phones) as table:
        club = Club(table, len(ids), phones, server)
        alone = paced_lines(club, len(ids), counts, name, seconds, rounds) if "paced" in parts else []
        if "burst" in parts:
            burst_lines(club, counts, name, bursts, alone)


def paced_lines(club: Club, games: int, counts: list[int], name: str, seconds: float, rounds: int) -> list[float]:
    """The paced lines, the server's processor time per change and the capacity; the
    latencies of one table alone."""
    alone: list[float] = []
    alone_cpu: list[float] = []
    paced: dict[int, list[float]] = {}
    paced_cpu: dict[int, list[float]] = {}
    turn = 0

    def one_table() -> None:  # one game taps alone at the same pace, each game in turn, for twice as long
        nonlocal turn
        found, cpu = club.run(club.paced([turn % games], 2 * seconds))
        alone.extend(found)
        alone_cpu.append(cpu)
        turn += 1

    def tables(count: int, into: dict[int, list[float]], cpu_into: dict[int, list[float]]) -> None:
        found, cpu = club.run(club.paced(list(range(count)), seconds))
        into.setdefault(count, []).extend(found)
        cpu_into.setdefault(count, []).append(cpu)

    for _ in range(rounds):  # in turn: the machine's load hits every line alike
        for count in counts:
            one_table()
            tables(count, paced, paced_cpu)
    if not alone:
        raise RuntimeError("one table alone made no tap: give the phases more --club-seconds")
    for count in counts:
        for stat, fn, target in (("median", statistics.median, PACED_MEDIAN), ("p95", p95, PACED_P95)):
            value, baseline = fn(paced[count]), fn(alone)
            print(json.dumps({"name": f"{name}.paced.{count}_tables.{stat}", "value": ms(value), "unit": "ms",
                              "baseline": ms(baseline), "ratio": round(value / baseline, 2),
                              **({"target": target} if count == games else {}),
                              "taps": len(paced[count]), "baseline_taps": len(alone), "mean_gap_s": GAP}), flush=True)
        cpu = statistics.median(paced_cpu[count])
        print(json.dumps({"name": f"{name}.paced.{count}_tables.server_cpu_per_change", "value": ms(cpu),
                          "unit": "ms", "limit": CPU_LIMIT * 1000, "ratio": round(cpu / CPU_LIMIT, 2),
                          **({"target": 1.0} if count == games else {}),
                          "one_table": ms(statistics.median(alone_cpu))}), flush=True)

    # the most tables (up to every game here) whose p95 stays within CAPACITY of one table's
    resolution = max(1, games // 10)
    probes = {count: p95(found) / p95(alone) for count, found in paced.items()}
    low = max([c for c, r in probes.items() if r <= CAPACITY], default=0)
    high = min([c for c, r in probes.items() if r > CAPACITY], default=games + 1)
    while high - low > resolution:
        count = (low + high) // 2
        probed: dict[int, list[float]] = {}
        one_table()
        tables(count, probed, {})
        probes[count] = p95(probed[count]) / p95(alone)
        low, high = (count, high) if probes[count] <= CAPACITY else (low, count)
    print(json.dumps({"name": f"{name}.paced.capacity", "value": low, "unit": "tables",
                      "limit": MAX_PHONES // CLUB_PHONES, "ratio": round(low / (MAX_PHONES // CLUB_PHONES), 2),
                      "within": CAPACITY, "p95_ratios": {str(c): round(r, 2) for c, r in sorted(probes.items())},
                      "resolution": resolution}), flush=True)
    return alone


def burst_lines(club: Club, counts: list[int], name: str, bursts: int, alone: list[float]) -> None:
    """Every table taps at the same instant; its floor is the server's work for all of them."""
    for count in counts:
        to_all, cpus = [], []
        for _ in range(bursts):
            seconds_to_all, cpu = club.run(club.burst(list(range(count))))
            to_all.append(seconds_to_all)
            cpus.append(cpu)
        floor = count * statistics.median(cpus)
        for stat, fn in (("median", statistics.median), ("p95", p95)):
            value = fn(to_all)
            print(json.dumps({"name": f"{name}.burst.{count}_tables.{stat}", "value": ms(value), "unit": "ms",
                              "baseline": ms(floor), "ratio": round(value / floor, 2),
                              "baseline_is": "floor: tables x one change's server CPU", "bursts": bursts,
                              **({"one_table_paced": ms(fn(alone))} if alone else {})}), flush=True)


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES), metavar="GAME",
                        help=f"any of {', '.join(GAMES)} (all by default)")
    parser.add_argument("--phones", nargs="+", type=int, default=list(PHONES), help="numbers of phones (2 at least)")
    parser.add_argument("--taps", type=int, default=TAPS, help="taps per measurement")
    parser.add_argument("--drawn", choices=("two", "all"), default="two",
                        help="phones drawn in the browser: Ann's and Ben's (default), or all")
    parser.add_argument("--tapper", choices=("browser", "screenless"), default="browser",
                        help="Ann's phone: a browser page (default) or a screenless phone sending the click")
    parser.add_argument("--club", type=int, default=CLUB_GAMES, metavar="GAMES",
                        help=f"games of the club night ({CLUB_GAMES} by default; 0: no club lines)")
    parser.add_argument("--club-phones", type=int, default=CLUB_PHONES, help="phones at each game of the club")
    parser.add_argument("--club-seconds", type=float, default=CLUB_SECONDS,
                        help=f"seconds of each paced phase ({CLUB_SECONDS:g} by default)")
    parser.add_argument("--club-rounds", type=int, default=CLUB_ROUNDS,
                        help=f"rounds of paced phases ({CLUB_ROUNDS} by default)")
    parser.add_argument("--bursts", type=int, default=BURSTS, help=f"bursts per burst line ({BURSTS} by default)")
    parser.add_argument("--club-only", action="store_true", help="only the club lines (no browser)")
    parser.add_argument("--club-parts", nargs="+", choices=("paced", "burst"), default=["paced", "burst"],
                        help="the club's paced lines (with the CPU and capacity lines), its burst lines, or both")
    parser.add_argument("--code", type=Path, default=ROOT,
                        help="the Bean Counter checkout that serves (the code before a change), with this bench")
    args = parser.parse_args()
    if min(args.phones) < 2 or args.club_phones < 2:
        parser.error("a table has 2 phones at least: one taps, one watches")

    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-table-"))
    repo = open_repository(data_dir)
    kinds = [] if args.club_only else args.games
    ids = {kind: mid_game(Games(repo), kind) for kind in kinds}
    club_ids = [mid_game(Games(repo), args.games[g % len(args.games)], table=g) for g in range(args.club)]
    repo.close()
    texts = {kind: watched(data_dir, ids[kind]) for kind in kinds}  # (with Ann's entry, without)
    procs = []
    try:
        app_port = free_port()
        procs.append(start([sys.executable, "-m", "companion", "serve", "--port", str(app_port),
                            "--data-dir", str(data_dir)], app_port, args.code))
        if club_ids:
            club_lines(f"http://127.0.0.1:{app_port}", club_ids, args.club_phones, procs[0].pid, args.club_seconds,
                       args.club_rounds, args.bursts, args.club_parts)
        if not kinds:
            return
        static_ports = {}
        for kind in args.games:
            static_ports[kind] = free_port()
            procs.append(start([sys.executable, str(ROOT / "bench" / "apps" / "static_screen.py"),
                                str(static_ports[kind]), str(data_dir), ids[kind]], static_ports[kind]))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for kind in args.games:
                with_it, without = texts[kind]

                def shown(n: int) -> str:
                    return without if n % 2 else with_it

                route = f"/game/{ids[kind]}"
                for count in args.phones:
                    drawn = count if args.drawn == "all" else 2
                    drawn -= args.tapper == "screenless"
                    ours, static = [], []
                    with opened(browser, f"http://127.0.0.1:{app_port}{route}", count, drawn, shown,
                                args.tapper) as ours_tap, \
                            opened(browser, f"http://127.0.0.1:{static_ports[kind]}{route}", count, drawn, shown,
                                   args.tapper) as static_tap:
                        for n in range(1, args.taps + 1):  # in turn: the machine's load hits both alike
                            ours.append(ours_tap(n))
                            static.append(static_tap(n))
                    name = f"table.{kind}.{count}_phones.{count - drawn}_screenless"
                    if args.tapper == "screenless":
                        name += ".screenless_tapper"
                    for stat, fn in (("median", statistics.median), ("p95", p95)):
                        value, baseline = fn(ours) * 1000, fn(static) * 1000
                        line = {"name": f"{name}.{stat}", "value": round(value, 1), "unit": "ms",
                                "baseline": round(baseline, 1), "ratio": round(value / baseline, 2)}
                        if count == TARGET_PHONES and stat == "median":
                            line["target"] = TARGET
                        print(json.dumps(line), flush=True)
            browser.close()
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
