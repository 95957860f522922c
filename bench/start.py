"""A server's start and its fallback fonts (issue 36): how long ``beans serve`` takes from
its launch until it answers the page, and then until it answers the first Chinese font
slice a phone asks for (the slice that holds 李). Prints JSON lines.

``--code DIR`` serves from another checkout of Bean Counter (the code before a change)
too, in the same run, each ``ROUNDS`` times in turn; the ratio is this code's median
against that one's. Never a pass/fail test.

    .venv/bin/python bench/start.py [--code DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.ui.flet_compat import fallback_font_table  # noqa: E402
from companion.web import flet_web_dir  # noqa: E402
from testkit.browser import free_port  # noqa: E402

ROUNDS = 5
TARGETS = {"page": 1.0, "first_slice": 0.5}  # ratios: no slower to start, a slice at least twice as quick


def chinese_slice() -> str:
    table = fallback_font_table((flet_web_dir() / "main.dart.js").read_text(encoding="utf-8"))
    return next(name for name, ranges in table.items()
                if name.startswith("notosanssc/") and any(low <= ord("李") <= high for low, high in ranges))


def answered(url: str) -> bool:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            return response.status == 200
    except (urllib.error.URLError, ConnectionError):
        return False


def one_start(code: Path, slice_name: str) -> tuple[float, float]:
    """Seconds from launching ``beans serve`` (from ``code``) until the page answers, and
    from then until the slice does."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--port", str(port), "--data-dir", data],
                                cwd=code, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            while not answered(f"{base}/"):
                if proc.poll() is not None or time.perf_counter() - started > 120:
                    raise RuntimeError("beans serve did not start")
                time.sleep(0.02)
            page = time.perf_counter() - started
            asked = time.perf_counter()
            if not answered(f"{base}/assets/fonts/{slice_name}"):
                raise RuntimeError("the Chinese slice was not served")
            return page, time.perf_counter() - asked
        finally:
            proc.terminate()
            proc.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, help="another checkout to compare with, in the same run")
    args = parser.parse_args()
    name = chinese_slice()
    runs: dict[str, list[tuple[float, float]]] = {"this": [], "before": []}
    for _ in range(ROUNDS):
        runs["this"].append(one_start(ROOT, name))
        if args.code:
            runs["before"].append(one_start(args.code, name))
    for index, what in enumerate(("page", "first_slice")):
        value = statistics.median(run[index] for run in runs["this"])
        line: dict[str, object] = {"name": f"start.{what}", "value": round(value * 1000, 1), "unit": "ms"}
        if args.code:
            before = statistics.median(run[index] for run in runs["before"])
            line.update(baseline=round(before * 1000, 1), ratio=round(value / before, 3), target=TARGETS[what])
        print(json.dumps(line))


if __name__ == "__main__":
    main()
