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

The club line: 10 games of 6 phones each on one server (a club night), every phone
screenless (bench/phones.py). In every game Ann's phone taps Undo or Redo at the same
moment as in every other game; the time runs from her click until each other phone of her
game has been sent all of its update (its last message, once the server is quiet). The
baseline, in the same run and on the same server with the same phones open, is one
table's: one game tapping alone while the others sit idle (in turn with the club's taps,
each game in turn). Target: median and p95 within 1.5x of one table's (``"target"``).

``bench/table.py --games bohnanza --phones 2 6`` measures only those (the club then plays
those games); ``--drawn all`` draws every phone in the browser (on this 2-core machine
every page's drawing then competes for the same two cores); ``--club-only`` measures only
the club, ``--club 0`` leaves it out. Never a pass/fail test.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.apps.static_screen import watched  # noqa: E402
from bench.phones import QUIET, Phones  # noqa: E402
from testkit.positions import GAMES, device, mid_game  # noqa: E402
from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from testkit.browser import ARGS, CHROMIUM, PHONE, free_port, wait_for_port  # noqa: E402

PHONES = (2, 4, 6, 12)
TARGET_PHONES, TARGET = 6, 1.3
TAPS = 20
CLUB_GAMES, CLUB_PHONES, CLUB_TARGET = 10, 6, 1.5
SETTLE = 0.3  # seconds without a message to any phone: every update of a tap is sent


def start(args: list[str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
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
    return statistics.quantiles(values, n=20)[-1]


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


def club(base: str, ids: list[str], phones: int, taps: int) -> tuple[list[float], list[float]]:
    """Seconds from Ann's tap until each other phone of her game has its update: with one
    game tapping alone (the other games' phones open and idle), and with every game tapping
    at once; ``taps`` rounds of each, in turn. ``phones`` screenless phones per game, seat
    n's phone holding ``device(n)`` (past the game's seats, a phone that watches)."""
    routes = [f"/game/{game_id}" for game_id in ids for _ in range(phones)]
    devices: list[str | None] = [device(seat) for _ in ids for seat in range(phones)]
    tapper = [g * phones for g in range(len(ids))]  # each game's Ann
    others = [list(range(g * phones + 1, (g + 1) * phones)) for g in range(len(ids))]
    made = [0] * len(ids)  # taps made in each game: Undo first (the latest entry is Ann's), then Redo

    with Phones(base, routes, len(routes), devices, timeout=300, tappers=set(tapper)) as table:
        deadline = time.time() + 300  # a busy server may be silent for a while between first screens
        while not all({"Undo", "Redo"} <= table.buttons[n].keys() for n in tapper) \
                or time.time() - max(table.last) < QUIET:
            if time.time() > deadline:
                raise RuntimeError(f"a tapping phone of {base} never showed Undo and Redo")
            time.sleep(0.1)

        def tap(games: list[int]) -> list[float]:
            before = list(table.updates)
            started = table.tap_all([(tapper[g], "Undo" if made[g] % 2 == 0 else "Redo") for g in games])
            for g in games:
                made[g] += 1
            waiting = [n for g in games for n in [tapper[g], *others[g]]]
            deadline = time.time() + 60
            while any(table.updates[n] == before[n] for n in waiting) \
                    or time.time() - max(table.last[n] for n in waiting) < SETTLE:
                if time.time() > deadline:
                    raise RuntimeError(f"a phone of {base} was never sent a tap's update: the figures mean nothing")
                time.sleep(0.02)
            return [table.last[n] - start for g, start in zip(games, started) for n in others[g]]

        alone: list[float] = []
        together: list[float] = []
        for n in range(taps):  # in turn: the machine's load hits both alike
            alone += tap([n % len(ids)])
            together += tap(list(range(len(ids))))
    return alone, together


def club_lines(base: str, ids: list[str], phones: int, taps: int) -> None:
    alone, together = club(base, ids, phones, taps)
    name = f"table.club.{len(ids)}_games.{phones}_phones.screenless"
    for stat, fn in (("median", statistics.median), ("p95", p95)):
        value, baseline = fn(together) * 1000, fn(alone) * 1000
        print(json.dumps({"name": f"{name}.{stat}", "value": round(value, 1), "unit": "ms",
                          "baseline": round(baseline, 1), "ratio": round(value / baseline, 2),
                          "target": CLUB_TARGET, "taps": taps, "samples": len(together)}), flush=True)


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
                        help=f"games in the club line ({CLUB_GAMES} by default; 0: no club line)")
    parser.add_argument("--club-phones", type=int, default=CLUB_PHONES, help="phones at each game of the club")
    parser.add_argument("--club-only", action="store_true", help="only the club line (no browser)")
    args = parser.parse_args()
    if min(args.phones) < 2 or args.club_phones < 2:
        parser.error("a table has 2 phones at least: one taps, one watches")

    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-table-"))
    repo = open_repository(data_dir)
    kinds = [] if args.club_only else args.games
    ids = {kind: mid_game(Games(repo), kind) for kind in kinds}
    club_ids = [mid_game(Games(repo), args.games[g % len(args.games)]) for g in range(args.club)]
    repo.close()
    texts = {kind: watched(data_dir, ids[kind]) for kind in kinds}  # (with Ann's entry, without)
    procs = []
    try:
        app_port = free_port()
        procs.append(start([sys.executable, "-m", "companion", "serve", "--port", str(app_port),
                            "--data-dir", str(data_dir)], app_port))
        if club_ids:
            club_lines(f"http://127.0.0.1:{app_port}", club_ids, args.club_phones, args.taps)
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
