"""Developers: ``make messages`` (``python -m companion.locale.messages``) extracts every
message marked with ``_``, ``ngettext``, ``pgettext``, ``npgettext`` or ``N_`` in ``sheets/`` and ``companion/`` and
merges it into each language's catalog. A new message arrives untranslated, or fuzzy
when it resembles one that changed: translate it and drop the fuzzy flag. Messages no
longer in the source are dropped. ``tests/test_translations.py`` fails until every
message has a checked translation."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from companion.i18n import DEFAULT, DOMAIN, LANGUAGES

KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3), "N_": None,
            "counted": (1, 2)}  # sheets/gone_with_the_beans/live/events.py: an event said by ngettext
SOURCES = ("sheets", "companion")  # the command line's own words may stay English, but are extracted alike
ROOT = Path(__file__).resolve().parents[2]  # the repository (or the installed site-packages)
LOCALE = Path(__file__).resolve().parent
COMMENT_TAGS = ("TRANSLATORS:",)
HEADER = """\
# Bean Counter's words in one language. The words German players know from their boxes
# are listed in companion/locale/glossary.md: use them. Update with `make messages`;
# tests/test_translations.py checks that every message is translated and none is fuzzy.
#"""


def extract(root: Path = ROOT) -> Catalog:
    """Every marked message of the source, with where it is used."""
    template = Catalog(domain=DOMAIN, project="Bean Counter", fuzzy=False)
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            root / source, [("**.py", "python")], keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
        ):
            template.add(message, locations=[(f"{source}/{filename}", lineno)], auto_comments=comments,
                         context=context)
    return template


def po_file(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(root: Path = ROOT) -> list[str]:
    """Merge the source's messages into every catalog; a line per language saying what is left to do."""
    template = extract(root)
    said = []
    for language in LANGUAGES:
        if language == DEFAULT:
            continue
        path = po_file(language)
        if path.exists():
            with path.open("rb") as f:
                catalog = read_po(f, locale=language, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=language, domain=DOMAIN, project="Bean Counter", header_comment=HEADER)
        created = catalog.creation_date
        catalog.update(template)
        catalog.creation_date = created  # a run that changes no message changes no line
        catalog.fuzzy = False
        catalog.header_comment = HEADER
        with path.open("wb") as f:
            # file names without line numbers: moving code does not change the catalog
            write_po(f, catalog, width=100, ignore_obsolete=True, sort_by_file=True, include_lineno=False)
        todo = [m for m in catalog if m.id and (m.fuzzy or not all(m.string if isinstance(m.string, tuple)
                                                                      else (m.string,)))]
        said.append(f"{path.relative_to(root)}: {len(catalog)} messages, {len(todo)} to translate or check")
    return said


if __name__ == "__main__":
    for line in update():
        print(line)
    sys.exit(0)
