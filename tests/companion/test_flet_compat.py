"""What companion/ui/flet_compat.py assumes of Flet's internals still holds for the Flet
installed (architecture: "the one room that may touch Flet's internals"), and what the app
relies on of Flet that no public API promises: a Flet upgrade that breaks one fails here,
without a browser."""

from __future__ import annotations

import asyncio
import gc
import tomllib
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any, cast

import flet as ft
import msgpack
import pytest

from companion.ui.flet_compat import (
    ENCODE,
    FLET,
    Component,
    PLAIN_ERROR,
    FletVersionError,
    FrameError,
    KnownIndex,
    Message,
    MessageAction,
    RegisterClientResponseBody,
    Session,
    check_flet_version,
    crash_frame,
    decode_frame,
    encode_frame,
    encode_message,
    fallback_font_table,
    fresh_unless_ready,
    frame_action,
    hide_tracebacks,
    keep_phones_updating,
    known_controls_only,
    known_ids,
    page_layers,
    rendered,
    run_as_page,
    show_snackbar,
    web_sessions,
    touch_theme,
)
from companion.ui import app
from companion.ui.hooks import piece
from companion.web import flet_web_dir
from testkit.harness import Phone, Table, controls_on, sent_to

ROOT = Path(__file__).resolve().parents[2]


# --- the pinned version --------------------------------------------------------------------

def test_the_version_known_is_the_one_pinned_and_installed() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = project["dependencies"] + project["optional-dependencies"]["server"]  # flet-web serves: an extra
    assert f"flet=={FLET}" in pins and f"flet-web=={FLET}" in pins
    assert metadata.version("flet") == metadata.version("flet-web") == FLET
    assert ft.version.flet_version == FLET
    check_flet_version()  # the installed one passes (as at import)


@pytest.mark.parametrize("package", ["flet", "flet-web"])
def test_another_flet_is_refused_with_a_clear_error(package: str) -> None:
    def installed(name: str) -> str:
        return "1.1.0" if name == package else FLET

    with pytest.raises(FletVersionError, match=rf"runs on {package} {FLET} .* but {package} 1\.1\.0 is installed"):
        check_flet_version(installed)


def test_a_flet_that_says_another_version_is_refused() -> None:
    with pytest.raises(FletVersionError, match=r"but flet 1\.1\.0 is installed"):
        check_flet_version(lambda _name: FLET, flet_version="1.1.0")


def test_an_app_without_flet_web_passes() -> None:
    """A phone's or a desktop's build has no web client (nor, maybe, package metadata)."""
    def installed(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    check_flet_version(installed)


# --- the fallback fonts' table in the installed web client -----------------------------------

def test_the_fallback_font_table_is_read_from_the_installed_web_client() -> None:
    """Chinese, Japanese, Korean, emoji and other scripts each have slices, and a name like
    "李雷" or "Zoë 🫘" finds the family that draws it (companion/web/fonts.py cuts them)."""
    table = fallback_font_table((flet_web_dir() / "main.dart.js").read_text(encoding="utf-8"))
    families = {path.split("/")[0] for path in table}
    assert {"notosanssc", "notosanstc", "notosanshk", "notosansjp", "notosanskr", "notocoloremoji",
            "notosanssymbols", "notosansthai", "notosansarabic", "notosansdevanagari"} <= families

    def drawn_by(character: str) -> set[str]:
        point = ord(character)
        return {path.split("/")[0] for path, ranges in table.items()
                if any(low <= point <= high for low, high in ranges)}

    assert "notosanssc" in drawn_by("李")
    assert "notocoloremoji" in drawn_by("🫘")
    assert "notosansthai" in drawn_by("ก")
    assert all(path.endswith(".woff2") and ranges for path, ranges in table.items())


def test_a_client_without_the_table_is_refused() -> None:
    with pytest.raises((ValueError, StopIteration)):
        fallback_font_table("main(){}")


# --- failed renders and handlers: a plain line for the phone --------------------------------

SETTERS: dict[str, Any] = {}


@ft.component
def Flaky() -> ft.Control:
    change, set_change = ft.use_state(0)
    SETTERS["change"] = set_change
    if change == 1:
        raise RuntimeError("a bug in a screen")

    def tapped(_event: ft.Event[ft.Button]) -> None:
        raise RuntimeError("a bug in a handler")

    return ft.Column([ft.Text(f"change {change}"), ft.Button("Tap", on_click=tapped)])


def button_id(phone: Phone) -> int:
    found = [control for control in phone.session.index.values() if isinstance(control, ft.Button)]
    assert len(found) == 1
    return int(found[0]._i)


async def a_failed_handler_and_render() -> tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]]:
    async with Table() as table:
        phone = await table.open(lambda page: page.render(Flaky), "/", None)
        sent = sent_to(phone)
        await phone.session.dispatch_event(button_id(phone), "click", None)  # as a phone's tap arrives
        await table.quiet()
        handler = list(sent)
        SETTERS["change"](1)  # this render fails
        await table.quiet()
        SETTERS["change"](2)  # and this one is drawn
        await table.quiet()
        return handler, sent[len(handler):]


