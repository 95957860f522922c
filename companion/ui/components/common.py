"""Small building blocks every screen shares."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.i18n import LANGUAGES
from companion.ui.hooks import go, notify, piece, player_route, typing, use_language
from sheets.i18n import _
from sheets.names import isolated


TOUCH = 48  # minimum touch target, in logical pixels
SPACING = 12  # between the parts of a screen
SECTION_SPACING = 6  # between the lines of a section
NAME_WIDTH = 96  # a player's name beside a table's columns at least: "Alexandr…" at 150 % text
TITLE_LINES = ft.TextStyle(height=1.0)
# Flet's trigger modes are plain strings, typed as their class: a tooltip a tap shows.
TAP = cast(ft.TooltipTriggerMode, ft.TooltipTriggerMode.TAP)


def screen(
    route: str,
    title: str,
    controls: list[ft.Control],
    actions: list[ft.Control] | None = None,
    back: str | None = "/",
    language: bool | None = None,
    column: ft.Ref[ft.Column] | None = None,
) -> ft.View:
    """A phone screen: app bar, then one scrolling column (``column`` refers to it). The
    app bar offers the language menu where ``language`` says (by default on Home, the
    screen without ``back``)."""
    leading = RouteButton(ft.Icons.ARROW_BACK, _("Back"), back) if back is not None else None
    if language if language is not None else back is None:
        actions = [*(actions or []), LanguageMenu()]
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            # Two lines, a size smaller: a game's title and its pass or sheet fit a phone. Lines
            # as tall as the letters: two lines of 150 % text fit the bar (taller ones were cut).
            title=ft.Text(title, size=16, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                          style=TITLE_LINES),
            leading=leading,
            leading_width=TOUCH if leading is not None else None,
            title_spacing=0 if leading is not None else None,  # beside the back arrow: room for the title (320 px, 150 %)
            automatically_imply_leading=False,
            actions=actions or [],
        ),
        controls=[ft.Column(controls, spacing=SPACING, expand=True, scroll=ft.ScrollMode.AUTO, ref=column)],
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
    )


@piece
def RouteButton(icon: ft.IconData, label: str, route: str) -> ft.Control:
    """An icon button that opens ``route``."""
    return icon_button(icon, label, lambda _e: go(route))


@piece
def RouteLink(icon: ft.IconData, label: str, route: str) -> ft.Control:
    """A text button in a screen's body that opens ``route``."""
    return ft.TextButton(label, icon=icon, on_click=lambda _e: go(route))


def section(title: str | ft.Control, *controls: ft.Control) -> ft.Control:
    """A titled part of a screen; ``title`` may be its ``section_title`` made before."""
    return ft.Column([section_title(title) if isinstance(title, str) else title, *controls], spacing=SECTION_SPACING)


def section_title(title: str) -> ft.Control:
    return ft.Text(title, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY)


