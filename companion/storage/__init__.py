"""Storage: TinyDB files behind a small repository (the engine never sees it)."""

from __future__ import annotations

from pathlib import Path

from companion.storage.repository import (
    DamagedGame,
    DataDirBusy,
    DiskError,
    GameNotFound,
    GameRecord,
    Repository,
    StorageError,
    Summary,
)


def open_repository(data_dir: Path, read_only: bool = False) -> Repository:
    return Repository(Path(data_dir), read_only=read_only)


__all__ = [
    "DamagedGame", "DataDirBusy", "DiskError", "GameNotFound", "GameRecord", "Repository",
    "StorageError", "Summary", "open_repository",
]
