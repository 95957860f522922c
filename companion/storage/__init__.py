"""Storage: TinyDB files behind a small repository (the engine never sees it)."""

from __future__ import annotations

from pathlib import Path

from companion.storage.errors import DamagedGame, DataDirBusy, DiskError, GameNotFound, StorageError
from companion.storage.game_bin import BinEntry
from companion.storage.game_file import GameRecord
from companion.storage.index import FINISHED, PLAYING, Summary, of_game, played_since
from companion.storage.repository import Repository


def open_repository(data_dir: Path, read_only: bool = False) -> Repository:
    return Repository(Path(data_dir), read_only=read_only)


__all__ = [
    "FINISHED", "PLAYING", "BinEntry", "DamagedGame", "DataDirBusy", "DiskError", "GameNotFound", "GameRecord", "Repository",
    "StorageError", "Summary", "of_game", "open_repository", "played_since",
]
