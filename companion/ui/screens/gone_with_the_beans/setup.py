"""Gone with the Beans scorer, setup: the sheet (A-D) and the players with their provinces."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.ui.components.common import error_line, section
from companion.ui.components.sheet_scoring import Players, players_section, sheet_choice
from companion.ui.hooks import go, use_games, use_typed
from sheets.errors import RulesError
from sheets.gone_with_the_beans import RULES, SHEETS
from sheets.i18n import _


@ft.component
def Setup(game: str) -> ft.Control:
    games = use_games()
    sheet, set_sheet = ft.use_state("A")
    players, set_players, typed_players = use_typed(cast(Players, [("", "tachiopi"), ("", "cashew")]))
    error, set_error = ft.use_state(cast("str | None", None))

    def start(_e: object) -> None:
        setup = {"sheet": sheet, "players": [{"name": n, "province": p} for n, p in typed_players()]}
        try:
            game_id = games.new_game(RULES.id, setup)
        except RulesError as exc:
            set_error(str(exc))
            return
        go(f"/game/{game_id}")

    return ft.Column(
        [
            section(
                _("Game sheet (all players use the same letter)"),
                sheet_choice(sheet, set_sheet),
            ),
            players_section(SHEETS[sheet], players, set_players,
                            games.group().players.suggestions("", RULES.id, [n for n, _p in players])),
            error_line(error),
            ft.FilledButton(_("Start scoring"), icon=ft.Icons.PLAY_ARROW, on_click=start, height=56),
        ],
        spacing=16,
    )
