"""/game/:id: the right play screen for the stored game, or a plain word why not; and
/game/:id/at/:n, the same screen as the game stood after entry n (the timeline's way back
to any moment), read only."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.session import PhoneGames, damage_words
from companion.storage import DamagedGame, StorageError
from companion.ui.hooks import GamesContext, ScreenColumnContext, go, moment_route, use_games, use_view
from companion.ui.components.common import TOUCH, error_line, screen
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

    # This screen renders again when its frame changes (a deleted game among them); the play
    # screen below follows the game's view itself (``use_view``).
    shown = use_view(game_id, frame)
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
    crowded = games.why_not_follow(game_id)
    if crowded is not None:  # the session follows no more phones without a seat here
        return screen(f"/game/{game_id}", _("Too many phones on this game"), [ft.Text(crowded), ft.Row([
            ft.FilledButton(_("Sit down"), icon=ft.Icons.EVENT_SEAT, height=TOUCH,
                            on_click=lambda _e: go(f"/game/{game_id}/seats")),
            ft.OutlinedButton(_("Home"), icon=ft.Icons.HOME, height=TOUCH, on_click=lambda _e: go("/"))],
            wrap=True, spacing=8, run_spacing=8)])
    return game_screen(games, game_id, shown,
                       ScreenColumnContext(column, lambda: played(games, game_id, shown.kind)), column)


def played(games: PhoneGames, game_id: str, kind: str) -> ft.Control:
    """The game's play screen; as the game stood after an entry (the timeline's way back),
    read only: every key drawn disabled, none taps to be refused in red (issue 48)."""
    play = GAME_SCREENS[kind].play(game_id)
    return play if games.after is None else ft.Container(play, disabled=True)


def entry_number(segment: str) -> int:
    """The entry an ``/at/`` segment names: plain digits 0-9, at most 6 of them; any other
    segment ("²", "٣", "-1", "1e3", "") names no entry (0)."""
    return int(segment) if segment.isascii() and segment.isdecimal() and len(segment) <= 6 else 0


@ft.component
def PastGameScreen() -> ft.View:
    """The game's own screen as it stood after entry ``n``: this phone's games read as they
    stood then (the session refuses every change there)."""
    params = ft.use_route_params()
    game_id, raw = params.get("id", ""), params.get("n", "")
    after = entry_number(raw)
    games = use_games()
    past = ft.use_memo(lambda: games.as_it_stood(after), [games, after])
    try:
        entries = games.entries(game_id)
    except StorageError:  # deleted, or not here: the game screen says so
        entries = after
    if not 1 <= after <= entries:
        return screen(moment_route(game_id, raw), _("Timeline"), [
            ft.Text(_("This game has no entry {n}.").format(n=raw)),
            ft.FilledButton(_("Back to now"), on_click=lambda _e: go(f"/game/{game_id}"))])
    return GamesContext(past, lambda: GameScreen())
