"""`beans serve --lan --cert FILE --key FILE` (issue 46, item 3): a phone opening the
address the terminal shows, by the certificate's name (Chromium's --host-resolver-rules
maps bean.example to this machine's 127.0.0.1, as a club's name server would to its
server), gets the app, not "This server does not answer at this address" (HTTP 421)."""

from __future__ import annotations

import pytest

from testkit.browser import ARGS, CHROMIUM, PHONE, Server
from tests.companion.test_cert_names import certificate
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

NAME = "bean.example"


def test_a_phone_opens_the_shown_address_by_the_certificates_name(browser, tmp_path):
    certfile, keyfile = certificate(tmp_path, NAME)
    server = Server(tmp_path / "data", "--lan", "--cert", str(certfile), "--key", str(keyfile)).start()
    club = browser.browser_type.launch(executable_path=CHROMIUM, args=[*ARGS, f"--host-resolver-rules=MAP {NAME} 127.0.0.1"])
    try:
        shown = f"https://{NAME}:{server.port}"
        assert f"Open {shown} on the phones" in server.log_text()
        page = club.new_context(viewport=PHONE, ignore_https_errors=True).new_page()  # a self-made certificate
        response = page.goto(shown + "/")
        assert response is not None and response.status == 200
        phone = Phone(page, shown).open()
        phone.page.get_by_role("button", name="New game").first.wait_for(timeout=15_000)
        phone.shot("cert-names-home")
    finally:
        club.close()
        server.stop()
