"""Table mode: time from a tap on one phone to the update on another (issue 6).

For 2, 6 and 12 connected sessions (browser pages in Debian's Chromium), one phone
taps and another waits for the change: on Bean Counter, a Nicht die Bohne! card taken
or put back (the whole score pad re-rendered on every phone); on the baseline, a bare
Flet app broadcasting a counter through pubsub (bench/apps/bare_counter.py), served the
same way and measured in the same run, alternating. Prints JSON lines with medians and
95th percentiles; never a pass/fail test.
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


def measure(browser, url: str, count: int, tap, seen) -> list[float]:
    """Open ``count`` sessions; page 0 taps, page 1 waits; seconds per tap."""
    pages = [open_page(browser, url) for _ in range(count)]
    seen(pages[1], 0).wait_for(timeout=60_000)
    times = []
    for n in range(1, TAPS + 1):
        started = time.perf_counter()
        tap(pages[0], n)
        seen(pages[1], n).wait_for(timeout=30_000)
        times.append(time.perf_counter() - started)
    for page in pages:
        page.context.close()
    return times


def main() -> None:
    from playwright.sync_api import sync_playwright

    data_dir = Path(tempfile.mkdtemp(prefix="beans-bench-table-"))
    repo = open_repository(data_dir)
    game_id = Games(repo).new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    repo.close()
    app_port, bare_port = free_port(), free_port()
    app = start([sys.executable, "-m", "companion", "serve", "--port", str(app_port),
                 "--data-dir", str(data_dir)], app_port)
    bare = start([sys.executable, str(ROOT / "bench" / "apps" / "bare_counter.py"), str(bare_port)], bare_port)

    def tap_card(page, n: int) -> None:
        page.get_by_role("button", name="blue 1", exact=True).click()

    def card_seen(page, n: int):
        return page.get_by_role("checkbox", name=f"Ann {n % 2}/20")

    def tap_counter(page, n: int) -> None:
        page.get_by_role("button", name="Tap").click()

    def counter_seen(page, n: int):
        return page.get_by_text(f"Count {n + offset[0]}", exact=True)

    offset = [0]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for count in SESSIONS:
                ours = measure(browser, f"http://127.0.0.1:{app_port}/game/{game_id}", count, tap_card, card_seen)
                bare_times = measure(browser, f"http://127.0.0.1:{bare_port}/", count, tap_counter, counter_seen)
                offset[0] += TAPS
                for stat, fn in (("median", statistics.median), ("p95", p95)):
                    value, baseline = fn(ours) * 1000, fn(bare_times) * 1000
                    print(json.dumps({
                        "name": f"table.tap_to_other_phone.{count}_sessions.{stat}",
                        "value": round(value, 1), "unit": "ms",
                        "baseline": round(baseline, 1), "ratio": round(value / baseline, 2),
                    }), flush=True)
            browser.close()
    finally:
        for proc in (app, bare):
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
