"""What a phone downloads: Bean Counter's page, name and icons (``static/``, Flet's
``assets_dir``), and Flet's web client from the flet-web wheel, made light to fetch.

- ``/bean-counter.js`` (``bean-counter.js`` filled in here) moves Flet's client files to
  ``/v/<version>/...``: the same files, kept by the phone for good (they change only
  with flet-web or these files, and then the version changes). The page and everything
  else are revalidated on each load (``no-cache``: a 304 when unchanged).
- The client's big files are sent gzip-compressed when the browser accepts it (browsers
  offer brotli only over https, and the table uses http): compressed once per server
  in a worker thread, so the event loop never waits on it.
- Characters no bundled font has (Chinese, emoji, ...) are drawn with the fallback font
  slices of the ``bean-counter-companion-fonts`` distribution (``fonts.py``), where the
  client would ask Google Fonts: plain files, kept by the phone for good.
- ``static/assets/FontManifest.json`` lists only the icon font: the maths (KaTeX) and
  Cupertino icon fonts of Flet's client are not downloaded (the app uses neither).
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import json
import mimetypes
import threading
from collections.abc import Awaitable, Callable, MutableMapping
from importlib import metadata
from pathlib import Path
from typing import Any

import flet_web  # type: ignore[import-untyped]

from companion import i18n
from companion.web.fonts import PREFIX as FONTS, FallbackFonts
from sheets.i18n import N_

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"  # Flet's assets_dir: served before (and instead of) Flet's own files
SCRIPT = HERE / "bean-counter.js"

KEEP = b"public, max-age=31536000, immutable"
MAX_FILE_NAME = 200  # characters of a client file's path (the longest is about 60)
REVALIDATE = b"no-cache"
COMPRESSIBLE = frozenset({".wasm", ".js", ".mjs", ".json", ".otf", ".ttf", ".map", ".frag", ".symbols"})
FIRST_SCREEN = ("main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js",
                "assets/fonts/MaterialIcons-Regular.otf")  # compressed as the server starts
# Flet writes these itself (its patched copies), so they are never taken from the wheel here
PATCHED_BY_FLET = frozenset({"index.html", "manifest.json", "assets/FontManifest.json"})

# The lost-connection screen's words: shown when the server is gone, so bean-counter.js
# carries them in every language, and picks the phone's.
LOST = N_("The connection to the table is lost")
RECONNECTS = N_("Bean Counter reconnects by itself as soon as the table's server answers again. "
                "Keep this page open.")
# Over the page a phone reloads to come back (issue 48: a splash, "Working..." and an empty
# page for several seconds looked broken), until the app has drawn its screen again.
BACK = N_("Reconnecting…")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")


def flet_web_dir() -> Path:
    return Path(flet_web.get_package_web_dir())


def client_version() -> str:
    """Changes whenever a file a phone keeps could change: flet-web's version and the
    content of ``static/``."""
    digest = hashlib.sha256(metadata.version("flet-web").encode())
    for path in sorted(STATIC.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(STATIC).as_posix().encode())
            digest.update(path.read_bytes())
    return f"{metadata.version('flet-web')}-{digest.hexdigest()[:10]}"


def page_script(version: str) -> bytes:
    words = {code: {"lost": i18n.translations(code).gettext(LOST),
                    "reconnects": i18n.translations(code).gettext(RECONNECTS),
                    "back": i18n.translations(code).gettext(BACK)} for code in i18n.LANGUAGES}
    config = json.dumps({"version": version, "words": words}, ensure_ascii=False)
    return SCRIPT.read_text(encoding="utf-8").replace("__CONFIG__", config).encode()


def _header(scope: Scope, name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if bytes(key).lower() == name:
            return bytes(value).decode("latin-1")
    return ""


def accepts_gzip(scope: Scope) -> bool:
    return any(part.split(";")[0].strip().lower() in ("gzip", "*")
               for part in _header(scope, b"accept-encoding").split(","))


class Compressed:
    """Gzipped copies of the client's files, made once each (in a thread) and kept in memory."""

    def __init__(self) -> None:
        self._done: dict[Path, tuple[bytes, str]] = {}
        self._lock = threading.Lock()
        self._making: dict[Path, threading.Lock] = {}

    def get(self, path: Path) -> tuple[bytes, str]:
        """(gzip bytes, ETag); blocks while compressing: call it from a worker thread."""
        with self._lock:
            if path in self._done:
                return self._done[path]
            making = self._making.setdefault(path, threading.Lock())
        with making:
            if path not in self._done:
                body = gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)
                etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '-gz"'
                with self._lock:
                    self._done[path] = (body, etag)
        return self._done[path]

    def warm(self, paths: list[Path]) -> None:
        """Compress ``paths`` in the background, so the first phone does not wait."""
        def run() -> None:
            for path in paths:
                if path.is_file():
                    self.get(path)

        threading.Thread(target=run, name="compress-client", daemon=True).start()


