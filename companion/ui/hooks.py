"""What screens and components share: the games this phone acts on, the invite address,
re-rendering on a change, and the snackbar. ``app.py`` provides the contexts; screens and
components import them from here, never from ``app.py``."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.session import PhoneGames
from companion.sheet_values import SheetValuesService

# Every screen is under the app's providers: the defaults are never seen.
GamesContext = ft.create_context(cast(PhoneGames, None))
SheetValuesContext = ft.create_context(cast(SheetValuesService, None))
InviteContext = ft.create_context(cast("str | None", None))  # the address phones open, when served


def use_games() -> PhoneGames:
    """The games, as this phone acts on them (as its seat at a table)."""
    return ft.use_context(GamesContext)


def use_sheet_values() -> SheetValuesService:
    """The printed values remembered per sheet letter (Gone with the Beans)."""
    return ft.use_context(SheetValuesContext)


def use_invite_url() -> str | None:
    return ft.use_context(InviteContext)


def use_game(game_id: str | None) -> int:
    """Re-render the calling screen whenever that game changes, in any session.

    Returns a version number that grows with every change seen.
    """
    games = use_games()
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