def big_number(value: int | str, caption: str, color: str | None = None) -> ft.Control:
    """Numbers first: the value large, its label small."""
    return ft.Column(
        [
            ft.Text(str(value), size=28, weight=ft.FontWeight.BOLD, color=color),
            ft.Text(caption, size=12, color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER),
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def text_field(label: str, value: str, on_text: Callable[[str], object], **options: Any) -> ft.TextField:
    """A text field that hands ``on_text`` the text the phone sent with each change, and
    tells ``typing`` while it has the focus (a snackbar then keeps clear of it: ``notify``)."""
    return ft.TextField(label=label, value=value, **options, on_change=lambda e: on_text(sent(e)),
                        on_focus=lambda _e: typing(True), on_blur=lambda _e: typing(False))


def radio_group(value: str, on_pick: Callable[[str], object], content: ft.Control) -> ft.RadioGroup:
    """Radio buttons that hand ``on_pick`` the value the phone picked."""
    return ft.RadioGroup(value=value, content=content, on_change=lambda e: on_pick(sent(e)))


def two_lines(text: str, most: int = 20) -> str:
    """``text`` on two lines, broken at the last space within ``most`` characters: a radio's
    label is cut at the phone's edge (320 px at 150 % text), not wrapped."""
    cut = text.rfind(" ", 0, most + 1) if len(text) > most else -1
    return f"{text[:cut]}\n{text[cut + 1:]}" if cut > 0 else text


TWO_LINE_HEIGHT = 1.75  # a two-line label's lines: 2 x 1.75 x 14 px = 49 px, whatever the platform


def radio_button(value: str, label: str) -> ft.Radio:
    """A radio button of a ``radio_group`` at least 48 px high on every platform (issue 48):
    a label of one line gets a 48 px row; a longer one is broken onto two lines
    (``two_lines``: Flutter cuts a radio's label at the phone's edge, it never wraps it),
    spaced to 48 px."""
    shown = two_lines(label)
    if "\n" in shown:
        return ft.Radio(value=value, label=shown, label_style=ft.TextStyle(height=TWO_LINE_HEIGHT))
    return ft.Radio(value=value, label=shown, height=TOUCH)


def sent(e: ft.ControlEvent) -> str:
    """The value the phone sent with a change event, not ``e.control.value``: a re-render
    that runs between the phone's keystroke (or pick) and its event (a busy table)
    replaces the control, and the replacement still holds the value of the state before.
    (A text field's and a radio group's value is text; none yet: "".)"""
    if isinstance(e.data, str):
        return e.data
    value = getattr(e.control, "value", None)
    return "" if value is None else str(value)


def name_lines(name: str) -> int:
    """How many lines a player's name may take: two where it breaks after a space or a hyphen
    ("Dorothea-/Luise"), else one: Flutter breaks a word that does not fit anywhere inside it
    ("Friedema/nn"), so a name of one word is cut with "…" instead."""
    return 2 if BREAKS.search(name.strip()) else 1


BREAKS = re.compile(r"[\s\-\u2010]")  # a blank, a hyphen-minus or a hyphen


def name_text(name: str, *, size: float | None = None, weight: ft.FontWeight | None = None,
              color: str | None = None, expand: bool = False) -> ft.Text:
    """A player's name in the room it is given, never a fixed width (issue 48: "Friedema…"
    where there was room): whole where it fits, on two lines where it breaks after a space or
    a hyphen (``name_lines``), cut with "…" only where even that is too narrow; a tap (a
    mouse's hover) shows it whole in its tooltip, which a screen reader does not say twice."""
    lines = name_lines(name)
    return ft.Text(name, size=size, weight=weight, color=color, max_lines=lines, no_wrap=lines == 1,
                   overflow=ft.TextOverflow.ELLIPSIS, expand=expand,
                   tooltip=ft.Tooltip(message=name, trigger_mode=TAP, exclude_from_semantics=True))


def name_cell(name: str, *, size: float | None = None, weight: ft.FontWeight | None = None,
              color: str | None = None, opens: str | None = None) -> ft.Control:
    """A player's name in a row of a table, in the room the row leaves (give the row's other
    columns their widths): a ``name_text``, never drawn over the next column, the whole name
    a tap away and said whole by a screen reader, in its own node. ``opens``: a route the
    tap opens instead (a player's record)."""
    tap = (lambda _e: go(opens)) if opens is not None else (lambda _e: notify(name))
    return ft.Semantics(
        label=name, container=True, exclude_semantics=True, expand=True,
        on_tap=tap,  # a screen reader's tap
        # A tap says the whole name at the bottom of the screen (a tooltip is not shown by a
        # tap on the web); a mouse shows it on hover.
        content=ft.Container(name_text(name, size=size, weight=weight, color=color), on_click=tap),
    )


def ranked_line(rank: int, player: str, points: str, note: str | None = None) -> ft.Control:
    """A player's line of a game's ranking: rank, name (a ``name_cell``: a tap opens the
    player's record, issue 49), points and a ``note`` under them; each part in its own box,
    said as one line."""
    said = f"{rank}. {isolated(player)}: {points}" + (f" ({note})" if note else "")
    line: ft.Control = ft.Row([
        own_node(f"{rank}.", ft.Text(f"{rank}.", size=16, width=RANK, no_wrap=True)),
        name_cell(player, size=16, opens=player_route(player)),
        own_node(points, ft.Text(points, size=16, weight=ft.FontWeight.BOLD, no_wrap=True)),
    ], spacing=8)
    if note:  # on a line of its own: beside the points it took the name's room ("Friedem…", issue 48)
        note_box = own_node(note, ft.Text(note, size=12, no_wrap=True, color=ft.Colors.ON_SURFACE_VARIANT))
        line = ft.Column([line, ft.Row([note_box], alignment=ft.MainAxisAlignment.END)], spacing=0)
    return ft.Semantics(label=said, container=True, content=line)


RANK = 24  # "6." at 150 % text


def own_node(label: str, content: ft.Control) -> ft.Control:
    """``content`` as a node of its own for screen readers (and tests), said as ``label``:
    a cell of a table's row, found where it is drawn."""
    return ft.Semantics(label=label, container=True, exclude_semantics=True, content=content)


def sentence(text: str) -> str:
    """``text`` begun with a capital, as a message on its own line: "Player 1: ..."."""
    return text[:1].upper() + text[1:]


def error_line(message: str | None) -> ft.Control:
    if not message:
        return ft.Container(height=0)
    return ft.Container(
        ft.Row(
            [ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR), ft.Text(message, color=ft.Colors.ERROR, expand=True)],
            spacing=8,
        ),
        padding=8,
        border_radius=8,
        bgcolor=ft.Colors.ERROR_CONTAINER,
    )


def stepper(
    label: str,
    value: int,
    on_change: Callable[[int], object],
    low: int = 0,
    high: int | None = None,
) -> ft.Control:
    """- value + with 48 px targets; the buttons are named "<label> fewer" / "<label> more"."""
    return ft.Row(
        [
            ft.Text(label, expand=True, size=16),
            icon_button(ft.Icons.REMOVE, _("{label} fewer").format(label=label), lambda _e: on_change(value - 1),
                        value <= low),
            ft.Text(str(value), size=22, weight=ft.FontWeight.BOLD, width=36, text_align=ft.TextAlign.CENTER),
            icon_button(ft.Icons.ADD, _("{label} more").format(label=label), lambda _e: on_change(value + 1),
                        high is not None and value >= high),
        ],
        spacing=0,
    )


@ft.component
def LanguageMenu() -> ft.Control:
    """This phone's language, chosen in the app bar and remembered on the phone; each
    language is named in its own words."""
    language, choose = use_language()
    label = _("Language: {name}").format(name=LANGUAGES[language])
    return ft.Semantics(
        label=label,
        button=True,
        exclude_semantics=True,
        content=ft.PopupMenuButton(
            icon=ft.Icons.TRANSLATE,
            tooltip=label,
            width=TOUCH,
            height=TOUCH,
            items=[ft.PopupMenuItem(content=name, checked=code == language,
                                    on_click=lambda _e, code=code: choose(code))
                   for code, name in LANGUAGES.items()],
        ),
    )


def icon_button(icon: ft.IconData, label: str, on_click: ft.ControlEventHandler[ft.IconButton] | None,
                disabled: bool = False) -> ft.Control:
    """An icon button with an accessible name (Flutter web does not name it by its tooltip)."""
    return ft.Semantics(
        label=label,
        button=True,
        exclude_semantics=True,
        disabled=disabled,
        content=ft.IconButton(icon, tooltip=label, on_click=on_click, disabled=disabled,
                              width=TOUCH, height=TOUCH),
    )
