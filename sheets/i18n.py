"""Words a player reads, in the language of the phone whose call it is.

Wrap every player-facing text where it is made::

    raise RulesError(_("Building a {facility} costs {cost}; you have {have}").format(
        facility=facility, cost=cost, have=have))
    ngettext("{n} round", "{n} rounds", n).format(n=n)
    TITLE = N_("Space Beans")   # marked for the catalog; translated where shown: _(TITLE)

``_`` translates now, with the current translations: those of a ``using(...)`` block,
else those the app's ``follow`` hook finds for the phone whose work this is (the app
installs one that looks up the Flet page), else English (the command line, the engine
as a library). Text that is stored or shared between phones (a rating in a summary, a
breakdown key) stays English, marked with ``N_``, and is translated where it is shown.

Pure: no Babel, no Flet; the catalogs are loaded by ``companion/i18n.py``.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class Translations(Protocol):
    """What ``gettext.NullTranslations`` (and Babel's and gettext's catalogs) offer."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, singular: str, plural: str, n: int, /) -> str: ...


ENGLISH: Translations = gettext.NullTranslations()  # the source texts are English

_chosen: ContextVar[Translations | None] = ContextVar("bean_counter_translations", default=None)
_ambient: list[Callable[[], Translations | None]] = []


def follow(find: Callable[[], Translations | None]) -> None:
    """Outside ``using``, ask ``find()`` for the translations of the work being done (None:
    English). The app installs one hook; installing again replaces it."""
    _ambient[:] = [find]


def current() -> Translations:
    chosen = _chosen.get()
    if chosen is not None:
        return chosen
    found = _ambient[0]() if _ambient else None
    return found if found is not None else ENGLISH


@contextmanager
def using(translations: Translations) -> Iterator[Translations]:
    """Everything said inside the block, engine refusals included, in these translations."""
    token = _chosen.set(translations)
    try:
        yield translations
    finally:
        _chosen.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language (German and English
    both have two forms; another language may have more)."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English word needs another translation elsewhere, told
    apart by ``context`` (e.g. ``pgettext("table column", "Total")``)."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` told apart by ``context``, as ``pgettext`` is ``_`` (a word under its
    count: "Bean" here, the plain word "Bean" elsewhere)."""
    return current().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalog without translating it (module constants, stored
    words): translate it with ``_(value)`` where it is shown."""
    return message


MINUS = "\u2212"  # the minus sign a player reads ("−3"), never the hyphen-minus of data ("-3")


def whole(n: int) -> str:
    """A whole number as a player reads it, in every language: "12", "−3" (the minus sign,
    U+2212). Files, exports and the command line keep Python's "-3"."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """Points with their sign, as a pad writes them: "+5", "−3", "0"."""
    return f"+{n}" if n > 0 else whole(n)
