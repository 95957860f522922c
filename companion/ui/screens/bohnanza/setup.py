"""Starting a Bohnanza game: the deck first (the 1997 rules, or today's box with its 11
beans and 2-7 players), then the players. A table whose cards print another beanometer of
Coffee, Wax or Cocoa than the published one (entered, or corrected at setup) gets it again in
its next game of that deck."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session import PhoneGames
from companion.storage import StorageError, of_game
from companion.ui.components.common import radio_button, radio_group
from companion.ui.components.players import PlayersSetup
from companion.ui.hooks import use_games
from sheets.bohnanza import DECK_NAMES, PLAYERS, RULES, Deck, entered_rows
from sheets.errors import RulesError
from sheets.i18n import _

LOOKED_AT = 10  # the newest Bohnanza games read for remembered rows: opening the setup stays quick


def remembered_rows(games: PhoneGames) -> dict[str, Any]:
    """The beanometers the newest game of today's box knows off its own cards (none: {})."""
    for summary in games.summaries(of_game(RULES.id))[:LOOKED_AT]:
        try:
            state = games.game(summary.id, RULES).state()
        except (StorageError, RulesError):
            continue
        if state.deck is Deck.RIO_GRANDE and (rows := entered_rows(state)):
            return {bean.value: list(row) for bean, row in rows.items()}
    return {}


@ft.component
def Setup(game: str) -> ft.Control:
    games = use_games()
    deck, set_deck = ft.use_state(Deck.AMIGO_1997)
    rows = ft.use_memo(lambda: remembered_rows(games), [])
    low, high = PLAYERS[deck]
    extra: dict[str, Any] = {"deck": deck.value}
    if deck is Deck.RIO_GRANDE and rows:
        extra["beanometers"] = rows
    choices = ft.Column([radio_button(d.value, _(DECK_NAMES[d])) for d in Deck], spacing=0)
    return ft.Column([
        ft.Text(_("Which box do you play?"), weight=ft.FontWeight.W_600),
        radio_group(deck.value, lambda value: set_deck(Deck(value)), choices),
        PlayersSetup(game, low, high, extra),
    ], spacing=12)
