"""The server answers only what the app needs (issue 14): a real `beans serve`, asked
over plain HTTP and websockets (no browser)."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets
from fontTools.ttLib import TTFont

from companion.storage import GameNotFound, open_repository
from companion.web import STATIC, client_version, flet_web_dir
from companion.web.fonts import FallbackFonts
from testkit.browser import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("data")).start()
    try:
        yield running
    finally:
        running.stop()


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


@pytest.mark.parametrize("path", ["/docs", "/openapi.json", "/redoc", "/docs/oauth2-redirect"])
def test_fastapi_pages_are_not_served(server, path):
    assert status(server.url + path) == 404


def test_the_app_itself_is_served_without_a_wildcard_cross_origin_header(server):
    with urllib.request.urlopen(server.url + "/", timeout=10) as response:
        assert response.status == 200
        assert response.headers.get("Access-Control-Allow-Origin") is None


def connect(server: Server, origin: str | None) -> str:
    async def attempt() -> str:
        try:
            async with websockets.connect(server.url.replace("http", "ws") + "/ws", origin=origin, open_timeout=10):
                return "accepted"
        except websockets.InvalidStatus as exc:
            return f"refused {exc.response.status_code}"

    return asyncio.run(attempt())


def test_a_websocket_from_another_sites_page_is_refused(server):
    assert connect(server, "http://evil.example") == "refused 403"
    assert connect(server, f"http://127.0.0.1:{server.port}.evil.example") == "refused 403"


def test_a_websocket_from_the_apps_own_page_is_accepted(server):
    assert connect(server, server.url) == "accepted"


def test_game_not_found_names_no_path_of_the_server(tmp_path: Path):
    repo = open_repository(tmp_path)
    try:
        with pytest.raises(GameNotFound) as caught:
            repo.load("nope")
    finally:
        repo.close()
    assert str(tmp_path) not in str(caught.value)


# What a phone downloads (issues 17, 18): Bean Counter's own page, compressed, kept, offline


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status), {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_page_is_bean_counters_and_is_revalidated_on_each_load(server):
    status, headers, body = fetch(server.url + "/game/anything")
    page = body.decode()
    assert status == 200 and headers["cache-control"] == "no-cache"
    assert "<title>Bean Counter</title>" in page and 'content="Flet' not in page
    assert '<meta name="apple-mobile-web-app-title" content="Bean Counter">' in page
    assert 'rel="apple-touch-icon" href="icons/apple-touch-icon.png"' in page
    assert '<script src="bean-counter.js"></script>' in page
    assert "flet.webSocketEndpoint" in page  # Flet filled in its config


def test_add_to_home_screen_installs_bean_counter_with_its_icons(server):
    status, _, body = fetch(server.url + "/manifest.json")
    manifest = json.loads(body)
    assert status == 200
    assert (manifest["name"], manifest["short_name"]) == ("Bean Counter", "Beans")
    assert manifest["theme_color"] == manifest["background_color"] == "#5D4037"
    purposes = set()
    for icon in manifest["icons"]:
        status, headers, data = fetch(f"{server.url}/{icon['src']}")
        assert status == 200 and headers["content-type"] == "image/png"
        assert png_size(data) == tuple(int(n) for n in icon["sizes"].split("x"))
        assert data == (STATIC / icon["src"]).read_bytes()
        purposes.add(icon.get("purpose", "any"))
    assert purposes == {"any", "maskable"}
    for path, size in (("icons/apple-touch-icon.png", (180, 180)), ("favicon.png", (64, 64))):
        status, _, data = fetch(f"{server.url}/{path}")
        assert status == 200 and png_size(data) == size and data == (STATIC / path).read_bytes()


def test_the_clients_files_come_gzipped_from_a_versioned_address_kept_for_good(server):
    _, _, script = fetch(server.url + "/bean-counter.js")
    version = client_version()
    assert f'"version": "{version}"' in script.decode()
    url = f"{server.url}/v/{version}/main.dart.wasm"
    status, headers, body = fetch(url, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip"
    assert headers["cache-control"] == "public, max-age=31536000, immutable"
    original = (flet_web_dir() / "main.dart.wasm").read_bytes()
    assert gzip.decompress(body) == original and len(body) < len(original) / 2
    again, _, _ = fetch(url, **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
    assert again == 304
    # a browser that takes no gzip gets the file itself; an old version's address is not kept
    _, plain_headers, plain = fetch(url)
    assert plain == original and "content-encoding" not in plain_headers
    _, old_headers, old = fetch(f"{server.url}/v/0.0.0-old/main.dart.wasm")
    assert old == original and old_headers["cache-control"] == "no-cache"


def test_no_maths_or_cupertino_fonts_are_listed_for_download(server):
    _, _, body = fetch(f"{server.url}/v/{client_version()}/assets/FontManifest.json")
    families = {family["family"] for family in json.loads(body)}
    assert families == {"MaterialIcons", "Roboto"}  # Roboto: added by Flet for no_cdn


@pytest.mark.parametrize("path", ["/v/x/../../pyproject.toml", "/v/x/%2e%2e/%2e%2e/pyproject.toml",
                                  "/assets/fonts/../../../pyproject.toml"])
def test_no_file_outside_the_clients_folders_is_served(server, path):
    status, _, body = fetch(server.url + path)
    assert b"[project]" not in body


def test_a_chinese_name_gets_a_fallback_font_slice_made_here(server):
    table = FallbackFonts(flet_web_dir()).table()
    wanted = ord("李")
    slices = [name for name, ranges in table.items()
              if name.startswith("notosanssc/") and any(low <= wanted <= high for low, high in ranges)]
    assert len(slices) == 1  # the engine's table, read from the client: one Simplified Chinese slice has it
    status, headers, body = fetch(f"{server.url}/assets/fonts/{slices[0]}", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable"
    font = TTFont(io.BytesIO(gzip.decompress(body)))
    assert wanted in font.getBestCmap()
    status, _, _ = fetch(f"{server.url}/assets/fonts/notosansnosuchscript/v1/x.woff2", **{"Accept-Encoding": "gzip"})
    assert status == 404
