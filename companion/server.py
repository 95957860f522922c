"""``beans serve``: the app in the browser, one process writing one data directory."""

from __future__ import annotations

import asyncio
import errno
import gc
import ipaddress
import signal
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion import i18n, tls
from companion.session import TOO_FAST  # a phone's taps too fast: the door's line, and the session's for entries
from companion.ui.flet_compat import (
    FrameError,
    MessageAction,
    crash_frame,
    decode_frame,
    encode_frame,
    frame_action,
    known_controls_only,
)
from companion.web.bounds import Bucket
from companion.worker import BUSY
from sheets.i18n import N_, _, using
from sheets.limits import MAX_BYTES

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# FastAPI's generated pages (Flet serves through FastAPI): the app needs none of them.
HIDDEN = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})

# ---- what one phone may ask of the table (each checked at the door, before any work) ----
# A websocket frame: the largest is an upload (a score file of at most MAX_BYTES, see
# sheets.limits); a frame over this closes that phone's connection before it is read.
MAX_FRAME = 2 * MAX_BYTES
# Frames a phone sends: RATE a second, BURST at once (a fast tap or typing sends 2-3 a
# second each; a phone tapping as fast as it can about 15). The rest are dropped unread.
RATE, BURST = 30.0, 60.0
# A phone's answers to the app's own calls (local storage, device info, a picked file)
# count apart, so that a flood of events never drops the answer the app waits for.
ANSWERS_RATE, ANSWERS_BURST = 100.0, 200.0
# Big frames other than answers to the app's calls (a picked file is such an answer, and
# dropping one would leave the app waiting for it: uploads are bounded where they are read,
# companion/worker.py): BIG_BURST at once, then one each BIG_EVERY seconds.
BIG, BIG_BURST, BIG_EVERY = 64 * 1024, 3.0, 5.0
TELL_EVERY = 10.0  # seconds between two lines telling a phone a bound it hit
STALL = 20.0  # seconds a phone may leave what it is sent unread before it is dropped
MAX_PHONES = 120  # phones connected at once, all games together (a club night: 10 tables of 6)
MAX_PHONES_PER_ADDRESS = 24  # from one address on the network (the machine itself is not counted)
# One address cannot hold more than its share (issue 46: 120 idle connections from 5 addresses
# refused everyone after them): past OPEN_PLACES phones, the last places go only to addresses
# holding fewer than FAIR_SHARE (a new table). The serving machine's own browser and the host's
# phone (its device token, ``DEVICE_COOKIE``) are never refused for places others hold, nor counted.
OPEN_PLACES = MAX_PHONES - MAX_PHONES_PER_ADDRESS
FAIR_SHARE = 6
DEVICE_COOKIE = "bean-counter-device"  # set by bean-counter.js from the page's local storage
MAX_ROUTE = 2_000  # characters of an address in the app; a longer one is shown as not found
LONG_ROUTE = "/not-found"  # what a phone registering on a longer one is shown (the app's Not found)
MAX_PATH = 2_000  # characters of a requested path; a longer one is not found

TOO_MANY = N_("The table has as many phones as it can serve. Close Bean Counter on a phone that no longer "
              "needs it, then reload this page.")
SMALL = 4_096  # bytes: a phone's answer below this holds no language list worth trimming


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def invite_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "") else host
    return f"http://{shown}:{port}"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def foreign_origin(scope: Scope) -> bool:
    """A browser's websocket from a page another site served (its Origin is not the
    address this server was reached at). Browsers always send Origin; a client without
    one is no web page, and could send any Origin it liked."""
    origin = _header(scope, b"origin")
    return origin is not None and urlsplit(origin).netloc.lower() != (_header(scope, b"host") or "").lower()


