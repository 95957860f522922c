"""Home: start a new game, resume an unfinished one, open a finished one."""

from __future__ import annotations

from datetime import datetime

import io
from collections.abc import Callable
from typing import cast

import flet as ft
import segno

from companion.session import BIN_DAYS, BinnedGame, SetAside
from companion.storage import StorageError, Summary
from companion.ui.hooks import go, notify, use_game, use_games, use_invite_url
from companion.ui.components.common import error_line, icon_button, screen, section
from companion.ui.components.files import import_json, share_json
from sheets.errors import RulesError
from sheets.registry import KINDS


def when(stamp: str) -> str:
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%d %b %Y, %H:%M")
    except ValueError:
        return stamp


def qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def invite_dialog(url: str, close) -> ft.AlertDialog:
    """The address the other phones open, as text and as a QR code to scan."""
    return ft.AlertDialog(
        title=ft.Text("Invite the table"),
        content=ft.Column(
            [
                ft.Image(src=qr_png(url), width=240, height=240, semantics_label=f"QR code for {url}"),
                ft.Text(url, size=18, weight=ft.FontWeight.BOLD, selectable=True),
                ft.Text("Scan the code or open the address on each phone (same Wi-Fi)."),
            ],
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        actions=[ft.TextButton("Done", on_click=lambda _: close())],
    )


def leading(summary: Summary) -> str:
    """", Ann leads" for a game in play, from the totals its summary keeps."""
    if not any(summary.totals):
        return ""
    best = max(summary.totals)
    leaders = [name for name, total in zip(summary.players, summary.totals) if total == best]
    return f", {' and '.join(leaders)} lead{'s' if len(leaders) == 1 else ''}"


def bin_tile(binned: BinnedGame, restore: Callable[[str], None]) -> ft.Control:
    """A deleted game: who deleted it, and Restore for its host's phone."""
    title = KINDS[binned.game].title if binned.game in KINDS else binned.game
    return ft.ListTile(
        title=ft.Text(title),
        subtitle=ft.Text(f"{', '.join(binned.players)}\n{when(binned.created)} · deleted by {binned.deleted_by}"
                         + ("" if binned.may_restore else " · the host's phone restores it")),
        is_three_line=True,
        trailing=ft.TextButton("Restore", disabled=not binned.may_restore,
                               on_click=lambda _: restore(binned.id)),
    )


def set_aside_tile(aside: SetAside) -> ft.Control:
    """A stored game that cannot be read and has no backup to list it from: what happened
    and what can be done, never a silent gap on Home."""
    return ft.ListTile(
        leading=ft.Icon(ft.Icons.REPORT_PROBLEM_OUTLINED, color=ft.Colors.ERROR),
        title=ft.Text("A damaged game"),
        subtitle=ft.Text(aside.said),
    )


@ft.component
def Home():
    games = use_games()
    use_game(None)  # any change anywhere refreshes the list
    confirm, set_confirm = ft.use_state(cast("Summary | None", None))
    inviting, set_inviting = ft.use_state(False)
    problem, set_problem = ft.use_state(cast("str | None", None))
    invite_url = use_invite_url()
    summaries = games.summaries()

    def delete(summary: Summary) -> None:
        set_confirm(None)
        try:
            games.delete(summary.id)
        except (RulesError, StorageError) as exc:
            set_problem(f"Not deleted: {exc}")
            return
        notify(f"Deleted {KINDS[summary.game].title} of {when(summary.created)}: in the bin for {BIN_DAYS} days",
               undo=lambda: games.undelete(summary.id))

    def restore(game_id: str) -> None:
        try:
            games.undelete(game_id)
        except (RulesError, StorageError) as exc:
            set_problem(f"Not restored: {exc}")
            return
        go(f"/game/{game_id}")

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Delete this game?"),
            content=ft.Text(f"{KINDS[confirm.game].title}, {', '.join(confirm.players)}. "
                            f"It waits in the bin on this screen for {BIN_DAYS} days; every phone "
                            "showing it is told."),
            actions=[
                ft.TextButton("Keep", on_click=lambda _: set_confirm(None)),
                ft.FilledButton("Delete", on_click=lambda _: delete(confirm)),
            ],
        )
        if confirm
        else None
    )

    ft.use_dialog(invite_dialog(invite_url, lambda: set_inviting(False)) if inviting and invite_url else None)

    async def export(summary: Summary) -> None:
        try:
            data = games.export(summary.id)
        except (RulesError, StorageError) as exc:
            set_problem(f"Cannot export: {exc}")
            return
        await share_json(f"{summary.game}-{summary.created[:10]}-{summary.id}.json", data)

    async def import_file(_) -> None:
        imported = await import_json("Import a score file", games.import_file, set_problem)
        if imported is not None:
            go(f"/game/{imported[1]}")

    def tile(summary: Summary) -> ft.Control:
        async def on_export(_) -> None:
            await export(summary)

        why_not = games.why_not_delete(summary.id)

        if summary.finished:
            result = (f"Solitaire: {sum(summary.totals)} points, {summary.rating}" if len(summary.players) == 1  # no winner
                      else ("Winner: " if len(summary.winners) == 1 else "Shared victory: ") + ", ".join(summary.winners))
        else:
            result = "In play" + leading(summary)
        return ft.ListTile(
            title=ft.Text(KINDS[summary.game].title if summary.game in KINDS else summary.game),
            subtitle=ft.Text(f"{', '.join(summary.players)}\n{when(summary.created)} · {result}"),
            is_three_line=True,
            on_click=lambda _: go(f"/game/{summary.id}"),
            trailing=ft.Row(
                [
                    icon_button(ft.Icons.SHARE, f"Share game {summary.id}", on_export),
                    icon_button(ft.Icons.DELETE_OUTLINE, f"Delete game {summary.id}" + (f": {why_not}" if why_not else ""),
                                lambda _: set_confirm(summary), disabled=why_not is not None),
                ],
                tight=True,
                spacing=0,
            ),
        )

    unfinished = [s for s in summaries if not s.finished]
    finished = [s for s in summaries if s.finished]
    controls: list[ft.Control] = [
        ft.Row([
            ft.FilledButton("New game", icon=ft.Icons.ADD, on_click=lambda _: go("/new"), height=56, expand=True),
            ft.OutlinedButton("Invite", icon=ft.Icons.QR_CODE, on_click=lambda _: set_inviting(True), height=56,
                              visible=invite_url is not None),
        ]),
        ft.Row([
            ft.TextButton("Import a score file", icon=ft.Icons.UPLOAD_FILE, on_click=import_file),
            ft.TextButton("Statistics", icon=ft.Icons.BAR_CHART, on_click=lambda _: go("/stats")),
            ft.TextButton("Sheet values", icon=ft.Icons.LIST_ALT, on_click=lambda _: go("/values")),
        ], wrap=True),
        error_line(problem),
    ]
    if unfinished:
        controls.append(section("Resume", *[tile(s) for s in unfinished]))
    if finished:
        controls.append(section("Finished games", *[tile(s) for s in finished]))
    damaged = games.set_aside()
    if damaged:
        controls.append(section("Set aside (damaged)", *[set_aside_tile(a) for a in damaged]))
    binned = games.bin()
    if binned:
        controls.append(section(f"Bin (kept {BIN_DAYS} days)", *[bin_tile(b, restore) for b in binned]))
    if not summaries and not damaged:
        controls.append(ft.Text("No games yet. Start one with the real cards on the table.",
                                color=ft.Colors.ON_SURFACE_VARIANT))
    return screen("/", "Bean Counter", controls, back=None)
