"""HTTPS at the table (issue 34): a phone reaches `beans serve --lan` by a LAN name, not
as localhost (Chromium's --host-resolver-rules maps this machine's ".local" name to its
loopback), once over https with the certificate accepted (the certificate error ignored,
as on a phone that tapped "Proceed") and once over plain http. Over https the page is a
secure context: the screen's wake lock is held while a game screen is open and let go on
Home, and the share sheet is there; over http none of it, and the game screen says that
--https fixes it. A full install Chromium offers only where the certificate is trusted
(here: Chromium told its public key, as a phone that trusts it).

Debian's Chromium on Linux has no share sheet (navigator.share comes with Chrome on
Android, Windows, macOS); `--enable-features=WebShare` turns it on, as on a phone, so
the test sees the browser offer it to a secure page only."""

from __future__ import annotations

import base64
import hashlib
import socket
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import ARGS, CHROMIUM, FONT_150, PHONE, Server
from tests.e2e.conftest import Phone
from sheets.names import bare, listed

pytestmark = pytest.mark.e2e

# This machine's own name on the Wi-Fi, as a phone would use it: a name the server answers as
# (a page under any other name is refused: DNS rebinding, issue 33) and its certificate holds.
NAME = socket.gethostname().lower() if "." in socket.gethostname() else f"{socket.gethostname().lower()}.local"
SIX = ["Ann", "Ben", "Cy", "Dora", "Emil", "Fatima"]
WEB_SHARE = "--enable-features=WebShare"


def spki_pin(certfile: Path) -> str:
    """What Chromium's --ignore-certificate-errors-spki-list takes: base64 SHA-256 of the
    certificate's public key (the accepted certificate, as a phone that accepted it)."""
    cert = x509.load_pem_x509_certificate(certfile.read_bytes())
    spki = cert.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


def by_name(browser, *extra: str):
    """Another Chromium of the same Playwright, reaching this machine as table.lan."""
    return browser.browser_type.launch(executable_path=CHROMIUM,
                                       args=[*ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1", WEB_SHARE, *extra])


def installable(phone: Phone) -> set[str]:
    """Why Chromium would not install the app ("Add to Home Screen" as an app); a test
    context is incognito, which is left out."""
    session = phone.page.context.new_cdp_session(phone.page)
    try:
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    finally:
        session.detach()
    return {e["errorId"] for e in errors} - {"in-incognito"}


def six_at_a_game(data_dir) -> str:
    """A Nicht die Bohne! game of six, stored before the server starts."""
    repo = open_repository(data_dir)
    try:
        return Games(repo).new_game("nicht-die-bohne", {"players": SIX})
    finally:
        repo.close()


@pytest.mark.slow("two Chromiums of their own (the LAN name mapped; one trusting the table's certificate) "
                  "beside a server that makes its certificate")
def test_over_https_by_a_lan_name_the_phone_stays_awake_shares_and_installs(browser, tmp_path):
    six_at_a_game(tmp_path / "data")
    server = Server(tmp_path / "data", "--lan", "--https").start()
    lan = by_name(browser)
    trusting = by_name(browser, f"--ignore-certificate-errors-spki-list={spki_pin(tmp_path / 'data' / 'tls' / 'cert.pem')}")
    try:
        context = lan.new_context(viewport=PHONE, ignore_https_errors=True)  # "Proceed" tapped
        phone = Phone(context.new_page(), f"https://{NAME}:{server.port}").open()
        assert phone.page.evaluate("beanCounter.secure()") == {
            "secureContext": True, "wakeLock": True, "share": True, "serviceWorker": True}
        assert installable(phone) == {"not-from-secure-origin"}  # a home-screen shortcut (README)
        trusted = Phone(trusting.new_context(viewport=PHONE).new_page(), phone.base_url).open()
        assert installable(trusted) == set()

        # Home's Invite: the https address and the start of the certificate's fingerprint
        fingerprint = server.log_text().split("Certificate fingerprint (SHA-256) begins ")[1].split(" (")[0]
        phone.tap("Invite")
        phone.see(f"https://127.0.0.1:{server.port}")
        phone.see(f"The table's certificate (SHA-256) begins {fingerprint}: a phone that asks")
        phone.page.get_by_role("img", name=f"QR code for https://127.0.0.1:{server.port}").wait_for(timeout=15_000)
        phone.shot("https-invite")
        phone.tap("Done")

        phone.click(phone.button("Nicht die Bohne! " + bare(listed(SIX)), exact=False))  # the game, from Home
        phone.see("Round 1")
        phone.page.wait_for_function("beanCounter.awake()", timeout=10_000)
        assert phone.page.get_by_text("This address is plain http").count() == 0
        phone.tap("Back")
        phone.see("Resume")
        phone.page.wait_for_function("!beanCounter.awake()", timeout=10_000)
    finally:
        lan.close()
        trusting.close()
        server.stop()


def test_over_plain_http_by_a_lan_name_the_phone_is_told_that_https_keeps_it_awake(browser, tmp_path):
    game_id = six_at_a_game(tmp_path / "data")
    server = Server(tmp_path / "data", "--lan").start()
    lan = by_name(browser)
    try:
        context = lan.new_context(viewport=PHONE, color_scheme="dark")
        context.add_init_script(FONT_150)
        phone = Phone(context.new_page(), f"http://{NAME}:{server.port}").open(f"/game/{game_id}")
        assert phone.page.evaluate("beanCounter.secure()") == {
            "secureContext": False, "wakeLock": False, "share": False, "serviceWorker": False}
        assert "not-from-secure-origin" in installable(phone)
        phone.see("This address is plain http")
        phone.see("beans serve --https")
        phone.shot("http-sleep-hint-dark-150")
        assert phone.page.evaluate("beanCounter.awake()") is False
    finally:
        lan.close()
        server.stop()