def crashed(sent: list[tuple[Any, Any]]) -> list[str]:
    return [body.message for action, body in sent if action == MessageAction.SESSION_CRASHED]


def test_a_failed_handler_reaches_the_phone_as_the_plain_line(caplog: pytest.LogCaptureFixture) -> None:
    """``hide_tracebacks``: Flet sends a failed handler's traceback to the phone."""
    hide_tracebacks()
    keep_phones_updating()
    handler, _render = asyncio.run(a_failed_handler_and_render())
    assert crashed(handler) == [PLAIN_ERROR]
    assert "Traceback" not in repr(handler)
    assert "a bug in a handler" in caplog.text  # for the server's log


def test_a_failed_render_is_told_and_the_phone_still_changes(caplog: pytest.LogCaptureFixture) -> None:
    """``keep_phones_updating``: Flet's update loop for a phone ends at the first render
    that raises; the phone is told in the plain line, and its next change is drawn."""
    hide_tracebacks()
    keep_phones_updating()
    _handler, render = asyncio.run(a_failed_handler_and_render())
    assert crashed(render) == [PLAIN_ERROR]
    assert "Traceback" not in repr(render)
    assert "a bug in a screen" in caplog.text  # for the server's log
    actions = [action for action, _body in render]
    assert actions.index(MessageAction.PATCH_CONTROL, actions.index(MessageAction.SESSION_CRASHED)) > 0
    assert "change 2" in repr(render[-1][1])  # the phone still changes


# --- a piece that renders the same is the very control it was (place) ----------------------

LOOKED_AT: list[str] = []  # the controls Flet updated (compared) during a render's diff


@ft.control("Text")
class Watched(ft.Text):
    def before_update(self) -> None:
        LOOKED_AT.append(str(self.value))


@piece
def Shown(words: str) -> ft.Control:
    return Watched(words)


@ft.component
def Placing() -> ft.Control:
    change, set_change = ft.use_state(0)
    SETTERS["placing"] = set_change
    return ft.Column([Shown("same"), Shown(f"made {change}")])


async def a_render_with_an_unchanged_piece() -> tuple[list[tuple[Any, Any]], bool]:
    async with Table() as table:
        phone = await table.open(lambda page: page.render(Placing), "/", None)
        before = [c for c in controls_on(phone.session.page) if isinstance(c, Component)]
        sent = sent_to(phone)
        LOOKED_AT.clear()
        SETTERS["placing"](1)
        await table.quiet()
        after = [c for c in controls_on(phone.session.page) if isinstance(c, Component)]
        same = any(c.args == ("same",) for c in before) and [c for c in before if c.args == ("same",)] == [
            c for c in after if c.args == ("same",)]
        return sent, same


def test_an_unchanged_piece_is_passed_over_as_the_control_it_was() -> None:
    """``place`` hands the render the very piece it placed before when its arguments are
    equal, and Flet's diff skips a retained child (``old is new``): it is neither updated
    nor compared again, and nothing of it is sent; the piece whose argument changed is. If
    an upgrade drops this short-cut, every unchanged piece costs a rebuilt, matched and
    re-indexed component again."""
    sent, same = asyncio.run(a_render_with_an_unchanged_piece())
    assert same
    assert LOOKED_AT == ["made 1"]
    patches = [body for action, body in sent if action == MessageAction.PATCH_CONTROL]
    assert len(patches) == 1 and "made 1" in repr(patches[0]) and "same" not in repr(patches[0])


