"""Any address the app does not know: "Not found" with a way Home (the router's last route)."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import screen
from companion.ui.components.gone import no_game_here
from sheets.i18n import _

__all__ = ["ROUTE", "NotFound", "no_game_here"]

ROUTE = ":rest*"  # matches every address no earlier route took


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
