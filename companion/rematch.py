"""Play again (issue 49): a finished game's rematch in one tap, the same game with the same
players in the same seats (and Bohnanza's deck with the rows that table corrected, Gone
with the Beans' sheet letter with each player's province).

Nicht die Bohne!'s rulebook names no start player across games: each game begins with the
Bean chip taken at the deal by the player left of the dealer, so the rematch asks round 1's
starter as every new game does. The live sheet's Ruler's Starting Point card and Round-card
deck are drawn for each game: its rematch is its setup screen, never a copied draw."""

from __future__ import annotations

import copy
from typing import Any

from companion.session import PhoneGames, rules_for
from sheets.errors import RulesError
from sheets.i18n import _

DRAWN_EACH_GAME = frozenset({"gone-with-the-beans-live"})  # a rematch asks its setup again


def rematch_setup(phone: PhoneGames, game_id: str) -> tuple[str, dict[str, Any] | None]:
    """The game kind of ``game_id`` and the setup of its rematch (None: asked on the setup
    screen); RulesError while the game is not over."""
    games = phone.games
    record = games.record(game_id)
    rules = rules_for(record.game)
    if not rules.is_over(games.state(game_id)):
        raise RulesError(_("the game is not over yet"))
    if record.game in DRAWN_EACH_GAME:
        return record.game, None
    return record.game, copy.deepcopy(record.setup)


def play_again(phone: PhoneGames, game_id: str) -> str:
    """Start the rematch as this phone (its host); the new game's id, or "" when its setup
    screen asks the rest (``rematch_setup``)."""
    kind, setup = rematch_setup(phone, game_id)
    return "" if setup is None else phone.new_game(kind, setup)
