"""A table with no internet (issue 18): every request a page makes stays on the serving
machine, and names in other scripts are drawn with fonts this server gives."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

NAMES = ["Zoë 🫘 李雷", "سارا ♞", "Bo"]


@pytest.fixture
def table(tmp_path):
    repo = open_repository(tmp_path)
    gid = Games(repo).new_game("nicht-die-bohne", {"players": NAMES})
    repo.close()
    server = Server(tmp_path).start()
    yield server, gid
    server.stop()


def test_home_and_a_game_ask_nothing_off_this_machine_and_draw_every_name(browser, table):
    server, gid = table
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    requested: list[str] = []
    answered: dict[str, int] = {}
    page.on("request", lambda request: requested.append(request.url))
    page.on("response", lambda response: answered.__setitem__(response.url, response.status))

    phone = Phone(page, server.url).open("/")
    phone.button("New game", exact=False).first.wait_for()
    phone.click(phone.button("Zoë 🫘 李雷", exact=False).first)
    phone.chip("Zoë 🫘 李雷 0/20").wait_for()
    fonts = [url for url in requested if "/assets/fonts/noto" in url]
    for _ in range(60):  # the fallback fonts come after the first frame that needs them
        if fonts and all(url in answered for url in fonts):
            break
        page.wait_for_timeout(500)
        fonts = [url for url in requested if "/assets/fonts/noto" in url]
    phone.shot("offline-names")

    away = [url for url in requested
            if urlsplit(url).scheme not in ("blob", "data") and urlsplit(url).hostname != "127.0.0.1"]
    assert away == []
    assert f"{server.url}/game/{gid}" in requested or f"{server.url}/" in requested
    # the Chinese name, the bean emoji, the Arabic name and the chess knight each needed a
    # fallback font, and got one
    for family in ("notosanssc", "notocoloremoji", "notosansarabic", "notosanssymbols2"):
        assert any(f"/{family}/" in url for url in fonts), (family, fonts)
    assert {url: answered[url] for url in fonts} == {url: 200 for url in fonts}
    assert [url for url, status in answered.items() if status == 404] == []
    context.close()
