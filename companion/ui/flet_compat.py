"""Flet's internals in one room: the only module of ``companion`` that touches anything
outside Flet's public top-level API (``flet.messaging``, ``flet.components``,
``flet.controls.context``, the minified web client's ``main.dart.js``).

Each of them holds for the Flet this module was written against, pinned in
pyproject.toml; importing it under another Flet raises ``FletVersionError``, so an
upgrade is a decision that starts here (and with tests/companion/test_flet_compat.py,
which checks each assumption below against the installed Flet, and the short-cut the
screens' kept controls rely on: Flet passes over a control it sent before).

- ``hide_tracebacks()``: a failed handler's traceback goes to the server's log and the
  phone gets a plain line (Flet sends the traceback to the browser through
  ``Session.error``; ``Page.on_error`` is the client's own error event and is not called
  for a handler that raises on the server).
- ``keep_phones_updating()``: Flet's update loop for a phone ends at the first render
  that raises (``Component.update``); a failed render is told in the plain line too,
  and the phone's next change renders again.
- ``known_controls_only()``: an event for a control id this phone was never sent (or
  that left its screen) is dropped at once. Flet looks such an id up by walking the
  whole page (``Session.__resolve_event_control``): 8 ms a time on a game screen, so a
  phone sending made-up ids froze every tap. Each session's index (``Session.index``,
  the object itself: no private attribute is replaced) keeps the ids it holds in a plain
  set too (its values are weak, and a control re-rendered under the same id may have
  left it), and only those reach Flet.
- Flet's wire format (``encode_frame``, ``decode_frame``, ``frame_action``; the kinds of
  message are Flet's ``MessageAction``): a websocket frame is ``[0x00]`` + msgpack
  ``[action, body]``. The server's door reads and mends a phone's frames with it,
  ``crash_frame(line)`` is Flet's "session crashed" message (one line over the screen),
  and the screenless phones of bench/ speak it. msgpack is imported nowhere else.
- ``fallback_font_table(main_js)``: which characters each of the web engine's fallback
  font slices holds, read from the client's compiled table (packaging/make_fonts.py cuts
  them by it; tests check the slices shipped against it).
- ``touch_theme(seed, touch)``: a theme whose buttons (every kind, icon buttons too)
  are at least ``touch`` px each way whatever the browser reports. Flutter
  pads a tap target to 48 px only on a platform it takes for a phone; a tablet or laptop
  browser reporting a desktop got 32-40 px. Flet's ``ButtonStyle`` has no minimum size,
  the web client reads one (``minimum_size``): ``TouchButtonStyle`` adds that field.
- For the in-process harness (testkit/harness.py, testkit/screen.py): a ``Session`` on a
  ``Connection``, Flet's messages and their msgpack encoding, the pubsub hub, ``bind_page``
  (and ``run_as_page``, which tells a phone's screens of a change as that phone's work),
  what a component rendered (``rendered``) and a page's layers over its views
  (``page_layers``).
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import traceback
import weakref
from collections.abc import Callable
from contextvars import ContextVar
from importlib import metadata
from typing import Any, cast

import flet as ft
import msgpack  # type: ignore[import-untyped]
from flet.components.component import Component
from flet.components.utils import _CURRENT_RENDERER, current_renderer, shallow_compare_args_and_kwargs
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.controls.value_types import value
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    Message,
    MessageAction,
    RegisterClientResponseBody,
    SessionCrashedBody,
    configure_encode_object_for_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from sheets.i18n import N_, _

FLET = "1.0.5"  # the flet and flet-web pinned in pyproject.toml: what this module knows
PACKAGES = ("flet", "flet-web")


class FletVersionError(RuntimeError):
    """The installed Flet is not the one whose internals this module knows."""


def check_flet_version(installed: Callable[[str], str] = metadata.version,
                       flet_version: str = ft.version.flet_version) -> None:
    """Raise ``FletVersionError`` unless Flet is the pinned version (``flet.version`` and the
    installed package say so), and flet-web too where it is installed (``beans serve``; an
    app built for a phone or a desktop has no web client)."""
    found = [("flet", flet_version)]
    for package in PACKAGES:
        try:
            found.append((package, installed(package)))
        except metadata.PackageNotFoundError:
            pass
    for package, version in found:
        if version != FLET:
            raise FletVersionError(
                f"Bean Counter runs on {package} {FLET} (pinned in pyproject.toml), but {package} {version} "
                f"is installed: reinstall Bean Counter, or check companion/ui/flet_compat.py against the new "
                f"Flet (tests/companion/test_flet_compat.py) before moving the pin.")


check_flet_version()


# ---- errors: plain words for the phone, the traceback for the server's log ----

PLAIN_ERROR = N_("Something went wrong on the server. Every saved entry is safe: reload the page.")
log = logging.getLogger("bean_counter")


def hide_tracebacks() -> None:
    """Flet sends a failed handler's traceback to the browser; a player gets a plain line
    instead, and the traceback goes to the server's log. Once per process (idempotent)."""
    if getattr(Session.error, "plain", False):
        return
    shown = Session.error

    def error(self: Session, message: str) -> None:
        log.error("app error: %s", message)
        shown(self, _(PLAIN_ERROR))

    setattr(error, "plain", True)
    setattr(Session, "error", error)  # on purpose, for every session


