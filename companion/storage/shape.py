"""The shape of a stored game, checked on every load like an upload is: a file that is
valid JSON but not a game this version can fold is reported as damaged (set aside,
newest good backup offered), never a blank Home or a game that silently disappears.

Beside the record's own fields this checks what the session reads without asking the
rules: the table of seats (each seat a phone or none, a salt and a PIN hash), the private
notes, who deleted it, what an imported file said, and that its setup starts a game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sheets.registry import KINDS


def _moment_problem(text: Any) -> bool:
    """Whether ``text`` is not a stored moment ("2026-11-30T13:05:00+00:00")."""
    if not isinstance(text, str):
        return True
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return True
    return False


def _entries_problem(name: str, entries: Any) -> str | None:
    if not isinstance(entries, list):
        return f"{name} is not a list"
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
            return f"{name} entry {n} holds no action"
        if not isinstance(entry.get("action", {}).get("kind"), str):
            return f"{name} entry {n} holds an action of no kind"
        if ("at" in entry and _moment_problem(entry["at"])) or not isinstance(entry.get("by"), (str, type(None))):
            return f"{name} entry {n} has a wrong 'at' or 'by'"
    return None


def _table_problem(table: Any) -> str | None:
    if not isinstance(table, dict) or not all(isinstance(table.get(k), dict) for k in ("seats", "notes")):
        return "its table of seats is missing or not an object"
    if not isinstance(table.get("starter"), (str, type(None))):
        return "its table's starter is not a phone"
    for player, seat in table["seats"].items():
        if not isinstance(seat, dict) or not isinstance(seat.get("device"), (str, type(None))) \
                or not all(isinstance(seat.get(k), str) for k in ("salt", "pin")):
            return f"the seat of {player[:40]!r} is not a seat"
        try:
            bytes.fromhex(seat["salt"])
        except ValueError:
            return f"the seat of {player[:40]!r} has no salt"
    if not all(isinstance(note, str) for note in table["notes"].values()):
        return "a private note is not text"
    deleted_by = table.get("deleted_by")
    if deleted_by is not None and not isinstance(deleted_by, (str, dict)):
        return "who deleted it is neither words nor a seat"
    imported = table.get("imported")
    if imported is not None and (not isinstance(imported, dict) or not all(
            isinstance(imported.get(k), (str, type(None))) for k in ("fingerprint", "played", "start_player"))):
        return "what its imported file said is not an object of words"
    return None


def _setup_problem(game: str, setup: dict[str, Any]) -> str | None:
    """Whether the setup starts a game (each game's own setup checks the rest)."""
    try:
        KINDS[game].new_game(setup)
    except ValueError as exc:  # RulesError, a pydantic ValidationError
        return f"its setup starts no game ({str(exc).splitlines()[0][:120]})"
    except (TypeError, KeyError, AttributeError, IndexError):  # a setup of a shape no engine expects
        return "its setup starts no game"
    return None


def record_problem(doc: dict[str, Any]) -> str | None:
    """Why a stored game's document (already migrated) is not a game, or None."""
    for key, kind in (("id", str), ("game", str), ("setup", dict), ("created", str)):
        if not isinstance(doc.get(key), kind):
            return f"its {key!r} is missing or not a {kind.__name__}"
    if doc["game"] not in KINDS:
        return f"unknown game {doc['game'][:40]!r}"
    if _moment_problem(doc["created"]):
        return "its 'created' is not a moment"
    for name in ("log", "redo"):
        why = _entries_problem(name, doc.get(name, []))
        if why:
            return why
    return _table_problem(doc.get("table")) or _setup_problem(doc["game"], doc["setup"])
