"""Table mode on a phone: the app bar's seat button and the Seats screen behind it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import flet as ft

from companion.session import NOTE_MAX, News, PhoneGames, SeatAsk, SeatView
from companion.storage import StorageError
from companion.table import PIN
from companion.ui.components.common import TOUCH, error_line, name_text, screen, text_field
from companion.ui.components.gone import not_here
from companion.ui.hooks import notify, piece, use_games, use_typed, use_view
from sheets.errors import RulesError
from sheets.i18n import _, ngettext
from sheets.limits import MAX_COMMENT
from sheets.names import isolated


@piece
def SeatButton(games: PhoneGames, game_id: str, me: str | None, moved: str | None = None,
               wrong: int = 0, news: News | None = None, asks: tuple[SeatAsk, ...] = ()) -> ft.Control:
    """Which player this phone is at the table; opens the Seats screen. The phone is told
    when another phone took its seat with the PIN, when wrong PINs were tried for it, what
    happened to it (the host handed it a seat, its Undo took an entry back), and on the
    host's phone when a phone asks for a seat."""
    warning = ngettext("{n} wrong PIN try for {player}'s seat", "{n} wrong PIN tries for {player}'s seat",
                       wrong).format(n=wrong, player=isolated(me)) if me and wrong else None
    asking = ngettext("A phone asks for a seat: open Seats to approve or refuse it",
                      "{n} phones ask for a seat: open Seats to approve or refuse them", len(asks)).format(
        n=len(asks)) if asks else None
    label = _("Seat: {player}").format(player=isolated(me)) if me else _("Seat: watching")

    def tell() -> None:
        if moved:
            notify(_("Another phone took {player}'s seat with its PIN: this phone now watches").format(player=isolated(moved)))
            games.told_seat_moved(game_id)
        elif warning:
            notify(warning)

    def tell_news() -> None:
        if news is not None:
            notify(news.said)
            games.told(game_id, news.serial)
        elif asking:
            notify(asking)

    ft.use_effect(tell, [moved, wrong])
    ft.use_effect(tell_news, [news, len(asks)])
    alert = asking or warning
    return ft.Semantics(
        label=label + (f" ({alert})" if alert else ""),
        button=True,
        exclude_semantics=True,
        # The name under the icon, small: beside it, it took the room the game's title
        # needs on a 320 px phone at 150 % text (the title broke inside a word).
        content=ft.TextButton(
            content=ft.Column([ft.Icon(ft.Icons.WARNING_AMBER if alert else ft.Icons.EVENT_SEAT, size=20),
                               ft.Text(bar_name(me) if me else _("Seat"), size=11, no_wrap=True,
                                       overflow=ft.TextOverflow.ELLIPSIS)],
                              spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            tooltip=alert or label,
            width=SEAT_WIDTH,  # a long name is cut here, never in the title's room
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=4)),
            on_click=lambda _e: ft.context.page.navigate(f"/game/{game_id}/seats"),
        ),
    )

SEAT_WIDTH = 56  # px of the app bar's seat button: beside Undo and "More", the rest is the title's
BAR_NAME = 7  # characters of a seat's name in the app bar: with 150 % text, more squeeze the title


def bar_name(name: str) -> str:
    """A seat's name as the app bar shows it: whole up to BAR_NAME characters, else its
    start and "…" (a name may have 40). Its label and tooltip say the whole name."""
    return name if len(name) <= BAR_NAME else name[:BAR_NAME - 1].rstrip() + "…"


@dataclass(frozen=True)
class SeatsView:
    """What the Seats screen shows of a game on this phone (``seats_of``)."""

    seats: tuple[SeatView, ...]
    asks: tuple[SeatAsk, ...]  # on the host's phone: the phones asking for a seat
    news: News | None  # what this phone has not been told yet
    starter: bool  # this phone started the game (the host)
    note: str  # this seat's private note ("" for a watching phone)
    comment: str  # the table's shared comment
    code: str | None  # this phone's short code, which the host sees beside its ask


