"""Table mode: time from a tap on one phone to the update on another (issue 6).

For 2, 6 and 12 connected sessions (browser pages in Debian's Chromium), one phone
taps and another waits for the change: on Bean Counter, a Nicht die Bohne! card taken
or put back (the whole score pad re-rendered on every phone); on the baseline, a bare
Flet app broadcasting a counter through pubsub (bench/apps/bare_counter.py), served the
same way and measured in the same run, one after the other for each number of sessions.
The time runs from a mouse click on the first page to the moment the second page's
accessibility tree shows the change (see ``measure``). A second baseline, the same
counter on a screen as busy as the pad (bench/apps/bare_pad.py), separates the cost of a
busy screen in the browser from Bean Counter's own. Prints JSON lines with medians
and 95th percentiles; never a pass/fail test. ``bench/table.py 2 6`` measures only those
numbers of sessions.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from tests.e2e.conftest import ARGS, CHROMIUM, PHONE, free_port, wait_for_port  # noqa: E402

SESSIONS = (2, 6, 12)
TAPS = 20


def start(args: list[str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for_port(port, proc)
    return proc


def open_page(browser, url: str):
    context = browser.new_context(viewport=PHONE)
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
        || Array.from(document.querySelectorAll('flt-semantics > span')).some(e => e.textContent === target);
    if (shows()) { window.__seen = Date.now(); return; }  // already there (the first screen)
    const observer = new MutationObserver(() => {
        if (window.__seen === null && shows()) { window.__seen = Date.now(); observer.disconnect(); }
    });
    observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def measure(browser, url: str, count: int, target, shown) -> list[float]:
    """Open ``count`` sessions; page 0 taps, page 1 watches; seconds per tap.

    The clock starts when the mouse clicks where the button was found beforehand, and
    stops when page 1's accessibility tree (written at the end of the frame that paints
    the change) first shows the new text, as a MutationObserver in the page sees it.
    Playwright's checks before a click and its polling after it would grow with a page's
    size and are not part of what a player waits for.
    """
    pages = [open_page(browser, url) for _ in range(count)]
    watcher = pages[1]
    watcher.evaluate(WATCH, shown(0))
    watcher.wait_for_function("window.__seen !== null", timeout=60_000)
    times = []
    for n in range(1, TAPS + 1):
        button = target(pages[0])
        button.wait_for(timeout=30_000)
        box = button.bounding_box()
        watcher.evaluate(WATCH, shown(n))
        started = time.time()
        pages[0].mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        watcher.wait_for_function("window.__seen !== null", timeout=30_000)
        times.append(watcher.evaluate("window.__seen") / 1000 - started)
    for page in pages:
        page.context.close()
    return times


def main() -> None:
    from playwright.sync_api import sync_playwright

    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-table-"))
    repo = open_repository(data_dir)
    game_id = Games(repo).new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    repo.close()
    app_port, bare_port, pad_port = free_port(), free_port(), free_port()
    app = start([sys.executable, "-m", "companion", "serve", "--port", str(app_port),
                 "--data-dir", str(data_dir)], app_port)
    bare = start([sys.executable, str(ROOT / "bench" / "apps" / "bare_counter.py"), str(bare_port)], bare_port)
    pad = start([sys.executable, str(ROOT / "bench" / "apps" / "bare_pad.py"), str(pad_port)], pad_port)

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
                ours = measure(browser, f"http://127.0.0.1:{app_port}/game/{game_id}", count, card, card_shown)
                bare_times = measure(browser, f"http://127.0.0.1:{bare_port}/", count, counter, counter_shown)
                pad_times = measure(browser, f"http://127.0.0.1:{pad_port}/", count, counter, counter_shown)
                offset[0] += TAPS
                for stat, fn in (("median", statistics.median), ("p95", p95)):
                    value, baseline, busy = fn(ours) * 1000, fn(bare_times) * 1000, fn(pad_times) * 1000
                    print(json.dumps({
                        "name": f"table.tap_to_other_phone.{count}_sessions.{stat}",
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