def _respond(status: int, headers: list[tuple[bytes, bytes]], body: bytes = b"") -> list[Message]:
    return [{"type": "http.response.start", "status": status, "headers": headers},
            {"type": "http.response.body", "body": body}]


def client_files(app: ASGIApp, web_dir: Path | None = None) -> ASGIApp:
    """``app`` (Flet's ASGI app, started with ``assets_dir=STATIC``) with the page script,
    versioned client addresses, compression and cache headers."""
    web = (web_dir or flet_web_dir()).resolve()
    version = client_version()
    script = page_script(version)
    script_etag = '"' + hashlib.sha256(script).hexdigest()[:20] + '"'
    prefix = f"/v/{version}/"
    compressed = Compressed()
    compressed.warm([web / name for name in FIRST_SCREEN])
    fallback = FallbackFonts()

    def wheel_file(path: str) -> Path | None:
        """The flet-web file a request path names, unless Flet serves its own copy or
        ``static/`` has one; None for anything else (and for any path leaving the folder,
        a name no file can have, or one longer than any of the client's)."""
        name = path.lstrip("/")
        if not name or len(name) > MAX_FILE_NAME or "\x00" in name or name in PATCHED_BY_FLET:
            return None
        try:
            if (STATIC / name).is_file():
                return None
            candidate = (web / name).resolve()
            if candidate.is_relative_to(web) and candidate.is_file():
                return candidate
        except (OSError, ValueError):  # a name the disk cannot hold
            return None
        return None

    async def serve(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        path: str = scope["path"]
        keep = False
        if path.startswith("/v/"):
            # a versioned address: the same file; kept for good only if it is this version's
            keep = path.startswith(prefix)
            path = "/" + path.split("/", 3)[3] if path.count("/") >= 3 else "/"
            scope = dict(scope, path=path, raw_path=path.encode())
        cache = KEEP if keep else REVALIDATE

        if path == "/bean-counter.js":
            headers = [(b"content-type", b"text/javascript; charset=utf-8"), (b"cache-control", REVALIDATE),
                       (b"etag", script_etag.encode())]
            if _header(scope, b"if-none-match") == script_etag:
                messages = _respond(304, headers)
            else:
                headers.append((b"content-length", str(len(script)).encode()))
                messages = _respond(200, headers, script if scope["method"] == "GET" else b"")
            for message in messages:
                await send(message)
            return

        font = fallback.file(path.removeprefix(FONTS)) if path.startswith(FONTS) else None
        if font is not None:
            body = await asyncio.to_thread(font.read_bytes)  # (a slice is at most a few hundred KB)
            # the address names one slice of one Noto font version: it never changes
            headers = [(b"content-type", b"font/woff2"), (b"cache-control", KEEP),
                       (b"content-length", str(len(body)).encode())]
            for message in _respond(200, headers, body if scope["method"] == "GET" else b""):
                await send(message)
            return

        source = wheel_file(path)
        if source is not None and source.suffix in COMPRESSIBLE and accepts_gzip(scope):
            body, etag = await asyncio.to_thread(compressed.get, source)
            kind = mimetypes.guess_type(source.name)[0] or "application/octet-stream"
            headers = [(b"content-type", kind.encode()), (b"content-encoding", b"gzip"),
                       (b"vary", b"accept-encoding"), (b"cache-control", cache), (b"etag", etag.encode())]
            if etag in _header(scope, b"if-none-match"):
                messages = _respond(304, headers)
            else:
                headers.append((b"content-length", str(len(body)).encode()))
                messages = _respond(200, headers, body if scope["method"] == "GET" else b"")
            for message in messages:
                await send(message)
            return

        async def with_cache_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ()) if bytes(k).lower() != b"cache-control"]
                message["headers"] = headers + [(b"cache-control", cache)]
            await send(message)

        await app(scope, receive, with_cache_header)

    return serve


__all__ = ["STATIC", "client_files", "client_version"]
