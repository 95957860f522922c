"""/game/:id: the right play screen for the stored game, or a plain word why not."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.session import damage_words
from companion.storage import DamagedGame, GameNotFound, StorageError
from companion.ui.hooks import go, notify, use_game, use_games
from companion.ui.components.common import error_line, screen
from companion.ui.screens.catalog import GAME_SCREENS
from companion.ui.screens.not_found import no_game_here
from sheets.i18n import _


@ft.component
def Deleted(game_id: str, deleted_by: str) -> ft.View:
    """A game deleted while this phone showed it: Home, saying who and that it can come back."""
    said = _("{who} deleted this game: it is in the bin on Home, restorable").format(
        who=f"{deleted_by[0].upper()}{deleted_by[1:]}")

    def leave() -> None:
        go("/")
        notify(said)

    ft.use_effect(leave, [])
    return screen(f"/game/{game_id}", _("Game deleted"), [ft.Text(said)])


@ft.component
def GameScreen():
    game_id = ft.use_route_params().get("id", "")
    games = use_games()
    # The one subscriber to this game's changes on its route: the play screen below
    # re-renders as its child. A play screen subscribing too would render twice per
    # change and, for a deleted game, could render before this screen leaves, fail,
    # and stop Flet's updates for that phone.
    use_game(game_id)
    problem, set_problem = ft.use_state(cast("str | None", None))
    try:
        kind = games.kind(game_id)
    except DamagedGame as exc:
        damaged = exc

        def restore(_e: object) -> None:
            try:
                games.restore_backup(damaged.game_id)
                go(f"/game/{damaged.game_id}")
            except StorageError as err:
                set_problem(str(err))

        buttons = [ft.FilledButton(_("Restore the newest good backup"), on_click=restore)] if exc.backup else []
        return screen(f"/game/{game_id}", _("Game damaged"), [ft.Text(damage_words(exc)), *buttons, error_line(problem)])
    except StorageError as exc:
        deleted_by = games.deleted_by(game_id)
        if deleted_by is not None:
            return Deleted(game_id, deleted_by)
        said = no_game_here() if isinstance(exc, GameNotFound) else str(exc)  # never the id on a phone
        return screen(f"/game/{game_id}", _("Game not found"), [ft.Text(said)])
    return GAME_SCREENS[kind].play(game_id)
