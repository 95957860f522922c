"""The shape of a stored game, checked on every load like an upload is: a file that is
valid JSON but not a game this version can fold is reported as damaged (set aside, its
newest good backup offered), never a blank Home or a game that silently disappears."""

from __future__ import annotations

from typing import Any

from sheets.registry import KINDS


def _entries_problem(name: str, entries: Any) -> str | None:
    if not isinstance(entries, list):
        return f"{name} is not a list"
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
            return f"{name} entry {n} holds no action"
        if not isinstance(entry.get("at", ""), str) or not isinstance(entry.get("by"), (str, type(None))):
            return f"{name} entry {n} has a wrong 'at' or 'by'"
    return None


def record_problem(doc: dict[str, Any]) -> str | None:
    """Why a stored game's document (already migrated) is not a game, or None."""
    for key, kind in (("id", str), ("game", str), ("setup", dict), ("created", str)):
        if not isinstance(doc.get(key), kind):
            return f"its {key!r} is missing or not a {kind.__name__}"
    if doc["game"] not in KINDS:
        return f"unknown game {doc['game'][:40]!r}"
    for name in ("log", "redo"):
        why = _entries_problem(name, doc.get(name, []))
        if why:
            return why
    table = doc.get("table")
    if not isinstance(table, dict) or not all(isinstance(table.get(k), dict) for k in ("seats", "notes")):
        return "its table of seats is missing or not an object"
    if not isinstance(table.get("starter"), (str, type(None))):
        return "its table's starter is not a phone"
    return None
