"""What screens and components share: the games this phone acts on, the invite address,
this phone's language, re-rendering on a change, and the snackbar. ``app.py`` provides
the contexts; screens and components import them from here, never from ``app.py``."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import random
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, ParamSpec, TypeVar, cast
from urllib.parse import urlsplit

import flet as ft

from companion import i18n
from companion.session import GameOf, PhoneGames
from companion.sheet_values import SheetValuesService
from sheets.game import GameRules
from sheets.i18n import N_, Translations, _

# Every screen is under the app's providers: the defaults are never seen.
GamesContext = ft.create_context(cast(PhoneGames, None))
SheetValuesContext = ft.create_context(cast(SheetValuesService, None))
InviteContext = ft.create_context(cast("str | None", None))  # the address phones open, when served
# Over https: the first bytes of the certificate's SHA-256 fingerprint, shown with the invite.
CertificateContext = ft.create_context(cast("str | None", None))
# This phone's language and a way to choose another: (code, choose).
LanguageContext = ft.create_context(cast("tuple[str, Callable[[str], None]]", (i18n.DEFAULT, lambda _code: None)))

# Each page's (phone's) language. Flet binds the page to every render, event handler,
# effect and task it runs for that phone (ft.context.page), each in a task of its own,
# so the language is looked up from the page rather than set in one task. Keyed by the
# page's id, dropped when the page goes (a WeakKeyDictionary compared the page dataclass
# field by field on every lookup: a good part of each render's time).
_PHONE_LANGUAGE: dict[int, str] = {}


def speak(page: ft.Page, language: str) -> None:
    """From now on everything computed for ``page``, engine refusals included, is in ``language``."""
    if id(page) not in _PHONE_LANGUAGE:
        weakref.finalize(page, _PHONE_LANGUAGE.pop, id(page), None)
    _PHONE_LANGUAGE[id(page)] = language


def phone_translations() -> Translations | None:
    """The translations of the phone whose work this is (``sheets.i18n.follow`` asks this);
    None outside a page (the command line, tests): English."""
    language = _phone_language()
    return None if language is None else i18n.translations(language)


def phone_language() -> str:
    """The language code of the phone whose work this is, for work done elsewhere (the
    worker process) that speaks to it."""
    return _phone_language() or i18n.DEFAULT


def _phone_language() -> str | None:
    try:
        page = ft.context.page
    except RuntimeError:
        return None
    return _PHONE_LANGUAGE.get(id(page))


T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S")  # a game's State
A = TypeVar("A")  # its Action
L = TypeVar("L")  # what its state allows a player
V = TypeVar("V")  # a play screen's view of a state for one phone


def use_typed(initial: T) -> tuple[T, Callable[[T | Callable[[T], T]], None], Callable[[], T]]:
    """State for what a player types: ``(value, change, latest)``.

    Flet runs each event of a phone as its own task and re-renders later, so a tap that
    follows typing at once (Start, Save) can run the handler of the render before the
    last keystroke was taken in. Handlers read ``latest()``, the value after every change
    so far, never the value they closed over. ``change`` takes a value or a function of
    the latest one.
    """
    value, set_value = ft.use_state(initial)
    kept: list[T] = ft.use_memo(lambda: [initial], [])  # the latest value, kept across renders

    def change(new: T | Callable[[T], T]) -> None:
        kept[0] = new(kept[0]) if callable(new) else new
        set_value(kept[0])

    return value, change, lambda: kept[0]


def use_latest(handler: Callable[P, R]) -> Callable[P, R]:
    """One function kept across renders that calls the latest render's ``handler``.

    A play screen hands its pieces a frozen dataclass of such callbacks (its taps, typed):
    made of ``use_latest`` functions it stays equal from render to render, so a kept
    control's tap and a piece that compares its arguments stay as they are, and a tap
    always runs the newest render's code (what the phone picked, typed, scrolled to)."""
    latest: list[Callable[P, R]] = ft.use_memo(lambda: [handler], [])  # (use_ref would call a function it is given)
    latest[0] = handler
    return cast("Callable[P, R]", ft.use_memo(lambda: partial(_call_latest_of, latest), []))


def _call_latest_of(latest: list[Callable[..., Any]], *args: Any, **kwargs: Any) -> Any:
    return latest[0](*args, **kwargs)


Part = tuple[Hashable, Callable[[], ft.Control]]  # (what the control shows, how to make it)


