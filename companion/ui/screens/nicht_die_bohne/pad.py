"""The paper pad: a row per player (each round's total, +positive −negative under it, the
game total), who won once the game is over, and who made the last entry."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.ui.components.common import NAME_WIDTH, TOUCH, name_cell, own_node
from companion.ui.hooks import Feed, part, piece, use_slice_of
from companion.ui.kit import result_banner
from companion.ui.screens.nicht_die_bohne.view import RoundCell, Row, Shown
from sheets.i18n import _, pgettext, signed, whole
from sheets.names import isolated
from sheets.nicht_die_bohne import ROUNDS

COLUMN = 62  # "+30 −11" under a round's total, at 150 % text
GAP = 4  # between the pad's columns
PADDING = 6  # either side of a row
# The room a row needs beside its name: the rounds' and the total's columns.
SCORES = (ROUNDS + 1) * (COLUMN + GAP) + 2 * PADDING

# The same objects at every render: Flet passes over a value it sent before without comparing it.
ROW_PADDING = ft.Padding.symmetric(horizontal=PADDING)
ROW_LINE = ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))
Width = float | None  # the name column's width; None: the room the row leaves


def name_width(pad: float | None) -> Width:
    """The name column's width on a pad ``pad`` px wide (None: not measured yet): what
    the score columns leave, but never under NAME_WIDTH. Then the pad is wider than the
    screen and scrolls sideways (a 320 px phone), its names never squeezed out."""
    return None if pad is None or pad - SCORES >= NAME_WIDTH else NAME_WIDTH


def score_row(row: Row, width: Width) -> ft.Control:
    """One player's line of the pad: the name, each round's total (+positive −negative),
    the game total; each a part of its own: an entry changes one round's cell, the others
    stay as they were. Each cell is a node of its own (a screen reader, and a test, finds
    each where it is drawn)."""
    name, cells, total, winner = row
    shown = ["–" if c is None else signed(c[0]) for c in cells]
    return ft.Semantics(
        label=" ".join([isolated(name), *shown, whole(total)]),
        container=True,  # its own node: screen readers (and tests) read one row at a time
        content=ft.Container(
            ft.Row([part(player_name, name, winner, width), *[part(round_points, cell) for cell in cells],
                    part(total_cell, total)], spacing=GAP),
            height=TOUCH + 4,
            padding=ROW_PADDING,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None,
            border=ROW_LINE,
        ),
    )


def total_cell(total: int) -> ft.Control:
    return own_node(whole(total), ft.Text(whole(total), size=18, weight=ft.FontWeight.BOLD, width=COLUMN,
                                          text_align=ft.TextAlign.END))


def player_name(name: str, winner: bool, width: Width) -> ft.Control:
    """The name, cut with "…" where it does not fit (the whole name a tap away)."""
    shown = name_cell(name, None if width is None else width - (22 if winner else 0),
                      weight=ft.FontWeight.BOLD if winner else None)
    if not winner:
        return shown
    trophy = ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=18)
    return ft.Row([trophy, shown], spacing=4, expand=width is None, width=width)


def round_points(value: RoundCell) -> ft.Control:
    """A round's cell: its total, and under it +positive −negative; italic while it runs."""
    if value is None:
        return own_node("–", ft.Text("–", color=ft.Colors.ON_SURFACE_VARIANT, width=COLUMN,
                                     text_align=ft.TextAlign.END))
    points, positive, negative, done = value
    under = f"+{positive} {signed(-negative)}" if negative else f"+{positive}"
    return own_node(f"{signed(points)} ({under})", ft.Column(
        [
            ft.Text(signed(points), size=16, weight=ft.FontWeight.BOLD, italic=not done, no_wrap=True),
            ft.Text(under, size=10, no_wrap=True, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        spacing=0, width=COLUMN, horizontal_alignment=ft.CrossAxisAlignment.END,
    ))


@piece
def RoundHeader(width: Width) -> ft.Control:
    # One line each, cut with "…": never "Pl/ay/er" a letter or two a line.
    columns: list[ft.Control] = [ft.Text(_("Player"), width=width, expand=width is None, max_lines=1, no_wrap=True,
                                         overflow=ft.TextOverflow.ELLIPSIS)]
    # TRANSLATORS: the pad's column of round {number}, as narrow as "R1"
    columns += [ft.Text(_("R{number}").format(number=n), width=COLUMN, text_align=ft.TextAlign.END, no_wrap=True)
                for n in range(1, ROUNDS + 1)]
    columns.append(ft.Text(pgettext("the pad's last column, 62 px wide", "Total"), width=COLUMN, max_lines=1,
                           no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.END))
    return ft.Container(ft.Row(columns, spacing=GAP), padding=ROW_PADDING)


@piece
def Pad(feed: Feed[Shown], players: int) -> ft.Control:
    """The paper pad: a row per player, each a piece following its own row (an entry
    changes one row; the pad around it is not drawn again).
    It measures itself once laid out: too narrow for a name beside the score columns (a
    320 px phone, large text), the pad scrolls sideways, each name at least NAME_WIDTH."""
    measured, set_measured = ft.use_state(cast("float | None", None))
    width = name_width(measured)
    rows: list[ft.Control] = [RoundHeader(width), *[PadRow(feed, n, width) for n in range(players)]]
    if width is None:
        table: ft.Control = ft.Column(rows, spacing=0, expand=True)
    else:
        table = ft.Row([ft.Column(rows, spacing=0, width=width + SCORES)], scroll=ft.ScrollMode.AUTO, expand=True)

    def measure(e: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        if measured is None or abs(e.width - measured) >= 1:
            set_measured(e.width)

    # The outer row takes the screen's width, whatever the pad inside it needs.
    return ft.Container(ft.Row([table]), on_size_change=measure, size_change_interval=100)


@piece
def PadRow(feed: Feed[Shown], n: int, width: Width) -> ft.Control:
    """Row ``n`` of the pad, in the order of the game's result."""
    return score_row(use_slice_of(feed, lambda s: s.pad.rows[n]), width)


@piece
def Result(feed: Feed[Shown]) -> ft.Control:
    """Who won, once the game is over."""
    result = use_slice_of(feed, lambda s: s.pad.result)
    if result is None:
        return ft.Container(height=0)
    return result_banner(result)  # the points with the one minus sign: "−12"


@piece
def LastEntry(feed: Feed[Shown]) -> ft.Control:
    """Who made the last entry: the table's record of the game, not its state."""
    last_by = use_slice_of(feed, lambda s: s.last_by)
    # Always there, empty or not: a screen that keeps its shape keeps a tap made during an update.
    return ft.Text(_("Last entry by {player}").format(player=isolated(last_by)) if last_by else "", size=13,
                   color=ft.Colors.ON_SURFACE_VARIANT)
