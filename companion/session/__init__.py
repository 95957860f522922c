"""The layer between screens and the engine, in rooms: ``store`` (the games and their
commits), ``followers`` (who is told of a change), ``seating``, ``bin``, ``files``,
``games`` (the session, made of them) and ``phone`` (one phone's edge, ``PhoneGames``,
and one game as it reads it, ``GameOf``)."""

from companion.session.common import (
    BIN_DAYS, NOTE_MAX, REPLAY_FAULTS, AlreadyStored, BinnedGame, News, SeatAsk, SeatView, SetAside, damage_words,
    deleter, fingerprint, game_words, rules_for, stored_deleter, summary_of, who_deleted,
)
from companion.session.files import finished_games_csv
from companion.session.followers import (
    ENTRIES_BURST, ENTRIES_RATE, IMPORTS_AT_ONCE_PER_MINUTE, IMPORTS_PER_MINUTE, PLACE_GRACE, TOO_FAST,
    WATCHERS_PER_GAME, Listener, Presence,
)
from companion.session.games import Games, export_game, import_game
from companion.session.in_play import WRITES
from companion.session.phone import GameOf, PhoneGames, this_machine
from companion.session.store import CHECKPOINT_EVERY

__all__ = [
    "BIN_DAYS", "CHECKPOINT_EVERY", "ENTRIES_BURST", "ENTRIES_RATE", "IMPORTS_AT_ONCE_PER_MINUTE",
    "IMPORTS_PER_MINUTE", "NOTE_MAX", "PLACE_GRACE", "REPLAY_FAULTS", "TOO_FAST", "WATCHERS_PER_GAME", "WRITES",
    "AlreadyStored", "BinnedGame", "GameOf", "Games", "Listener", "News", "PhoneGames", "Presence", "SeatAsk",
    "SeatView", "SetAside", "damage_words", "deleter", "export_game", "finished_games_csv", "fingerprint",
    "game_words", "import_game", "rules_for", "stored_deleter", "summary_of", "this_machine", "who_deleted",
]
