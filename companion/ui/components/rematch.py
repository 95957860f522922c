"""A finished game's "Play again" (issue 49, ``companion.rematch``): the same game and
players in one tap; a game whose setup is drawn anew opens its setup screen."""

from __future__ import annotations

import flet as ft

from companion.rematch import play_again
from companion.storage import StorageError
from companion.ui.components.common import TOUCH, sentence
from companion.ui.hooks import go, notify, use_games
from sheets.errors import RulesError
from sheets.i18n import _


@ft.component
def PlayAgain() -> ft.Control:
    games = use_games()
    game_id = ft.use_route_params().get("id", "")

    def again(_e: object) -> None:
        try:
            new_id = play_again(games, game_id)
        except (RulesError, StorageError) as exc:
            notify(sentence(str(exc)))
            return
        go(f"/game/{new_id}" if new_id else f"/new/{games.kind(game_id)}")

    return ft.OutlinedButton(_("Play again"), icon=ft.Icons.REPLAY, height=TOUCH, on_click=again)
