"""What just happened, as language-neutral data: said in the language of the phone showing it.

A State is folded once and shared by every phone at the table, and phones at one table
may speak different languages: so the engine stores an ``Event`` (an English template,
marked ``N_``, and its values), never a sentence, and each phone says it: ``said(event)``.

A value is said as it is (a player's name, a number), or, when it has a ``said``
property, in the phone's language: ``Materials`` ("2 Bohnen + 1 Taler"), an ``Amount``
of one material, the ``Place`` of a printed value, or another ``Event`` (a word or a
reason: ``Event(text=N_("Farm"))`` is said ``_("Farm")``).
"""

from __future__ import annotations

from typing import Any

from sheets.gone_with_the_beans.live.materials import amount
from sheets.gone_with_the_beans.live.printed import spec
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.i18n import _, ngettext
from sheets.names import isolated
from sheets.model import Frozen


class Event(Frozen):
    """``text``: English (N_), its ``{names}`` filled from ``values`` when said."""

    text: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None  # the plural of ``text``, said by ``n`` (ngettext)
    n: int = 0

    @property
    def said(self) -> str:
        text = _(self.text) if self.plural is None else ngettext(self.text, self.plural, self.n)
        if not self.values:
            return text
        # A player's name goes in between isolates (sheets.names): "سارا: built Stable 1"
        # reads name first in an English or German line.
        return text.format(**{name: isolated(value) if name == "player" else _say(value) for name, value in self.values})


class Amount(Frozen):
    """``n`` of one material ("1 Bean", "0 Hay"), counted in the phone's language."""

    kind: str
    n: int

    @property
    def said(self) -> str:
        return amount(self.kind, self.n)


class Place(Frozen):
    """Where a printed value is on sheet ``letter`` (printed.spec: its ``place``)."""

    letter: str
    key: str

    @property
    def said(self) -> str:
        return spec(SHEETS[self.letter], self.key).place


class Either(Frozen):
    """Names said as alternatives: "Ammond or Cashew" ("Ammond oder Cashew")."""

    names: tuple[str, ...]

    @property
    def said(self) -> str:
        return _(" or ").join(self.names)


def event(text: str, /, **values: Any) -> Event:
    """``event(N_("{player}: built {facility} {n}"), player=name, facility=word(f.name), n=2)``."""
    return Event(text=text, values=tuple(values.items()))


def counted(singular: str, plural: str, n: int, /, **values: Any) -> Event:
    """The singular or plural by ``n``, said as ``ngettext`` says it (marked for the
    catalog as ngettext is: ``counted`` is one of companion/locale/messages.py's keywords)."""
    return Event(text=singular, plural=plural, n=n, values=tuple(values.items()))


def word(text: str) -> Event:
    """An English word or phrase (N_), translated where it is said."""
    return Event(text=text)


def _say(value: Any) -> str:
    if isinstance(value, tuple):  # printed numbers: "2, 4, 6"
        return ", ".join(map(_say, value))
    if isinstance(value, Event):  # a sentence said inside another drops its full stop: "(Hay action: Gain 7 Thaler)"
        return value.said.rstrip(".")
    said_: str = value.said if hasattr(value, "said") else str(value)
    return said_


def said(event: Event) -> str:
    """``event`` in the current language (sheets.i18n: the phone's)."""
    return event.said
