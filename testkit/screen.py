"""Phones driven in this process as a player drives them: tap a control by what it says,
type into a field by its label, read the words on the screen. For behaviour tests that
need no browser (what a screen says and does after a tap, not how it is drawn): the app's
whole server side runs for each phone (testkit/harness.py), only the drawing is left out.

    with Tables() as table:
        phone = table.open(make_main(games), "/new")
        phone.tap("Nicht die Bohne!")
        phone.type_into("Player 1", "Alex")
        phone.see("Round 1")

What a player reads has no isolates (``sheets.names.bare``: they draw nothing; a test of
the isolation reads a control's own words). A control's name is what a screen reader hears of it, as the browser tests name it: its
own words (a button's text, a field's label, a chip's words, a tooltip) or the label of
the ``ft.Semantics`` around it. Each call waits until no phone is sent anything more, so
a test reads what every phone shows after the tap, as a player would look up.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import re
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, TypeVar

import flet as ft

from companion.session import Games
from companion.ui.flet_compat import BaseControl, Component
from sheets.names import bare
from testkit.harness import Phone, Table, children

T = TypeVar("T")
Name = str | re.Pattern[str]

# What a tap, a pick or a choice sends, by the handler a control has for it.
EVENTS = (("on_click", "click"), ("on_tap", "tap"), ("on_select", "select"), ("on_change", "change"))


def hidden(control: Any) -> bool:
    """Not on the screen: ``visible=False``, or a dialog or snackbar that is not open."""
    return getattr(control, "visible", True) is False or (
        isinstance(control, ft.DialogControl) and not control.open)


def shown(control: Any) -> Iterator[Any]:
    """``control`` and every control inside it that is shown."""
    if hidden(control):
        return
    yield control
    for child in children(control):
        yield from shown(child)


def words_of(control: Any) -> list[str]:
    """The words ``control`` shows itself (not those of the controls inside it; a page's
    title is the browser tab's, not on the screen)."""
    if isinstance(control, ft.BasePage):
        return []
    found = []
    for field in ("value", "label", "content", "text", "tooltip", "title"):
        value = getattr(control, field, None)
        if isinstance(value, ft.Tooltip):
            value = value.message
        if isinstance(value, str) and value.strip():
            found.append(bare(value))
    return found


def said(control: Any) -> str:
    """Everything ``control`` shows, its own words and those inside it, as one line."""
    return " ".join(w for c in shown(control) for w in words_of(c))


def read(control: Any) -> str:
    """What a screen reader says of ``control``: a node's label stands for what it excludes;
    a tooltip is not said."""
    if hidden(control):
        return ""
    if isinstance(control, ft.Semantics) and control.label and control.exclude_semantics:
        return bare(control.label)
    if isinstance(control, ft.Semantics):
        own = [bare(control.label)] if control.label else []
    else:
        own = [w for w in words_of(control) if w != tooltip_of(control)]
    return " ".join(w for w in (*own, *(read(c) for c in children(control))) if w)


def tooltip_of(control: Any) -> str | None:
    tip = getattr(control, "tooltip", None)
    return tip.message if isinstance(tip, ft.Tooltip) else tip if isinstance(tip, str) else None


def matches(name: Name, words: str, exact: bool) -> bool:
    """As Playwright finds words: a pattern anywhere; exact, the words themselves; else a
    part of them, whatever the case."""
    if isinstance(name, re.Pattern):
        return name.search(words) is not None
    return words == name if exact else name.casefold() in words.casefold()


@dataclasses.dataclass(frozen=True)
class Shown:
    """A control on a phone's screen that takes a tap, with the names it is known by."""

    control: Any
    names: tuple[str, ...]  # its labels and own words, then all its words as one line
    disabled: bool
    inside: tuple[str, ...]  # the words of each control inside it: a tap on one reaches it

    @property
    def own(self) -> tuple[str, ...]:
        """The labels of its nodes and its own words, without those of the controls inside."""
        return self.names[:-1]


def handles(control: Any) -> bool:
    return any(getattr(control, handler, None) for handler, _event in EVENTS)


BUTTONS = (ft.Button, ft.TextButton, ft.OutlinedButton, ft.FilledButton, ft.FilledTonalButton, ft.IconButton)


def is_button(control: Any) -> bool:
    """A button, whether it takes a tap now or not (a disabled one has no handler to call)."""
    return isinstance(control, BUTTONS) or (isinstance(control, ft.Semantics) and bool(control.button))


def look(root: Any) -> tuple[list[Any], list[Shown]]:
    """Every shown control under ``root`` in screen order, and those that take a tap, each by
    its names: the labels of the ``ft.Semantics`` it stands in directly (with only components
    between), its own words, and all the words inside it, as a screen reader names a button."""
    controls: list[Any] = []
    taps: list[Shown] = []

    def walk(control: Any, labels: tuple[str, ...], disabled: bool) -> list[str]:
        """The words shown under ``control`` (its own first)."""
        if hidden(control):
            return []
        controls.append(control)
        disabled = disabled or bool(getattr(control, "disabled", False))
        wrapper = isinstance(control, (ft.Semantics, Component))
        if isinstance(control, ft.Semantics) and control.label:
            labels = (*labels, bare(control.label))
        place, place_controls = len(taps), len(controls) - 1
        own = words_of(control)
        words = list(own)
        for child in children(control):
            words += walk(child, labels if wrapper else (), disabled)
        if handles(control) or is_button(control):
            target = next((c for c in controls[place_controls:] if handles(c)), None)
            taps.insert(place, Shown(target or control, (*labels, *own, " ".join(words)),
                                     disabled or target is None, tuple(words)))
        return words

    walk(root, (), False)
    return controls, taps


class Screen:
    """One phone at a table of ``Tables``: sync calls onto the table's event loop."""

    def __init__(self, table: Tables, phone: Phone):
        self.table = table
        self.phone = phone
        self._seen: tuple[float, tuple[list[Any], list[Shown]]] | None = None

    @property
    def page(self) -> ft.Page:
        return self.phone.session.page

    @property
    def route(self) -> str:
        return self.page.route or "/"

    def go(self, route: str) -> None:
        """The phone's browser on ``route`` (typed in, or a link followed)."""
        self.table.run(self.phone.go(route))
        self.table.settle()

    def look(self) -> tuple[list[Any], list[Shown]]:
        """What the screen shows and what takes a tap there (``look``), worked out again only
        once the phone was sent something: the screen changes by nothing else."""
        if self._seen is None or self._seen[0] != self.phone.last:
            self._seen = (self.phone.last, look(self.page))
        return self._seen[1]

    def visible(self) -> list[Any]:
        """Every control shown on the screen, in screen order."""
        return self.look()[0]

    def words(self) -> list[str]:
        """Every piece of text on the screen, in screen order."""
        return [w for c in self.visible() for w in words_of(c)]

    def text(self) -> str:
        return "\n".join(self.words())

    def find(self, name: Name, exact: bool = True) -> list[Shown]:
        """The controls that take a tap under ``name``: those it names themselves (a label, a
        button's text); else the innermost whose words together are ``name``; else the
        innermost around a text that says it (as Flutter gives a tap to the innermost)."""
        every = self.look()[1]
        named = [s for s in every if any(matches(name, n, exact) for n in s.own)]
        if named:
            return named
        for words in (lambda s: s.names[-1:], lambda s: s.inside):
            around = [s for s in every if any(matches(name, w, exact) for w in words(s))]
            if around:
                return [s for s in around  # the innermost: no other one inside it
                        if not any(o is not s and set(o.inside) <= set(s.inside) and len(o.inside) < len(s.inside)
                                   for o in around)]
        return []

    def button(self, name: Name, exact: bool = True) -> Shown:
        """The one control named ``name`` (the first where several are)."""
        found = self.find(name, exact)
        if not found:
            raise AssertionError(f"nothing to tap named {name!r}; the screen says:\n{self.text()}")
        return found[0]

    def node(self, name: Name, exact: bool = True) -> ft.Semantics:
        """The node a screen reader reads as ``name`` (an ``ft.Semantics``: a tick, a row)."""
        nodes = [c for c in self.visible() if isinstance(c, ft.Semantics) and c.label
                 and matches(name, bare(c.label), exact)]
        if not nodes:
            raise AssertionError(f"no node {name!r}; the screen says:\n{self.text()}")
        return nodes[0]

    def chip(self, name: Name) -> ft.Chip:
        """The chip that says ``name`` (a player's chip: selected or not)."""
        chips = [c for c in self.visible() if isinstance(c, ft.Chip) and matches(name, said(c), True)]
        if not chips:
            raise AssertionError(f"no chip {name!r}; the screen says:\n{self.text()}")
        return chips[0]

    def tap(self, name: Name, exact: bool = True, data: Any = None) -> None:
        """Tap the control named ``name``; a disabled one fails the test, as a lost tap would."""
        for bar in (c for c in self.visible() if isinstance(c, ft.SegmentedButton)):
            for segment in bar.segments:
                words = said(segment.label) if isinstance(segment.label, BaseControl) else bare(str(segment.label))
                if matches(name, words, exact):  # a segment: its bar hears the pick
                    if segment.disabled or bar.disabled:
                        raise AssertionError(f"{name!r} is disabled")
                    self.send(bar, segment.value)
                    return
        shown = self.button(name, exact)
        if shown.disabled:
            raise AssertionError(f"{name!r} is disabled")
        self.send(shown.control, data)

    def send(self, control: Any, data: Any = None) -> None:
        """The event a player's tap on ``control`` sends (its first handler's), then quiet."""
        event = next(event for handler, event in EVENTS if getattr(control, handler, None))
        if isinstance(control, ft.SegmentedButton) and data is not None:
            self.patch(control, selected=[data])
        self.table.run(self.phone.session.dispatch_event(control._i, event, data))
        self.table.settle()

    def patch(self, control: Any, **values: Any) -> None:
        """What the phone changed itself (a field's text, a pick), as its client tells the server."""
        self.table.call(lambda: self.phone.session.apply_patch(control._i, values))

    def type_into(self, label: str, value: str) -> None:
        """Type ``value`` into the text field labelled ``label``, as the phone sends it."""
        fields = [c for c in self.visible() if isinstance(c, ft.TextField) and bare(c.label or "") == label]
        if not fields:
            raise AssertionError(f"no field {label!r}; the screen says:\n{self.text()}")
        self.patch(fields[0], value=value)
        self.table.run(self.phone.session.dispatch_event(fields[0]._i, "change", value))
        self.table.settle()

    def focus(self, label: str, focused: bool = True) -> None:
        """The text field labelled ``label`` takes the focus (a tap in it), or loses it
        (``focused=False``: a tap elsewhere, the keyboard closed), as the phone tells it."""
        fields = [c for c in self.visible() if isinstance(c, ft.TextField) and bare(c.label or "") == label]
        if not fields:
            raise AssertionError(f"no field {label!r}; the screen says:\n{self.text()}")
        self.table.run(self.phone.session.dispatch_event(fields[0]._i, "focus" if focused else "blur", None))
        self.table.settle()

    def pick(self, value: str) -> None:
        """Pick the radio button whose label or value is ``value`` (its group hears it)."""
        for group in (c for c in self.visible() if isinstance(c, ft.RadioGroup)):
            for radio in (c for c in shown(group) if isinstance(c, ft.Radio)):
                if value == radio.value or any(value in w.replace("\n", " ") for w in words_of(radio)):  # as wrapped
                    self.patch(group, value=radio.value)
                    self.table.run(self.phone.session.dispatch_event(group._i, "change", radio.value))
                    self.table.settle()
                    return
        raise AssertionError(f"no radio button {value!r}; the screen says:\n{self.text()}")

    def see(self, text: Name, exact: bool = False, timeout: float = 5.0) -> None:
        """Wait until the screen says ``text`` (Home and Statistics follow a change a moment
        later: use_listing), or fail with what it says."""
        self.table.until(lambda: self.says(text, exact), timeout,
                         lambda: f"the screen never said {text!r}; it says:\n{self.text()}")

    def says(self, text: Name, exact: bool = False) -> bool:
        """Whether any words on the screen, or a control's name, are ``text``."""
        names = [n for t in self.look()[1] for n in t.names]
        labels = [bare(c.label) for c in self.visible() if isinstance(c, ft.Semantics) and c.label]
        return any(matches(text, w, exact) for w in (*self.words(), *names, *labels))


def at_a_players_pace(games: Games, seconds: float = 0.2) -> Games:
    """``games`` with a clock that moves on ``seconds`` each time it is read: these phones tap
    as fast as the machine runs, a player at a finger's pace, and the session bounds the
    entries a phone makes a second (``ENTRIES_RATE``)."""
    start, reads = time.monotonic(), itertools.count()
    games.followers.clock = lambda: start + next(reads) * seconds
    return games


class Tables:
    """Phones of one table on an event loop of their own, driven from the test's thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.table = Table()

    def __enter__(self) -> Tables:
        self.thread.start()
        self.run(self.table.__aenter__())
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self.run(self.table.__aexit__(*exc))
            self.run(self.stop_waiting())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
            self.loop.close()

    @staticmethod
    async def stop_waiting() -> None:
        """What the phones still waited for (a listing read again a moment later) is let go."""
        waiting = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, fn: Callable[[], T]) -> T:
        """Run ``fn`` on the table's loop (where the phones' handlers run), then settle."""
        async def on_loop() -> T:
            return fn()
        result = self.run(on_loop())
        self.settle()
        return result

    def settle(self) -> None:
        """Until no phone is sent anything for a moment."""
        self.run(self.table.quiet(idle=0.01))

    def until(self, done: Callable[[], bool], timeout: float, why: Callable[[], str]) -> None:
        async def wait() -> bool:
            deadline = self.loop.time() + timeout
            while self.loop.time() < deadline:
                if done():
                    return True
                await asyncio.sleep(0.05)
            return done()
        if not self.run(wait(), timeout + 5):
            raise AssertionError(why())

    def open(self, main: Callable[[ft.Page], Any], route: str = "/", device: str | None = None,
             languages: tuple[str, ...] = (), host: bool = False) -> Screen:
        """A phone on ``route``: ``device`` its stored token, ``languages`` its browser's;
        ``host``: the serving machine's own browser (else a phone on the table's network)."""
        ip = "127.0.0.1" if host else "192.0.2.7"
        return Screen(self, self.run(self.table.open(main, route, device, languages, client_ip=ip)))

    def reload(self, screen: Screen, main: Callable[[ft.Page], Any], route: str | None = None) -> Screen:
        """``screen``'s phone loads the page again (a new session; its browser keeps its storage)."""
        old = screen.phone
        return Screen(self, self.run(self.table.open(main, route or screen.route, old.device, old.languages,
                                                     old.storage, old.client_ip)))


__all__ = ["Screen", "Shown", "Tables", "at_a_players_pace", "look", "read", "said", "shown", "words_of"]
