"""The Space Beans play screen: the table at a glance, one player's turn below it.

A browser session may say which player it is ("I am ..."); only then does it show, and
let that player record, their own secret collection. At a table of phones the phone is its
seat and opens on its own player's cards; any other phone follows the player whose turn it
is (the engine keeps the turn: after the lay it passes to the left). Once a player's trophies reach 30, only what the engine still allows is offered:
that player's close-outs and one lay, and the end of the game (then the end alone).
Everything the screen shows of the game is this phone's view (``view``), in slices.
"""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.ui.components.game_bar import game_body
from companion.ui.hooks import ViewOf, use_game_of, use_games, use_latest, use_slice
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.space_beans.pieces import Option, cards_word, chooser
from companion.ui.screens.space_beans.table import Final, GameEnd, Leader, Sheet
from companion.ui.screens.space_beans.turn import Taps, Turn
from companion.ui.screens.space_beans.view import TableView, view
from sheets.i18n import _
from sheets.space_beans import RULES, CloseOut, EndGame, Lay


@ft.component
def Play(game_id: str) -> ft.Control:
    games = use_games()
    game = use_game_of(game_id, RULES)
    picked, set_picked = ft.use_state(cast("str | None", None))  # the player this browser session is
    entry = use_entry(game)
    at_table = games.seated(game_id)  # table mode: this phone is its seat, nobody else
    me = games.my_seat(game_id) if at_table else picked
    table: ViewOf[TableView] = ViewOf(now=lambda: game.view(view, me))
    onlooker: ViewOf[TableView] = ViewOf(now=lambda: game.view(view, None))  # another player's turn
    shape = use_slice(table, lambda v: v.shape)  # what this screen itself shows; its pieces show the rest
    # The turn shown: the player picked (until the turn passes on), else the one whose
    # trophies reached 30 (the game ends at the end of that player's turn), else on a seated
    # phone its own player's, on any other the player whose turn it is, else this phone's.
    lead = shape.reached or (None if at_table else shape.turn)
    player, show = use_shown_player(game_id, shape.names, lead=lead, default=me, key=shape.turn)
    if shape.reached:  # nobody else plays before the end
        player = shape.reached

    def choose(name: str) -> None:
        show(name)
        entry.refuse(None)

    def choose_me(name: str | None) -> None:
        set_picked(name)
        entry.refuse(None)

    def lay(action: Lay) -> bool:
        return entry.make(action, _("{player} laid {cards}").format(player=action.player,
                                                                     cards=cards_word(len(action.values))))

    def close_out(action: CloseOut, said: str) -> bool:
        return entry.make(action, said)

    def end_game(name: str) -> None:
        entry.make(EndGame(player=name), _("The game is over"))

    taps = Taps(use_latest(choose), use_latest(choose_me), use_latest(lay), use_latest(close_out),
                use_latest(end_game))

    if shape.over:
        return game_body([Final(table)])
    controls: list[ft.Control] = [GameEnd(table, taps.end_game)] if shape.reached else []
    controls.append(Leader(table))
    controls += [Sheet(table, n) for n in shape.names]
    if not at_table:
        nobody: Option[str | None] = Option(_("I am an onlooker"), _("Onlooker"), None, me is None)
        controls.append(chooser(_("This phone belongs to"), (
            nobody, *(Option[str | None](_("I am {player}").format(player=n), n, n, n == me)
                        for n in shape.names)), taps.choose_me))
    if not shape.turn_over:  # else only the end of the game is left, above
        controls.append(Turn(table if player == me else onlooker, player, me, entry.refusal, taps))
    controls.append(ft.Container(height=64))  # room to scroll the last button above a snackbar
    return game_body(controls)
