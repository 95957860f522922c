"""The frame of every game screen: the app bar's seat, Undo and its "More" menu (Timeline,
Redo), and at a table a line on a watching phone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
import flet as ft

from companion.session import News, PhoneGames, SeatAsk
from companion.ui.components.common import SPACING, TOUCH, RouteLink, icon_button, screen
from companion.ui.components.seats import SeatButton
from companion.ui.hooks import go, moment_route, notify, piece, timeline_route, use_view, use_wakelock
from sheets.i18n import _


@dataclass(frozen=True)
class Frame:
    """What a game screen shows of the game around its play screen: the game, the app
    bar's title, this phone's seat, and whether it watches. Compared on every change: the
    screen renders again only when it differs. The app bar's buttons read the rest."""

    kind: str
    title: str
    me: str | None
    watching: bool


def frame_of(games: PhoneGames, game_id: str, title: Callable[[str, object], str]) -> Frame:
    """The frame of that game on this phone; ``title(kind, state)`` is the app bar's.
    Raises StorageError for a game that cannot be read."""
    kind = games.kind(game_id)
    me = games.my_seat(game_id)
    return Frame(kind=kind, title=title(kind, games.state(game_id)), me=me,
                 watching=games.seated(game_id) and me is None)


def game_screen(games: PhoneGames, game_id: str, frame: Frame, play: ft.Control,
                column: ft.Ref[ft.Column]) -> ft.View:
    """A game's screen: the game bar, the watching line, and the game's play screen below
    (``column`` the scrolling column they are in). The screen stays awake while it is open."""
    if games.after is not None:  # the game as it stood: no seat, no Undo, the way back on top
        timeline = RouteLink(ft.Icons.HISTORY, _("Timeline: every entry, who made it and when"),
                             timeline_route(game_id))
        return screen(moment_route(game_id, games.after), frame.title,
                      [past_line(game_id, games.after, games.entries(game_id)), play, timeline],
                      back=timeline_route(game_id), column=column)
    bar = GameBar(games, game_id, frame.me, frame.watching)
    return screen(f"/game/{game_id}", frame.title, [TableLine(game_id, frame.watching), play],
                  actions=[bar], column=column)


