"""Game files as tests look into them and damage them.

A game file of schema 3 keeps its entries in tables of their own (``companion.storage.
game_file``). A test that reads or edits a game as one document uses the layout of
schema 2, the record whole as document 1 of "game", which this version still reads:
damage to it must be found as ever, since such files are on players' disks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def record(data: dict[str, Any]) -> dict[str, Any]:
    """The record the game file ``data`` (as read from disk) holds, entries among it."""
    head: dict[str, Any] = data["game"]["1"]
    if "log" in head:  # the layout of schema 1-2
        return head

    def entries(name: str) -> list[dict[str, Any]]:
        return [doc for _n, doc in sorted(data.get(name, {}).items(), key=lambda item: int(item[0]))]

    return {**head, "log": entries("log"), "redo": entries("redo")}


def whole(data: dict[str, Any]) -> dict[str, Any]:
    """The game file ``data`` in the layout of schema 2, to be edited as one document."""
    if "log" in data["game"]["1"]:
        return data
    return {"game": {"1": {**record(data), "schema": 2}}}


def stored_record(path: Path) -> dict[str, Any]:
    """The record a game file holds, entries among it."""
    return record(json.loads(path.read_text(encoding="utf-8")))