class Kept:
    """Controls a component keeps across its renders (``use_keeper``): the very control the
    last render made for a part that shows the same, which Flet passes over without
    building or comparing it again. A re-render pays only for the parts that changed.

    Flet matches a re-render's controls to the last one's by their place among their
    siblings, so a kept control must stand where it stood: ``column`` and ``row`` make the
    whole container of kept parts, and each part's key holds its place."""

    def __init__(self, last: dict[Hashable, ft.Control]) -> None:
        self._last = last
        self.now: dict[Hashable, ft.Control] = {}

    def controls(self, where: Hashable, parts: Sequence[Part]) -> list[ft.Control]:
        """The controls of ``parts``, in order: kept where the same part stood at the same
        place of the same container (``where``) last time, else made."""
        made = []
        for place, (shows, make) in enumerate(parts):
            key = (where, place, shows)
            control = self._last[key] if key in self._last else make()
            self.now[key] = control
            made.append(control)
        return made

    def column(self, where: Hashable, parts: Sequence[Part], **style: Any) -> ft.Column:
        """An ``ft.Column`` of exactly ``parts`` (``style``: its other arguments)."""
        return ft.Column(self.controls(where, parts), **style)

    def row(self, where: Hashable, parts: Sequence[Part], **style: Any) -> ft.Row:
        """An ``ft.Row`` of exactly ``parts`` (``style``: its other arguments)."""
        return ft.Row(self.controls(where, parts), **style)


def use_keeper() -> Kept:
    """This component's ``Kept``: what its last render kept, for this render to keep again."""
    ref = ft.use_ref(cast("Kept | None", None))
    keeper = Kept(ref.current.now if ref.current is not None else {})
    ref.current = keeper
    return keeper


def use_games() -> PhoneGames:
    """The games, as this phone acts on them (as its seat at a table)."""
    return ft.use_context(GamesContext)


def use_sheet_values() -> SheetValuesService:
    """The printed values remembered per sheet letter (Gone with the Beans)."""
    return ft.use_context(SheetValuesContext)


def use_invite_url() -> str | None:
    return ft.use_context(InviteContext)


def use_certificate() -> str | None:
    """The served certificate's fingerprint (its first bytes) when the table uses https."""
    return ft.use_context(CertificateContext)


def use_language() -> tuple[str, Callable[[str], None]]:
    """This phone's language code and a way to choose another (remembered on the phone)."""
    return ft.use_context(LanguageContext)


def use_game(game_id: str | None) -> int:
    """Re-render the calling screen whenever that game changes, in any session.

    Returns a version number that grows with every change seen.
    """
    version, set_version = ft.use_state(0)

    async def bump() -> None:
        set_version(lambda v: v + 1)

    _use_changes(game_id or "*", bump)
    return version


def _use_changes(game_id: str, react: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run ``react`` after every change of that game ("*": of any game) while the calling
    component is shown."""
    games = use_games()
    _use_told(lambda listen: games.subscribe(game_id, lambda _game_id: listen()), react, game_id)


def _use_told(subscribe: Callable[[Callable[[], None]], Callable[[], None]],
              react: Callable[[], Coroutine[Any, Any, None]], key: Hashable) -> None:
    """Run ``react`` on this page's loop each time ``subscribe``'s listener is called, while
    the calling component is shown (``key``: what it listens to)."""
    page = ft.context.page

    def listen() -> None:
        # A change may come from another browser session's thread: run the re-render
        # on this page's own loop, without touching the caller's page context.
        contextvars.copy_context().run(page.run_task, react)

    ft.use_effect(lambda: subscribe(listen), [key])


def use_sheet_values_changes() -> None:
    """Re-render the calling screen after every change of the remembered sheet values."""
    book = use_sheet_values()
    _version, set_version = ft.use_state(0)

    async def bump() -> None:
        set_version(lambda v: v + 1)

    _use_told(book.subscribe, bump, "sheet values")


# Seconds after a change that a listing screen reads the stored games again: at random in
# this span, so that the phones showing one (twenty on Home, say) do not all draw at once.
LISTING_AFTER = (0.5, 1.5)


def use_listing(read: Callable[[], T], game_id: str = "*") -> T:
    """For a screen that lists stored games (Home, Statistics) or a game's whole story (the
    timeline: ``game_id``): ``read()`` is what it shows of them. A change of any game (of
    that game) has it read again ``LISTING_AFTER`` later (changes meanwhile wait for that
    read), and the calling component re-renders only when it differs: taps at a table draw
    a listing again about once a second at most, each phone at its own moment, and only
    when a line of it reads differently (a leader, a game come or gone, a new entry)."""
    shown, read_again = _use_read_again(read)
    due = ft.use_ref(False)  # a read is due: a change meanwhile needs no other

    async def tell() -> None:
        if due.current:
            return
        due.current = True
        await asyncio.sleep(random.uniform(*LISTING_AFTER))
        due.current = False
        with contextlib.suppress(Exception):  # the screen renders again: see _use_read_again
            read_again()

    _use_changes(game_id, tell)
    return shown


class GameChanged:
    """One game's changes on one phone's game screen, told to the pieces of its play screen
    that listen (``use_game_part``). Not a Flet observable: Flet would re-render every
    component that reads one from a context on every change."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[], None]] = []

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def notify(self) -> None:
        for listener in list(self._listeners):
            listener()


