"""Typing at a busy table: a text field hands on the text the phone sent with its change,
and radio buttons the value picked.

Flet may re-render a form between a keystroke reaching the server and its change event
being handled; the re-rendered control then still holds the text of the state before the
keystroke. The form must take the phone's text, or the name just typed is emptied."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import radio_group, text_field


def test_a_change_hands_on_the_text_the_phone_sent_not_the_older_control_text():
    typed: list[str] = []
    field = text_field("Player 2", "", typed.append)
    field.value = "Al"  # what a re-render between keystroke and event left in the control
    assert field.on_change is not None
    field.on_change(ft.ControlEvent(name="change", data="Alex", control=field))
    assert typed == ["Alex"]


def test_a_pick_hands_on_the_value_the_phone_sent_not_the_older_control_value():
    picked: list[str] = []
    group = radio_group("A", picked.append, ft.Column([ft.Radio(value=v, label=v) for v in "ABCD"]))
    assert group.on_change is not None
    group.on_change(ft.ControlEvent(name="change", data="C", control=group))  # the control still says "A"
    assert picked == ["C"]