def keep_phones_updating() -> None:
    """Flet's update loop for a phone ends at the first render that raises, and that phone
    then never changes again, without a word. A failed render is logged and the phone is
    told (``Session.error``: the plain line above); its next change renders again.
    Once per process (idempotent)."""
    if getattr(Component.update, "guarded", False):
        return
    update = cast("Callable[[Component], None]", Component.update)  # (unannotated in Flet)

    def guarded(self: Component) -> None:
        try:
            update(self)
        except Exception:  # noqa: BLE001 - any failure of a screen: the phone keeps updating
            ft.context.page.session.error(traceback.format_exc())

    setattr(guarded, "guarded", True)
    setattr(Component, "update", guarded)  # on purpose, for every session


# ---- events for controls a phone does not have ----

class KnownIndex(weakref.WeakValueDictionary[int, BaseControl]):
    """A session's control index (Flet's: id -> control, held weakly) that also keeps
    the ids it was given in a plain set, until Flet takes them out (a control removed
    from the screen). A control that Flet re-renders keeps its id on the new object
    while the index may still hold (and then lose) the old one: the id stays known."""

    def __init__(self) -> None:
        super().__init__()
        self.known: set[int] = set()

    def __setitem__(self, key: int, value: BaseControl) -> None:
        self.known.add(key)
        super().__setitem__(key, value)

    def pop(self, key: int, *default: Any) -> Any:
        self.known.discard(key)
        return super().pop(key, *default)


def known_ids(session: Session) -> set[int]:
    """The control ids ``session``'s phone may send an event for."""
    index = session.index
    return index.known if isinstance(index, KnownIndex) else set(index.keys())


def known_controls_only() -> None:
    """Every new session keeps its known ids (``KnownIndex``), and an event for any other
    id is dropped before Flet walks the page for it. Once per process (idempotent)."""
    if getattr(Session.dispatch_event, "known_only", False):
        return
    init = Session.__init__
    dispatch = Session.dispatch_event

    def remembering(self: Session, conn: Connection) -> None:
        init(self, conn)
        index = self.index  # Flet's own (public ``Session.index``), made a KnownIndex in place
        index.__class__ = KnownIndex
        cast(KnownIndex, index).known = set(index.keys())

    async def dispatch_known(self: Session, control_id: int, event_name: str, event_data: Any) -> None:
        if isinstance(control_id, int) and control_id in known_ids(self):
            await dispatch(self, control_id, event_name, event_data)
        else:
            log.debug("event %r for control %r dropped: this phone has no such control", event_name, control_id)

    setattr(dispatch_known, "known_only", True)
    setattr(Session, "__init__", remembering)  # on purpose, for every session
    setattr(Session, "dispatch_event", dispatch_known)


# ---- Flet's wire format: what a phone and the server send each other ----

ENCODE = cast("Callable[[type[BaseControl]], Callable[[Any], Any]]",  # (unannotated in Flet)
              configure_encode_object_for_msgpack)(BaseControl)  # msgpack's default= for Flet's messages
MESSAGE = 0x00  # a frame's first byte: a message (0x01 starts a data channel's bytes, which pass unread)
_PAIR = 0x92  # msgpack's 2-item array: every message is [action, body]