# The game screen's GameChanged (None outside a game screen: a part is read at each render).
GameChangedContext = ft.create_context(cast("GameChanged | None", None))

FrameT = TypeVar("FrameT")
PartT = TypeVar("PartT")


def use_game_frame(game_id: str, frame: Callable[[], FrameT]) -> tuple[FrameT, GameChanged]:
    """For a screen that shows little of the game itself: ``frame()`` is what it shows. On a
    change of the game, the calling component re-renders only when ``frame()`` differs from
    what it was at its last render, and the pieces below it that read the game
    (``use_game_part``, under ``GameChangedContext`` with the ``GameChanged`` returned) are
    told: each re-renders only if what it shows differs. A frame that is an exception (the
    game cannot be read any more) tells the pieces nothing.

    One listener per screen, so the order is fixed: a frame that changes (a deleted game)
    renders before its pieces would.
    """
    changed = ft.use_memo(GameChanged, [game_id])
    shown, read_again = _use_read_again(frame)

    async def tell() -> None:
        if not isinstance(read_again(), Exception):
            changed.notify()

    _use_changes(game_id, tell)
    return shown, changed


def use_game_of(game_id: str, rules: GameRules[S, A, L]) -> GameOf[S, A, L]:
    """That game as this phone reads and changes it, typed by its rules. Raises
    StorageError or RulesError when it cannot be read as one (the frame says so)."""
    return use_games().game(game_id, rules)


@dataclass(frozen=True)
class ViewOf(Generic[V]):
    """A play screen's typed view of its game for this phone: ``now()``, the view of the
    latest state (``GameOf.view``: worked out once per state and viewer for every phone).
    The screen hands it to its pieces, and each piece shows a slice of it
    (``use_slice``): what a piece shows of the game comes from the view, by its type."""

    now: Callable[[], V]


def use_slice(view: ViewOf[V], pick: Callable[[V], PartT]) -> PartT:
    """A piece's slice of the play screen's view: ``pick(view)``. After each change of the
    game the slice is picked again, and the piece re-renders only when it differs: on most
    changes most pieces of a screen stay as they were, on every phone at the table."""
    return use_game_part(lambda: pick(view.now()))


def use_game_part(read: Callable[[], PartT]) -> PartT:
    """What a piece of a play screen shows of its game: ``read()``. After each change of the
    game it is read again, and the piece re-renders only when it differs from what the
    piece showed: on most changes most pieces of a screen stay as they were, on every phone
    at the table. Everything the piece shows of the game must come from ``read()``."""
    changed = ft.use_context(GameChangedContext)
    shown, read_again = _use_read_again(read)

    def listen() -> None:
        with contextlib.suppress(Exception):  # the piece renders again: see _use_read_again
            read_again()

    ft.use_effect(lambda: changed.subscribe(listen) if changed is not None else None, [changed])
    return shown


def _use_read_again(read: Callable[[], T]) -> tuple[T, Callable[[], T]]:
    """``read()`` as the calling component shows it now, and ``read_again()``: reads with
    the latest render's ``read`` and renders the component again when the value differs
    from what that render showed, or when reading fails (its arguments may not fit the
    changed game; a parent that passes fitting ones renders too), then raises."""
    _version, set_version = ft.use_state(0)
    shown = read()
    rendered = ft.use_ref(cast("tuple[Callable[[], T], T] | None", None))
    rendered.current = (read, shown)  # this render's read, and what it showed

    def read_again() -> T:
        assert rendered.current is not None  # set by every render, before any change is told
        latest, was = rendered.current
        try:
            now = latest()
        except Exception:
            set_version(lambda v: v + 1)
            raise
        if now != was:
            set_version(lambda v: v + 1)
        return now

    return shown, read_again


