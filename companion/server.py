"""``beans serve``: the app in the browser, one process writing one data directory."""

from __future__ import annotations

import errno
import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion import tls

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# How soon a worker thread (a client file compressed, an imported file stored) hands the
# interpreter back to the event loop that serves every phone: at Python's default of 5 ms
# a tap during a 1 MB upload read in a thread reached the other phones 5 to 18 times
# slower than without it, at 0.5 ms 2 to 4 times, at 0.1 ms 1.3 to 2 times, on this loaded
# 2-core machine (bench/upload.py). Uploads are read in a worker process now (worker.py).
SWITCH_INTERVAL = 0.0001

# FastAPI's generated pages (Flet serves through FastAPI): the app needs none of them.
HIDDEN = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json"})


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


def guarded(app: ASGIApp) -> ASGIApp:
    """``app`` answering only what the app needs: FastAPI's /docs and /openapi.json are
    not found, no response says ``Access-Control-Allow-Origin: *`` (Flet adds it to
    every one), and a websocket from another site's page is refused."""

    async def guard(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and foreign_origin(scope):
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        if scope["type"] == "http" and scope["path"].rstrip("/") in HIDDEN:
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
            await send({"type": "http.response.body", "body": b"Not found"})
            return

        async def without_wildcard(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    (k, v) for k, v in message.get("headers", ()) if bytes(k).lower() != b"access-control-allow-origin"
                ]
            await send(message)

        await app(scope, receive, without_wildcard if scope["type"] == "http" else send)

    return guard


def serve(host: str | None, port: int, data_dir: Path, lan: bool = False, https: bool = False,
          cert: Path | None = None, key: Path | None = None) -> None:
    import flet as ft
    import uvicorn

    from companion import worker
    from companion.session import Games
    from companion.storage import open_repository
    from companion.ui.app import make_main
    from companion.web import STATIC, client_files

    if host is None:
        host = lan_address() if lan else "127.0.0.1"
    # a certificate of the host's own that cannot serve is bad input: before anything is touched
    given = tls.given_certificate(cert, key) if cert is not None and key is not None else None
    repo = open_repository(data_dir)  # refuses when another server holds the directory
    try:
        served = given or (tls.own_certificate(data_dir, tls.machine_names(host)) if https else None)
        port_free(host, port)  # a port in use: likewise
        games = Games(repo)
        sys.setswitchinterval(SWITCH_INTERVAL)
        url = tls_url(served, host, port) if served else invite_url(host, port)
        print(f"Bean Counter serves games from {data_dir}", file=sys.stderr)
        print(f"Open {url} on the phones at the table", file=sys.stderr)
        if served:
            say_certificate(served)
        shared = lan or host not in ("127.0.0.1", "localhost", "::1")
        if shared:
            import segno

            segno.make(url, error="m").terminal(out=sys.stderr, compact=True)
        # Flet's ASGI app, served by uvicorn as ft.run would, behind the guard
        app = ft.run(make_main(games, url if shared else None, served.short if served and shared else None),
                     assets_dir=str(STATIC), no_cdn=True, export_asgi_app=True)
        config = uvicorn.Config(guarded(client_files(app)), host=host, port=port, ws="websockets-sansio",
                                log_level="warning", access_log=False,
                                ssl_certfile=served.certfile if served else None,
                                ssl_keyfile=served.keyfile if served else None)
        worker.start()  # reads and checks uploads away from the phones' loop
        uvicorn.Server(config).run()
    finally:
        worker.stop()
        repo.close()


# ``beans serve --https`` (issue 34): the port checked before the server starts, the
# https address and what the terminal says. The certificate is companion/tls.py's.

class ServeError(Exception):
    """The server cannot start for a reason outside Bean Counter (exit 1, this one line)."""


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
        raise ServeError(f"cannot listen on {host} port {port}: {exc.strerror or exc}") from None
    finally:
        probe.close()


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
