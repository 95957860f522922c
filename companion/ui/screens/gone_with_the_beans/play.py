"""Gone with the Beans scorer, the play screen: one player's paper sheet at a time, its
scoring areas in the rulebook's words and order (rulebook: End of the Game; Differences on
Sheet B, C, D), then the final table. The screen follows the game's view (``use_view``) and
each piece is given its slice of it: after Ann's entry, a phone showing Ben's sheet renders
the players' totals and the final table, not Ben's sheet."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.components.common import TOUCH, error_line
from companion.ui.components.game_bar import game_body
from companion.ui.components.sheet_scoring import final_table_of, headline_of, note
from companion.ui.hooks import part, piece, use_game_of, use_latest, use_view
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.gone_with_the_beans.areas import sheet_areas
from companion.ui.screens.gone_with_the_beans.parts import area, summary
from companion.ui.screens.gone_with_the_beans.view import Refused, SheetShown, Taps, view
from sheets.gone_with_the_beans import RULES, Action, Finish, Reopen
from sheets.names import isolated
from sheets.i18n import _
from sheets.results import GameResult


@piece
def Pickers(totals: tuple[tuple[str, int], ...], shown: str, taps: Taps) -> ft.Control:
    """A chip per player with the running total; the shown player's is selected. Each chip
    is a part: after an entry, one chip's words change."""
    return ft.Row([part(player_chip, name, total, name == shown, taps.show) for name, total in totals],
                  wrap=True, spacing=6)


def player_chip(name: str, total: int, selected: bool, show: Callable[[str], None]) -> ft.Control:
    return ft.Chip(
        label=ft.Text(f"{isolated(name)} {total}"),
        selected=selected,
        show_checkmark=False,
        visual_density=ft.VisualDensity.STANDARD,
        height=TOUCH,
        on_select=lambda _e: show(name),
    )


@piece
def Summary(shown: SheetShown) -> ft.Control:
    return summary(shown.entries, shown.points)


@piece
def Headline(result: GameResult) -> ft.Control:
    """The winner(s) or the solitaire rating at the top, once finished."""
    return headline_of(result)


@piece
def FinalScoring(finished: bool, result: GameResult, refusal: str | None, taps: Taps) -> ft.Control:
    """The final table of every player's items, Finish (or Reopen once finished)."""
    solitaire = len(result.players) == 1
    return area(
        _("Final Scoring"), None,
        *([headline_of(result)] if finished else []),
        final_table_of(result),
        error_line(refusal),
        ft.OutlinedButton(_("Reopen"), icon=ft.Icons.EDIT, height=TOUCH, on_click=lambda _e: taps.reopen())
        if finished else
        ft.FilledButton(_("Finish"), icon=ft.Icons.FLAG, height=56, on_click=lambda _e: taps.finish()),
        note(_("Entries can still be corrected after Finish.") if finished
             else _("Finish when every player's sheet is entered: shows the winner and the solitaire rating.")
             if solitaire else _("Finish when every player's sheet is entered: shows the winner.")),
    )


# -- the scoring screen ---------------------------------------------------------------


@ft.component
def Play(game_id: str) -> ft.Control:
    game = use_game_of(game_id, RULES)
    entry = use_entry(game)
    shown = use_view(game_id, lambda: game.view(view))  # the same for every phone
    name, show = use_shown_player(game, shown.names)
    allowed = game.allowed(name)  # the engine's answer, kept by the session: changes with the state

    def enter(where: str, action: Action) -> bool:
        return entry.make(action, None, where)

    def refuse(where: str, reason: str) -> None:
        entry.refuse(reason, where)

    def show_player(player: str) -> None:
        show(player)
        entry.refuse(None)

    def finish() -> None:
        """Refused, with the first problem, while a sheet shows what no game can reach."""
        refused = game.allowed("").finish
        if refused:
            entry.refuse(refused, "final")
        else:
            entry.make(Finish(), _("Final scores"), "final")

    def reopen() -> None:
        entry.make(Reopen(), None, "final")

    taps = Taps(enter=use_latest(enter), refuse=use_latest(refuse), show=use_latest(show_player),
                finish=use_latest(finish), reopen=use_latest(reopen))
    refused: Refused = (entry.where, entry.refusal)
    controls: list[ft.Control] = [Headline(shown.result)] if shown.finished else []
    controls += [Pickers(tuple((s.name, s.points["total"]) for s in shown.sheets), name, taps),
                 Summary(shown.sheet_of(name)), sheet_areas(shown.sheet_of(name), shown.letter, allowed, refused, taps),
                 ft.Divider(), FinalScoring(shown.finished, shown.result, refused[1] if refused[0] == "final" else None,
                                            taps)]
    return game_body(controls)
