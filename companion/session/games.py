"""The session: the games and their commits (``GameStore``) and its rooms, one object
per server process that every phone's ``PhoneGames`` shares.

- ``seating``: seats, PINs, the host handing seats, notes and the shared comment;
- ``bin``: deleted games and damaged games' backups;
- ``files``: score files out and in, what is known about a play, where it is played;
- ``group``: the group's players across games, their records, renames and merges;
- ``followers`` (of the store): who follows which game, each phone's pace and news.
"""

from __future__ import annotations

from typing import Any

from companion.pin_guard import PinGuard
from companion.session.bin import Bin
from companion.session.files import Files
from companion.session.players import Players
from companion.session.seating import Seating
from companion.session.store import GameStore
from companion.storage import Repository


class Games(GameStore):
    def __init__(self, repo: Repository, pins: PinGuard | None = None):
        super().__init__(repo)
        self.seating = Seating(self, pins)
        self.bin = Bin(self)
        self.files = Files(self)
        self.group = Players(self)  # the group's players across games


def export_game(repo: Repository, game_id: str) -> dict[str, Any]:
    """The whole game, for the host's command line (the host owns the files)."""
    return Games(repo).files.export(game_id, whole=True)


def import_game(repo: Repository, data: Any, again: bool = False) -> str:
    return Games(repo).files.import_file(data, again=again)