def host_name(netloc: str) -> str:
    """The name or address of a Host header ("192.168.1.5:8550", "[::1]:8550"), lower case."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:].split("]")[0]
    return netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc


def own_hosts(host: str, lan: bool, certified: Iterable[str] = ()) -> frozenset[str]:
    """The names and addresses this server answers as: localhost, the address it listens
    on, this machine's names (``name``, ``name.local``), where it is shared on the
    network (``--lan``, or listening on every address) this machine's addresses there, and
    the names its certificate is valid for (``certified``: a club's domain given with
    ``--cert``; a wildcard "*.example.org" answers one label under it). A page whose name
    someone pointed at this machine (DNS rebinding) is none of them."""
    names = {"localhost", "127.0.0.1", "::1", host.lower(), *(name.lower().rstrip(".") for name in certified)}
    machine = socket.gethostname().lower()
    names |= {machine, f"{machine}.local", machine.split(".")[0]}
    if lan or host in ("0.0.0.0", "", "::"):
        names.add(lan_address())
        try:
            names |= {str(info[4][0]).lower() for info in socket.getaddrinfo(machine, None)}
        except OSError:
            pass
    names.discard("0.0.0.0")
    names.discard("")
    return frozenset(names)


def answers_as(hosts: frozenset[str], name: str) -> bool:
    """Whether ``name`` is among ``hosts``, or one label under a wildcard of them
    ("table.example.org" under "*.example.org"), as a certificate's names match."""
    name = name.rstrip(".")
    if name in hosts:
        return True
    label, _dot, rest = name.partition(".")
    return bool(label and rest) and f"*.{rest}" in hosts


def unversioned(path: str) -> str:
    """``path`` without the client's version prefix (``/v/<version>/``, companion/web)."""
    if path.startswith("/v/"):
        return "/" + path.split("/", 3)[3] if path.count("/") >= 3 else "/"
    return path


def hidden(path: str) -> bool:
    """FastAPI's pages, at any address that reaches them (a version prefix, doubled slashes)."""
    path = unversioned(path)
    while "//" in path:
        path = path.replace("//", "/")
    return path.rstrip("/") in HIDDEN


def cookie(scope: Scope, name: str) -> str | None:
    """The value of cookie ``name`` the request carries (a short one), or None."""
    for part in (_header(scope, b"cookie") or "")[:4_096].split(";"):
        key, _eq, value = part.strip().partition("=")
        if key == name and 0 < len(value) <= 128:
            return value
    return None


def loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


@dataclass(eq=False)
class Phone:
    """One phone's websocket at the door: what it may still send, and whether it is dropped."""

    language: str
    frames: Bucket = field(default_factory=lambda: Bucket(RATE, BURST))
    answers: Bucket = field(default_factory=lambda: Bucket(ANSWERS_RATE, ANSWERS_BURST))
    big: Bucket = field(default_factory=lambda: Bucket(1 / BIG_EVERY, BIG_BURST))
    told: float = -TELL_EVERY
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    counted: dict[str, int] = field(default_factory=dict)  # what was refused, for tests and the log

    def refuse(self, what: str) -> None:
        self.counted[what] = self.counted.get(what, 0) + 1


@dataclass
class Door:
    """The bounds every phone meets before the app does any work for it."""

    hosts: frozenset[str] | None = None  # None: any (an app embedding the server decides)
    phones: set[Phone] = field(default_factory=set)
    by_address: dict[str, int] = field(default_factory=dict)  # the network's phones, by address
    hosting: Callable[[str], bool] = lambda token: False  # whether a device token is a game's host's
    this_machine: Callable[[str], bool] = loopback  # an address of the serving machine (session.this_machine)

    def counted(self, address: str, token: str | None) -> str | None:
        """The address a phone connecting from ``address`` is counted under, "" when it is
        not counted (the serving machine, the host's phone); None when it is refused."""
        if not address or self.this_machine(address) or (token is not None and self.hosting(token)):
            return ""
        held, total = self.by_address.get(address, 0), sum(self.by_address.values())
        if total >= MAX_PHONES or held >= MAX_PHONES_PER_ADDRESS or (total >= OPEN_PLACES and held >= FAIR_SHARE):
            return None
        return address

    def answers(self, name: str) -> bool:
        """Whether this server answers as ``name`` (a Host header's name, lower case)."""
        return self.hosts is None or answers_as(self.hosts, name)

    def line(self, phone: Phone, words: str) -> bytes:
        with using(i18n.translations(phone.language)):
            return crash_frame(_(words))

    def admit(self, frame: bytes, phone: Phone) -> bytes | None:
        """The frame the app gets for ``frame`` (the same, or a registration whose route
        is too long made the app's Not found), or None: dropped at the door."""
        action = frame_action(frame)
        answer = action is MessageAction.INVOKE_METHOD
        if not (phone.answers if answer else phone.frames).take():
            phone.refuse("too fast")
            return None
        if len(frame) > BIG and not answer and not phone.big.take():
            phone.refuse("too big, too often")
            return None
        if action is MessageAction.REGISTER_CLIENT:
            return registration(frame)
        if answer and len(frame) > SMALL:
            return device_info(frame)
        return frame


