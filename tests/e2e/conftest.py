"""Real-browser tests: the app served by `beans serve` in a subprocess, driven by
Playwright in Debian's Chromium (shared/design/testing.md)."""

from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import pytest

from testkit.browser import ARGS, CHROMIUM, FONT_150, HOW, PHONE, Server

ARTIFACTS = Path(__file__).parent / "artifacts"


def pytest_collection_finish(session):
    """Browser tests are never skipped for want of a browser: a run that selects them and
    finds no Chromium stops at once, in one line (``make test`` gets one first)."""
    if CHROMIUM is None and any("e2e" in item.keywords for item in session.items):
        pytest.exit(HOW, returncode=2)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """When a browser test fails, what each open phone showed and what its server wrote
    go into the report, taken before the fixtures close them."""
    report = (yield).get_result()
    if report.when == "call" and report.failed and "e2e" in item.keywords:
        phones = [p for p in Phone.opened if not p.page.is_closed()]
        for i, phone in enumerate(phones):
            report.sections.append((f"phone {i + 1} at the failure", phone.evidence(f"failed-{item.name}-{i + 1}")))
        if phones:
            report.sections.append(("the browser's processes", busy_processes(phones[0].page.context.browser)))
        for server in Server.running():
            report.sections.append((f"the server on port {server.port}, its log's end", server.log_text()[-3_000:]))
    if report.when == "teardown":
        Phone.opened.clear()


T = TypeVar("T")


def served_after(data: Path, store: Callable[[Path], T]) -> Iterator[tuple[Server, T]]:
    """A server of ``data`` once ``store(data)`` wrote its games (run in a thread of its own:
    the sync Playwright of other tests owns this thread's loop), and what ``store`` gave;
    stopped after. A module's fixture yields from it."""
    with ThreadPoolExecutor(1) as pool:
        stored = pool.submit(store, data).result()
    server = Server(data).start()
    try:
        yield server, stored
    finally:
        server.stop()


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


def busy_processes(browser) -> str:
    """Each of the browser's processes and the processor time it used in 2 s: which one
    spins (a page's renderer, the GPU process) when a page stops answering."""
    try:
        session = browser.new_browser_cdp_session()
        before = {p["id"]: p["cpuTime"] for p in session.send("SystemInfo.getProcessInfo")["processInfo"]}
        time.sleep(2)
        after = session.send("SystemInfo.getProcessInfo")["processInfo"]
        session.detach()
    except Exception as exc:  # noqa: BLE001 - an old Chromium, or the browser is gone
        return f"not known: {exc}"
    return "\n".join(f"{p['type']} {p['id']}: {p['cpuTime'] - before.get(p['id'], 0.0):.2f} s of 2 s"
                     for p in after)


ISOLATES = "[\u2068\u2069]*"  # a name in a composed label stands between isolates (sheets.names)


def as_read(name, exact: bool = True):
    """``name`` as a reader finds it on the screen: the isolates around a player's name in
    a label (U+2068 ... U+2069) are not seen, so they are passed over; a pattern as it is."""
    if not isinstance(name, str):
        return name
    # blanks as Playwright reads them; "/" escaped too (Playwright writes the pattern as /.../)
    pattern = ISOLATES.join(r"\s+" if c == " " else re.escape(c).replace("/", r"\/") for c in name)
    return re.compile(f"^{ISOLATES}{pattern}{ISOLATES}$") if exact else re.compile(pattern, re.IGNORECASE)


