"""Stored documents carry ``schema``; older ones are migrated step by step on load.

To change the document shape: bump SCHEMA, add ``MIGRATIONS[old] = fn`` turning a
version-``old`` document into version ``old + 1``, and add a golden file of the old
version under tests/companion/golden/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCHEMA = 2


def _add_table(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 2: table mode. Games of schema 1 were played on one phone: nobody sat down."""
    return {**doc, "table": {"starter": None, "seats": {}, "notes": {}}}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _add_table}


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
