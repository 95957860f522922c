"""Any address the app does not know: "Not found" with a way Home (the router's last route)."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import screen

ROUTE = ":rest*"  # matches every address no earlier route took


@ft.component
def NotFound() -> ft.View:
    return screen(
        ft.context.page.route or "/",
        "Not found",
        [
            ft.Text("There is nothing at this address."),
            ft.FilledButton("Home", icon=ft.Icons.HOME, on_click=lambda _: ft.context.page.navigate("/")),
        ],
    )
