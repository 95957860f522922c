"""The server answers only what the app needs (issue 14): a real `beans serve`, asked
over plain HTTP and websockets (no browser)."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import socket
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from itertools import repeat
from pathlib import Path
from typing import Any

import pytest
import websockets
from fontTools.ttLib import TTFont

from companion import i18n, server as door_module
from companion.server import (
    BIG, BIG_BURST, BURST, LONG_ROUTE, MAX_FRAME, TOO_FAST, TOO_MANY, Door, Phone, device_info, hidden, host_name,
    own_hosts, phone_at_door, registration,
)
from companion.storage import GameNotFound, open_repository
from companion.ui.flet_compat import MessageAction, decode_frame, encode_frame, fallback_font_table
from companion.web import STATIC, client_version, flet_web_dir
from sheets.i18n import _, using
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


def test_a_chinese_name_gets_the_fallback_font_slice_shipped_for_it(server):
    table = fallback_font_table((flet_web_dir() / "main.dart.js").read_text(encoding="utf-8"))
    wanted = ord("李")
    slices = [name for name, ranges in table.items()
              if name.startswith("notosanssc/") and any(low <= wanted <= high for low, high in ranges)]
    assert len(slices) == 1  # the engine's table, read from the client: one Simplified Chinese slice has it
    status, headers, body = fetch(f"{server.url}/assets/fonts/{slices[0]}")
    assert status == 200 and headers["cache-control"] == "public, max-age=31536000, immutable"
    assert headers["content-type"] == "font/woff2"
    font = TTFont(io.BytesIO(body))
    assert font.flavor == "woff2" and wanted in font.getBestCmap()
    status, _, _ = fetch(f"{server.url}/assets/fonts/notosansnosuchscript/v1/x.woff2")
    assert status == 404


# --- issue 33: every phone's resource is bounded at the door ---------------------------------



@pytest.mark.parametrize("path", ["/v/anything/docs", "/v/x/openapi.json", "/v/x/redoc", "//docs", "/v/x//openapi.json",
                                  "/docs/"])
def test_fastapi_pages_are_not_served_under_a_version_prefix_either(server, path):
    assert hidden(path)
    assert status(server.url + path) == 404


def test_the_apps_own_addresses_are_not_hidden():
    assert not hidden("/v/x/main.dart.js") and not hidden("/game/docs") and not hidden("/")


def handshake(port: int, host: str, origin: str | None) -> int:
    """The HTTP status a websocket handshake to ``/ws`` gets with these Host and Origin."""
    lines = ["GET /ws HTTP/1.1", f"Host: {host}", "Upgrade: websocket", "Connection: Upgrade",
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"]
    if origin:
        lines.append(f"Origin: {origin}")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        return int(sock.recv(1024).split(b" ")[1])


def test_dns_rebinding_a_page_whose_name_points_here_is_refused(server):
    """A name someone pointed at this machine: Origin and Host agree, and both are foreign."""
    rebound = f"bean-counter.evil.example:{server.port}"
    assert handshake(server.port, rebound, f"http://{rebound}") == 403
    assert handshake(server.port, f"127.0.0.1:{server.port}", server.url) == 101
    assert handshake(server.port, f"localhost:{server.port}", f"http://localhost:{server.port}") == 101
    request = urllib.request.Request(server.url + "/", headers={"Host": rebound})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 421


def test_the_server_answers_as_its_own_names_only():
    hosts = own_hosts("127.0.0.1", lan=False)
    assert {"localhost", "127.0.0.1", "::1", socket.gethostname().lower()} <= hosts
    assert "evil.example" not in hosts and "0.0.0.0" not in hosts
    assert door_module.lan_address() in own_hosts("0.0.0.0", lan=False)
    assert host_name("LocalHost:8550") == "localhost" and host_name("[::1]:8550") == "::1"


@pytest.mark.parametrize("name", ["x" * 5000, "notosanssc/%00.woff2", "%00", "a/" * 3000])
def test_a_font_or_file_name_no_disk_holds_is_not_found_not_a_server_error(server, name):
    for prefix in ("/assets/fonts/", "/", "/v/x/"):
        code, _, _ = fetch(server.url + prefix + name, **{"Accept-Encoding": "gzip"})
        assert code == 404, (prefix, code)


def register(route: str) -> bytes:
    return encode_frame(MessageAction.REGISTER_CLIENT, {"session_id": None, "page_name": "", "page": {
        "web": True, "wasm": True, "platform": "android", "width": 390.0, "height": 844.0,
        "platform_brightness": "light", "route": route}})


async def a_phone(server: Server, first: list[bytes], stop: Callable[[list[Any]], bool],
                  answer: dict[str, Any] | None = None) -> tuple[list[Any], int | None]:
    """A screenless phone: sends ``first``, answers the app's calls, collects what it is
    sent (decoded) until ``stop`` says so or the server closes; (messages, close code)."""
    got: list[Any] = []
    async with websockets.connect(server.url.replace("http", "ws") + "/ws", max_size=None) as ws:
        for data in first:
            await ws.send(data)
        try:
            while not stop(got):
                action, body = decode_frame(await asyncio.wait_for(ws.recv(), 60))
                got.append((action, body))
                if action is MessageAction.INVOKE_METHOD:  # the app asks the phone: local storage, device info
                    result = (answer or {}).get(body["name"], True if body["name"] != "get" else None)
                    await ws.send(encode_frame(MessageAction.INVOKE_METHOD, {
                        "control_id": body["control_id"], "call_id": body["call_id"], "result": result,
                        "error": None}))
        except websockets.ConnectionClosed as closed:
            return got, closed.rcvd.code if closed.rcvd else None
    return got, None


def shown(messages: list[Any], text: str) -> bool:
    return text in repr(messages)


def crash_lines(messages: list[Any]) -> list[str]:
    return [body["message"] for action, body in messages
            if action is MessageAction.SESSION_CRASHED and isinstance(body, dict)]


def test_a_one_megabyte_route_shows_not_found_not_something_went_wrong(server):
    messages, _ = asyncio.run(a_phone(server, [register("/" + "x" * 1_000_000)],
                                      lambda got: shown(got, "There is nothing at this address.")))
    assert shown(messages, "There is nothing at this address.")
    assert crash_lines(messages) == []


def test_a_flood_of_unknown_ids_is_dropped_and_told_once(server):
    flood = [encode_frame(MessageAction.CONTROL_EVENT, {"target": 10**9 + n, "name": "click", "data": None})
             for n in range(1_000)]
    messages, code = asyncio.run(a_phone(server, [register("/"), *flood],
                                         lambda got: shown(got, "Import a score file") and bool(crash_lines(got))))
    assert code is None  # still connected, and served: its Home came
    assert crash_lines(messages) == [TOO_FAST]  # one line, in its language (English here)


def test_a_frame_over_the_bound_closes_that_phone_unread(server):
    _, code = asyncio.run(a_phone(server, [register("/"), b"\x00" + b"x" * (MAX_FRAME + 1)], lambda got: False))
    assert code == 1009  # "message too big", before it is read


def test_a_phone_told_of_a_bound_hears_it_in_its_browsers_language(server):
    async def german() -> list[Any]:
        got: list[Any] = []
        flood = [encode_frame(MessageAction.CONTROL_EVENT, {"target": 10**9 + n, "name": "click", "data": None})
                 for n in range(200)]
        async with websockets.connect(server.url.replace("http", "ws") + "/ws",
                                      additional_headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}) as ws:
            for data in [register("/"), *flood]:
                await ws.send(data)
            while not crash_lines(got):
                got.append(decode_frame(await asyncio.wait_for(ws.recv(), 60)))
        return got

    with using(i18n.translations("de")):
        expected = _(TOO_FAST)
    assert crash_lines(asyncio.run(german())) == [expected] and expected != TOO_FAST




# the door's bounds, counted without a network

def frames(n: int, size: int = 40) -> list[bytes]:
    return [encode_frame(MessageAction.CONTROL_EVENT, {"target": k, "name": "click", "data": "x" * size})
            for k in range(n)]


def test_events_a_second_are_bounded_per_phone_and_one_phone_does_not_spend_anothers():
    door, flooder, other = Door(), Phone("en"), Phone("en")
    admitted = [f for f in frames(1_000) if door.admit(f, flooder) is not None]
    assert BURST <= len(admitted) <= BURST + 2  # the rest dropped unread
    assert flooder.counted["too fast"] == 1_000 - len(admitted)
    assert door.admit(frames(1)[0], other) is not None


def test_big_frames_are_bounded_per_phone():
    door, phone = Door(), Phone("en")
    big = frames(10, BIG + 1)
    assert sum(door.admit(f, phone) is not None for f in big) == BIG_BURST
    assert door.admit(frames(1)[0], phone) is not None  # small frames still pass


def test_a_long_route_is_registered_as_not_found_and_a_short_one_as_it_is():
    assert decode_frame(registration(register("/" + "x" * 5000)))[1]["page"]["route"] == LONG_ROUTE
    assert registration(register("/game/abc")) == register("/game/abc")


def test_a_browsers_language_list_is_cut_at_the_door_before_flet_reads_it():
    answer = encode_frame(MessageAction.INVOKE_METHOD, {"control_id": 1, "call_id": "c", "error": None, "result": {
        "browser_name": "chrome", "language": "x" * 5000, "languages": ["fr-FR"] * 200_000}})
    body = decode_frame(device_info(answer))[1]["result"]
    assert len(body["languages"]) == i18n.MAX_TAGS
    assert len(body["language"]) == i18n.MAX_TAG + 1  # still too long to be read as a tag
    small = encode_frame(MessageAction.INVOKE_METHOD,
                         {"control_id": 1, "call_id": "c", "error": None, "result": "token"})
    assert Door().admit(small, Phone("en")) == small


def test_negotiation_reads_only_the_first_tags_and_passes_over_long_ones():
    assert i18n.negotiate(repeat("xx-YY")) == "en"  # an endless list: the first ten are read
    assert i18n.negotiate(["fr"] * i18n.MAX_TAGS + ["de"]) == "en"
    assert i18n.negotiate(["de" + "-x" * 100, "de-DE"]) == "de"
    assert i18n.negotiate([None, 7, "de"]) == "de"  # type: ignore[list-item]
    assert i18n.accepted(",".join(["fr"] * 200_000) + ",de") == ["fr"] * i18n.MAX_TAGS
    assert i18n.accepted("de-DE,de;q=0.9,*;q=0.1") == ["de-DE", "de"]


class FakeSocket:
    """What uvicorn hands the app for one websocket, for the door alone."""

    def __init__(self, incoming: list[bytes], stuck: bool = False):
        self.incoming = list(incoming)
        self.sent: list[Any] = []
        self.stuck = stuck

    async def receive(self) -> dict[str, Any]:
        if self.incoming:
            return {"type": "websocket.receive", "bytes": self.incoming.pop(0)}
        await asyncio.Event().wait()  # the phone says nothing more
        return {}

    async def send(self, message: dict[str, Any]) -> None:
        if self.stuck and message.get("type") == "websocket.send":
            await asyncio.Event().wait()  # the phone stopped reading: its buffer is full
        self.sent.append(message)


SCOPE = {"type": "websocket", "path": "/ws", "headers": [], "client": ("192.168.1.50", 5000)}


def test_phones_at_once_are_bounded_and_the_next_one_is_told(monkeypatch):
    monkeypatch.setattr(door_module, "MAX_PHONES", 2)
    door = Door()
    entered: list[int] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        entered.append(1)
        await receive()

    async def run() -> FakeSocket:
        waiting = [asyncio.ensure_future(phone_at_door(app, door, SCOPE, FakeSocket([]).receive, FakeSocket([]).send))
                   for _ in range(2)]
        await asyncio.sleep(0)
        third = FakeSocket([])
        await phone_at_door(app, door, SCOPE, third.receive, third.send)
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)
        return third

    third = asyncio.run(run())
    assert len(entered) == 2  # the third never reached the app
    told = [m for m in third.sent if m["type"] == "websocket.send"]
    assert len(told) == 1 and TOO_MANY in repr(decode_frame(told[0]["bytes"]))
    assert third.sent[-1]["type"] == "websocket.close"
    assert door.phones == set() and door.by_address == {}  # the two that left are not counted


def test_phones_from_one_address_are_bounded(monkeypatch):
    monkeypatch.setattr(door_module, "MAX_PHONES_PER_ADDRESS", 1)
    door = Door()
    entered: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        entered.append(scope["client"][0])
        await receive()

    async def run() -> None:
        first = asyncio.ensure_future(phone_at_door(app, door, SCOPE, FakeSocket([]).receive, FakeSocket([]).send))
        await asyncio.sleep(0)
        await phone_at_door(app, door, SCOPE, FakeSocket([]).receive, FakeSocket([]).send)  # refused
        other = dict(SCOPE, client=("192.168.1.51", 5000))
        second = asyncio.ensure_future(phone_at_door(app, door, other, FakeSocket([]).receive, FakeSocket([]).send))
        local = dict(SCOPE, client=("127.0.0.1", 5000))  # the machine itself is not counted
        third = asyncio.ensure_future(phone_at_door(app, door, local, FakeSocket([]).receive, FakeSocket([]).send))
        await asyncio.sleep(0)
        for task in (first, second, third):
            task.cancel()
        await asyncio.gather(first, second, third, return_exceptions=True)

    asyncio.run(run())
    assert entered == ["192.168.1.50", "192.168.1.51", "127.0.0.1"]


def test_a_phone_that_stops_reading_is_dropped_and_nothing_more_is_kept_for_it(monkeypatch):
    monkeypatch.setattr(door_module, "STALL", 0)  # (the bound's length is not what is tested here)
    socket_ = FakeSocket([], stuck=True)
    after: list[Any] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.accept"})
        for n in range(100):
            await send({"type": "websocket.send", "bytes": b"update %d" % n})
        after.append(await receive())

    asyncio.run(phone_at_door(app, Door(), SCOPE, socket_.receive, socket_.send))
    assert [m["type"] for m in socket_.sent] == ["websocket.accept"]  # nothing buffered for it
    assert after == [{"type": "websocket.disconnect", "code": 1008}]  # the app lets it go


def test_a_flood_of_events_never_drops_the_answer_the_app_waits_for():
    door, phone = Door(), Phone("en")
    for event in frames(1_000):
        door.admit(event, phone)
    answer = encode_frame(MessageAction.INVOKE_METHOD,
                          {"control_id": 1, "call_id": "c", "error": None, "result": "token"})
    assert door.admit(answer, phone) == answer