def device_info(frame: bytes) -> bytes:
    """A phone's answer to an app's call, with a browser's language list (``get_device_info``)
    cut to its first ``i18n.MAX_TAGS`` tags of at most ``i18n.MAX_TAG`` characters, before
    Flet reads it into the app's types. Other answers pass as they are."""
    try:
        action, body = decode_frame(frame)
        result = body["result"]
    except (FrameError, TypeError, KeyError):
        return frame
    if not isinstance(result, dict) or not isinstance(result.get("languages"), list):
        return frame
    result["languages"] = [tag[:i18n.MAX_TAG + 1] if isinstance(tag, str) else None
                           for tag in result["languages"][:i18n.MAX_TAGS]]
    if isinstance(result.get("language"), str):
        result["language"] = result["language"][:i18n.MAX_TAG + 1]
    return encode_frame(action, body)


def registration(frame: bytes) -> bytes:
    """A phone's registration, with a route longer than ``MAX_ROUTE`` replaced by
    ``LONG_ROUTE`` (unreadable ones are left for Flet to refuse)."""
    try:
        action, body = decode_frame(frame)
        route = body["page"]["route"]
    except (FrameError, TypeError, KeyError):
        return frame
    if not isinstance(route, str) or len(route) <= MAX_ROUTE:
        return frame
    body["page"]["route"] = LONG_ROUTE
    if isinstance(body.get("page_name"), str) and len(body["page_name"]) > MAX_ROUTE:
        body["page_name"] = ""
    return encode_frame(action, body)


