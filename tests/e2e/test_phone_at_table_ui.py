"""Phones at the table (issue 18): the Invite QR code draws, the screen stays awake
during a game, and what a phone on plain http is told."""

from __future__ import annotations

import base64

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.server import lan_address
from companion.session import Games
from companion.storage import open_repository
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/120.0.0.0 Mobile Safari/537.36")

# Counts the browser's screen wake locks: taken, and let go.
WAKE_LOCK_SPY = """
window.__locks = {taken: 0, released: 0};
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async (type) => {
    const sentinel = await request(type);
    window.__locks.taken += 1;
    sentinel.addEventListener('release', () => { window.__locks.released += 1; });
    return sentinel;
  };
}
"""

# Dark and light pixels of a screenshot's region, counted in the page's own canvas.
COUNT_PIXELS = """async ([png, box]) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = box.width; canvas.height = box.height;
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
  const data = ctx.getImageData(0, 0, box.width, box.height).data;
  let dark = 0, light = 0;
  for (let i = 0; i < data.length; i += 4) {
    const v = (data[i] + data[i + 1] + data[i + 2]) / 3;
    if (v < 64) dark += 1; else if (v > 192) light += 1;
  }
  return {dark, light, all: data.length / 4};
}"""


def served_game(data_dir, **server: str) -> tuple[Server, str]:
    """A Nicht die Bohne! game of three stored before its server starts (``server``: where)."""
    repo = open_repository(data_dir)
    try:
        game_id = Games(repo).new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    finally:
        repo.close()
    return Server(data_dir, **server).start(), game_id


@pytest.fixture
def lan_server(tmp_path):
    """`beans serve --lan` bound to this machine's loopback: the app gets an invite URL."""
    srv = Server(tmp_path / "data", "--lan").start()
    yield srv
    srv.stop()


def test_the_invite_dialog_draws_a_qr_code_to_scan(browser, lan_server):
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    phone = Phone(context.new_page(), lan_server.url).open()
    try:
        phone.tap("Invite")
        qr = phone.page.get_by_role("img", name=f"QR code for {lan_server.url}")
        qr.wait_for(timeout=15_000)
        box = {k: int(v) for k, v in qr.bounding_box().items()}
        for _ in range(20):  # the dialog fades in: counted once it is drawn
            png = phone.page.screenshot()
            counts = phone.page.evaluate(COUNT_PIXELS, [base64.b64encode(png).decode(), box])
            if counts["dark"] > 0.2 * counts["all"] and counts["light"] > 0.2 * counts["all"]:
                break
        phone.shot("invite-qr")
        # A QR code is black modules on white: both plenty, not an empty square.
        assert counts["dark"] > 0.2 * counts["all"], counts
        assert counts["light"] > 0.2 * counts["all"], counts
    finally:
        context.close()


def test_a_game_screen_keeps_the_screen_awake_and_lets_go_on_leaving(browser, tmp_path):
    """ui.md: the screen stays awake during a game. 127.0.0.1 is a secure context, so
    Chromium offers the Wake Lock API there."""
    server, game_id = served_game(tmp_path)
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(WAKE_LOCK_SPY)
    phone = Phone(context.new_page(), server.url)
    try:
        phone.open(f"/game/{game_id}")
        phone.see("Round 1")
        phone.page.wait_for_function("window.__locks.taken === 1 && window.__locks.released === 0", timeout=10_000)
        phone.tap("Back")
        phone.see("Bean Counter")
        phone.page.wait_for_function("window.__locks.released === 1", timeout=10_000)
        assert phone.page.evaluate("window.__locks.taken") == 1
    finally:
        context.close()
        server.stop()


def test_a_phone_on_plain_http_is_told_to_keep_its_screen_on(browser, tmp_path):
    """Measured in Chromium: on http at an address other than this machine the page is
    no secure context and has no navigator.wakeLock; the phone is told so once."""
    address = lan_address()
    if address.startswith("127."):
        pytest.skip("this machine has no network address besides loopback")
    srv, game_id = served_game(tmp_path / "data", host=address)
    context = browser.new_context(viewport=PHONE)
    try:
        phone = Phone(context.new_page(), srv.url).open(f"/game/{game_id}")
        phone.see("Round 1")
        assert phone.page.evaluate("[window.isSecureContext, typeof navigator.wakeLock]") == [False, "undefined"]
        phone.see("This address is plain http")
        phone.shot("plain-http-sleep-hint")
    finally:
        context.close()
        srv.stop()


def test_the_seat_pin_opens_a_numeric_keyboard(browser, tmp_path):
    """ui.md: a number typed on the number keyboard (issue 18: the PIN was said to open a
    full keyboard). A phone's browser picks its keyboard from the focused input's
    inputmode, which Flutter sets on Android and iOS only (measured: not on desktop
    Chromium, nor in its screen-reader input): the page is opened as an Android phone's
    Chrome and tapped where the desktop page shows "Sit as Ben"."""
    server, game_id = served_game(tmp_path)
    desk = browser.new_context(viewport=PHONE)
    context = browser.new_context(viewport=PHONE, user_agent=ANDROID)
    try:
        pc = Phone(desk.new_page(), server.url)
        pc.open(f"/game/{game_id}/seats")
        sit = pc.reveal(pc.button("Sit as Ben"))
        page = context.new_page()
        page.goto(f"{server.url}/game/{game_id}/seats")
        page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
        editing = "document.activeElement && document.activeElement.classList.contains('flt-text-editing')"
        for _ in range(30):  # a tap once the seats are drawn: the PIN field takes the focus (autofocus)
            page.mouse.click(sit["x"] + sit["width"] / 2, sit["y"] + sit["height"] / 2)
            try:
                page.wait_for_function(editing, timeout=500)
                break
            except PlaywrightTimeout:
                continue
        assert page.evaluate("[document.activeElement.type, document.activeElement.inputMode]") == [
            "password", "numeric"]
    finally:
        context.close()
        desk.close()
        server.stop()
