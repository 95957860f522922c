"""Joining the table (issue 17): what a phone moves over the wire, and how long until it
shows its first screen, on its first load and on a reload. Prints JSON lines.

A real ``beans serve`` on this machine (plain http, as at the table) and Debian's
Chromium at 390x844. Bytes are Chromium's own count of what crossed the connection
(``Network.loadingFinished`` encodedDataLength: compressed bodies and headers), plus the
websocket's frames, in a fresh browser context for a first load and in the same one
for a reload. Time to first screen: from asking for the page until Home's "New game"
button is in the accessibility tree. Targets: a first load at most 5 MB, a reload under
200 KB. Each case is run ROUNDS times; bytes are the median, as is the time.

    .venv/bin/python bench/join.py
"""

from __future__ import annotations

import base64
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from testkit.browser import ARGS, CHROMIUM, PHONE, Server  # noqa: E402

ROUNDS = 3
TARGETS = {"first_load": 5_000_000, "reload": 200_000}


class Wire:
    """Bytes over the wire seen by one page (HTTP and websocket)."""

    def __init__(self, page):
        self.http = 0
        self.websocket = 0
        self.requests = 0
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        cdp.on("Network.webSocketFrameSent", self._frame)

    def _finished(self, event: dict) -> None:
        self.requests += 1
        self.http += int(event.get("encodedDataLength", 0))

    def _frame(self, event: dict) -> None:
        frame = event["response"]
        data = frame.get("payloadData", "")
        self.websocket += len(base64.b64decode(data)) if frame.get("opcode") == 2 else len(data.encode())

    def reset(self) -> None:
        self.http = self.websocket = self.requests = 0


def first_screen(page, url: str | None) -> float:
    start = time.perf_counter()
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=120_000)
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.get_by_role("button", name="New game").first.wait_for(timeout=60_000)
    return time.perf_counter() - start


def main() -> None:
    figures: dict[str, dict[str, list[float]]] = {case: {"bytes": [], "websocket": [], "requests": [], "seconds": []}
                                                  for case in TARGETS}
    with tempfile.TemporaryDirectory(prefix="beans-join-") as data:
        server = Server(Path(data)).start()
        try:
            time.sleep(3)  # the server compresses the client's big files as it starts
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for _ in range(ROUNDS):
                    context = browser.new_context(viewport=PHONE, color_scheme="dark")
                    page = context.new_page()
                    wire = Wire(page)
                    for case in TARGETS:
                        wire.reset()
                        seconds = first_screen(page, server.url + "/" if case == "first_load" else None)
                        page.wait_for_timeout(1500)  # whatever the screen still fetches counts too
                        figures[case]["bytes"].append(wire.http + wire.websocket)
                        figures[case]["websocket"].append(wire.websocket)
                        figures[case]["requests"].append(wire.requests)
                        figures[case]["seconds"].append(seconds)
                    context.close()
                browser.close()
        finally:
            server.stop()
    for case, target in TARGETS.items():
        got = {name: statistics.median(values) for name, values in figures[case].items()}
        print(json.dumps({"name": f"join.{case}.bytes", "value": int(got["bytes"]), "unit": "bytes",
                          "websocket_bytes": int(got["websocket"]), "requests": int(got["requests"]),
                          "target": target, "ratio": round(got["bytes"] / target, 3)}), flush=True)
        print(json.dumps({"name": f"join.{case}.first_screen", "value": round(got["seconds"], 2), "unit": "s",
                          "runs": [round(s, 2) for s in figures[case]["seconds"]]}), flush=True)


if __name__ == "__main__":
    main()
