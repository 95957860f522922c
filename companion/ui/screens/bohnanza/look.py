"""How the Bohnanza screen draws a bean, a count, a coin: colours, words and small controls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.colours import PAIRS
from companion.ui.components.common import TOUCH
from sheets.bohnanza import BEANS, Bean, Beanometer, count_of, name
from sheets.i18n import _, ngettext

# One colour per bean (fill, text on that fill), used for every bean everywhere.
BEAN_COLOURS: dict[Bean, tuple[str, str]] = {
    Bean.BLUE: PAIRS["blue"],
    Bean.CHILI: PAIRS["deep orange"],
    Bean.STINK: PAIRS["brown"],
    Bean.GREEN: PAIRS["green"],
    Bean.SOY: PAIRS["amber"],
    Bean.BLACK_EYED: PAIRS["blue grey"],
    Bean.RED: PAIRS["red"],
    Bean.GARDEN: PAIRS["purple"],
    Bean.COFFEE: PAIRS["dark brown"],
    Bean.WAX: PAIRS["yellow"],
    Bean.COCOA: PAIRS["cocoa"],
}


def coins(n: int) -> str:
    """ "1 coin", "6 coins"; "6 Taler" on a German phone."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def printed(bean: Bean) -> str | None:
    """The name on the German card, where the phone does not already say it."""
    german = BEANS[bean].german
    return None if name(bean) == german else german


def short(bean: Bean) -> str:
    """A bean tile's text: the English name without " Bean" (the row holds only beans),
    a German name in full as printed ("Blaue Bohne", "Gartenbohne")."""
    return name(bean).removesuffix(" Bean")


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def note(text: str, color: str = ft.Colors.ON_SURFACE_VARIANT) -> ft.Control:
    return ft.Text(text, size=12, color=color)


def named(label: str, control: ft.Control, **kw: Any) -> ft.Control:
    """A button whose accessible name says more than its short visible text."""
    return ft.Semantics(label=label, button=True, exclude_semantics=True, content=control, **kw)


def bean_badge(bean: Bean | None, text: str, size: int = 56) -> ft.Control:
    """A square in the bean's colour with a number on it (outlined when the field is empty)."""
    fill, ink = BEAN_COLOURS[bean] if bean else (None, ft.Colors.ON_SURFACE_VARIANT)
    return ft.Container(
        ft.Text(text, size=26, weight=ft.FontWeight.BOLD, color=ink),
        width=size, height=size, border_radius=12, alignment=ft.Alignment.CENTER, bgcolor=fill,
        border=None if bean else ft.Border.all(2, ft.Colors.OUTLINE_VARIANT),
    )


def bean_tile(bean: Bean, chosen: bool, on_pick: Callable[[Bean], None]) -> ft.Control:
    """One bean to plant, a 48 px tile in its colour; filled when chosen."""
    fill, ink = BEAN_COLOURS[bean]
    return ft.Semantics(
        label=name(bean),
        button=True,
        selected=chosen,
        exclude_semantics=True,
        content=ft.Container(
            ft.Row([ft.Text(short(bean), size=14, weight=ft.FontWeight.W_600,
                            color=ink if chosen else ft.Colors.ON_SURFACE)],
                   tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            # As wide as its name at any text size (a fixed width cut "Black-eyed" at 150 %).
            height=TOUCH, padding=ft.Padding.symmetric(horizontal=12), border_radius=8,
            bgcolor=fill if chosen else None, border=ft.Border.all(2, fill),
            on_click=lambda _e: on_pick(bean),
        ),
    )


def count_tile(number: int, field: int, bean: Bean | None, refused: bool,
               plant: Callable[[int, int], None]) -> ft.Control:
    """A number to plant in one tap, named for what it does ("Plant 10 Blue Beans in field 1");
    outlined and disabled while no bean is chosen or the rules refuse that many."""
    able = bean is not None and not refused
    fill, ink = BEAN_COLOURS[bean] if bean else (ft.Colors.OUTLINE_VARIANT, ft.Colors.ON_SURFACE_VARIANT)
    return named(
        _("Plant {beans} in field {field}").format(beans=count_of(bean, number), field=field) if bean
        else _("Plant {n}: pick the bean first").format(n=number),
        ft.Container(
            ft.Text(str(number), size=18, weight=ft.FontWeight.BOLD, color=ink if able else ft.Colors.ON_SURFACE_VARIANT),
            width=TOUCH, height=TOUCH, border_radius=8, alignment=ft.Alignment.CENTER,
            bgcolor=fill if able else None, border=ft.Border.all(2, fill if bean else ft.Colors.OUTLINE_VARIANT),
            on_click=(lambda _e: plant(field, number)) if able else None,
        ),
        disabled=not able,
    )


def beanometer_line(beanometer: Beanometer) -> str:
    """The card's beanometer: "coins for beans: 1 for 3 · 2 for 5 · 3 for 7 · 4 for 8"."""
    steps = [_("{coins} for {beans}").format(coins=n, beans=need)
             for n, need in enumerate(beanometer, start=1) if need is not None]
    return _("Beanometer, coins for beans: {steps}").format(steps=" · ".join(steps))


def confirm_or_cancel(label: str, icon: ft.IconData, confirm: Callable[[], None],
                      cancel: Callable[[], None]) -> ft.Control:
    """The confirming button across the panel (a long German label stays on one line at
    150 % text), Cancel under it."""
    return ft.Column([
        ft.FilledButton(label, icon=icon, on_click=lambda _e: confirm(), height=TOUCH),
        ft.Row([ft.OutlinedButton(_("Cancel"), on_click=lambda _e: cancel(), height=TOUCH)]),
    ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
