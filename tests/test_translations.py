"""Issue 19: every message a player reads has a checked German translation.

The source's messages are extracted as ``make messages`` extracts them (Babel, keywords
``_``, ``ngettext``, ``N_`` over sheets/ and companion/) and compared with each
language's catalog: none missing, none empty, none fuzzy, none left over, and every
``{placeholder}`` of a message kept in its translation (else ``.format`` fails or
drops a value on a German phone)."""

from __future__ import annotations

from string import Formatter

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from companion.i18n import DEFAULT, DOMAIN, LANGUAGES
from companion.locale.messages import extract, po_file

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field is not None}


def forms(message: Message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def ids(message: Message) -> tuple[str, ...]:
    return tuple(message.id) if isinstance(message.id, (tuple, list)) else (message.id,)


def where(message: Message) -> str:
    return ", ".join(sorted({path for path, _ in message.locations})) or "?"


@pytest.fixture(scope="module")
def source():
    return extract()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language, source):
    with po_file(language).open("rb") as f:
        catalog = read_po(f, locale=language, domain=DOMAIN)
    problems = []
    for message in source:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None:
            problems.append(f"missing: {ids(message)[0]!r} ({where(message)})")
        elif not all(forms(found)):
            problems.append(f"not translated: {ids(message)[0]!r} ({where(message)})")
        elif found.fuzzy:
            problems.append(f"fuzzy (check it, then drop the flag): {ids(message)[0]!r}")
        elif any(placeholders(text) != placeholders(ids(message)[-1]) for text in forms(found)):
            problems.append(f"placeholders differ: {ids(message)[0]!r} -> {forms(found)!r}")
    for message in catalog:
        if message.id and source.get(message.id, context=message.context) is None:
            problems.append(f"no longer in the source (run make messages): {ids(message)[0]!r}")
    problems += [f"obsolete entry: {key!r}" for key in catalog.obsolete]
    assert not problems, f"{po_file(language)}: run `make messages`, then translate:\n" + "\n".join(problems)


def test_the_extraction_finds_the_engine_and_the_app(source):
    """The check above would pass on an empty extraction: it must see both layers."""
    paths = {path.split("/")[0] for message in source for path, _ in message.locations}
    assert {"sheets", "companion"} <= paths
    assert source.get("Start game") is not None  # companion/ui/components/players.py
    assert source.get("the name is empty") is not None  # sheets/results.py
