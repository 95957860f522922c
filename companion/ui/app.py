"""The Flet app: routes, theme, and the hooks screens use to reach the games."""

from __future__ import annotations

import asyncio
import contextvars
import logging
import secrets
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.session import Games, PhoneGames

GamesContext = ft.create_context(None)
InviteContext = ft.create_context(None)  # the address phones open, when served

SEED = ft.Colors.BROWN  # a warm bean brown, the same in light and dark mode
DEVICE_KEY = "bean-counter.device"  # this browser's token, kept in its local storage
STORAGE_WAIT = 10  # seconds: a browser whose local storage fails may never answer


def use_games() -> PhoneGames:
    """The games, as this phone acts on them (as its seat at a table)."""
    return ft.use_context(GamesContext)


def use_game(game_id: str | None) -> int:
    """Re-render the calling screen whenever that game changes, in any session.

    Returns a version number that grows with every change seen.
    """
    games = use_games().games
    version, set_version = ft.use_state(0)
    page = ft.context.page

    async def bump() -> None:
        set_version(lambda v: v + 1)

    def listen(_game_id: str) -> None:
        # A change may come from another browser session's thread: run the re-render
        # on this page's own loop, without touching the caller's page context.
        contextvars.copy_context().run(page.run_task, bump)

    def subscribe() -> Callable[[], None] | None:
        return games.subscribe(game_id or "*", listen)

    ft.use_effect(subscribe, [game_id])
    return version


def notify(message: str, undo: Callable[[], Any] | None = None) -> None:
    """A short message at the bottom of the screen, with Undo where it applies."""
    page = ft.context.page
    page.show_dialog(
        ft.SnackBar(
            ft.Text(message),
            action="Undo" if undo else None,
            on_action=(lambda _: undo()) if undo else None,
            duration=ft.Duration(milliseconds=4000 if undo else 3000),
            persist=False,  # Flutter keeps a snackbar with an action up under a screen reader
        )
    )


def go(route: str) -> None:
    ft.context.page.navigate(route)


def use_invite_url() -> str | None:
    return ft.use_context(InviteContext)


@ft.component
def App(games: Games, invite_url: str | None = None):
    from companion.ui.screens.game import GameScreen
    from companion.ui.screens.home import Home
    from companion.ui.components.seats import Seats
    from companion.ui.screens.new_game import NewGame
    from companion.ui.screens.statistics import Statistics
    from companion.ui.screens.sheet_values import GameValuesScreen, SheetValuesScreen

    device, set_device = ft.use_state(None)

    async def identify() -> None:
        """A phone keeps its token across reloads and restarts: its seat waits for it. A
        browser that cannot keep it gets a token for this visit."""
        prefs = ft.SharedPreferences()
        try:
            token = await asyncio.wait_for(prefs.get(DEVICE_KEY), STORAGE_WAIT)
            if not isinstance(token, str) or not token:
                token = secrets.token_hex(16)
                await asyncio.wait_for(prefs.set(DEVICE_KEY, token), STORAGE_WAIT)
        except (RuntimeError, TimeoutError):  # an error for an answer, or no answer
            token = secrets.token_hex(16)
        set_device(token)

    ft.use_effect(identify, [])
    phone = ft.use_memo(lambda: PhoneGames(games, device), [device])
    if device is None:
        # The screens wait for the token (one answer from the browser): a seated phone's
        # first screen is its seat's, and no tap lands on a screen about to be rebuilt.
        return [ft.View(route=ft.context.page.route)]

    return GamesContext(
        phone,
        lambda: InviteContext(
            invite_url,
            lambda: ft.Router(
                [
                    ft.Route(index=True, component=Home),
                    ft.Route(path="new/:game?", component=NewGame),
                    ft.Route(path="game/:id", component=GameScreen),
                    ft.Route(path="game/:id/seats", component=Seats),
                    ft.Route(path="stats", component=Statistics),
                    ft.Route(path="values/:sheet?", component=SheetValuesScreen),
                    ft.Route(path="game/:id/values", component=GameValuesScreen),
                ],
                manage_views=True,
            ),
        ),
    )


PLAIN_ERROR = "Something went wrong on the server. Every saved entry is safe: reload the page."


def hide_tracebacks() -> None:
    """Flet sends a failed handler's traceback to the browser; a player gets a plain line
    instead, and the traceback goes to the server's log."""
    from flet.messaging.session import Session

    if getattr(Session.error, "plain", False):
        return
    shown = Session.error

    def error(self, message: str) -> None:
        logging.getLogger("bean_counter").error("app error: %s", message)
        shown(self, PLAIN_ERROR)

    error.plain = True  # type: ignore[attr-defined]
    Session.error = error


def make_main(games: Games, invite_url: str | None = None) -> Callable[[ft.Page], None]:
    hide_tracebacks()

    def main(page: ft.Page) -> None:
        page.title = "Bean Counter"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = ft.Theme(color_scheme_seed=SEED)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED)
        page.render_views(App, games, invite_url)

    return main
