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
STACKED_PADDING = ft.Padding.only(left=PADDING, right=PADDING, top=4, bottom=2)


def beside(pad: float | None) -> bool:
    """Whether a name stands beside its scores on a pad ``pad`` px wide (None: not measured
    yet): where the score columns leave it NAME_WIDTH. Else (a phone at 150 % text) each
    name stands whole on its own line above its scores, and every column, Total too, stays
    on the screen (issue 48: at 360 px the pad scrolled sideways, its Total cut off, its
    names cut to "Friede…")."""
    return pad is None or pad - SCORES >= NAME_WIDTH


def score_row(row: Row, side: bool) -> ft.Control:
    """One player's line of the pad: the name (beside its scores, or above them: ``beside``),
    each round's total (+positive −negative), the game total; each a part of its own: an
    entry changes one round's cell, the others stay as they were. Each cell is a node of
    its own (a screen reader, and a test, finds each where it is drawn)."""
    name, cells, total, winner = row
    shown = ["–" if c is None else signed(c[0]) for c in cells]
    scores = [*[part(round_points, cell) for cell in cells], part(total_cell, total)]
    named = part(player_name, name, winner)
    return ft.Semantics(
        label=" ".join([isolated(name), *shown, whole(total)]),
        container=True,  # its own node: screen readers (and tests) read one row at a time
        content=ft.Container(
            ft.Row([named, *scores], spacing=GAP) if side else
            ft.Column([ft.Row([named]), ft.Row(scores, spacing=GAP, alignment=ft.MainAxisAlignment.END)], spacing=0),
            height=TOUCH + 4 if side else None,
            padding=ROW_PADDING if side else STACKED_PADDING,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None,
            border=ROW_LINE,
        ),
    )


def total_cell(total: int) -> ft.Control:
    return own_node(whole(total), ft.Text(whole(total), size=18, weight=ft.FontWeight.BOLD, width=COLUMN,
                                          text_align=ft.TextAlign.END))


def player_name(name: str, winner: bool) -> ft.Control:
    """The name in the room its row leaves, a trophy before a winner's (the whole name a tap away)."""
    shown = name_cell(name, weight=ft.FontWeight.BOLD if winner else None)
    if not winner:
        return shown
    trophy = ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=18)
    return ft.Row([trophy, shown], spacing=4, expand=True)


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
def RoundHeader(side: bool) -> ft.Control:
    """The pad's column titles, "Player" where the names stand: beside the rounds, or above them."""
    # One line each, cut with "…": never "Pl/ay/er" a letter or two a line.
    player = ft.Text(_("Player"), expand=True, max_lines=1, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)
    # TRANSLATORS: the pad's column of round {number}, as narrow as "R1"
    columns: list[ft.Control] = [ft.Text(_("R{number}").format(number=n), width=COLUMN, text_align=ft.TextAlign.END,
                                         no_wrap=True) for n in range(1, ROUNDS + 1)]
    columns.append(ft.Text(pgettext("the pad's last column, 62 px wide", "Total"), width=COLUMN, max_lines=1,
                           no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.END))
    if side:
        return ft.Container(ft.Row([player, *columns], spacing=GAP), padding=ROW_PADDING)
    return ft.Container(ft.Column([ft.Row([player]), ft.Row(columns, spacing=GAP, alignment=ft.MainAxisAlignment.END)],
                                  spacing=0), padding=ROW_PADDING)


@piece
def Pad(feed: Feed[Shown], players: int) -> ft.Control:
    """The paper pad: a row per player, each a piece following its own row (an entry
    changes one row; the pad around it is not drawn again).
    It measures itself once laid out: too narrow for a name beside the score columns (a
    phone at 150 % text), each name stands above its scores (``beside``)."""
    measured, set_measured = ft.use_state(cast("float | None", None))
    side = beside(measured)
    table = ft.Column([RoundHeader(side), *[PadRow(feed, n, side) for n in range(players)]], spacing=0, expand=True)

    def measure(e: ft.LayoutSizeChangeEvent[ft.LayoutControl]) -> None:
        if measured is None or abs(e.width - measured) >= 1:
            set_measured(e.width)

    # The outer row takes the screen's width: what is measured.
    return ft.Container(ft.Row([table]), on_size_change=measure, size_change_interval=100)


@piece
def PadRow(feed: Feed[Shown], n: int, side: bool) -> ft.Control:
    """Row ``n`` of the pad, in the order of the game's result."""
    return score_row(use_slice_of(feed, lambda s: s.pad.rows[n]), side)


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