class FrameError(ValueError):
    """A frame that is no message of Flet's protocol."""


def encode_frame(action: MessageAction, body: Any) -> bytes:
    """A message as one websocket frame, as Flet's web server and client send it:
    ``[0x00]`` + msgpack ``[action, body]`` (Flet's controls and values by Flet's encoder)."""
    return bytes([MESSAGE]) + cast(bytes, msgpack.packb([action, body], default=ENCODE))


def encode_message(message: Message) -> bytes:
    """Flet's ``message`` as the web server sends it to a phone."""
    return encode_frame(message.action, message.body)


def decode_frame(frame: bytes) -> tuple[MessageAction, Any]:
    """A message's action and body (plain dicts, lists and msgpack's ``ExtType``, which
    ``encode_frame`` sends again unchanged); ``FrameError`` for anything else."""
    if frame[:1] != bytes([MESSAGE]):
        raise FrameError("not a message frame")
    try:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
        return MessageAction(action), body
    except (ValueError, TypeError) as exc:  # msgpack's errors are ValueErrors; a wrong shape, a TypeError
        raise FrameError(f"not one of Flet's messages: {exc}") from None


def frame_action(frame: bytes) -> MessageAction | None:
    """A message frame's action read from its first three bytes, without decoding the
    rest (what the door and the screenless phones look at for every frame); None when
    the frame starts otherwise."""
    if len(frame) < 3 or frame[0] != MESSAGE or frame[1] != _PAIR or frame[2] >= 0x80:
        return None
    try:
        return MessageAction(frame[2])
    except ValueError:
        return None


def crash_frame(line: str) -> bytes:
    """``line`` as Flet's "session crashed" message in a frame: the client shows it over
    the screen, which stays live (the server's door tells a phone what it may not do)."""
    return encode_message(Message(MessageAction.SESSION_CRASHED, SessionCrashedBody(line)))


# ---- the web client's fallback fonts ----

MAX_CODE_POINT = 0x10FFFF
FontTable = dict[str, list[tuple[int, int]]]


def fallback_font_table(main_js: str) -> FontTable:
    """Each fallback font slice's path (below the client's fontFallbackBaseUrl) -> the code
    point ranges it holds, from the web engine's packed table compiled into ``main_js``
    (``encodedFontSets`` / ``encodedFontSetRanges`` of Flutter's font_fallback_data.dart:
    letters and digits, see its font_fallbacks.dart). Raises ValueError (or StopIteration)
    when the client's table is not where or what this expects."""
    listing = main_js[main_js.index('A.z("Noto Color Emoji 0"'):]
    fonts: list[str] = re.findall(r'A\.z\("[^"]+","([^"]+)"\)', listing[:listing.index("])")])
    literals: list[str] = re.findall(r'"([A-Za-z0-9,]{2000,})"', main_js)
    sets_text = next(t for t in literals if re.fullmatch(r"[a-z0-9,]+", t))
    ranges_text = next(t for t in literals if "," not in t and re.search(r"[A-Z]", t))

    font_sets: list[list[int]] = []
    for part in sets_text.split(","):  # each set: font indexes as deltas, 'a'-'z' digits, decimal prefixes
        members: list[int] = []
        previous, prefix = -1, 0
        for ch in part:
            if "a" <= ch <= "z":
                previous += prefix * 26 + ord(ch) - ord("a") + 1
                members.append(previous)
                prefix = 0
            else:
                prefix = prefix * 10 + int(ch)
        font_sets.append(members)

    covered: FontTable = {url: [] for url in fonts}
    start, prefix, size = 0, 0, 1
    for ch in ranges_text:  # runs: [size 'a'-'z'] set 'A'-'Z', with decimal prefixes
        if "A" <= ch <= "Z":
            for font in font_sets[prefix * 26 + ord(ch) - ord("A")]:
                covered[fonts[font]].append((start, start + size - 1))
            start += size
            prefix, size = 0, 1
        elif "a" <= ch <= "z":
            size = prefix * 26 + ord(ch) - ord("a") + 2
            prefix = 0
        else:
            prefix = prefix * 10 + int(ch)
    if start != MAX_CODE_POINT + 1:
        raise ValueError("the fallback font table of Flet's web client has a format this does not know")
    return covered