# The play screen's scrolling column, for a screen that scrolls a question into view.
ScreenColumnContext = ft.create_context(cast("ft.Ref[ft.Column] | None", None))


def use_screen_column() -> ft.Ref[ft.Column] | None:
    return ft.use_context(ScreenColumnContext)


class _Awake:
    """One page's wake lock: how many shown components want it, and what the phone was
    last told. Calls go one at a time (Flet's web fallback races when enable and disable
    overlap, as a route change does)."""

    def __init__(self) -> None:
        self.lock = ft.Wakelock()
        self.holders = 0
        self.told = False
        self.turn = asyncio.Lock()
        self.hinted = False

    async def settle(self) -> None:
        async with self.turn:
            want = self.holders > 0
            if want == self.told:
                return
            try:
                switch = cast("Callable[[], Awaitable[None]]", self.lock.enable if want else self.lock.disable)
                await switch()  # (Flet leaves them unannotated)
            except Exception:  # refused by the browser: the screen sleeps as the phone is set;
                return  # the next game screen asks again
            self.told = want


_AWAKE: weakref.WeakKeyDictionary[ft.Page, _Awake] = weakref.WeakKeyDictionary()
SLEEP_HINT = N_("This address is plain http: the phone may still dim. Keep the screen on in its settings, "
                "or ask the host to start the server with beans serve --https.")


def secure_page(url: str | None) -> bool:
    """Whether a browser gives this page the Wake Lock API: https, or this machine itself.
    (Flet's page.url is the address of the page's websocket: wss over https.)"""
    parts = urlsplit(url or "")
    return parts.scheme in ("https", "wss") or (parts.hostname or "") in ("localhost", "127.0.0.1", "::1")


def use_wakelock() -> None:
    """Keep this phone's screen awake while the calling component is shown; let go when
    it leaves. Flet's web client asks the browser's Wake Lock API; a page on plain http
    at another address than this machine has none (Flet's video fallback stops after a
    second in Chromium), so the phone is told once to keep its screen on itself (README,
    "The screen stays on")."""
    page = ft.context.page

    def hold() -> Callable[[], None]:
        awake = _AWAKE.get(page) or _AWAKE.setdefault(page, _Awake())
        awake.holders += 1
        page.run_task(awake.settle)
        if not awake.hinted and not secure_page(page.url):
            awake.hinted = True
            page.show_dialog(ft.SnackBar(ft.Text(_(SLEEP_HINT)), duration=ft.Duration(milliseconds=6000), persist=False))

        def release() -> None:
            awake.holders -= 1
            page.run_task(awake.settle)

        return release

    ft.use_effect(hold, [])


SNACKBAR_LINES = 2


def notify(message: str, undo: Callable[[], Any] | None = None) -> None:
    """A short message at the bottom of the screen, with Undo where it applies: two lines
    at most, Undo beside them (issue 48: at 320 px and 150 % text a snackbar was 118-238 px
    tall, Undo on a line of its own, over the field being typed in)."""
    page = ft.context.page
    page.show_dialog(
        ft.SnackBar(
            ft.Text(message, max_lines=SNACKBAR_LINES, overflow=ft.TextOverflow.ELLIPSIS),
            action_overflow_threshold=1,  # Flutter moves an action over a quarter of the width below
            action=_("Undo") if undo else None,
            on_action=(lambda _: undo()) if undo else None,
            duration=ft.Duration(milliseconds=4000 if undo else 3000),
            persist=False,  # Flutter keeps a snackbar with an action up under a screen reader
        )
    )


def go(route: str) -> None:
    ft.context.page.navigate(route)


def timeline_route(game_id: str) -> str:
    """A game's story (``screens/timeline.py``)."""
    return f"/game/{game_id}/timeline"


def moment_route(game_id: str, n: int | str) -> str:
    """The game as it stood just after its entry ``n`` (``screens/game.py``: PastGameScreen)."""
    return f"/game/{game_id}/at/{n}"
