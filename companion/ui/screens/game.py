"""/game/:id: the right play screen for the stored game, or a plain word why not."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.session import damage_words
from companion.storage import DamagedGame, StorageError
from companion.ui.hooks import GameChangedContext, ScreenColumnContext, go, use_game_frame, use_games
from companion.ui.components.common import error_line, screen
from companion.ui.components.game_bar import Frame, frame_of, game_screen
from companion.ui.components.gone import not_here
from companion.ui.screens.catalog import GAME_SCREENS
from sheets.i18n import _


@ft.component
def GameScreen() -> ft.View:
    game_id = ft.use_route_params().get("id", "")
    games = use_games()
    problem, set_problem = ft.use_state(cast("str | None", None))
    column: ft.Ref[ft.Column] = ft.use_memo(ft.Ref, [])  # the scrolling column, kept across renders

    def frame() -> Frame | StorageError:
        try:
            return frame_of(games, game_id, lambda kind, state: GAME_SCREENS[kind].title_of(state))
        except StorageError as exc:
            return exc

    # The one listener to this game's changes on its route: this screen renders again when
    # its frame changes (a deleted game among them).
    shown, changed = use_game_frame(game_id, frame)
    if isinstance(shown, DamagedGame):
        damaged = shown

        def restore(_e: object) -> None:
            try:
                games.restore_backup(damaged.game_id)
                go(f"/game/{damaged.game_id}")
            except StorageError as err:
                set_problem(str(err))

        buttons = [ft.FilledButton(_("Restore the newest good backup"), on_click=restore)] if damaged.backup else []
        return screen(f"/game/{game_id}", _("Game damaged"), [ft.Text(damage_words(damaged)), *buttons,
                                                               error_line(problem)])
    if isinstance(shown, StorageError):  # deleted, or not here: never the id on a phone
        return not_here(f"/game/{game_id}", games.deleted_by(game_id), shown)
    # Each piece of the screen reads what it shows of the game (use_game_part) and is told
    # of a change through ``changed``: on most changes only the pieces it touches render.
    return GameChangedContext(changed, lambda: game_screen(
        games, game_id, shown, ScreenColumnContext(column, lambda: GAME_SCREENS[shown.kind].play(game_id)), column))