@piece
def Tally(name: str) -> ft.Control:
    count, set_count = ft.use_state(0)
    SETTERS[name] = set_count
    return ft.Text(f"{name} {count}")


@ft.component
def Moving() -> ft.Control:
    together, set_together = ft.use_state(False)
    SETTERS["together"] = set_together
    if together:
        return ft.Column([ft.Column([]), ft.Row([Tally("a"), Tally("b")])])
    return ft.Column([ft.Column([Tally("a")]), ft.Row([Tally("b")])])


async def texts_after_a_piece_moved() -> list[str]:
    async with Table() as table:
        phone = await table.open(lambda page: page.render(Moving), "/", None)
        SETTERS["a"](5)
        await table.quiet()
        SETTERS["together"](True)
        await table.quiet()
        SETTERS["b"](2)
        await table.quiet()
        return [str(c.value) for c in controls_on(phone.session.page) if isinstance(c, ft.Text)]


async def snackbars_on_a_phone_that_never_dismisses_them() -> tuple[list[str], int]:
    async with Table() as table:
        phone = await table.open(lambda page: page.render(lambda: ft.Text("screen")), "/", None)
        for n in range(5):
            show_snackbar(phone.session.page, ft.SnackBar(ft.Text(f"said {n}")))
            await table.quiet()
        shown = [c for c in controls_on(phone.session.page) if isinstance(c, ft.SnackBar)]
        return [str(cast(ft.Text, bar.content).value) for bar in shown], len(phone.session.page._dialogs.controls)


def test_a_snackbar_takes_the_place_of_the_ones_before_it() -> None:
    """A phone that never says a snackbar was dismissed (its screen locked) kept every one
    in its page's dialog stack, and each new one diffed them all again: only the newest
    stays."""
    shown, stacked = asyncio.run(snackbars_on_a_phone_that_never_dismisses_them())
    assert shown == ["said 4"] and stacked == 1


async def told_as_each_phone() -> list[tuple[int, int]]:
    seen: list[tuple[int, int]] = []
    async with Table() as table:
        phones = [await table.open(lambda page: page.render(lambda: ft.Text("screen")), "/", None) for _ in range(2)]
        for phone in phones:  # on the loop that serves the phones, as a change is told: at once
            run_as_page(phone.session.page, lambda p=phone: seen.append((id(ft.context.page), id(p.session.page))))
        assert len(seen) == 2
        done = asyncio.Event()
        loop = asyncio.get_running_loop()
        # From another thread (a change made off the loop): soon, on the page's loop.
        await loop.run_in_executor(None, lambda: run_as_page(phones[0].session.page, lambda: (
            seen.append((id(ft.context.page), id(phones[0].session.page))), done.set())))
        await asyncio.wait_for(done.wait(), 5)
    return seen


def test_a_change_is_told_to_each_phone_as_that_phones_own_work() -> None:
    """``run_as_page``: ``ft.context.page`` is the phone told (its language, its session)."""
    seen = asyncio.run(told_as_each_phone())
    assert len(seen) == 3 and all(page == told for page, told in seen)


def test_a_piece_kept_in_another_place_keeps_its_own_state() -> None:
    """A piece handed back as it was may stand elsewhere in its parent's new render (here:
    moved into the row where another piece of the same function stood). Its slot's key
    keeps Flet from matching it to that other piece and moving the other's state into
    it: each piece still shows its own count, and each still takes its own changes."""
    assert asyncio.run(texts_after_a_piece_moved()) == ["a 5", "b 2"]


# --- an event for a control the phone does not have is dropped unread (issue 33) -------------

WALKS: list[int] = []


async def events_for(ids: Callable[[Phone], list[int]]) -> tuple[list[tuple[Any, Any]], int]:
    async with Table() as table:
        phone = await table.open(lambda page: page.render(Flaky), "/", None)
        sent = sent_to(phone)
        for control_id in ids(phone):
            await phone.session.dispatch_event(control_id, "click", None)
        await table.quiet()
        assert type(phone.session.index) is KnownIndex  # Flet's own index, which it writes, keeps the ids
        return sent, len(known_ids(phone.session))


