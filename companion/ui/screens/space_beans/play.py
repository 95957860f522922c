"""The Space Beans play screen: the table at a glance, one player's turn below it.

Who this phone is has one place: its seat (the app bar's "Seat"). A seated phone opens on
its own player's cards and shows that player's secret collection; any other phone shows
none. A phone the whole table shares (nobody sat down) records a secret collection without
showing it to the table: in that player's turn "Record ...'s secret collection" shows it,
for that player alone to look at, until the cards are laid (or "Hide"); the session decides
which phone may (``why_not_show_face_down``). Any phone but a seated one follows the player
whose turn it is (the engine keeps the turn: after the lay it passes to the left). Once a
player's trophies reach 30, only what the engine still allows is offered: that player's
close-outs and one lay, and the end of the game (then the end alone). Everything the
screen shows of the game is this phone's view (``view``), followed as a feed with the
onlooker's: the screen itself follows only its shape (whose turn it is among it: the turn
passes with every lay), each piece its own slice (the leader, each player's card, its
trophies and open collection, the turn).
"""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.ui.components.game_bar import game_body
from companion.ui.hooks import use_feed, use_game_of, use_latest, use_screen_column, use_slice_of
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.space_beans.pieces import cards_word
from companion.ui.screens.space_beans.table import Final, GameEnd, Leader, Sheet
from companion.ui.screens.space_beans.turn import Taps, Turn
from companion.ui.screens.space_beans.view import Seen, TableView, view
from sheets.i18n import _
from sheets.names import isolated
from sheets.space_beans import RULES, CloseOut, EndGame, Lay


@ft.component
def Play(game_id: str) -> ft.Control:
    game = use_game_of(game_id, RULES)
    entry = use_entry(game)
    column = use_screen_column()  # the scrolling column: the turn scrolls its keypad into view
    at_table = game.seated()  # table mode: this phone is its seat, nobody else
    me = game.seat()
    # The player whose face-down cards this phone shows now, for that player alone, and the
    # turn it was asked in: hidden again once an entry is made or the turn passes on.
    looking, set_looking = ft.use_state(cast("tuple[str, str | None] | None", None))
    # This phone's view (as its seat, read with it) and a watcher's (another player's turn).
    # The screen follows their shape; while a player looks at their face-down cards here, all
    # of it: the view of that player shown alone (``own``, below) is read at each render.
    feed = use_feed(game_id, lambda: Seen(game.view(view, game.seat()), game.view(view, None)))
    shape, _all = use_slice_of(feed, lambda s: (s.table.shape, s if looking is not None else None))
    # The turn shown: the player picked (until the turn passes on), else the one whose
    # trophies reached 30 (the game ends at the end of that player's turn), else on a seated
    # phone its own player's, on any other the player whose turn it is.
    lead = shape.reached or (None if at_table else shape.turn)
    player, show = use_shown_player(game, shape.names, lead=lead, default=me, key=shape.turn)
    if shape.reached:  # nobody else plays before the end
        player = shape.reached
    may_look = player != me and game.why_not_show_face_down(player) is None
    alone = may_look and looking == (player, shape.turn)
    own: TableView | None = game.view(view, player) if alone else None  # (that player's, now)

    def choose(name: str) -> None:
        show(name)
        entry.refuse(None)

    def look(name: str | None) -> None:
        set_looking((name, shape.turn) if name is not None else None)
        entry.refuse(None)

    def made(done: bool) -> bool:
        if done:
            set_looking(None)  # hidden again once entered
        return done

    def lay(action: Lay) -> bool:
        return made(entry.make(action, _("{player} laid {cards}").format(player=isolated(action.player),
                                                                          cards=cards_word(len(action.values)))))

    def close_out(action: CloseOut, said: str) -> bool:
        return made(entry.make(action, said))

    def end_game(name: str) -> None:
        set_looking(None)
        entry.make(EndGame(player=name), _("The game is over"))

    taps = Taps(use_latest(choose), use_latest(look), use_latest(lay), use_latest(close_out),
                use_latest(end_game))

    if shape.over:
        return game_body([Final(feed)])
    controls: list[ft.Control] = [GameEnd(feed, taps.end_game)] if shape.reached else []
    controls.append(Leader(feed))
    if not shape.turn_over:  # else only the end of the game is left, above
        # The turn above the players' sheets (issue 48): with six players "Lay cards" was
        # 1,600 px down, two or three screens of scrolling every turn.
        controls.append(Turn(feed, player, me, entry.refusal, taps, column, may_look, own))
    controls += [Sheet(feed, n) for n in shape.names]
    controls.append(ft.Container(height=64))  # room to scroll the last button above a snackbar
    return game_body(controls)
