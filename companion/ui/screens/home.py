"""Home: start a new game, resume an unfinished one, open a finished one.

Home lists every game whatever one of them holds: a game that cannot be read is shown as
damaged with what can be done (the host restores its newest good backup here), never a
blank screen. Each part shows its newest games first, PAGE at a time, so a thousand stored
or deleted games cost a draw no more than a few dozen."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Generic, TypeVar, cast

import flet as ft
import segno

from companion import i18n
from companion.backup import HOLDS_TOKENS, Backup, Restored, back_up_for, backup_name, restore_for
from companion.session import BIN_DAYS, BinnedGame, PhoneGames, SetAside, damage_words
from companion.storage import FINISHED, PLAYING, DamagedGame, StorageError, Summary
from companion.ui.hooks import go, notify, use_certificate, use_games, use_invite_url, use_listing
from companion.ui.components.common import SPACING, RouteLink, error_line, icon_button, screen, section
from companion.ui.components.files import download, import_json, share_json
from companion.ui.components.where_we_play import WhereWePlay
from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import RULES as LIVE_SHEET
from sheets.i18n import _, ngettext
from sheets.names import isolated, listed
from sheets.registry import KINDS, score

PAGE = 20  # games shown per part of Home before "Show more"
T = TypeVar("T")


def restored_words(done: Restored) -> str:
    """What a backup brought back, in one line: "Backup restored: 3 games added, 1 stored already"."""
    return _("Backup restored: {added}, {skipped}").format(
        added=ngettext("{n} game added", "{n} games added", done.added).format(n=done.added),
        skipped=ngettext("{n} stored already", "{n} stored already", done.skipped).format(n=done.skipped))


def when(stamp: str) -> str:
    """A stored moment ("2026-11-30T13:05:00+00:00") the phone's way, in this computer's
    time zone: "30 Nov 2026, 14:05", "30. Nov. 2026, 14:05"."""
    try:
        return i18n.moment(datetime.fromisoformat(stamp).astimezone())
    except ValueError:
        return stamp


def title_of(game: str) -> str:
    return _(KINDS[game].title) if game in KINDS else game


def tile_title(games: PhoneGames, summary: Summary) -> str:
    """The game's title; a live sheet's with the letter of the sheet it is played on."""
    title = title_of(summary.game)
    if summary.game != LIVE_SHEET.id:
        return title
    try:
        letter = games.game(summary.id, LIVE_SHEET).state().sheet
    except (StorageError, RulesError):
        return title
    return f"{title} · {_('Sheet {letter}').format(letter=letter)}"


def more_button(shown: int, total: int, show_more: Callable[[], None]) -> list[ft.Control]:
    """"Show 20 more games" under a part that shows ``shown`` of its ``total`` games."""
    if total <= shown:
        return []
    more = min(PAGE, total - shown)
    return [ft.TextButton(ngettext("Show {n} more game", "Show {n} more games", more).format(n=more),
                          icon=ft.Icons.EXPAND_MORE, on_click=lambda _e: show_more())]


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


def leading(summary: Summary) -> str:
    """"Ann leads" for a game in play, from the totals its summary keeps ("" before any points)."""
    if not any(summary.totals):
        return ""
    best = max(summary.totals)
    leaders = [name for name, total in zip(summary.players, summary.totals) if total == best]
    return ngettext("{names} leads", "{names} lead", len(leaders)).format(names=listed(leaders))


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
        return _("Winner: {names}").format(names=listed(summary.winners))
    return _("Shared victory: {names}").format(names=listed(summary.winners))


def in_bin_for() -> str:
    return ngettext("in the bin for {days} day", "in the bin for {days} days", BIN_DAYS).format(days=BIN_DAYS)


def bin_tile(binned: BinnedGame, restore: Callable[[str], None]) -> ft.Control:
    """A deleted game: who deleted it, and Restore for its host's phone."""
    said = [when(binned.created), _("deleted by {who}").format(who=isolated(binned.deleted_by))]
    if not binned.may_restore:
        said.append(_("the host's phone restores it"))
    return ft.ListTile(  # Restore under the words: beside them it leaves long words too narrow a column
        title=ft.Text(title_of(binned.game)),
        subtitle=ft.Column([
            ft.Text(f"{listed(binned.players)}\n{' · '.join(said)}"),
            ft.TextButton(_("Restore"), icon=ft.Icons.RESTORE, disabled=not binned.may_restore,
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


def damaged_tile(summary: Summary, damaged: DamagedGame, restore: Callable[[str], None]) -> ft.Control:
    """A listed game whose file cannot be read (listed from its newest good backup): what
    happened, and the backup to restore; its record is not read again to draw it."""
    buttons: list[ft.Control] = [ft.TextButton(
        _("Restore the newest good backup"), icon=ft.Icons.RESTORE,
        on_click=lambda _e: restore(summary.id))] if damaged.backup is not None else []
    return ft.ListTile(
        leading=ft.Icon(ft.Icons.REPORT_PROBLEM_OUTLINED, color=ft.Colors.ERROR),
        title=ft.Text(title_of(summary.game)),
        subtitle=ft.Column([ft.Text(f"{listed(summary.players)}\n{damage_words(damaged)}"), *buttons],
                           spacing=4, horizontal_alignment=ft.CrossAxisAlignment.START),
        is_three_line=True,
    )


@dataclass(frozen=True)
class Tile:
    """A stored game as its tile on Home reads. Compared by what it shows: a tap that
    changes a game's totals but not who leads draws no Home again."""

    id: str
    title: str
    players: str
    stands: str  # when it was made, and how it stands ("In play, Ann leads")
    why_not: str | None  # why this phone may not delete it (None: it may)
    damaged: DamagedGame | None  # its file cannot be read: the tile says so (the same one each time)
    summary: Summary = field(compare=False)  # for Share and Delete


@dataclass(frozen=True)
class Part(Generic[T]):
    """The first games of a part of Home, and how many it has."""

    shown: tuple[T, ...]
    total: int


@dataclass(frozen=True)
class Listing:
    """Everything Home shows of the stored games, for this phone."""

    playing: Part[Tile]
    finished: Part[Tile]
    set_aside: tuple[SetAside, ...]
    binned: Part[BinnedGame]


def tile_of(games: PhoneGames, summary: Summary) -> Tile:
    try:
        why_not, damaged = games.why_not_delete(summary.id), None
    except DamagedGame as exc:  # found damaged (now or before): never read again to draw it
        why_not, damaged = None, exc
    except StorageError:  # gone meanwhile: the next draw lists it no more
        why_not, damaged = None, None
    return Tile(summary.id, tile_title(games, summary), listed(summary.players),
                f"{when(summary.played)} · {result_words(summary)}", why_not, damaged, summary)


def listing(games: PhoneGames, counts: dict[str, int]) -> Listing:
    """What Home shows: of each part, the first ``counts[part]`` games (``PAGE`` unless told)."""
    def part(name: str, items: list[Summary]) -> Part[Tile]:
        return Part(tuple(tile_of(games, s) for s in items[:counts.get(name, PAGE)]), len(items))

    binned = games.bin()
    return Listing(part("resume", games.summaries(PLAYING)), part("finished", games.summaries(FINISHED)),
                   tuple(games.set_aside()), Part(tuple(binned[:counts.get("bin", PAGE)]), len(binned)))


@dataclass(frozen=True)
class TileActions:
    """What Home's tiles do, with Home's own dialog and problem line."""

    ask_delete: Callable[[Summary], None]
    export: Callable[[Summary], Awaitable[None]]
    restore: Callable[[str], None]  # a game in the bin
    restore_backup: Callable[[str], None]  # a damaged game's newest good backup


def game_tile(game: Tile, actions: TileActions) -> ft.Control:
    summary, why_not = game.summary, game.why_not

    async def on_export(_e: object) -> None:
        await actions.export(summary)

    if game.damaged is not None:
        return damaged_tile(summary, game.damaged, actions.restore_backup)
    named = f"{game.title}: {game.players}, {game.stands}"  # as the tile reads, never the game's id
    delete_label = _("Delete game {game}").format(game=named)
    # Share and Delete under the words, not in a column beside them: at 320 px and 150 % text
    # that column squeezed the title and names into a card 256-388 px tall (issue 48).
    buttons = ft.Row(
        [
            icon_button(ft.Icons.SHARE, _("Share game {game}").format(game=named), on_export),
            icon_button(ft.Icons.DELETE_OUTLINE, f"{delete_label}: {why_not}" if why_not else delete_label,
                        lambda _e: actions.ask_delete(summary), disabled=why_not is not None),
        ],
        alignment=ft.MainAxisAlignment.END,
        spacing=0,
    )
    return ft.ListTile(
        title=ft.Text(game.title),
        subtitle=ft.Column([ft.Text(f"{game.players}\n{game.stands}"), buttons], spacing=0, tight=True),
        on_click=lambda _e: go(f"/game/{summary.id}"),
    )


@ft.component
def Listed(games: PhoneGames, actions: TileActions, changed_here: int) -> ft.Control:
    """Home's list of games, parts and bin: a component of its own, so that a change of the
    games draws this again and not Home's buttons and bar. ``changed_here`` grows with each
    change made from Home: it is drawn at once (other changes reach it through
    ``use_listing``, a moment later)."""
    shown, set_shown = ft.use_state(cast("dict[str, int]", {}))  # part -> games shown
    listed = use_listing(lambda: listing(games, shown))

    def more(name: str, part: Part[Tile] | Part[BinnedGame]) -> list[ft.Control]:
        """"Show 20 more games" under a part that has more."""
        count = len(part.shown)
        return more_button(count, part.total, lambda: set_shown({**shown, name: count + PAGE}))

    controls: list[ft.Control] = []
    for name, title, part in (("resume", _("Resume"), listed.playing),
                              ("finished", _("Finished games"), listed.finished)):
        if part.shown:
            controls.append(section(title, *[game_tile(t, actions) for t in part.shown], *more(name, part)))
    if listed.set_aside:
        controls.append(section(_("Set aside (damaged)"), *[set_aside_tile(a) for a in listed.set_aside]))
    if not listed.playing.total and not listed.finished.total and not listed.set_aside:
        controls.append(ft.Text(_("No games yet. Start one with the real cards on the table."),
                                color=ft.Colors.ON_SURFACE_VARIANT))
    if listed.binned.shown:  # below the games, and below "No games yet" (issue 48)
        controls.append(section(ngettext("Bin (kept {days} day)", "Bin (kept {days} days)", BIN_DAYS).format(
            days=BIN_DAYS), *[bin_tile(b, actions.restore) for b in listed.binned.shown],
            *more("bin", listed.binned)))
    return ft.Column(controls, spacing=SPACING)


@ft.component
def Home() -> ft.View:
    games = use_games()
    confirm, set_confirm = ft.use_state(cast("Summary | None", None))
    inviting, set_inviting = ft.use_state(False)
    problem, set_problem = ft.use_state(cast("str | None", None))
    changed_here, set_changed_here = ft.use_state(0)  # changes of the games made from this screen
    invite_url = use_invite_url()
    fingerprint = use_certificate()  # over https

    def done_here() -> None:
        """A change made here shows at once (the list follows other changes a moment later)."""
        set_problem(None)
        set_changed_here(lambda n: n + 1)

    def undelete(game_id: str) -> None:
        games.undelete(game_id)
        done_here()

    def delete(summary: Summary) -> None:
        set_confirm(None)
        try:
            games.delete(summary.id)
        except (RulesError, StorageError) as exc:
            set_problem(_("Not deleted: {reason}").format(reason=exc))
            return
        done_here()
        notify(_("Deleted {game} of {created}: {in_bin}").format(
            game=title_of(summary.game), created=when(summary.played), in_bin=in_bin_for()),
            undo=lambda: undelete(summary.id))

    def restore(game_id: str) -> None:  # the game comes back on this screen
        try:
            undelete(game_id)
        except (RulesError, StorageError) as exc:
            set_problem(_("Not restored: {reason}").format(reason=exc))

    def restore_backup(game_id: str) -> None:  # who may: the session decides
        try:
            games.restore_backup(game_id)
        except (RulesError, StorageError) as exc:
            set_problem(_("Not restored: {reason}").format(reason=exc))
            return
        done_here()

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Delete this game?")),
            content=ft.Text(ngettext(
                "{game}, {players}. It waits in the bin on this screen for {days} day; every phone showing "
                "it is told.",
                "{game}, {players}. It waits in the bin on this screen for {days} days; every phone showing "
                "it is told.", BIN_DAYS).format(game=title_of(confirm.game), players=listed(confirm.players),
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

    everything = games.why_not_everything() is None  # the serving machine's own browser
    import_words = _("Import a score file or backup") if everything else _("Import a score file")

    def restore_all(backup: Backup) -> Restored:
        return restore_for(games, backup)

    async def import_file(_e: object) -> None:
        imported = await import_json(import_words, games.may_send_file, score, games.import_file, set_problem,
                                     restore=restore_all if everything else None, sent=games.file_sent)
        if imported is None:
            return
        if isinstance(imported[1], Restored):
            done_here()
            notify(restored_words(imported[1]))
        else:
            go(f"/game/{imported[1]}")

    async def back_up(_e: object) -> None:
        try:
            raw = await asyncio.to_thread(back_up_for, games)  # off the loop that serves the phones
        except (RulesError, StorageError) as exc:
            set_problem(_("Not backed up: {reason}").format(reason=exc))
            return
        await download(backup_name(), raw)
        notify(_(HOLDS_TOKENS))

    controls: list[ft.Control] = [
        ft.Row([
            ft.FilledButton(_("New game"), icon=ft.Icons.ADD, on_click=lambda _e: go("/new"), height=56, expand=True),
            ft.OutlinedButton(_("Invite"), icon=ft.Icons.QR_CODE, on_click=lambda _e: set_inviting(True), height=56,
                              visible=invite_url is not None),
        ]),
        ft.Row([
            ft.TextButton(import_words, icon=ft.Icons.UPLOAD_FILE, on_click=import_file),
            RouteLink(ft.Icons.BAR_CHART, _("Statistics"), "/stats"),
            RouteLink(ft.Icons.LIST_ALT, _("Sheet values"), "/values"),
            ft.TextButton(_("Back up everything"), icon=ft.Icons.ARCHIVE_OUTLINED, on_click=back_up,
                          visible=everything),
        ], wrap=True),
        error_line(problem),
        WhereWePlay(games, changed_here),
    ]
    controls.append(Listed(games, TileActions(set_confirm, export, restore, restore_backup), changed_here))
    return screen("/", "Bean Counter", controls, back=None)