def test_an_event_for_an_unknown_control_is_dropped_without_walking_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    hide_tracebacks()
    known_controls_only()
    find = Session._Session__find_live_control  # type: ignore[attr-defined]

    def counted(self: Session, *args: Any, **kwargs: Any) -> Any:
        WALKS.append(1)
        return find(self, *args, **kwargs)

    monkeypatch.setattr(Session, "_Session__find_live_control", counted)
    WALKS.clear()
    SETTERS["change"] = lambda _n: None
    sent, known = asyncio.run(events_for(lambda phone: [10**9 + n for n in range(1_000)] + [-1, "x"]))  # type: ignore[list-item]
    assert WALKS == [] and crashed(sent) == []  # nothing looked up, nothing handled
    assert 0 < known < 50  # the screen's few controls, and nothing for the made-up ids
    sent, _known = asyncio.run(events_for(lambda phone: [button_id(phone)]))
    assert crashed(sent) == [PLAIN_ERROR]  # a real control's event still reaches its handler


def test_a_known_id_stays_known_while_flet_lets_go_of_the_control_it_indexed() -> None:
    """Flet's index holds controls weakly; a control re-rendered under the same id may be
    a new object while the index held the old one: its id must stay known."""
    index = KnownIndex()
    control = ft.Text("old")
    index[7] = control
    del control
    gc.collect()
    assert 7 not in index and 7 in index.known
    index.pop(7, None)
    assert 7 not in index.known  # taken off the screen: no longer known


# --- Flet's wire format: [0x00] + msgpack [action, body] ------------------------------------

REGISTER = {"session_id": None, "page_name": "game/abc", "page": {"web": True, "route": "/game/abc"}}
PHONES_SEND = [
    (MessageAction.REGISTER_CLIENT, REGISTER),
    (MessageAction.CONTROL_EVENT, {"target": 12, "name": "click", "data": None}),
    (MessageAction.INVOKE_METHOD, {"control_id": 3, "call_id": "c1", "result": "token", "error": None}),
]


@pytest.mark.parametrize(("action", "body"), PHONES_SEND, ids=lambda value: getattr(value, "name", ""))
def test_a_frame_is_what_flets_web_server_reads(action: MessageAction, body: dict[str, Any]) -> None:
    """flet_web's FletApp reads a frame as ``msgpack.unpackb(data[1:])`` after a 0x00 byte,
    then ``MessageAction(data[0])`` and ``data[1]``: the screenless phones of bench/ and the
    door's mended frames must be exactly that."""
    frame = encode_frame(action, body)
    assert frame[0] == 0x00 and msgpack.unpackb(frame[1:]) == [action.value, body]
    assert decode_frame(frame) == (action, body)
    assert frame_action(frame) is action  # read from three bytes, as the door reads every frame


def test_a_message_of_flets_server_decodes_with_the_fields_the_client_reads() -> None:
    message = Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
        session_id="s1", page_patch={"route": "/"}, error=""))
    assert decode_frame(encode_message(message)) == (
        MessageAction.REGISTER_CLIENT, {"session_id": "s1", "page_patch": {"route": "/"}, "error": ""})


def test_what_the_door_does_not_change_it_sends_on_byte_for_byte() -> None:
    """A date (msgpack's extension type 1, as Flet's client sends one) survives a decode
    and an encode unchanged: the door mends a registration or an answer and keeps the rest."""
    frame = b"\x00" + msgpack.packb([5, {"control_id": 1, "call_id": "c", "error": None,
                                         "result": msgpack.ExtType(1, b"2024-05-01T20:00:00")}])
    assert encode_frame(*decode_frame(frame)) == frame


@pytest.mark.parametrize("frame", [
    b"", b"\x00", b"\x01\x00\x00\x00\x07bytes",  # nothing; an empty message; a data channel's bytes
    b"\x00\xc1", b"\x00\x92\x01", b"\x00\x93\x01\x02\x03", b"\x00\x01",  # no msgpack; no [action, body]
    b"\x00\x92\x63\x80", b"\x00\x92\x01\x80\x00",  # an action Flet does not know; bytes after the message
    b"\x00" + b"\x91" * 10_000 + b"\x00",  # nested past msgpack's stack
])
def test_what_is_no_message_is_one_frame_error(frame: bytes) -> None:
    """The door passes such a frame on to Flet unmended: decoding it raises nothing else."""
    with pytest.raises(FrameError):
        decode_frame(frame)
    assert frame_action(frame) in (None, MessageAction.REGISTER_CLIENT)  # the last but one starts as a registration


