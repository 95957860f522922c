"""A beanometer printed only on the cards that no source states: once such a bean lies on a
field and the game does not know its row, the table types it in here, off a card, before a
harvest needs it. The engine checks the row (``EnterBeanometer``). Today's Coffee, Wax and
Cocoa have their published rows (sheets/bohnanza/decks.py, issue 47): none is asked now."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.ui.components.common import TOUCH, error_line, text_field
from companion.ui.hooks import Feed, piece, use_slice_of, use_typed
from companion.ui.screens.bohnanza.look import BEAN_COLOURS, coins, note
from companion.ui.screens.bohnanza.taps import Taps
from companion.ui.screens.bohnanza.view import BohnanzaView
from sheets.bohnanza import Bean, label
from sheets.i18n import _


def typed_row(texts: list[str]) -> tuple[int | None, ...] | str:
    """The four steps as typed (an empty box: no such step), or why they cannot be read."""
    steps: list[int | None] = []
    for paid, text in enumerate(texts, start=1):
        text = text.strip()
        if not text:
            steps.append(None)
        elif text.isdigit():
            steps.append(int(text))
        else:
            return _("{coins}: type a number of beans, or leave it empty").format(coins=coins(paid))
    return tuple(steps)


@piece
def PrintedRows(feed: Feed[BohnanzaView], error: str | None, taps: Taps) -> ft.Control:
    """Asks for the first bean on a field whose printed beanometer the game lacks."""
    unknown = use_slice_of(feed, lambda v: v.unknown_rows)
    texts, set_texts, typed = use_typed(["", "", "", ""])
    if not unknown:
        return ft.Container(height=0)
    bean: Bean = unknown[0]

    def put(i: int, value: str) -> None:
        set_texts(lambda old: [value if j == i else t for j, t in enumerate(old)])

    def save(_e: object) -> None:
        row = typed_row(typed())
        if isinstance(row, str):
            taps.refuse_row(row)
        elif taps.enter_row(bean, row):
            set_texts(["", "", "", ""])

    fill, _ink = BEAN_COLOURS[bean]
    boxes: list[ft.Control] = [text_field(coins(n), texts[n - 1], partial(put, n - 1), keyboard_type=ft.KeyboardType.NUMBER, expand=True)
             for n in range(1, 5)]
    return ft.Container(
        ft.Column([
            ft.Text(_("{bean}: its beanometer").format(bean=label(bean)), size=18, weight=ft.FontWeight.W_600),
            note(_("The rulebook does not print it. Type the beans it takes for 1, 2, 3 and 4 coins as your "
                   "card shows them; leave a box empty where the card has no such step.")),
            ft.Row(boxes[:2], spacing=6),  # two by two: "2 coins" fits its box at 150 % text
            ft.Row(boxes[2:], spacing=6),
            error_line(error),
            ft.FilledButton(_("Save the beanometer"), icon=ft.Icons.CHECK, height=TOUCH, on_click=save),
        ], spacing=8),
        padding=10, border_radius=10, border=ft.Border.all(2, fill),
    )
