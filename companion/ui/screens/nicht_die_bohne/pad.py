"""The paper pad: a row per player (each round's total, +positive −negative under it, the
game total), who won once the game is over, and who made the last entry."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import TOUCH
from companion.ui.hooks import Kept, Part, ViewOf, use_game_part, use_games, use_keeper, use_slice
from companion.ui.kit import result_banner
from companion.ui.components.common import memo
from companion.ui.screens.nicht_die_bohne.view import PadView, RoundCell, Row
from sheets.i18n import _, pgettext, signed, whole
from sheets.nicht_die_bohne import ROUNDS

COLUMN = 62  # "+30 −11" under a round's total, at 150 % text

# The same objects at every render: Flet passes over a value it sent before without comparing it.
ROW_PADDING = ft.Padding.symmetric(horizontal=6)
ROW_LINE = ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))


def score_row(row: Row, keep: Kept) -> ft.Control:
    """One player's line of the pad: each round's total (+positive −negative), the game
    total; ``keep``: an entry changes one round's cell, the others are kept."""
    name, cells, total, winner = row
    shown = ["–" if c is None else signed(c[0]) for c in cells]
    return ft.Semantics(
        label=" ".join([name, *shown, whole(total)]),
        container=True,  # its own node: screen readers (and tests) read one row at a time
        exclude_semantics=True,
        content=ft.Container(
            keep.row("row", [
                ((name, winner), lambda: player_name(name, winner)),
                *[cell_part(cell) for cell in cells],
                (total, lambda: ft.Text(whole(total), size=18, weight=ft.FontWeight.BOLD, width=COLUMN,
                                        text_align=ft.TextAlign.END)),
            ]),
            height=TOUCH + 4,
            padding=ROW_PADDING,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None,
            border=ROW_LINE,
        ),
    )


def cell_part(cell: RoundCell) -> Part:
    return cell, lambda: round_points(cell)


def player_name(name: str, winner: bool) -> ft.Control:
    trophy: list[ft.Control] = [ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=18)] if winner else []
    return ft.Row([*trophy, ft.Text(name, weight=ft.FontWeight.BOLD if winner else None)], spacing=4, expand=True)


def round_points(value: RoundCell) -> ft.Control:
    """A round's cell: its total, and under it +positive −negative; italic while it runs."""
    if value is None:
        return ft.Text("–", color=ft.Colors.ON_SURFACE_VARIANT, width=COLUMN, text_align=ft.TextAlign.END)
    points, positive, negative, done = value
    return ft.Column(
        [
            ft.Text(signed(points), size=16, weight=ft.FontWeight.BOLD, italic=not done),
            ft.Text(f"+{positive} {signed(-negative)}" if negative else f"+{positive}", size=10, no_wrap=True,
                    color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        spacing=0, width=COLUMN, horizontal_alignment=ft.CrossAxisAlignment.END,
    )


@ft.component
def _RoundHeader() -> ft.Control:
    columns: list[ft.Control] = [ft.Text(_("Player"), expand=True)]
    # TRANSLATORS: the pad's column of round {number}, as narrow as "R1"
    columns += [ft.Text(_("R{number}").format(number=n), width=COLUMN, text_align=ft.TextAlign.END)
                for n in range(1, ROUNDS + 1)]
    columns.append(ft.Text(pgettext("the pad's last column, 62 px wide", "Total"), width=COLUMN,
                           text_align=ft.TextAlign.END))
    return ft.Container(ft.Row(columns), padding=ft.Padding.symmetric(horizontal=6))


RoundHeader = memo(_RoundHeader)  # the same on every render (per phone and language)


def players_of(view: PadView) -> int:
    return len(view.shape.names)


@ft.component
def Pad(view: ViewOf[PadView]) -> ft.Control:
    """The paper pad: a row per player (a game's players never change: each row shows its own)."""
    players = use_slice(view, players_of)
    return ft.Column([RoundHeader(), *[PadRow(view, index) for index in range(players)]], spacing=0)


@ft.component
def PadRow(view: ViewOf[PadView], index: int) -> ft.Control:
    """The pad's row ``index``, in the order of the game's result."""
    row = use_slice(view, lambda v: v.rows[index])
    return score_row(row, use_keeper())


@ft.component
def Result(view: ViewOf[PadView]) -> ft.Control:
    """Who won, once the game is over."""
    result = use_slice(view, lambda v: v.result)
    return result_banner(result) if result is not None else ft.Container(height=0)


@ft.component
def LastEntry(game_id: str) -> ft.Control:
    """Who made the last entry: the table's record of the game, not its state."""
    games = use_games()
    last_by = use_game_part(lambda: games.last_entry_by(game_id))
    # Always there, empty or not: a screen that keeps its shape keeps a tap made during an update.
    return ft.Text(_("Last entry by {player}").format(player=last_by) if last_by else "", size=13,
                   color=ft.Colors.ON_SURFACE_VARIANT)