class Phone:
    """One phone-sized browser page on the app, with Flutter's accessibility tree on."""

    opened: list["Phone"] = []  # this test's phones, for the report when it fails

    def __init__(self, page, base_url: str):
        self.page = page
        self.base_url = base_url
        # The page's last console lines, errors and a crash: what a failure report can still
        # tell when the page itself no longer answers (a screenshot then times out).
        self.console: deque[str] = deque(maxlen=30)
        page.on("console", lambda message: self.console.append(f"{message.type}: {message.text}"[:500]))
        page.on("pageerror", lambda error: self.console.append(f"page error: {error}"[:500]))
        page.on("crash", lambda _page: self.console.append("the page crashed"))
        Phone.opened.append(self)

    def evidence(self, name: str) -> str:
        """Whether the page's script answers, its last console lines, the screen as a
        screen reader has it, and a screenshot named ``name``."""
        console = self.answers() + "the page's console:\n" + ("\n".join(self.console) or "(nothing)") + "\n"
        try:
            shot = self.shot(name)
            return console + f"{ARTIFACTS.name}/{shot.name}\n" + self.page.locator("body").aria_snapshot(timeout=5_000)[-4_000:]
        except Exception as exc:  # the page may be gone with what failed
            return console + f"no screen: {exc}"

    def answers(self) -> str:
        """Whether the page's script still runs: a frozen page whose screenshot times out
        may be stuck in its script, or only in drawing."""
        try:
            self.page.wait_for_function("true", timeout=3_000)
            return "the page's script answers\n"
        except Exception:  # noqa: BLE001 - Playwright's TimeoutError, or the page is gone
            return "the page's script does not answer within 3 s\n"

    def open(self, path: str = "/") -> "Phone":
        self.page.goto(self.base_url + path)
        self.page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        return self

    def button(self, name: str, exact: bool = True):
        return self.page.get_by_role("button", name=as_read(name, exact))

    def tap(self, name: str, exact: bool = True) -> None:
        self.click(self.button(name, exact).first)

    def menu_item(self, name: str):
        """An item of the app bar's "More" menu (⋮), the menu opened first. The bar stands
        still: no scrolling, unlike ``click``."""
        self.button("More").click()
        return self.page.get_by_role("menuitem", name=as_read(name))

    def menu(self, name: str) -> None:
        """Tap ``name`` in the app bar's "More" menu: "Timeline", "Redo"."""
        self.menu_item(name).click()

    def click(self, locator) -> None:
        """Click a control, scrolling the Flutter view first: the accessibility tree
        sits over the canvas, so an off-screen node must be scrolled in by the wheel."""
        self.reveal(locator)
        locator.click()

    def reveal(self, locator) -> dict:
        """Scroll ``locator`` into the screen; its bounding box there, once it stands still.

        Flutter ignores a tap on a list while the list scrolls by itself (the live sheet
        brings a question into view with a 250 ms animation): a tap then would be lost,
        and typing would reach the page but not the app. So a control is tapped only when
        its place is the same on two looks 60 ms apart (a scroll moves it every frame)."""
        locator.wait_for(timeout=15_000)
        last = None
        for _ in range(40):
            box = locator.bounding_box()
            if box is None or box == last:  # standing still, or where no scroll moves it (the app bar)
                break
            if box["y"] < 56:
                step = -300
            elif box["y"] + box["height"] > PHONE["height"]:
                step = 300
            else:
                step = 0
            if step:
                self.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
                self.page.mouse.wheel(0, step)
            last = box
            self.page.wait_for_timeout(150 if step else 60)
        return locator.bounding_box()

    def chip(self, name: str):
        """A selectable chip (Flutter exposes it as a checkbox)."""
        return self.page.get_by_role("checkbox", name=as_read(name, exact=False))

    def text(self, text: str, exact: bool = False):
        """Words on the screen. Flutter puts a text in the accessibility tree either as text
        or, when it shares a node with a button (a snackbar with Undo), as the node's label;
        which one depends on timing, so both count."""
        return self.page.get_by_text(as_read(text, exact)).or_(self.page.get_by_label(as_read(text, exact)))

    def see(self, text: str, timeout: float = 15_000, exact: bool = False) -> None:
        self.text(text, exact).first.wait_for(state="visible", timeout=timeout)

    def type_into(self, label: str, value: str) -> None:
        """Type ``value`` into a text field, as a player would. Flutter takes a field over a
        few frames after the tap and then writes the text it holds into it: what a test
        types before that is lost (a person's first keystroke comes later). So the text
        must still be there a moment later, or the field is tapped and typed into again."""
        box = self.page.get_by_role("textbox", name=as_read(label))
        for _ in range(5):
            seen = self.reveal(box)  # scrolled in first, like any tap
            # On the input line, where a finger taps: a helper text under it is a node of
            # its own, which would take a click at the field's middle.
            top = {"x": min(24.0, seen["width"] / 2), "y": min(12.0, seen["height"] / 2)} if seen else None
            box.click(position=top)
            box.fill(value)
            self.page.wait_for_timeout(250)
            if box.input_value() == value:
                return
        raise AssertionError(f"{label}: typed {value!r}, the field holds {box.input_value()!r}")

    def shot(self, name: str) -> Path:
        """A screenshot to look at; waits out a route's slide-in first (300 ms; nothing is asserted)."""
        self.page.wait_for_timeout(400)
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path))
        return path


def phone_holding(browser, server: Server, device: str | None = None, frames: list | None = None,
                  large: bool = False, **options) -> tuple:
    """A phone's browser context and page on ``server``: its local storage holds ``device``'s
    token (as after an earlier visit: its seat waits for it), ``frames`` gathers what its
    websocket receives, ``large``: 150 % text; ``options`` for the context (a colour scheme)."""
    context = browser.new_context(viewport=PHONE, **options)
    if device:
        context.add_init_script(f"localStorage.setItem('flutter.bean-counter.device', JSON.stringify('{device}'))")
    if large:
        context.add_init_script(FONT_150)
    page = context.new_page()
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return context, Phone(page, server.url)


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    yield Phone(page, server.url)
    context.close()
