"""Any address the app does not know: "Not found" with a way Home (the router's last route)."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import screen
from sheets.i18n import _

ROUTE = ":rest*"  # matches every address no earlier route took


def no_game_here() -> str:
    """Why a game's address shows nothing (never its id: a phone names no game by its id)."""
    return _("No game is stored at this address: it may have been deleted and left the bin, or it was "
             "played with another computer's Bean Counter.")


@ft.component
def NotFound() -> ft.View:
    return screen(
        ft.context.page.route or "/",
        _("Not found"),
        [
            ft.Text(_("There is nothing at this address.")),
            ft.FilledButton(_("Home"), icon=ft.Icons.HOME, on_click=lambda _e: ft.context.page.navigate("/")),
        ],
    )
