"""Stored documents carry ``schema``; older ones are migrated step by step on load.

To change the document shape: bump SCHEMA, add ``MIGRATIONS[old] = fn`` turning a
version-``old`` document into version ``old + 1``, and add a golden file of the old
version under tests/companion/golden/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCHEMA = 3
ENTRY_TABLES = 3  # from this schema on a game's entries are tables of its file (``game_file``)


def _add_table(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 2: table mode. Games of schema 1 were played on one phone: nobody sat down."""
    return {**doc, "table": {"starter": None, "seats": {}, "notes": {}}}


def _entries_in_tables(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 3: the file keeps the entries in tables of their own (``game_file``); the
    game read from it is the same."""
    return doc


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _add_table, 2: _entries_in_tables}


class SchemaError(Exception):
    pass


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    version = doc.get("schema")
    if not isinstance(version, int) or version < 1:
        raise SchemaError(f"no schema version in the stored game ({version!r})")
    if version > SCHEMA:
        raise SchemaError(
            f"stored by a newer Bean Counter (schema {version}; this one reads up to {SCHEMA})"
        )
    while version < SCHEMA:
        doc = MIGRATIONS[version](dict(doc))
        version += 1
        doc["schema"] = version
    return doc