def seats_of(games: PhoneGames, game_id: str) -> SeatsView | StorageError:
    """The Seats screen's view of the game, or why it cannot be read (a value: compared)."""
    try:
        seats = games.seats(game_id)
        mine = any(seat.mine for seat in seats)
        return SeatsView(seats=seats, asks=games.seat_asks(game_id), news=games.news(game_id) if games.device else None,
                         starter=games.is_starter(game_id), note=games.private_note(game_id) if mine else "",
                         comment=games.comment(game_id), code=games.my_code(game_id))
    except StorageError as exc:
        return exc


@ft.component
def Seats() -> ft.View:
    """Claim a seat (the first claim sets its PIN; the PIN gets it back from another
    browser), leave it, or, on the phone that started the game, release one. A seat the
    host hands (released keeping a note or a secret collection, or locked by wrong PINs)
    is asked for, and the host's phone approves or refuses each asking phone."""
    game_id = ft.use_route_params().get("id", "")
    route = f"/game/{game_id}/seats"
    games = use_games()
    shown = use_view(game_id, lambda: seats_of(games, game_id))
    asking, set_asking = ft.use_state(cast("str | None", None))  # the player whose seat the PIN is for
    pin, set_pin, typed_pin = use_typed("")
    error, set_error = ft.use_state(cast("str | None", None))
    note, set_note, typed_note = use_typed(cast("str | None", None))  # the private note being edited
    comment, set_comment, typed_comment = use_typed(cast("str | None", None))  # the shared comment being edited
    news = shown.news if isinstance(shown, SeatsView) else None

    def tell_news() -> None:
        if news is not None:
            notify(news.said)
            games.told(game_id, news.serial)

    ft.use_effect(tell_news, [news])
    if isinstance(shown, StorageError):  # deleted (Home, told who deleted it), or not here: never its id
        return not_here(route, games.deleted_by(game_id), shown)
    seats = {seat.player: seat for seat in shown.seats}
    asks = shown.asks
    me = next((seat.player for seat in seats.values() if seat.mine), None)
    starter = shown.starter

    def attempt(step: Callable[[], None]) -> None:
        try:
            step()
        except RulesError as exc:
            set_error(str(exc))
            return
        set_error(None)
        set_asking(None)
        set_pin("")

    def save_note() -> None:
        typed = typed_note()  # as typed, also just before this tap; None: not edited
        if typed is not None:
            games.write_private_note(game_id, typed)
        set_note(None)

    def save_comment() -> None:
        typed = typed_comment()  # as typed, also just before this tap; None: not edited
        if typed is not None:
            games.write_comment(game_id, typed)
        set_comment(None)

    def asks_host(player: str) -> bool:
        seat = seats[player]
        return seat.host_decides and not (starter and not seat.pin_set)  # the host sits at a released seat itself

    def row(player: str) -> ft.Control:
        seat = seats[player]
        action: ft.Control
        if seat.mine:
            status, action = _("this phone"), ft.OutlinedButton(
                _("Leave seat"), on_click=lambda _e: attempt(lambda: games.leave_seat(game_id)), height=TOUCH)
        elif seat.asked:
            status = _("asked: the host's phone answers")
            action = ft.OutlinedButton(_("Waiting for the host"), height=TOUCH, disabled=True)
        else:
            if seat.host_decides:
                status = _("locked after wrong PINs: the host hands it") if seat.pin_set else _(
                    "released: the host hands it")
            else:
                status = _("taken") if seat.taken else (_("free, PIN set") if seat.pin_set else _("free"))
            words = _("Ask for {player}'s seat") if asks_host(player) else _("Sit as {player}")
            # as tall as its words (48 px at least, from the theme): a long name takes two lines
            action = ft.FilledTonalButton(words.format(player=isolated(player)),
                                          on_click=lambda _e: (set_asking(player), set_pin(""), set_error(None)))
        # The name whole (issue 48: beside "Sit as Dorothea-Luise" it was cut to "D…"): where
        # the button does not fit beside it, the button goes under it. (The row the screen's
        # width, stretched: a wrapping row is only as wide as its words, the button at their end.)
        line = ft.Column([ft.Row([ft.Column([name_text(player, size=18, weight=ft.FontWeight.W_600),
                                             ft.Text(status, size=13, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0),
                                  action], wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN, run_spacing=4,
                                 vertical_alignment=ft.CrossAxisAlignment.CENTER)],
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        if not (starter and seat.pin_set and not seat.mine):
            return line
        release = ft.TextButton(_("Release {player}'s seat").format(player=isolated(player)),
                                on_click=lambda _e: attempt(lambda: games.release_seat(game_id, player)))
        return ft.Column([line, release], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.END)

    def pin_for(player: str) -> list[ft.Control]:
        """The PIN field and its button, right below the seat being taken or asked for."""
        first = not seats[player].pin_set
        ask = asks_host(player)
        return [
            text_field(
                _("PIN for {player}'s seat").format(player=isolated(player)), pin, set_pin,
                helper=_("Choose 4 digits: the seat's new PIN once the host hands it to this phone") if ask
                else _("Choose 4 digits: they get this seat back from another phone") if first
                else _("The 4 digits chosen when this seat was first taken"),
                helper_max_lines=5,  # German words are longer: the helper wraps, never cut off
                max_length=4, keyboard_type=ft.KeyboardType.NUMBER, password=True, autofocus=True,
            ),
            ft.FilledButton(
                (_("Ask the host for {player}'s seat") if ask else _("Take {player}'s seat")).format(player=isolated(player)),
                disabled=not PIN.fullmatch(pin),
                on_click=lambda _e: attempt(lambda: (games.ask_seat if ask else games.claim_seat)(
                    game_id, player, typed_pin()))),
        ]

    def answer(player: str, code: str, approve: bool) -> None:
        attempt(lambda: games.answer_ask(game_id, player, code, approve))

    def ask_row(player: str, code: str) -> ft.Control:
        return ft.Column([
            ft.Text(_("The phone showing the code {code} asks for {player}'s seat").format(code=code, player=isolated(player)),
                    size=16),
            ft.Row([ft.FilledButton(_("Approve"), height=TOUCH, on_click=lambda _e: answer(player, code, True)),
                    ft.OutlinedButton(_("Refuse"), height=TOUCH, on_click=lambda _e: answer(player, code, False))],
                   wrap=True),
        ], spacing=4)

    controls: list[ft.Control] = [
        ft.Text(_("This phone is {player}'s seat.").format(player=isolated(me)) if me else _(
            "This phone is watching: it sees the game, and takes a seat to make entries."), size=16),
        ft.Text(_("Sitting down makes this a table of phones: each phone then enters only for its own "
                  "player. Playing on one phone alone? Don't sit down; a seated phone leaves with one tap."),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        *[ask_row(a.player, a.code) for a in asks],
    ]
    if any(seat.asked for seat in seats.values()):  # first on the screen: shown to the host across the table
        controls.append(ft.Text(_("This phone's code: {code}. The host's phone shows it beside this phone's "
                                  "ask.").format(code=shown.code), size=16, weight=ft.FontWeight.W_600))
    controls += [part for p in seats for part in [row(p), *(pin_for(p) if p == asking else [])]]
    if me:
        stored = shown.note
        text = stored if note is None else note
        controls += [
            text_field(
                _("{player}'s private note").format(player=isolated(me)), text, set_note, multiline=True, min_lines=2,
                helper=_("Only this seat's phone ever shows it (a secret collection, a reminder)"), helper_max_lines=5,
                max_length=NOTE_MAX,
            ),
            ft.OutlinedButton(_("Save note"), height=TOUCH, disabled=text == stored,
                              on_click=lambda _e: attempt(save_note)),
        ]
    if me or not any(seat.taken for seat in seats.values()):  # any seat writes it; anybody while nobody sits
        shared = shown.comment
        words = shared if comment is None else comment
        controls += [
            text_field(
                _("The table's comment on this game"), words, set_comment, multiline=True, min_lines=2,
                helper=_("Every phone sees it; it goes with the game to BG Stats and into exports"),
                helper_max_lines=5, max_length=MAX_COMMENT,
            ),
            ft.OutlinedButton(_("Save comment"), height=TOUCH, disabled=words == shared,
                              on_click=lambda _e: attempt(save_comment)),
        ]
    controls += [
        error_line(error),
        ft.Text(_("Once anybody sits down, each phone changes only its own player's entries; "
                  "entries the whole table shares any seat may make."), size=13,
                color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    return screen(route, _("Seats at the table"), controls, back=f"/game/{game_id}")
