"""The live sheet's action buttons: a finger tall (48 px) whatever their words, also a
long label at normal text size (a Hay action's, a Contract's), which kit.action_only left
at the web's compact 32 px; a label that takes two lines grows with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.components.common import TOUCH
from companion.ui.kit import reason_line

# One line of 14 px text is 20 px high: 14 px above and below make the 48 px of a finger.
TALL = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=(TOUCH - 20) // 2),
                      visual_density=ft.VisualDensity.STANDARD,
                      shape=ft.RoundedRectangleBorder(radius=12))  # a label of two lines reads as one button


def tall_only(label: str, disabled: bool, on_click: Callable[[], Any]) -> ft.Control:
    """An action's button, at least 48 px tall."""
    return ft.OutlinedButton(label, disabled=disabled, on_click=lambda _e: on_click(), style=TALL)


def tall_button(label: str, reason: str | None, on_click: Callable[[], Any]) -> ft.Control:
    """``tall_only`` with the reason it is disabled under it (kit.action_button's shape)."""
    return ft.Column([tall_only(label, reason is not None, on_click), reason_line(reason)], spacing=0)
