"""The server answers only what the app needs (issue 14): a real `beans serve`, asked
over plain HTTP and websockets (no browser)."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets

from companion.storage import GameNotFound, open_repository
from tests.e2e.conftest import Server


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
