"""/game/:id: the right play screen for the stored game, or a plain word why not."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.storage import DamagedGame, StorageError
from companion.ui.hooks import go, use_games
from companion.ui.components.common import error_line, screen
from companion.ui.screens.catalog import GAME_SCREENS


@ft.component
def GameScreen():
    game_id = ft.use_route_params().get("id", "")
    games = use_games()
    problem, set_problem = ft.use_state(cast("str | None", None))
    try:
        kind = games.kind(game_id)
    except DamagedGame as exc:
        damaged = exc

        def restore(_) -> None:
            try:
                games.restore_backup(damaged.game_id)
                go(f"/game/{damaged.game_id}")
            except StorageError as err:
                set_problem(str(err))

        buttons = [ft.FilledButton("Restore the newest good backup", on_click=restore)] if exc.backup else []
        return screen(f"/game/{game_id}", "Game damaged", [ft.Text(str(exc)), *buttons, error_line(problem)])
    except StorageError as exc:
        return screen(f"/game/{game_id}", "Game not found", [ft.Text(str(exc))])
    return GAME_SCREENS[kind].play(game_id)
