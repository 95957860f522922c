"""Home: start a new game, resume an unfinished one, open a finished one."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.storage import Summary
from companion.ui.app import go, notify, use_game, use_games
from companion.ui.components.common import icon_button, screen, section
from sheets.registry import GAMES


def when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%d %b %Y, %H:%M")
    except ValueError:
        return stamp


@ft.component
def Home():
    games = use_games()
    use_game(None)  # any change anywhere refreshes the list
    confirm, set_confirm = ft.use_state(None)
    summaries = games.summaries()

    def delete(summary: Summary) -> None:
        set_confirm(None)
        games.delete(summary.id)
        notify(f"Deleted {GAMES[summary.game].title} of {when(summary.created)}",
               undo=lambda: games.undelete(summary.id))

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Delete this game?"),
            content=ft.Text(f"{GAMES[confirm.game].title}, {', '.join(confirm.players)}. "
                            "You can undo this until the app closes."),
            actions=[
                ft.TextButton("Keep", on_click=lambda _: set_confirm(None)),
                ft.FilledButton("Delete", on_click=lambda _: delete(confirm)),
            ],
        )
        if confirm
        else None
    )

    def tile(summary: Summary) -> ft.Control:
        if summary.finished:
            result = ("Winner: " if len(summary.winners) == 1 else "Shared victory: ") + ", ".join(summary.winners)
        else:
            result = "In play"
        return ft.ListTile(
            title=ft.Text(GAMES[summary.game].title if summary.game in GAMES else summary.game),
            subtitle=ft.Text(f"{', '.join(summary.players)}\n{when(summary.created)} · {result}"),
            is_three_line=True,
            on_click=lambda _: go(f"/game/{summary.id}"),
            trailing=icon_button(ft.Icons.DELETE_OUTLINE, f"Delete game {summary.id}",
                                 lambda _: set_confirm(summary)),
        )

    unfinished = [s for s in summaries if not s.finished]
    finished = [s for s in summaries if s.finished]
    controls: list[ft.Control] = [
        ft.FilledButton("New game", icon=ft.Icons.ADD, on_click=lambda _: go("/new"), height=56),
    ]
    if unfinished:
        controls.append(section("Resume", *[tile(s) for s in unfinished]))
    if finished:
        controls.append(section("Finished games", *[tile(s) for s in finished]))
    if not summaries:
        controls.append(ft.Text("No games yet. Start one with the real cards on the table.",
                                color=ft.Colors.ON_SURFACE_VARIANT))
    return screen("/", "Bean Counter", controls, back=None)