def past_line(game_id: str, after: int, entries: int) -> ft.Control:
    """On a game shown as it stood after entry ``after`` of ``entries``: says so, steps to
    the entry before or after it, and goes back to now."""
    now = f"/game/{game_id}"
    return ft.Container(
        ft.Column([
            ft.Text(_("After entry {n} of {total}: the game as it stood then, read only").format(
                n=after, total=entries), weight=ft.FontWeight.W_600, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Row([
                ft.OutlinedButton(_("Previous entry"), icon=ft.Icons.CHEVRON_LEFT, height=TOUCH, disabled=after <= 1,
                                  on_click=lambda _e: go(moment_route(game_id, after - 1))),
                ft.OutlinedButton(_("Next entry"), icon=ft.Icons.CHEVRON_RIGHT, height=TOUCH,
                                  on_click=lambda _e: go(moment_route(game_id, after + 1) if after < entries else now)),
                ft.FilledButton(_("Back to now"), icon=ft.Icons.UPDATE, height=TOUCH, on_click=lambda _e: go(now)),
            ], wrap=True, spacing=8, run_spacing=8),
        ], spacing=8),
        padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
    )


def game_body(controls: list[ft.Control]) -> ft.Control:
    """A play screen's controls, spaced as the screen's own."""
    return ft.Column(controls, spacing=SPACING)


@piece
def TableLine(game_id: str, watching: bool) -> ft.Control:
    """Holds the phone's screen on from when a game screen opens until it closes; at a
    table, a phone without a seat says so before any entry is composed."""
    use_wakelock()
    if not watching:
        return ft.Container(height=0)  # always there: the screen keeps its shape
    return ft.Container(
        ft.Row([ft.Icon(ft.Icons.VISIBILITY, color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.Text(_("This phone is watching. Sit down to make entries."), expand=True,
                        color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.TextButton(_("Sit down"), on_click=lambda _e: go(f"/game/{game_id}/seats"))]),
        padding=8, border_radius=8, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


@dataclass(frozen=True)
class BarView:
    """What the app bar's buttons show of the game on this phone (``bar_of``)."""

    moved: str | None  # the seat another phone took from this one with its PIN, until told
    wrong_pin_tries: int
    no_undo: bool
    no_redo: bool
    news: News | None  # what this phone has not been told yet
    asks: tuple[SeatAsk, ...]  # on the host's phone: the phones asking for a seat


def bar_of(games: PhoneGames, game_id: str) -> BarView:
    return BarView(moved=games.seat_moved(game_id), wrong_pin_tries=games.wrong_pin_tries(game_id),
                   no_undo=not games.can_undo(game_id), no_redo=not games.can_redo(game_id),
                   news=games.news(game_id), asks=games.seat_asks(game_id))


@ft.component
def GameBar(games: PhoneGames, game_id: str, me: str | None, watching: bool) -> ft.Control:
    """The app bar's seat, Undo and "More" (⋮: Timeline, Redo): always these three, so a
    game's title keeps its room on a narrow phone ("Nicht die Bohne!" at 320 px and 150 %
    text was broken inside a word beside a fourth button). It follows the game itself
    (``use_view``): on a change, Undo coming on renders the bar again, not the screen."""
    bar = use_view(game_id, lambda: bar_of(games, game_id))
    return ft.Row([SeatButton(games, game_id, me, bar.moved, bar.wrong_pin_tries, bar.news, bar.asks),
                   UndoButton(games, game_id, bar.no_undo, watching),
                   MoreMenu(games, game_id, bar.no_redo, watching)], spacing=0, tight=True)


def history(games: PhoneGames, game_id: str, redo: bool) -> Callable[[object], None]:
    """Undo (or Redo) this phone's latest entry; a refusal is told in a snackbar."""

    def run(_: object) -> None:
        try:
            (games.redo if redo else games.undo)(game_id)
        except ValueError as exc:  # a RulesError: nothing of this seat's to undo
            notify(str(exc))

    return run


def history_label(redo: bool, watching: bool) -> str:
    """ "Undo", or on a watching phone why it is disabled: "Undo: sit down to make entries"."""
    name = _("Redo") if redo else _("Undo")
    return _("{action}: sit down to make entries").format(action=name) if watching else name


@piece
def UndoButton(games: PhoneGames, game_id: str, disabled: bool, watching: bool) -> ft.Control:
    """Undo in the app bar; a refusal is told in a snackbar. A watching phone's is disabled
    and says why."""
    return icon_button(ft.Icons.UNDO, history_label(False, watching), history(games, game_id, False),
                       disabled or watching)


MENU_WIDTH = 260  # px at most: the menu stays on a 320 px screen (Flutter's own limit is 280)
REASON_WIDTH = MENU_WIDTH - 80  # a menu item's words beside its icon and paddings


@piece
def MoreMenu(games: PhoneGames, game_id: str, no_redo: bool, watching: bool) -> ft.Control:
    """The app bar's last button, "More" (⋮): the game's Timeline, and Redo, enabled only
    while there is something to redo (a watching phone's disabled, saying why)."""
    label = _("More")
    return ft.Semantics(label=label, button=True, exclude_semantics=True, content=ft.PopupMenuButton(
        icon=ft.Icons.MORE_VERT, tooltip=label, width=TOUCH, height=TOUCH,
        size_constraints=ft.BoxConstraints(max_width=MENU_WIDTH), items=[
            ft.PopupMenuItem(content=_("Timeline"), icon=ft.Icons.HISTORY,
                             on_click=lambda _e: go(timeline_route(game_id))),
            # A watching phone's reason wraps inside the menu: beside its icon it ran off a 320 px screen
            ft.PopupMenuItem(content=ft.Text(history_label(True, watching), width=REASON_WIDTH if watching else None),
                             icon=ft.Icons.REDO,
                             disabled=no_redo or watching, on_click=history(games, game_id, True)),
        ]))
