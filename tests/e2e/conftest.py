"""Real-browser tests: the app served by `beans serve` in a subprocess, driven by
Playwright in Debian's Chromium (shared/design/testing.md)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).parent / "artifacts"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(config, items):
    if not os.path.exists(CHROMIUM):
        reason = f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does)"
        print(f"\nSkipping browser tests: {reason}")
        for item in items:
            if "e2e" in item.keywords:
                item.add_marker(pytest.mark.skip(reason=reason))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 60, host: str = "127.0.0.1") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"beans serve exited with {proc.returncode}")
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"beans serve did not answer on port {port}")


class Server:
    def __init__(self, data_dir: Path, *args: str, host: str = "127.0.0.1"):
        self.data_dir = data_dir
        self.args = args  # more `beans serve` options, e.g. "--lan"
        self.host = host
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        # The server's log goes to a file: a pipe nobody reads fills up and stalls the server.
        self.log = tempfile.TemporaryFile("w+", encoding="utf-8")

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> "Server":
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", self.host, "--port", str(self.port),
             "--data-dir", str(self.data_dir), *self.args],
            stdout=subprocess.DEVNULL, stderr=self.log, text=True,
        )
        try:
            wait_for_port(self.port, self.proc, host=self.host)
        except RuntimeError as exc:
            raise RuntimeError(f"{exc}: {self.log_text()}") from None
        return self

    def log_text(self) -> str:
        """What the server wrote to stderr so far."""
        self.log.seek(0)
        return self.log.read()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("beans-data")).start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Phone:
    """One phone-sized browser page on the app, with Flutter's accessibility tree on."""

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url

    def open(self, path: str = "/") -> "Phone":
        self.page.goto(self.base_url + path)
        self.page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        return self

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=name, exact=exact)

    def tap(self, name: str, exact: bool = True) -> None:
        self.click(self.button(name, exact).first)

    def click(self, locator) -> None:
        """Click a control, scrolling the Flutter view first: the accessibility tree
        sits over the canvas, so an off-screen node must be scrolled in by the wheel."""
        self.reveal(locator)
        locator.click()

    def reveal(self, locator) -> dict:
        """Scroll ``locator`` into the screen; its bounding box there."""
        locator.wait_for(timeout=15_000)
        for _ in range(30):
            box = locator.bounding_box()
            if box is None:
                break
            if box["y"] < 56:
                step = -300
            elif box["y"] + box["height"] > PHONE["height"]:
                step = 300
            else:
                break
            self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
            self.page.mouse.wheel(0, step)
            self.page.wait_for_timeout(150)
        return locator.bounding_box()

    def chip(self, name: str):
        """A selectable chip (Flutter exposes it as a checkbox)."""
        return self.page.get_by_role("checkbox", name=name)

    def text(self, text: str, exact: bool = False):
        """Words on the screen. Flutter puts a text in the accessibility tree either as text
        or, when it shares a node with a button (a snackbar with Undo), as the node's label;
        which one depends on timing, so both count."""
        return self.page.get_by_text(text, exact=exact).or_(self.page.get_by_label(text, exact=exact))

    def see(self, text: str, timeout: float = 15_000, exact: bool = False) -> None:
        self.text(text, exact).first.wait_for(state="visible", timeout=timeout)

    def type_into(self, label: str, value: str) -> None:
        """Type ``value`` into a text field, as a player would. Flutter takes a field over a
        few frames after the tap and then writes the text it holds into it: what a test
        types before that is lost (a person's first keystroke comes later). So the text
        must still be there a moment later, or the field is tapped and typed into again."""
        box = self.page.get_by_role("textbox", name=label)
        for _ in range(5):
            self.click(box)  # scrolled in first, like any tap
            box.fill(value)
            self.page.wait_for_timeout(250)
            if box.input_value() == value:
                return
        raise AssertionError(f"{label}: typed {value!r}, the field holds {box.input_value()!r}")

    def shot(self, name: str) -> Path:
        """A screenshot to look at; waits out a route's slide-in first (nothing is asserted)."""
        self.page.wait_for_timeout(700)
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    yield Phone(page, server.url)
    context.close()
