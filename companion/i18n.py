"""The languages a phone can choose: their catalogs, the choice from a browser's
languages, and numbers and dates written the phone's way (Babel).

The catalogs are the gettext ``.po`` files in ``companion/locale/<lang>/LC_MESSAGES/``,
one domain extracted from ``sheets/`` and ``companion/`` (``make messages``); they are
compiled in memory the first time a language is used, so a fresh clone needs no
build step. What is said is chosen with ``sheets.i18n`` (``_``, ``using``).
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Iterable
from itertools import islice
from datetime import date, datetime
from functools import cache
from importlib import resources

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton, format_time
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from sheets.i18n import MINUS, Translations, current

# Every language a phone may choose, by code, named in its own words (the menu shows these).
LANGUAGES = {"en": "English", "de": "Deutsch"}
DEFAULT = "en"  # the source texts, and the language of a browser that wants none of ours
DOMAIN = "messages"
# How each language writes numbers and dates: English as the app always has ("30 Nov 2026").
FORMATS = {"en": "en_GB", "de": "de_DE"}


class Catalog(gettext.GNUTranslations):
    """A language's compiled catalog; a message it lacks is said in English."""

    language: str


class English(gettext.NullTranslations):
    language = DEFAULT


def po_path(language: str) -> resources.abc.Traversable:
    return resources.files("companion") / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(language: str) -> Translations:
    """The catalog of ``language`` (English for one we do not have), compiled once."""
    if language not in LANGUAGES or language == DEFAULT:
        return English()
    with po_path(language).open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    mo = io.BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)  # a fuzzy (unchecked) translation is not used
    mo.seek(0)
    compiled = Catalog(mo)
    compiled.language = language
    return compiled


def language_of(translations: Translations) -> str:
    return getattr(translations, "language", DEFAULT)


def language() -> str:
    """The language of the work being done (the phone's; English outside the app)."""
    return language_of(current())


# A browser lists a handful of languages; a phone may send any number of any length.
# Only the first MAX_TAGS are read, and a tag longer than MAX_TAG (BCP 47's longest
# registered tags are about 30 letters) is passed over unread.
MAX_TAGS = 10
MAX_TAG = 35


def negotiate(preferred: Iterable[str | None]) -> str:
    """The first of a browser's languages ("de-DE", "en-US", ...) that we speak, among the
    first ``MAX_TAGS`` it lists."""
    for tag in islice(preferred, MAX_TAGS):
        if not isinstance(tag, str) or not tag or len(tag) > MAX_TAG:
            continue
        try:
            code = Locale.parse(tag.replace("-", "_")).language
        except (ValueError, UnknownLocaleError):
            continue
        if code in LANGUAGES:
            return code
    return DEFAULT


def accepted(header: str) -> list[str]:
    """The language tags of an Accept-Language header ("de-DE,de;q=0.9,en;q=0.8"), in
    its order, at most ``MAX_TAGS`` of them, read no further than they reach."""
    tags = []
    for part in header[:MAX_TAGS * (MAX_TAG + 10)].split(",")[:MAX_TAGS]:
        tag = part.split(";")[0].strip()
        if tag and tag != "*":
            tags.append(tag)
    return tags


def _locale(language_code: str | None) -> str:
    return FORMATS.get(language_code or language(), FORMATS[DEFAULT])


def number(value: float | int, decimals: int | None = None, language_code: str | None = None) -> str:
    """A number the phone's way: 12.5 is "12,5" in German, −2.5 "−2,5" (the minus sign, as
    ``sheets.i18n.whole`` writes it); ``decimals`` fixes the places."""
    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_locale(language_code)).replace("-", MINUS)


def day(value: date | datetime, language_code: str | None = None) -> str:
    """A date the phone's way: "30 Nov 2026", "30. Nov. 2026"."""
    return format_skeleton("yMMMd", value, locale=_locale(language_code))


def moment(value: datetime, language_code: str | None = None) -> str:
    """A date and time the phone's way: "30 Nov 2026, 14:05", "30. Nov. 2026, 14:05"."""
    locale = _locale(language_code)
    return f"{day(value, language_code)}, {format_time(value, 'short', locale=locale)}"
