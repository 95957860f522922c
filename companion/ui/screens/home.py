"""Home: start a new game, resume an unfinished one, open a finished one."""

from __future__ import annotations

from datetime import datetime

import io
from collections.abc import Callable
from typing import cast

import flet as ft
import segno

from companion import i18n
from companion.session import BIN_DAYS, BinnedGame, SetAside
from companion.storage import StorageError, Summary
from companion.ui.hooks import go, notify, use_certificate, use_game, use_games, use_invite_url
from companion.ui.components.common import RouteLink, error_line, icon_button, screen, section
from companion.ui.components.files import import_json, share_json
from sheets.errors import RulesError
from sheets.i18n import _, ngettext
from sheets.registry import KINDS, score


def when(stamp: str) -> str:
    """A stored moment ("2026-11-30T13:05:00+00:00") the phone's way, in this computer's
    time zone: "30 Nov 2026, 14:05", "30. Nov. 2026, 14:05"."""
    try:
        return i18n.moment(datetime.fromisoformat(stamp).astimezone())
    except ValueError:
        return stamp


def title_of(game: str) -> str:
    return _(KINDS[game].title) if game in KINDS else game


def qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def invite_dialog(url: str, close: Callable[[], None], fingerprint: str | None = None) -> ft.AlertDialog:
    """The address the other phones open, as text and as a QR code to scan; over https
    the certificate's fingerprint, to compare with what a phone shows before accepting it."""
    return ft.AlertDialog(
        title=ft.Text(_("Invite the table")),
        content=ft.Column(
            [
                ft.Image(src=qr_png(url), width=240, height=240,
                         semantics_label=_("QR code for {address}").format(address=url)),
                ft.Text(url, size=18, weight=ft.FontWeight.BOLD, selectable=True),
                ft.Text(_("Scan the code or open the address on each phone (same Wi-Fi).")),
                *([ft.Text(_("The table's certificate (SHA-256) begins {fingerprint}: a phone that asks to accept it "
                             "shows the same.").format(fingerprint=fingerprint))]
                  if fingerprint else []),
            ],
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        actions=[ft.TextButton(_("Done"), on_click=lambda _e: close())],
        scrollable=True,  # 320 px wide at 150 % text: the fingerprint line below the fold, "Done" apart
    )


def names(players: list[str] | tuple[str, ...]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cy"."""
    if len(players) < 2:
        return "".join(players)
    return _("{names} and {last}").format(names=", ".join(players[:-1]), last=players[-1])


def leading(summary: Summary) -> str:
    """"Ann leads" for a game in play, from the totals its summary keeps ("" before any points)."""
    if not any(summary.totals):
        return ""
    best = max(summary.totals)
    leaders = [name for name, total in zip(summary.players, summary.totals) if total == best]
    return ngettext("{names} leads", "{names} lead", len(leaders)).format(names=names(leaders))


def result_words(summary: Summary) -> str:
    """How a game stands: "In play, Ann leads", "Winner: Ann", "Solitaire: 12 points, ..."."""
    if not summary.finished:
        lead = leading(summary)
        return _("In play, {leading}").format(leading=lead) if lead else _("In play")
    if len(summary.players) == 1:  # no winner
        total = sum(summary.totals)
        rating = _(summary.rating) if summary.rating else ""
        return ngettext("Solitaire: {total} point, {rating}", "Solitaire: {total} points, {rating}",
                        total).format(total=i18n.number(total), rating=rating)
    if len(summary.winners) == 1:
        return _("Winner: {names}").format(names=", ".join(summary.winners))
    return _("Shared victory: {names}").format(names=", ".join(summary.winners))


def in_bin_for() -> str:
    return ngettext("in the bin for {days} day", "in the bin for {days} days", BIN_DAYS).format(days=BIN_DAYS)


def bin_tile(binned: BinnedGame, restore: Callable[[str], None]) -> ft.Control:
    """A deleted game: who deleted it, and Restore for its host's phone."""
    said = [when(binned.created), _("deleted by {who}").format(who=binned.deleted_by)]
    if not binned.may_restore:
        said.append(_("the host's phone restores it"))
    return ft.ListTile(  # Restore under the words: beside them it leaves long words too narrow a column
        title=ft.Text(title_of(binned.game)),
        subtitle=ft.Column([
            ft.Text(f"{', '.join(binned.players)}\n{' · '.join(said)}"),
            ft.TextButton(_("Restore"), icon=ft.Icons.RESTORE_FROM_TRASH, disabled=not binned.may_restore,
                          on_click=lambda _e: restore(binned.id)),
        ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.START),
        is_three_line=True,
    )


def set_aside_tile(aside: SetAside) -> ft.Control:
    """A stored game that cannot be read and has no backup to list it from: what happened
    and what can be done, never a silent gap on Home."""
    return ft.ListTile(
        leading=ft.Icon(ft.Icons.REPORT_PROBLEM_OUTLINED, color=ft.Colors.ERROR),
        title=ft.Text(_("A damaged game")),
        subtitle=ft.Text(aside.said),
    )


@ft.component
def Home() -> ft.View:
    games = use_games()
    use_game(None)  # any change anywhere refreshes the list
    confirm, set_confirm = ft.use_state(cast("Summary | None", None))
    inviting, set_inviting = ft.use_state(False)
    problem, set_problem = ft.use_state(cast("str | None", None))
    invite_url = use_invite_url()
    fingerprint = use_certificate()  # over https
    summaries = games.summaries()

    def delete(summary: Summary) -> None:
        set_confirm(None)
        try:
            games.delete(summary.id)
        except (RulesError, StorageError) as exc:
            set_problem(_("Not deleted: {reason}").format(reason=exc))
            return
        notify(_("Deleted {game} of {created}: {in_bin}").format(
            game=title_of(summary.game), created=when(summary.created), in_bin=in_bin_for()),
            undo=lambda: games.undelete(summary.id))

    def restore(game_id: str) -> None:
        try:
            games.undelete(game_id)
        except (RulesError, StorageError) as exc:
            set_problem(_("Not restored: {reason}").format(reason=exc))
            return
        go(f"/game/{game_id}")

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Delete this game?")),
            content=ft.Text(ngettext(
                "{game}, {players}. It waits in the bin on this screen for {days} day; every phone showing "
                "it is told.",
                "{game}, {players}. It waits in the bin on this screen for {days} days; every phone showing "
                "it is told.", BIN_DAYS).format(game=title_of(confirm.game), players=", ".join(confirm.players),
                                                days=BIN_DAYS)),
            actions=[
                ft.TextButton(_("Keep"), on_click=lambda _e: set_confirm(None)),
                ft.FilledButton(_("Delete"), on_click=lambda _e: delete(confirm)),
            ],
        )
        if confirm
        else None
    )

    ft.use_dialog(invite_dialog(invite_url, lambda: set_inviting(False), fingerprint)
                  if inviting and invite_url else None)

    async def export(summary: Summary) -> None:
        try:
            data = games.export(summary.id)
        except (RulesError, StorageError) as exc:
            set_problem(_("Cannot export: {reason}").format(reason=exc))
            return
        await share_json(f"{summary.game}-{summary.created[:10]}-{summary.id}.json", data)

    async def import_file(_e: object) -> None:
        imported = await import_json(_("Import a score file"), score, games.import_file, set_problem)
        if imported is not None:
            go(f"/game/{imported[1]}")

    def tile(summary: Summary) -> ft.Control:
        async def on_export(_e: object) -> None:
            await export(summary)

        why_not = games.why_not_delete(summary.id)
        players, stands = ", ".join(summary.players), f"{when(summary.created)} · {result_words(summary)}"
        named = f"{title_of(summary.game)}: {players}, {stands}"  # as the tile reads, never the game's id
        delete_label = _("Delete game {game}").format(game=named)
        return ft.ListTile(
            title=ft.Text(title_of(summary.game)),
            subtitle=ft.Text(f"{players}\n{stands}"),
            is_three_line=True,
            on_click=lambda _e: go(f"/game/{summary.id}"),
            trailing=ft.Row(
                [
                    icon_button(ft.Icons.SHARE, _("Share game {game}").format(game=named), on_export),
                    icon_button(ft.Icons.DELETE_OUTLINE, f"{delete_label}: {why_not}" if why_not else delete_label,
                                lambda _e: set_confirm(summary), disabled=why_not is not None),
                ],
                tight=True,
                spacing=0,
            ),
        )

    unfinished = [s for s in summaries if not s.finished]
    finished = [s for s in summaries if s.finished]
    controls: list[ft.Control] = [
        ft.Row([
            ft.FilledButton(_("New game"), icon=ft.Icons.ADD, on_click=lambda _e: go("/new"), height=56, expand=True),
            ft.OutlinedButton(_("Invite"), icon=ft.Icons.QR_CODE, on_click=lambda _e: set_inviting(True), height=56,
                              visible=invite_url is not None),
        ]),
        ft.Row([
            ft.TextButton(_("Import a score file"), icon=ft.Icons.UPLOAD_FILE, on_click=import_file),
            RouteLink(ft.Icons.BAR_CHART, _("Statistics"), "/stats"),
            RouteLink(ft.Icons.LIST_ALT, _("Sheet values"), "/values"),
        ], wrap=True),
        error_line(problem),
    ]
    if unfinished:
        controls.append(section(_("Resume"), *[tile(s) for s in unfinished]))
    if finished:
        controls.append(section(_("Finished games"), *[tile(s) for s in finished]))
    damaged = games.set_aside()
    if damaged:
        controls.append(section(_("Set aside (damaged)"), *[set_aside_tile(a) for a in damaged]))
    binned = games.bin()
    if binned:
        controls.append(section(ngettext("Bin (kept {days} day)", "Bin (kept {days} days)", BIN_DAYS).format(
            days=BIN_DAYS), *[bin_tile(b, restore) for b in binned]))
    if not summaries and not damaged:
        controls.append(ft.Text(_("No games yet. Start one with the real cards on the table."),
                                color=ft.Colors.ON_SURFACE_VARIANT))
    return screen("/", "Bean Counter", controls, back=None)