def test_the_line_a_phone_is_told_is_flets_session_crashed_message() -> None:
    action, body = msgpack.unpackb(crash_frame("Zu viele Eingaben")[1:])
    assert (action, body) == (MessageAction.SESSION_CRASHED.value, {"message": "Zu viele Eingaben"})


# --- a page that reloads while its session starts (issue 32) ---------------------------------

class FakeSession:
    """What Flet's web server keeps of a phone's session, as far as reconnecting goes."""

    def __init__(self, connection: object | None) -> None:
        self.connection = connection
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_a_reloaded_page_never_takes_up_a_session_still_asking_who_it_is() -> None:
    """``fresh_unless_ready``: a page that registers with the id of a session whose phone was
    never identified (the page reloaded while that session started, after a server restart)
    gets a new session, and the old one is closed at once; a page that comes back to a
    session that knows its phone takes it up again (a plain reload)."""
    fresh_unless_ready(lambda session: session in app.IDENTIFIED)  # as make_main does
    waiting, identified, connected = FakeSession(None), FakeSession(None), FakeSession(object())
    app.IDENTIFIED.add(identified)  # type: ignore[arg-type]

    async def look() -> tuple[object, object, object, object, bool]:
        for key, session in (("waiting", waiting), ("identified", identified), ("connected", connected)):
            await web_sessions.add_session(f"test-{key}", session)
        found = (await web_sessions.get_session("test-waiting"), await web_sessions.get_session("test-identified"),
                 await web_sessions.get_session("test-connected"))
        again = await web_sessions.get_session("test-waiting")
        still_open = not connected.closed
        for key in ("identified", "connected"):
            await web_sessions.delete_session(f"test-{key}")
        return (*found, again, still_open)

    got_waiting, got_identified, got_connected, again, still_open = asyncio.run(look())
    assert got_waiting is None and waiting.closed and again is None  # a new session; the old one ends now
    assert got_identified is identified  # a plain reload keeps its session
    assert got_connected is None and still_open  # Flet makes a new one: the old page still holds it


def test_making_the_app_twice_does_not_wrap_the_sessions_twice() -> None:
    fresh_unless_ready(lambda session: True)
    first = web_sessions.get_session
    fresh_unless_ready(lambda session: False)
    assert web_sessions.get_session is first


@ft.component
def Greeting() -> ft.Control:
    return ft.Text("hello")


def test_what_a_component_rendered_and_a_pages_layers_are_where_the_harness_reads_them() -> None:
    """testkit/screen.py reads a phone's screen through ``rendered`` and ``page_layers``: a
    component's control is what it rendered last, and a dialog shown lies in the page's layers."""

    async def look() -> tuple[Any, list[Any]]:
        async with Table() as table:
            phone = await table.open(lambda page: page.render(Greeting), "/", None)
            page = phone.session.page
            (component,) = [c for c in controls_on(page) if isinstance(c, Component)]
            page.show_dialog(ft.AlertDialog(title=ft.Text("a question")))
            await table.quiet()
            return rendered(component), [d for layer in page_layers(page) for d in getattr(layer, "controls", [])]

    text, layers = asyncio.run(look())
    assert isinstance(text, ft.Text) and text.value == "hello"
    assert any(isinstance(d, ft.AlertDialog) and d.open for d in layers)
    assert rendered(ft.Text("not a component")) is None


def test_the_web_client_reads_a_buttons_minimum_size_that_the_touch_theme_sends() -> None:
    """Issue 48: Flet's ButtonStyle has no minimum size; the installed web client reads one
    (``minimum_size``, Flutter's ``minimumSize``) for a button style, and the app's theme
    sends it for every kind of button (48 px whatever the browser reports)."""
    client = (flet_web_dir() / "main.dart.js").read_text(encoding="utf-8")
    assert '"minimum_size"' in client
    theme = msgpack.unpackb(msgpack.packb(touch_theme("#795548", 48), default=ENCODE))
    for kind in ("button_theme", "filled_button_theme", "outlined_button_theme", "text_button_theme",
                 "icon_button_theme"):
        assert theme[kind]["style"]["minimum_size"] == {"width": 48, "height": 48}, kind
    assert theme["visual_density"] == "standard"