# ---- a session without a network, for the in-process harness ----

def rendered(control: BaseControl) -> BaseControl | None:
    """What a component rendered last (``Component._b``); None for any other control."""
    return cast("BaseControl | None", getattr(control, "_b", None)) if isinstance(control, Component) else None


def page_layers(page: ft.BasePage) -> list[BaseControl]:
    """What a page shows over its views: its overlay, and its dialogs and snackbars."""
    return [page._overlay, page._dialogs]


def bind_page(page: ft.Page) -> None:
    """Bind ``page`` to the running task, as Flet does for each render, handler and task
    of a phone (``ft.context.page``)."""
    cast("ContextVar[ft.Page | None]", _context_page).set(page)  # (Flet types it by its default, None)


def run_as_page(page: ft.Page, call: Callable[[], object]) -> None:
    """``call()`` as ``page``'s own work (``ft.context.page`` is that page; the caller's
    context is left as it was): at once when the caller runs on the page's loop, as a
    change told on the loop that serves the phones does, else soon on that loop. Flet's
    ``page.run_task`` would make a task of it, through the loop's thread-safe door, for
    every screen of every phone a change reaches."""
    loop = page.session.connection.loop
    context = contextvars.copy_context()
    if _running_loop() is loop:
        context.run(_as_page, page, call)
    else:
        loop.call_soon_threadsafe(context.run, _as_page, page, call)


def show_snackbar(page: ft.Page, bar: ft.SnackBar) -> None:
    """``bar`` on ``page`` in place of the snackbars shown before it (the newest message is
    the one that counts at a table). Flet keeps every dialog shown in the page's dialog
    stack until the phone says it was dismissed: a phone that never says so (its screen
    locked, a screenless phone) had every later snackbar diff the whole stack again."""
    dialogs = page._dialogs.controls
    dialogs[:] = [dialog for dialog in dialogs if not isinstance(dialog, ft.SnackBar)]
    page.show_dialog(bar)


def _as_page(page: ft.Page, call: Callable[[], object]) -> None:
    bind_page(page)
    call()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


__all__ = [
    "ENCODE", "FLET", "PLAIN_ERROR", "BaseControl", "Component", "Connection", "FletVersionError", "FontTable",
    "FrameError", "Message", "MessageAction", "PubSubHub", "RegisterClientResponseBody", "Session", "bind_page",
    "run_as_page", "show_snackbar",
    "KnownIndex", "check_flet_version", "crash_frame", "decode_frame", "encode_frame", "encode_message",
    "fallback_font_table", "frame_action", "hide_tracebacks", "keep_phones_updating", "known_controls_only",
    "known_ids", "page_layers", "rendered",
]


# ---- a page that reloads while its session starts (issue 32) ----

try:  # the web client's sessions: only where flet-web serves it (``beans serve``)
    from flet_web.fastapi.flet_app_manager import app_manager as web_sessions  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - an app built for a phone or a desktop
    web_sessions = None


def fresh_unless_ready(ready: Callable[[Session], bool]) -> None:
    """A page that registers with the id of a session that is not ``ready`` gets a new
    session (Flet's web server would take up that one again, ``FletApp._on_message``).

    After a server restart, Flet's client reconnects by itself and the server starts a
    session for it; the page reloads at once (bean-counter.js), and the reloaded page
    comes back with that session's id (Flet keeps it in the tab's sessionStorage,
    ``_flet_session_id``). That session's app still waits for what it asked the browser
    (its device token, on the connection that is gone): taken up again, the page stayed
    blank until those questions timed out, and then went on as a new phone (its seat
    lost), or stayed blank after every reload of the tab. Such a session whose page is
    gone is closed at once (its questions end): it no longer renders for nobody while
    the phones come back. Once per process (idempotent)."""
    if web_sessions is None or getattr(web_sessions.get_session, "ready_only", False):
        return
    get = web_sessions.get_session

    async def get_ready(session_id: str) -> Session | None:
        session = cast("Session | None", await get(session_id))
        if session is None or ready(session):
            return session
        if session.connection is None:  # its page is gone: its questions are not waited out
            await web_sessions.delete_session(session_id)
        return None

    setattr(get_ready, "ready_only", True)
    setattr(web_sessions, "get_session", get_ready)  # on purpose, for every page


