"""Typing at a busy table: a text field hands on the text the phone sent with its change.

Flet may re-render a form between a keystroke reaching the server and its change event
being handled; the re-rendered control then still holds the text of the state before the
keystroke. The form must take the phone's text, or the name just typed is emptied."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import text_field


def test_a_change_hands_on_the_text_the_phone_sent_not_the_older_control_text():
    typed: list[str] = []
    field = text_field("Player 2", "", typed.append)
    field.value = "Al"  # what a re-render between keystroke and event left in the control
    assert field.on_change is not None
    field.on_change(ft.ControlEvent(name="change", data="Alex", control=field))
    assert typed == ["Alex"]
