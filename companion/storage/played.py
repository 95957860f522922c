"""When a stored game was played (issue 49): Home, Statistics, the CSV, BG Stats, ``beans
list`` and ``--since`` all go by it, never by when the file was stored here.

A score file's ``played`` (an import, a backup's imported game) is a day without a time:
it stands for noon of that day in this computer's time, so that a day asked for in this
computer's time (``--since``) holds it whatever the zone. A game played here was played
when its first entry was made; one without entries, when it was started."""

from __future__ import annotations

from datetime import date, datetime, time, timezone

from companion.storage.game_file import GameRecord

NOON = time(12)


def day_played(day: str) -> str | None:
    """A score file's ``played`` day as a moment (UTC, ISO 8601), or None if it is no day."""
    try:
        played = date.fromisoformat(day)
    except (TypeError, ValueError):
        return None
    return datetime.combine(played, NOON).astimezone().astimezone(timezone.utc).isoformat(timespec="seconds")


def played_moment(record: GameRecord) -> str:
    """When ``record``'s game was played, as a moment (UTC, ISO 8601) like its ``created``."""
    imported = record.table.get("imported")
    if isinstance(imported, dict):
        said = imported.get("played")
        return (day_played(said) if isinstance(said, str) else None) or record.created
    first = record.log[0].get("at") if record.log else None
    if isinstance(first, str):
        try:
            datetime.fromisoformat(first)
            return first
        except ValueError:
            pass
    return record.created
