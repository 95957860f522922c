"""Table mode: time from a tap on one phone to the update on another (issue 6).

With 2, 6 and 12 connected sessions, Ann's phone takes or puts back a Nicht die Bohne!
card and Ben's phone shows it (Ann, Ben and Cy sit at the table; the other sessions
watch without a seat). The baseline is a bare Flet app broadcasting a counter through
pubsub (bench/apps/bare_counter.py), served the same way and measured in the same run,
one after the other for each number of sessions. A second baseline, the same counter on
a screen as busy as the pad (bench/apps/bare_pad.py), tells the cost of a busy screen
in the browser from Bean Counter's own.

Each number of sessions is measured twice: every session a page in Debian's Chromium,
and then only Ann's and Ben's pages with the other sessions as screenless phones
(bench/phones.py). On this 2-core machine the first way draws every phone's update on
the same two cores and one GPU process; at a real table each phone draws on its own, which
the second way comes closer to while the server still serves every session. The time
runs from a mouse click on Ann's page to the moment Ben's page's accessibility tree shows
the change (see ``measure``). Prints JSON lines with medians and 95th percentiles; never a
pass/fail test. ``bench/table.py 2 6`` measures only those numbers of sessions.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from bench.phones import QUIET, Phones  # noqa: E402
from tests.e2e.conftest import ARGS, CHROMIUM, PHONE, free_port, wait_for_port  # noqa: E402

SESSIONS = (2, 6, 12)
TAPS = 20


def start(args: list[str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for_port(port, proc)
    return proc


def open_page(browser, url: str, number: int):
    """Session ``number``, with the device token of the phone that holds seat ``number``
    (the app keeps it in local storage; the bare apps never read it)."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(f"localStorage.setItem('flutter.bean-counter.device', JSON.stringify('{device(number)}'))")
    page = context.new_page()
    page.goto(url)
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    return page


def device(number: int) -> str:
    return f"bench-phone-{number}"


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


WATCH = """target => {
    window.__seen = null;
    const shows = () => document.querySelector(`flt-semantics[aria-label="${CSS.escape(target)}"]`) !== null
        || Array.from(document.querySelectorAll('flt-semantics > span')).some(e => e.textContent === target);
    if (shows()) { window.__seen = Date.now(); return; }  // already there (the first screen)
    const observer = new MutationObserver(() => {
        if (window.__seen === null && shows()) { window.__seen = Date.now(); observer.disconnect(); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def measure(browser, base: str, route: str, count: int, drawn: int, target, shown) -> list[float]:
    """Open ``count`` sessions, ``drawn`` of them browser pages and the rest screenless
    phones (bench/phones.py); Ann's page taps, Ben's page watches; seconds per tap.

    Ann's phone connects first and Ben's halfway through the others: the server tells
    the phones in the order they connected, so Ben's is the table's median phone.
    The clock starts when the mouse clicks where the button was found beforehand, and
    stops when Ben's accessibility tree (written at the end of the frame that paints
    the change) first shows the new text, as a MutationObserver in the page sees it.
    Playwright's checks before a click and its polling after it would grow with a page's
    size and are not part of what a player waits for.
    """

    def page(number: int):
        opened = open_page(browser, base + route, number)
        target(opened).wait_for(timeout=60_000)  # its first screen is there: it listens
        return opened

    others = [2 + n if n < drawn - 2 else None for n in range(count - 2)]  # page numbers; None: screenless
    told_before = others[:len(others) // 2]
    with ExitStack() as stack:
        tapper = page(0)
        pages = [tapper] + [page(n) for n in told_before if n is not None]
        early = stack.enter_context(Phones(base, route, told_before.count(None)))
        watcher = page(1)
        pages += [watcher] + [page(n) for n in others[len(told_before):] if n is not None]
        late = stack.enter_context(Phones(base, route, others.count(None) - early.count))
        watcher.evaluate(WATCH, shown(0))
        watcher.wait_for_function("window.__seen !== null", timeout=60_000)
        before = early.updates + late.updates
        times = []
        for n in range(1, TAPS + 1):
            button = target(tapper)
            button.wait_for(timeout=30_000)
            box = button.bounding_box()
            watcher.evaluate(WATCH, shown(n))
            started = time.time()
            tapper.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            watcher.wait_for_function("window.__seen !== null", timeout=30_000)
            times.append(watcher.evaluate("window.__seen") / 1000 - started)
        time.sleep(QUIET)
        if any(b - a < TAPS for a, b in zip(before, early.updates + late.updates)):
            raise RuntimeError(f"a screenless phone missed updates from {base + route}: the figures mean nothing")
        for opened in pages:
            opened.context.close()
    return times


def main() -> None:
    from playwright.sync_api import sync_playwright

    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-table-"))
    repo = open_repository(data_dir)
    games = Games(repo)
    players = ["Ann", "Ben", "Cy"]
    game_id = games.new_game("nicht-die-bohne", {"players": players}, starter=device(0))
    for number, player in enumerate(players):
        games.claim_seat(game_id, player, "1234", device(number))
    repo.close()
    app_port, bare_port, pad_port = free_port(), free_port(), free_port()
    app = start([sys.executable, "-m", "companion", "serve", "--port", str(app_port),
                 "--data-dir", str(data_dir)], app_port)
    bare = start([sys.executable, str(ROOT / "bench" / "apps" / "bare_counter.py"), str(bare_port)], bare_port)
    pad = start([sys.executable, str(ROOT / "bench" / "apps" / "bare_pad.py"), str(pad_port)], pad_port)
    app_url, bare_url, pad_url = (f"http://127.0.0.1:{port}" for port in (app_port, bare_port, pad_port))

    def card(page):
        return page.get_by_role("button", name="blue 1", exact=True)

    def card_shown(n: int) -> str:
        return f"Ann {n % 2}/20"

    def counter(page):
        return page.get_by_role("button", name="Tap")

    def counter_shown(n: int) -> str:
        return f"Count {n + offset[0]}"

    offset = [0]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for count in [int(a) for a in sys.argv[1:]] or SESSIONS:
                for drawn in sorted({count, 2}, reverse=True):  # all in the browser, then two
                    ours = measure(browser, app_url, f"/game/{game_id}", count, drawn, card, card_shown)
                    bare_times = measure(browser, bare_url, "/", count, drawn, counter, counter_shown)
                    pad_times = measure(browser, pad_url, "/", count, drawn, counter, counter_shown)
                    offset[0] += TAPS
                    name = f"{count}_sessions" + (f".{count - drawn}_screenless" if drawn < count else "")
                    for stat, fn in (("median", statistics.median), ("p95", p95)):
                        value, baseline, busy = fn(ours) * 1000, fn(bare_times) * 1000, fn(pad_times) * 1000
                        print(json.dumps({
                            "name": f"table.tap_to_other_phone.{name}.{stat}",
                            "value": round(value, 1), "unit": "ms",
                            "baseline": round(baseline, 1), "ratio": round(value / baseline, 2),
                            # the bare counter on a screen as busy as the pad (bench/apps/bare_pad.py)
                            "busy_baseline": round(busy, 1), "busy_ratio": round(value / busy, 2),
                        }), flush=True)
            browser.close()
    finally:
        for proc in (app, bare, pad):
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
