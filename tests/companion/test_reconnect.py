"""Issue 32, "a stale session never strands a tab": a page that registers with the id of a
session whose phone was never identified (the page reloaded while that session started,
after a server restart) gets a new session, and the old one is closed at once; a page
that comes back to a session that knows its phone takes it up again (a plain reload)."""

from __future__ import annotations

import asyncio

from companion.ui import app
from companion.ui.flet_compat import fresh_unless_ready, web_sessions


class FakeSession:
    """What Flet's web server keeps of a phone's session, as far as reconnecting goes."""

    def __init__(self, connection: object | None) -> None:
        self.connection = connection
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_a_reloaded_page_never_takes_up_a_session_still_asking_who_it_is():
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


def test_making_the_app_twice_does_not_wrap_the_sessions_twice():
    fresh_unless_ready(lambda session: True)
    first = web_sessions.get_session
    fresh_unless_ready(lambda session: False)
    assert web_sessions.get_session is first