def not_found(status: int = 404, text: bytes = b"Not found") -> list[Message]:
    return [{"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                         (b"content-length", str(len(text)).encode())]},
            {"type": "http.response.body", "body": text}]


def guarded(app: ASGIApp, door: Door | None = None) -> ASGIApp:
    """``app`` answering only what the app needs: FastAPI's /docs and /openapi.json are
    not found (at any address), no response says ``Access-Control-Allow-Origin: *``
    (Flet adds it to every one), a request for a host this server does not answer as is
    refused, and so is a websocket from another site's page. Each phone's websocket
    meets the ``Door``'s bounds."""
    door = door or Door()

    async def guard(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        if not door.answers(host_name(_header(scope, b"host") or "")):
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            else:
                for message in not_found(421, b"This server does not answer at this address"):
                    await send(message)
            return
        if scope["type"] == "websocket":
            if foreign_origin(scope):
                await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
                return
            await phone_at_door(app, door, scope, receive, send)
            return
        path: str = scope["path"]
        if len(path) > MAX_PATH or hidden(path):
            for message in not_found():
                await send(message)
            return

        async def without_wildcard(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    (k, v) for k, v in message.get("headers", ()) if bytes(k).lower() != b"access-control-allow-origin"
                ]
            await send(message)

        await app(scope, receive, without_wildcard)

    return guard


async def phone_at_door(app: ASGIApp, door: Door, scope: Scope, receive: Receive, send: Send) -> None:
    """Serve one phone's websocket with the door's bounds: phones at once (and from one
    address), frames a second, big frames, a route's length, and a phone that stops
    reading what it is sent (dropped after ``STALL`` seconds, never buffered for good)."""
    language = i18n.negotiate(i18n.accepted(_header(scope, b"accept-language") or ""))
    phone = Phone(language)
    client = scope.get("client") or ("", 0)
    address = door.counted(str(client[0]), cookie(scope, DEVICE_COOKIE))
    if address is None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": door.line(phone, TOO_MANY)})
        await send({"type": "websocket.close", "code": 1013})  # try again later
        return
    door.phones.add(phone)
    if address:
        door.by_address[address] = door.by_address.get(address, 0) + 1

    async def tell(words: str) -> None:
        now = time.monotonic()
        if now - phone.told >= TELL_EVERY and not phone.dropped.is_set():
            phone.told = now
            await bounded_send({"type": "websocket.send", "bytes": door.line(phone, words)})

    async def bounded_receive() -> Message:
        while True:
            if phone.dropped.is_set():
                return {"type": "websocket.disconnect", "code": 1008}
            getting = asyncio.ensure_future(receive())
            dropping = asyncio.ensure_future(phone.dropped.wait())
            await asyncio.wait({getting, dropping}, return_when=asyncio.FIRST_COMPLETED)
            dropping.cancel()
            if not getting.done():
                getting.cancel()
                return {"type": "websocket.disconnect", "code": 1008}
            message = getting.result()
            data = message.get("bytes")
            if message["type"] != "websocket.receive" or data is None:
                return message
            admitted = door.admit(data, phone)
            if admitted is None:
                await tell(BUSY if len(data) > BIG else TOO_FAST)
                continue
            if admitted is not data:
                message = dict(message, bytes=admitted)
            return message

    async def bounded_send(message: Message) -> None:
        if message["type"] != "websocket.send":
            await send(message)  # accept, close
            return
        if phone.dropped.is_set():
            return  # what is left for a dropped phone is thrown away, not kept
        try:
            async with asyncio.timeout(STALL):  # (not wait_for: a task of its own for every message)
                await send(message)
        except TimeoutError:
            phone.refuse("stopped reading")
            phone.dropped.set()

    try:
        await app(scope, bounded_receive, bounded_send)
    finally:
        door.phones.discard(phone)
        if address:
            door.by_address[address] -= 1
            if not door.by_address[address]:
                del door.by_address[address]


# Objects made between two of the collector's youngest passes (Python's default: 700). A
# change makes some thousands for every phone's pieces, which live until its next change:
# collected that often, they were pushed up to where each full pass walks every phone's
# screen (some 480,000 objects at 120 phones, 0.2 s a pass). 20 tables of 6 phones, Undo
# and Redo in turn: the collector's time per change went from 1.8 ms to 0.3 ms.
YOUNG_OBJECTS = 50_000


def serve(host: str | None, port: int, data_dir: Path, lan: bool = False, https: bool = False,
          cert: Path | None = None, key: Path | None = None) -> None:
    import flet as ft
    import uvicorn

    from companion import worker
    from companion.session import Games, this_machine
    from companion.storage import open_repository
    from companion.ui.app import make_main
    from companion.web import STATIC, client_files

    if host is None:
        host = lan_address() if lan else "127.0.0.1"
    # a certificate of the host's own that cannot serve is bad input: before anything is touched
    given = tls.given_certificate(cert, key) if cert is not None and key is not None else None
    repo = open_repository(data_dir)  # refuses when another server holds the directory
    known_controls_only()  # an event for a control a phone does not have is dropped unread
    try:
        served = given or (tls.own_certificate(data_dir, tls.machine_names(host)) if https else None)
        port_free(host, port)  # a port in use: likewise
        games = Games(repo)
        url, hosts = where_served(host, port, lan, served)
        shared = lan or host not in ("127.0.0.1", "localhost", "::1")
        print(f"Bean Counter serves games from {data_dir}", file=sys.stderr)
        print(open_line(url, shared), file=sys.stderr)
        if served:
            say_certificate(served)
        if shared:
            import segno

            segno.make(url, error="m").terminal(out=sys.stderr, compact=True)
        # Flet's ASGI app, served by uvicorn as ft.run would, behind the guard
        app = ft.run(make_main(games, url if shared else None, served.short if served and shared else None),
                     assets_dir=str(STATIC), no_cdn=True, export_asgi_app=True)
        door = Door(hosts, hosting=games.hosting, this_machine=this_machine)
        threading.Thread(target=games.know_hosts, daemon=True).start()  # the hosts of games in play, off the loop
        config = uvicorn.Config(guarded(client_files(app), door), host=host, port=port, ws="websockets-sansio",
                                ws_max_size=MAX_FRAME, log_level="warning", access_log=False,
                                ssl_certfile=served.certfile if served else None,
                                ssl_keyfile=served.keyfile if served else None)
        gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
        worker.start()  # reads and checks uploads away from the phones' loop
        signal.signal(signal.SIGTERM, stop_on_sigterm)  # uvicorn sends it on once it has stopped
        uvicorn.Server(config).run()
    finally:
        worker.stop()
        repo.close()


# ``beans serve --https`` (issue 34): the port checked before the server starts, the
# https address and what the terminal says. The certificate is companion/tls.py's.

def stop_on_sigterm(_signal: int, _frame: object) -> None:
    """SIGTERM ends ``serve`` through its ``finally`` (the workers ended, the storage closed),
    as Ctrl-C does, instead of killing the process where it stands."""
    raise SystemExit(0)


def open_line(url: str, shared: bool) -> str:
    """What the terminal says to open: a phone cannot reach this machine's 127.0.0.1, so
    a server listening there only says how the phones join."""
    if shared:
        return f"Open {url} on the phones at the table"
    return (f"Open {url} in this machine's browser; for the phones at the table, "
            "start it with beans serve --lan")


class ServeError(Exception):
    """The server cannot start (this one line): a reason outside Bean Counter (exit 1), or
    with ``bad_input`` an address the user named that this machine cannot listen on (exit 2)."""

    def __init__(self, message: str, bad_input: bool = False):
        super().__init__(message)
        self.bad_input = bad_input


def port_free(host: str, port: int) -> None:
    """Bind the server's address once, as uvicorn will (and let go at once), before
    anything is printed: a port another program holds is one line, not uvicorn's log."""
    probe = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":  # as uvicorn binds; on Windows it would let two servers share the port
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host, port))
    except OSError as exc:
        if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", errno.EADDRINUSE)):
            raise ServeError(f"port {port} on {host} is in use (another beans serve, or another program): "
                             "stop it, or choose another --port") from None
        named = isinstance(exc, socket.gaierror) or exc.errno in (errno.EADDRNOTAVAIL, errno.EACCES)
        raise ServeError(f"cannot listen on {host} port {port}: {exc.strerror or exc}", bad_input=named) from None
    finally:
        probe.close()


def where_served(host: str, port: int, lan: bool, served: tls.Served | None) -> tuple[str, frozenset[str]]:
    """The address the terminal and the QR code show, and the names the server answers as
    (``own_hosts``, the certificate's among them): the one shown is always one of them."""
    url = tls_url(served, host, port) if served else invite_url(host, port)
    return url, own_hosts(host, lan, served.names if served else ())


def tls_url(served: tls.Served, host: str, port: int) -> str:
    """The https address phones open: the name the certificate is valid for."""
    shown = served.host_for(lan_address() if host in ("0.0.0.0", "::", "") else host)
    return f"https://[{shown}]:{port}" if ":" in shown else f"https://{shown}:{port}"


def say_certificate(served: tls.Served) -> None:
    """The fingerprint, so the host can compare it with what a phone shows before
    accepting the certificate, and why a new one was made (or a warning)."""
    if served.said:
        print(served.said, file=sys.stderr)
    print(f"Certificate fingerprint (SHA-256) begins {served.short} (a phone shows it in the certificate's details)",
          file=sys.stderr)
