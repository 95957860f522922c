"""Flet sessions in this process, without a network: what the server does for each phone.

``Phone`` is a Flet ``Session`` on a connection that packs every message as the web
server does (Flet's wire format, flet_compat.encode_message) and keeps nothing: the app's whole server-side work
for that phone (render, diff, patch, encode) happens here, and only the socket write is
left out. A phone answers the app's local-storage read with its device token, as a phone
that sat at the table before does. Flet's internals it needs come from
companion/ui/flet_compat.py. Used by bench/server_time.py, bench/apps and the tests.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import flet as ft

from companion.session import WRITES
from companion.ui.app import DEVICE_KEY
from companion.ui.flet_compat import (
    BaseControl,
    Component,
    Connection,
    Message,
    MessageAction,
    PubSubHub,
    RegisterClientResponseBody,
    Session,
    bind_page,
    encode_message,
    page_layers,
    rendered,
)

PAGE = {"web": True, "wasm": True, "platform": "android", "width": 390.0, "height": 844.0,
        "platform_brightness": "light"}


class Phone(Connection):
    """One phone's session of ``main`` on ``route``; ``device`` its stored token."""

    def __init__(self, hub: PubSubHub, executor: ThreadPoolExecutor, device: str | None,
                 languages: tuple[str, ...] = (), storage: dict[str, Any] | None = None,
                 client_ip: str | None = None):
        super().__init__()
        self.loop = asyncio.get_running_loop()
        self.executor = executor
        self.pubsubhub = hub
        self.page_url = "http://127.0.0.1:8550"
        self.device = device
        # The browser's local storage (its token kept there) and the languages it prefers.
        self.storage: dict[str, Any] = storage if storage is not None else {DEVICE_KEY: device} if device else {}
        self.languages = languages
        self.client_ip = client_ip  # "127.0.0.1": the serving machine's own browser
        self.patches = 0  # PATCH_CONTROL messages sent
        self.sent_bytes = 0
        self.last = 0.0  # perf_counter of the latest message
        self.session = Session(self)

    def send_message(self, message: Message) -> None:
        self.sent_bytes += len(encode_message(message))
        self.last = time.perf_counter()
        if message.action == MessageAction.PATCH_CONTROL:
            self.patches += 1
        elif message.action == MessageAction.INVOKE_METHOD:
            call = message.body
            result = self.answer(call.name, call.args or {})
            self.loop.call_soon(self.session.handle_invoke_method_results, call.control_id, call.call_id, result, None)
            if call.name == "push_route":  # the browser goes there and says so, as after a tap on a link
                self.loop.create_task(self.go(call.args["route"]))

    def answer(self, method: str, args: dict[str, Any]) -> Any:
        """What the phone's browser answers the app: its local storage, its languages."""
        if method == "get":
            return self.storage.get(args.get("key", ""))
        if method == "set":
            self.storage[args["key"]] = args["value"]
        if method == "get_device_info" and self.languages:
            return {"browser_name": "chrome", "language": self.languages[0], "languages": list(self.languages),
                    "locales": []}
        return True

    async def go(self, route: str) -> None:
        """The phone's browser on ``route``: what Flet's web client sends when it changes."""
        self.session.apply_page_patch({"route": route})
        await self.session.dispatch_event(self.session.page._i, "route_change", {"route": route})

    async def open(self, main: Callable[[ft.Page], Any], route: str) -> None:
        """What Flet's web server does when a phone registers on ``route``."""
        bind_page(self.session.page)
        self.session.apply_page_patch({**PAGE, "route": route, "client_ip": self.client_ip})
        self.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
            session_id=self.session.id, page_patch=self.session.get_page_patch(), error="")))
        main(self.session.page)
        await self.session.after_event(self.session.page)


class Table:
    """Phones on one event loop (the server's), as ``async with Table() as table``."""

    def __init__(self) -> None:
        self.phones: list[Phone] = []

    async def __aenter__(self) -> Table:
        self.executor = ThreadPoolExecutor(4)
        self.hub = PubSubHub(loop=asyncio.get_running_loop(), executor=self.executor)
        return self

    async def __aexit__(self, *_exc: Any) -> None:
        for phone in self.phones:
            phone.session.close()
        await asyncio.sleep(0)
        self.executor.shutdown(wait=False)

    async def open(self, main: Callable[[ft.Page], Any], route: str, device: str | None,
                   languages: tuple[str, ...] = (), storage: dict[str, Any] | None = None,
                   client_ip: str | None = None) -> Phone:
        phone = Phone(self.hub, self.executor, device, languages, storage, client_ip)
        self.phones.append(phone)
        await phone.open(main, route)
        await self.quiet()
        return phone

    async def quiet(self, idle: float = 0.05, timeout: float = 30.0) -> float:
        """Wait until no change is being written (``WRITES``: writes go off the loop) and
        neither a phone was sent anything nor a write was done for ``idle`` seconds; the
        perf_counter of the latest message."""
        deadline = time.perf_counter() + timeout
        while True:
            await asyncio.sleep(idle / 5)
            # A write just done told its phones: their redraw is still to come, as after a message.
            latest = max((p.last for p in self.phones), default=0.0)
            now = time.perf_counter()
            if now - max(latest, WRITES.last_done) >= idle and not WRITES.pending():
                return latest
            if now > deadline:
                raise TimeoutError("the phones never went quiet")


@functools.cache
def fields_of(kind: type) -> tuple[str, ...]:
    """The fields of a control class that hold what it shows (Flet's own are private)."""
    return tuple(f.name for f in dataclasses.fields(kind) if not f.metadata.get("skip", False)
                 and not f.name.startswith("_"))


def children(control: Any) -> list[Any]:
    """The controls directly inside ``control``, in screen order: a component's are what it
    rendered (its arguments are not on the screen), a page's include its dialogs."""
    found: list[Any] = []

    def add(value: Any) -> None:
        if isinstance(value, BaseControl):
            found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                add(item)
        elif isinstance(value, dict):
            for item in value.values():
                add(item)

    if isinstance(control, Component):
        add(rendered(control))
        return found
    if isinstance(control, ft.BasePage):  # what a page shows over its views: dialogs, snackbars
        add(page_layers(control))
    for name in fields_of(type(control)):
        add(getattr(control, name))
    return found


def controls_on(control: Any) -> list[Any]:
    """Every control of a phone's screen under ``control``, each as often as it stands there."""
    return [control, *(c for child in children(control) for c in controls_on(child))]


def sent_to(phone: Phone) -> list[tuple[Any, Any]]:
    """What the server sends ``phone`` from now on, as (action, body), kept as it is sent."""
    sent: list[tuple[Any, Any]] = []
    send = phone.send_message

    def record(message: Any) -> None:
        sent.append((message.action, message.body))
        send(message)

    phone.send_message = record  # type: ignore[method-assign]
    return sent


def record(phone: Phone) -> list[str]:
    """What ``phone`` is sent from now on, each message as text, after the name of the
    component it patches (when it patches one)."""
    sent: list[str] = []
    send = phone.send_message

    def keep(message: Any) -> None:
        patched = phone.session.index.get(getattr(message.body, "id", None))
        sent.append(f"{getattr(getattr(patched, 'fn', None), '__name__', '-')} {message.action.name} "
                    f"{message.body!r}")
        send(message)

    phone.send_message = keep  # type: ignore[method-assign]
    return sent


def patched(sent: list[str], component: Any) -> list[str]:
    """The messages of ``record`` that patch ``component``."""
    return [m for m in sent if m.startswith(f"{component.__name__} ")]