__all__ += ["fresh_unless_ready", "web_sessions"]


# ---- a piece that renders the same is the very control it was (issue 45) ----

class _Placed:
    """The pieces one component's render placed (``place``), by slot, and that render."""

    __slots__ = ("render", "seen", "last", "now")

    def __init__(self) -> None:
        self.render: object = None  # the Renderer of the render that placed ``now``
        self.seen: dict[tuple[str, object], int] = {}
        self.last: dict[tuple[str, object, int], Component] = {}
        self.now: dict[tuple[str, object, int], Component] = {}


_PLACED = "_bean_counter_placed"  # an attribute of a component's state (it moves with the state)


def place(made: Callable[..., BaseControl], name: str, key: object,
          args: tuple[Any, ...], kwargs: dict[str, Any]) -> BaseControl:
    """``made(*args, **kwargs)`` (a memo component) in the render of the component that
    calls it; when the piece that stood in the same slot last render was called with equal
    arguments (as Flet's memo compares them) and is still shown, that very control.

    Flet's memo skips a piece's render, but the piece's new ``Component`` is still built,
    matched to the old one (its state moved over), registered as added and removed, and
    indexed again: about 40 us a piece, the better part of a re-rendered play screen's
    cost. A control the diff meets as the very object it sent is passed over at once
    (``_compare_dataclasses``: "retained immutable children").

    A slot is ``name`` (the piece's), ``key`` (the caller's, for a list's items) and how
    many of that name and key came before it in this render. The piece gets a Flet key
    made of its slot, so the diff never matches it to another slot's control (which would
    move that control's state into it): a piece that moved is moved."""
    renderer = current_renderer()
    parent = renderer._render_stack[-1] if renderer._render_stack else None
    if parent is None:
        return made(*args, **kwargs)
    placed: _Placed | None = getattr(parent._state, _PLACED, None)
    if placed is None:
        placed = _Placed()
        setattr(parent._state, _PLACED, placed)
    if placed.render is not renderer:  # the first piece of a new render of the parent
        placed.render, placed.last, placed.now, placed.seen = renderer, placed.now, {}, {}
    n = placed.seen.get((name, key), 0)
    placed.seen[(name, key)] = n + 1
    slot = (name, key, n)
    was = placed.last.get(slot)
    if (was is not None and was._state.mounted and not was._stale
            and shallow_compare_args_and_kwargs(was.args, was.kwargs, args, kwargs)):
        placed.now[slot] = was
        return was
    control = made(*args, key=f"{name}|{key}|{n}" if key is not None else f"{name}|{n}", **kwargs)
    if isinstance(control, Component):
        placed.now[slot] = control
    return control


def rendering() -> bool:
    """Whether a component is being rendered here (a part made elsewhere is made plainly)."""
    renderer = _CURRENT_RENDERER.get()
    return renderer is not None and bool(renderer._render_stack)


__all__ += ["place", "rendering"]
@value
class TouchButtonStyle(ft.ButtonStyle):
    """A ``ButtonStyle`` with the minimum size Flet 1.0.5's web client reads (``minimum_size``,
    Flutter's ``ButtonStyle.minimumSize``) and its Python class does not offer."""

    minimum_size: ft.Size | None = None


__all__ += ["TouchButtonStyle", "touch_theme"]


def touch_theme(seed: str, touch: int) -> ft.Theme:
    """The app's theme: standard density on every platform (a desktop's is compact) and every
    kind of button at least ``touch`` px wide and high (issue 48)."""
    style = TouchButtonStyle(minimum_size=ft.Size(touch, touch))
    return ft.Theme(
        color_scheme_seed=seed,
        visual_density=ft.VisualDensity.STANDARD,
        button_theme=ft.ButtonTheme(style=style),
        filled_button_theme=ft.FilledButtonTheme(style=style),
        outlined_button_theme=ft.OutlinedButtonTheme(style=style),
        text_button_theme=ft.TextButtonTheme(style=style),
        icon_button_theme=ft.IconButtonTheme(style=style),
        radio_theme=ft.RadioTheme(visual_density=ft.VisualDensity.STANDARD),
        list_tile_theme=ft.ListTileTheme(visual_density=ft.VisualDensity.STANDARD),
    )
