"""Issue 19: every message a player reads has a checked German translation.

The source's messages are extracted as ``make messages`` extracts them (Babel, keywords
``_``, ``ngettext``, ``pgettext``, ``npgettext``, ``N_`` over sheets/ and companion/) and compared with each
language's catalog: none missing, none empty, none fuzzy, none left over, and every
``{placeholder}`` of a message kept in its translation (else ``.format`` fails or
drops a value on a German phone)."""

from __future__ import annotations

import ast
import re
from string import Formatter

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from companion.i18n import DEFAULT, DOMAIN, LANGUAGES
from companion.locale.messages import ROOT, SOURCES, extract, po_file

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT]


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field is not None}


def placeholders_kept(source: Message, translated: Message) -> bool:
    """A translation names exactly the message's ``{fields}``; a plural form may leave
    out a field ("eine Runde" for "{n} round") but never bring in one of its own."""
    wanted = set().union(*(placeholders(text) for text in ids(source)))
    if len(ids(source)) == 1:
        return all(placeholders(text) == wanted for text in forms(translated))
    return all(placeholders(text) <= wanted for text in forms(translated))


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
        elif not placeholders_kept(message, found):
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


def binds_underscore(node: ast.AST) -> bool:
    """Whether ``node`` (a function, lambda or comprehension) makes ``_`` a local name:
    a parameter named ``_``, or ``_`` assigned, looped over or caught in its own body."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        args = node.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        if any(a is not None and a.arg == "_" for a in params):
            return True
    if isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        return any(isinstance(n, ast.Name) and n.id == "_" for g in node.generators for n in ast.walk(g.target))
    body = node.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
    for statement in body:
        for inner in own_nodes(statement):
            if isinstance(inner, ast.Name) and inner.id == "_" and isinstance(inner.ctx, ast.Store):
                return True
            if isinstance(inner, ast.ExceptHandler) and inner.name == "_":
                return True
    return False


def own_nodes(node: ast.AST):
    """``node`` and what it holds, without entering nested functions, lambdas or comprehensions."""
    yield node
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, SCOPES):
            yield from own_nodes(child)


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
          ast.GeneratorExp, ast.ClassDef)


def calls_underscore(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_" for n in ast.walk(node))


def test_no_function_hides_the_translation_function():
    """``def handler(_):`` or ``for _ in ...`` makes ``_`` a local name: a ``_("...")``
    inside would call the event (TypeError) or fail as unbound, on every phone. Name an
    unused parameter ``_e`` where a function translates."""
    hidden = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if isinstance(node, SCOPES) and not isinstance(node, ast.ClassDef) \
                        and binds_underscore(node) and calls_underscore(node):
                    hidden.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not hidden, "_ is a local name where _() is called: " + ", ".join(hidden)


def module_level_calls(tree: ast.Module):
    """Calls of _, ngettext, pgettext or npgettext run at import time (outside every function)."""
    def walk(node: ast.AST):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) \
                    and child.func.id in ("_", "ngettext", "pgettext", "npgettext"):
                yield child
            yield from walk(child)
    yield from walk(tree)


def test_nothing_is_translated_at_import_time():
    """A module constant made with ``_("...")`` would be English for every phone (no
    phone is asking while modules load): mark it ``N_("...")`` and translate it where
    it is shown, ``_(CONSTANT)``."""
    early = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            early += [f"{path.relative_to(ROOT)}:{call.lineno}" for call in module_level_calls(tree)]
    assert not early, "translated at import time (use N_ there): " + ", ".join(early)


# -- Issue 32: German typography, kept (companion/locale/glossary.md, "Typography") ---------

STRAIGHT_QUOTES = re.compile(r"\"[^\"]*\"|(?:^|\s)'[^']+'")  # "…" or '…' around words
RANGE_WITH_HYPHEN = re.compile(r"[\d}]-[\d{]")  # "3-5", "{first}-{last}": a range takes the en dash
HYPHEN_AS_MINUS = re.compile(r"(?:^|[\s(/:])-[\d{]")  # "-10", "(-{n})": a negative takes the minus sign
STOP_IN_BRACKETS = re.compile(r"(?<!Pkt)\.\)")  # "(Gain 7 Thaler.)": no full stop inside brackets


def typography_slips(text: str) -> list[str]:
    """What breaks the glossary's typography in one German text."""
    slips = []
    if "{{" not in text and STRAIGHT_QUOTES.search(text):  # JSON written as code keeps its quotes
        slips.append("straight quotes (write „…“)")
    if text.count("„") != text.count("“"):
        slips.append("„ without its “")
    if RANGE_WITH_HYPHEN.search(text):
        slips.append("a range with a hyphen (write the en dash –)")
    if HYPHEN_AS_MINUS.search(text):
        slips.append("a hyphen for a minus (write −)")
    if STOP_IN_BRACKETS.search(text):
        slips.append("a full stop inside brackets")
    return slips


def test_the_typography_checks_catch_what_they_name():
    assert typography_slips('"{letter}" ist kein Bogen') and typography_slips("die Art '{tag}'")
    assert typography_slips("„Grundspiel\" (Runden 1–7)")
    assert typography_slips("3-5 Spieler") and typography_slips("Runden {first}-{last}")
    assert typography_slips("Beate: -10") and typography_slips("(-{n} Punkte)")
    assert typography_slips("(Heuaktion: Erhalte 7 Taler.)") and not typography_slips("(12 Pkt.)")
    assert not typography_slips("„Grundspiel“ (Runden 1–7), −10, 0- bis 3-mal, FARBE-WERT, UTF-8, JJJJ-MM-TT")
    assert not typography_slips('schreibe {{"name": ..., "coins": ...}}')


def test_german_typography_is_kept():
    """Every German text: „…“ quotes, the en dash in ranges ("3–5 Spieler"), the minus
    sign before a negative number ("−10"), no full stop inside brackets, as the glossary says."""
    with po_file("de").open("rb") as f:
        catalog = read_po(f, locale="de", domain=DOMAIN)
    slips = [f"{ids(message)[0]!r} -> {text!r}: {', '.join(found)}"
             for message in catalog if message.id
             for text in forms(message) if (found := typography_slips(text))]
    assert not slips, "German typography (companion/locale/glossary.md):\n" + "\n".join(slips)


def test_no_english_text_ends_a_sentence_inside_brackets():
    """Issue 32 ("Words"): a full stop stays outside the brackets in English too."""
    inside = [ids(message)[0] for message in extract() if message.id
              for text in ids(message) if STOP_IN_BRACKETS.search(text)]
    assert not inside, "a full stop inside brackets: " + ", ".join(map(repr, inside))
