"""The small parts of the Space Beans screen: tiles, cards, collections, words."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import flet as ft

from companion.ui.colours import PAIRS
from companion.ui.components.common import TOUCH
from sheets.i18n import _, ngettext
from sheets.space_beans import Bean, Card, Collection, worth

# Card colour (fill) and the text colour on that fill; the rulebook names yellow
# Klingbohnen, red Darth Beans, violet Centauribohnen and grey Bohrion.
# Each a checked pair of companion/ui/colours.py (Moonbohnen: black on orange, white was 3.08:1).
BEAN_COLOURS = {
    Bean.KLINGBOHNEN: PAIRS["amber"],
    Bean.DARTH_BEANS: PAIRS["red light"],
    Bean.BEANLIENS: PAIRS["green"],
    Bean.CENTAURIBOHNEN: PAIRS["purple"],
    Bean.BOHRION: PAIRS["blue grey"],
    Bean.MOONBOHNEN: PAIRS["orange"],
    Bean.BLUEBEANS: PAIRS["blue"],
}
MUTED = ft.Colors.ON_SURFACE_VARIANT
B = TypeVar("B", ft.Button, ft.OutlinedButton, ft.FilledTonalButton)
T = TypeVar("T")


def cards_word(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def card_list(cards: Sequence[Card]) -> str:
    return ", ".join(c.label for c in cards) or _("nothing")


def worth_words(value: int) -> str:
    """A collection's close-out value as the engine computes it."""
    return _("worth {value}").format(value=value) if value else _("no value yet")


def tile(label: str, text: str, on_click: Callable[[], Any] | None, selected: bool = False,
         colours: tuple[str, str] | None = None, filled: bool = False, width: int | None = None) -> ft.Control:
    """A 48 px tap target with an accessible name; filled when selected (or always, ``filled``)."""
    fill, ink = colours or (ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY)
    solid = selected or filled
    # One line, cut with "…" where the phone is too narrow (a long name at 150 % text): never
    # drawn past the tile or over the next one; the accessible name says it whole.
    words = ft.Text(text, size=16, weight=ft.FontWeight.BOLD, color=ink if solid else ft.Colors.ON_SURFACE,
                    max_lines=1, overflow=ft.TextOverflow.ELLIPSIS, no_wrap=True, expand=True, expand_loose=True)
    return ft.Semantics(
        label=label,
        button=True,
        selected=selected,
        exclude_semantics=True,
        content=ft.Container(
            # at least 48 px wide however short the name ("Cy" was 46): the row is as wide
            # as the widest of its words and an empty box of the rest of 48 px (issue 48)
            ft.Stack([ft.Container(width=TOUCH - 24), ft.Row([words], tight=True, alignment=ft.MainAxisAlignment.CENTER,
                                                             vertical_alignment=ft.CrossAxisAlignment.CENTER)],
                     alignment=ft.Alignment.CENTER),
            height=TOUCH,
            width=width,
            padding=ft.Padding.symmetric(horizontal=12 if width is None else 0),
            border_radius=8,
            bgcolor=fill if solid else None,
            border=ft.Border.all(2, fill),
            on_click=(lambda _e: on_click()) if on_click else None,
        ),
    )


@dataclass(frozen=True)
class Option(Generic[T]):
    """A tile of a row: its accessible name, its text, the value a tap chooses, whether it
    is selected, its colours."""

    label: str
    text: str
    value: T
    selected: bool = False
    colours: tuple[str, str] | None = None


def tiles(options: Sequence[Option[T]], on_choose: Callable[[T], object], filled: bool = False,
          width: int | None = None) -> ft.Control:
    """A wrapping row of 48 px tiles, one per option; a tap calls ``on_choose`` with its value."""
    return ft.Row(
        [tile(o.label, o.text, _choosing(on_choose, o.value), selected=o.selected, colours=o.colours,
              filled=filled, width=width) for o in options],
        wrap=True, spacing=6, run_spacing=6,
    )


def _choosing(on_choose: Callable[[T], object], value: T) -> Callable[[], object]:
    return lambda: on_choose(value)


def pile(cards: tuple[Card, ...]) -> ft.Control:
    """Cards as small coloured values; read out as their names."""
    tags: list[ft.Control] = []
    for card in cards:
        fill, ink = BEAN_COLOURS[card.bean]
        tags.append(ft.Container(
            ft.Text(str(card.value), size=13, weight=ft.FontWeight.BOLD, color=ink),
            width=24, height=28, alignment=ft.Alignment.CENTER, border_radius=4, bgcolor=fill,
            tooltip=card.label,
        ))
    return ft.Semantics(
        label=_("Trophies: {cards}").format(cards=card_list(cards)),
        exclude_semantics=True,
        content=ft.Row(tags, wrap=True, spacing=3, run_spacing=3),
    )


def collection_line(which: str, collection: Collection) -> ft.Control:
    """ "Open: Klingbohnen 1, 4, 4 · 3 cards, worth 3" (the engine's close-out value)."""
    fill, _ink = BEAN_COLOURS[collection.bean]
    return ft.Row(
        [
            ft.Container(width=6, height=20, bgcolor=fill, border_radius=3),
            # the count and worth under the cards: beside them a long German bean name broke mid-word
            ft.Column([ft.Text(f"{which}: {collection.label}", size=15),
                       ft.Text(f"{cards_word(len(collection.values))}, {worth_words(worth(collection))}", size=12,
                               color=MUTED)],
                      spacing=0, expand=True),
        ],
        spacing=8,
    )


def growing(button: B) -> B:
    """``button`` as tall as its label: a long German label takes a second line at 150 %
    text instead of being cut off by a fixed height; never under 48 px (14 px text + 2 x 14)."""
    button.height = None
    button.style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14))
    return button


def end_button(label: str, reason: str | None, on_click: Callable[[], Any]) -> ft.Control:
    """The end of the game, allowed now or disabled with the engine's reason under it
    (``kit.action_button``, growing with its label)."""
    button = growing(ft.OutlinedButton(label, disabled=reason is not None, on_click=lambda _e: on_click()))
    if reason is None:
        return button
    return ft.Column([button, ft.Text(reason, size=13, color=MUTED)], spacing=0)
