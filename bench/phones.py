"""Phones without a screen, for bench/table.py: Flet sessions over the server's websocket.

A table of 12 players has 12 phones, each with its own processor and graphics chip. Twelve
browser pages on this shared 2-core machine draw every update one after the other
through one GPU process, so a busy screen's drawing, not the server, decides when the
watched phone catches up. These phones connect the way Flet's web client does
(Flet's frames, ``companion.ui.flet_compat``'s wire format), register on a route, answer the app's
local-storage calls and decode every update the server sends them, but draw nothing:
the server's work for them is all there, their drawing costs this machine nothing.
"""

from __future__ import annotations

import asyncio
import threading
import time

from websockets.asyncio.client import connect

from companion.ui.flet_compat import MessageAction, decode_frame, encode_frame, frame_action

REGISTER_CLIENT, PATCH_CONTROL = MessageAction.REGISTER_CLIENT, MessageAction.PATCH_CONTROL
CONTROL_EVENT, INVOKE_METHOD = MessageAction.CONTROL_EVENT, MessageAction.INVOKE_METHOD
PAGE = {"web": True, "wasm": True, "platform": "android", "width": 390.0, "height": 844.0,
        "platform_brightness": "light"}
QUIET = 1.0  # seconds without a message: the phone has its first screen


def named_buttons(body, found: dict[str, int]) -> None:
    """The ids of the buttons named by a Semantics around them (the app's icon buttons)
    and of menu items by their words ("Redo" in the app bar's "More" menu), wherever a
    message sends such a control whole."""
    if isinstance(body, dict):
        content = body.get("content")
        if body.get("_c") == "Semantics" and isinstance(body.get("label"), str) and isinstance(content, dict) \
                and "_i" in content:
            found[body["label"]] = content["_i"]
        elif body.get("_c") == "PopupMenuItem" and isinstance(content, dict) and isinstance(content.get("value"), str) \
                and "_i" in body:
            found[content["value"]] = body["_i"]
        for value in body.values():
            named_buttons(value, found)
    elif isinstance(body, list):
        for value in body:
            named_buttons(value, found)


class Phones:
    """``count`` screenless phones on ``route`` of the server at ``base`` (http://host:port)
    (or phone n on ``route[n]``), run on their own event loop thread while the ``with``
    block lasts. Phone n's local storage holds the device token ``devices[n]`` (a phone
    seated at the table before), or nothing. Only ``tappers`` (every phone by default)
    decode their updates to find their buttons; the others only count them, so that 60
    phones in this process keep up with the server."""

    def __init__(self, base: str, route: str | list[str], count: int, devices: list[str | None] | None = None,
                 timeout: float = 60, tappers: set[int] | None = None):
        self.url = base.replace("http://", "ws://") + "/ws"
        self.routes = [route] * count if isinstance(route, str) else list(route)
        self.count = count
        self.timeout = timeout
        self.tappers = tappers  # the phones that tap (their buttons' ids are read), None: every phone
        self.devices = devices or [None] * count
        self.buttons: list[dict[str, int]] = [{} for _ in range(count)]  # accessible name -> control id
        self.sockets: list = [None] * count
        self.updates = [0] * count  # PATCH_CONTROL messages each phone received
        self.last = [0.0] * count

    def __enter__(self) -> Phones:
        if not self.count:
            return self
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.tasks = [asyncio.run_coroutine_threadsafe(self.phone(n), self.loop) for n in range(self.count)]
        deadline = time.time() + self.timeout
        while not all(self.updates) or time.time() - max(self.last) < QUIET:
            if time.time() > deadline:
                raise TimeoutError(f"screenless phones got no first screen from {self.url}")
            for task in self.tasks:
                if task.done():
                    task.result()  # raises what went wrong
            time.sleep(0.1)
        return self

    def __exit__(self, *_exc) -> None:
        if not self.count:
            return
        asyncio.run_coroutine_threadsafe(self.hang_up(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    async def hang_up(self) -> None:
        phones = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in phones:
            task.cancel()
        await asyncio.gather(*phones, return_exceptions=True)

    async def phone(self, number: int) -> None:
        # a browser's websocket sends no keepalive pings; a busy server may take a while to answer
        async with connect(self.url, max_size=None, open_timeout=self.timeout, ping_interval=None) as ws:
            self.sockets[number] = ws
            route = self.routes[number]
            await ws.send(encode_frame(REGISTER_CLIENT, {"session_id": None, "page_name": route.lstrip("/"),
                                                         "page": {**PAGE, "route": route}}))
            reads = self.tappers is None or number in self.tappers
            async for data in ws:
                received = time.time()
                action = frame_action(data)  # read without decoding the body
                body = None
                if reads or action is not PATCH_CONTROL:
                    action, body = decode_frame(data)
                    named_buttons(body, self.buttons[number])
                if action is PATCH_CONTROL:
                    self.updates[number] += 1
                    self.last[number] = received
                elif action is INVOKE_METHOD:  # local storage: the token kept, if any; a write succeeds
                    result = self.devices[number] if body["name"] == "get" else True
                    await ws.send(encode_frame(INVOKE_METHOD, {"control_id": body["control_id"],
                                                               "call_id": body["call_id"], "result": result,
                                                               "error": None}))

    def tap(self, number: int, name: str) -> float:
        """Phone ``number`` taps the button named ``name``, as Flet's client sends a click;
        the time.time() it was sent at."""
        event = encode_frame(CONTROL_EVENT, {"target": self.buttons[number][name], "name": "click", "data": None})
        started = time.time()
        asyncio.run_coroutine_threadsafe(self.sockets[number].send(event), self.loop).result(10)
        return started

    def tap_all(self, taps: list[tuple[int, str]]) -> list[float]:
        """Each ``(number, name)``: phone ``number`` taps the button named ``name``, all at
        once (one after the other on the phones' loop, nothing awaited between them); the
        time.time() each was sent at."""
        events = [(number, encode_frame(CONTROL_EVENT, {"target": self.buttons[number][name], "name": "click",
                                                        "data": None}))
                  for number, name in taps]

        async def send() -> list[float]:
            started = []
            for number, event in events:
                started.append(time.time())
                await self.sockets[number].send(event)
            return started

        return asyncio.run_coroutine_threadsafe(send(), self.loop).result(10)
