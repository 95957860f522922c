"""What screens and components share: the games this phone acts on, the invite address,
this phone's language, re-rendering on a change, and the snackbar. ``app.py`` provides
the contexts; screens and components import them from here, never from ``app.py``."""

from __future__ import annotations

import asyncio
import contextlib
import random
import weakref
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar, cast
from urllib.parse import quote, urlsplit

import flet as ft

from companion import i18n
from companion.session import GameOf, PhoneGames
from companion.ui import flet_compat
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
    latest: _Latest[P, R] = ft.use_memo(lambda: _Latest(handler), [])  # (use_ref would call a function it is given)
    latest.handler = handler
    return latest.call


class _Latest(Generic[P, R]):
    """The latest render's handler, and one function that calls it (``use_latest``)."""

    def __init__(self, handler: Callable[P, R]) -> None:
        self.handler = handler

    def call(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self.handler(*args, **kwargs)


def piece(render: Callable[P, ft.Control]) -> Callable[P, ft.Control]:
    """A piece of a screen: a component that renders again only when an argument differs
    (``==``) from its last render's; otherwise Flet passes over what it rendered last,
    unbuilt and uncompared. The one equality gate below a screen's ``use_view``.

    A piece takes what it shows as arguments (slices of the screen's view, plain values, the
    screen's frozen taps of ``use_latest`` callbacks) and reads no context (``use_games``,
    ``use_screen_column``, ``ft.use_context``): Flet keeps a passed-over piece's controls
    tied to the render that made them, where a context is no longer found. A function made
    in a render is a new argument each time: hand it through the taps."""
    made, name = ft.memo(ft.component(render)), render.__qualname__  # type: ignore[no-untyped-call]  # (untyped)

    def placed(*args: P.args, **kwargs: P.kwargs) -> ft.Control:
        return cast(ft.Control, flet_compat.place(made, name, None, args, kwargs))

    return placed


def part(make: Callable[P, ft.Control], *args: P.args, **kwargs: P.kwargs) -> ft.Control:
    """``make(*args, **kwargs)`` as a piece: made again only when ``make`` or an argument
    differs from what stood at this place last render. For a part of a piece that changes
    less often than the piece (a chip's label, a table's row); ``make`` is a module-level
    function, so it is the same from render to render. Outside a render, just made."""
    if not flet_compat.rendering():
        return make(*args, **kwargs)
    return cast(ft.Control, flet_compat.place(_made_by, make.__qualname__, None, (make, *args), kwargs))


def keyed_part(key: str, make: Callable[P, ft.Control], *args: P.args, **kwargs: P.kwargs) -> ft.Control:
    """``part`` for one of a list whose items come and go (a timeline's entries): matched
    to last render's by ``key`` rather than by its place."""
    return cast(ft.Control, flet_compat.place(_made_by, make.__qualname__, key, (make, *args), kwargs))


def _make(make: Callable[..., ft.Control], *args: Any, **kwargs: Any) -> ft.Control:
    return make(*args, **kwargs)


_made_by = ft.memo(ft.component(_make))  # type: ignore[no-untyped-call]  # (see piece)


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


def use_view(game_id: str, read: Callable[[], V]) -> V:
    """What the calling screen shows of a game: ``read()`` (of the game only, not of the
    screen's own state), typically the phone's typed view (``GameOf.view``, worked out once
    per state, viewer and language for every phone). After each change the screen renders
    again only when it differs (``!=``) from what it shows: ``use_slice_of`` of the whole
    of its own ``use_feed``. A screen whose pieces follow slices of the view themselves
    takes the feed instead (``use_feed``)."""
    return use_slice_of(use_feed(game_id, read), _whole)


def use_feed(game_id: str, read: Callable[[], V]) -> Feed[V]:
    """The one way a change of a game reaches a screen: ``read()`` (of the game only, not of
    the screen's own state) is read again for this phone after each change, once, and each
    component following a slice of it (``use_slice_of``: the screen, its pieces) renders
    again only where its slice differs. The screen hands the feed to its pieces: a change
    renders the pieces it reaches, not the screen around them and every level between.

    A read that fails after a change (the game deleted or damaged) leaves every piece as it
    is: the game frame, which reads such a game as a value, says what became of it."""
    games = use_games()  # (the timeline's moments are games of their own: a feed each)
    return _use_feed_told(lambda listen: games.subscribe(game_id, lambda _game_id: listen()), (game_id, games),
                          read)


def _use_feed_told(subscribe: Callable[[Callable[[], None]], Callable[[], None]], key: Hashable,
                   read: Callable[[], V]) -> Feed[V]:
    """A feed of ``read()``, read again each time ``subscribe``'s listener is called; a
    new one when ``key`` (what it reads) changes."""
    feed: Feed[V] = ft.use_memo(lambda: Feed(read), [key])
    feed.read = read  # the latest render's
    _use_told(subscribe, feed.refresh, key)
    return feed


def _whole(value: T) -> T:
    return value


class Feed(Generic[V]):
    """What a screen shows of its game, as the components showing it follow it
    (``use_feed``): the latest value read, and who shows which slice of it. The same object
    from render to render: a piece given it is not rendered again for it."""

    def __init__(self, read: Callable[[], V]) -> None:
        self.read = read
        self.value = read()
        self._followers: list[_Follower[V, Any]] = []

    def refresh(self) -> None:
        """Read again; tell each follower whose slice now differs from what it shows."""
        try:
            now = self.read()
        except Exception:  # the frame (or the screen) says why it cannot be read
            return
        if now is self.value or now == self.value:
            return
        self.value = now
        for follower in tuple(self._followers):
            follower.compare(now)

    def follow(self, follower: _Follower[V, Any]) -> Callable[[], None]:
        """Tell ``follower`` of every change from now on (a change since its render at once)."""
        self._followers.append(follower)
        follower.compare(self.value)
        return lambda: self._followers.remove(follower)


class _Follower(Generic[V, T]):
    """One component's slice of a feed (``use_slice_of``): the latest render's ``select``,
    what that render showed, and how to render the component again."""

    def __init__(self, select: Callable[[V], T], shown: T, redraw: Callable[[], None]) -> None:
        self.select, self.shown, self.redraw = select, shown, redraw

    def compare(self, value: V) -> None:
        try:
            differs = self.select(value) != self.shown
        except Exception:  # a slice gone with the change: the piece's screen replaces it
            differs = True
        if differs:
            self.redraw()


def use_slice_of(feed: Feed[V], select: Callable[[V], T]) -> T:
    """What the calling component shows of ``feed``: ``select(view)``, the component
    rendered again after a change only when that differs (``!=``) from what it shows. A
    piece given the screen's feed follows its own slice this way (``select`` a function of
    the view and the piece's arguments only: the one equality gate)."""
    _version, set_version = ft.use_state(0)
    shown = select(feed.value)
    follower: _Follower[V, T] = ft.use_memo(
        lambda: _Follower(select, shown, lambda: set_version(lambda v: v + 1)), [])
    follower.select, follower.shown = select, shown
    ft.use_effect(lambda: feed.follow(follower), [feed])
    return shown


def _use_changes(game_id: str, react: Callable[[], object]) -> None:
    """Run ``react`` after every change of that game ("*": of any game) while the calling
    component is shown."""
    games = use_games()
    _use_told(lambda listen: games.subscribe(game_id, lambda _game_id: listen()), react, game_id)


def _use_told(subscribe: Callable[[Callable[[], None]], Callable[[], None]],
              react: Callable[[], object], key: Hashable) -> None:
    """Run ``react`` as this page's work each time ``subscribe``'s listener is called, while
    the calling component is shown (``key``: what it listens to)."""
    page = ft.context.page
    ft.use_effect(lambda: subscribe(lambda: flet_compat.run_as_page(page, react)), [key])


def use_sheet_values_view(read: Callable[[], T]) -> T:
    """``use_view`` for the remembered sheet values (their own listeners, not a game's):
    ``read()`` again after each change of them, the screen drawn again when it differs."""
    return use_slice_of(_use_feed_told(use_sheet_values().subscribe, "sheet values", read), _whole)


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
        with contextlib.suppress(Exception):  # a listing that cannot be read now stays as it is
            read_again()

    page = ft.context.page
    _use_changes(game_id, lambda: page.run_task(tell))
    return shown


def use_game_of(game_id: str, rules: GameRules[S, A, L]) -> GameOf[S, A, L]:
    """That game as this phone reads and changes it, typed by its rules. Raises
    StorageError or RulesError when it cannot be read as one (the frame says so)."""
    return use_games().game(game_id, rules)


def _use_read_again(read: Callable[[], T]) -> tuple[T, Callable[[], T]]:
    """``read()`` as the calling component shows it now (read at each render), and
    ``read_again()``: reads with the latest render's ``read`` and renders the component
    again when the value differs from what that render showed; a read that fails raises
    and renders nothing."""
    _version, set_version = ft.use_state(0)
    rendered: list[Any] = ft.use_memo(lambda: [None, None], [])  # [this render's read, what it showed]
    shown = read()
    rendered[:] = [read, shown]

    def read_again() -> T:
        latest, was = cast("Callable[[], T]", rendered[0]), cast(T, rendered[1])
        now = latest()
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
            notify(_(SLEEP_HINT), lines=None, seconds=6)

        def release() -> None:
            awake.holders -= 1
            page.run_task(awake.settle)

        return release

    ft.use_effect(hold, [])


SNACKBAR_LINES = 2
# px from the screen's top to the foot of a snackbar shown at the top: the app bar, a gap,
# and two lines of 150 % text with Undo beside them
SNACKBAR_TOP = 56 + 8 + 120
# Each page's (by id) route where a text field has the focus, else None: ``text_field`` tells
# focus and blur. A field taken off the screen with the focus tells nothing: another screen
# has no field typed in.
_TYPING: dict[int, str | None] = {}


def typing(focused: bool) -> None:
    """Whether a text field of this phone has the focus now (``common.text_field``)."""
    page = ft.context.page
    if id(page) not in _TYPING:
        weakref.finalize(page, _TYPING.pop, id(page), None)
    _TYPING[id(page)] = page.route if focused else None


def notify(message: str, undo: Callable[[], Any] | None = None, lines: int | None = SNACKBAR_LINES,
           seconds: float | None = None) -> None:
    """A short message at the bottom of the screen, with Undo where it applies: two lines
    at most (``lines``), Undo beside them (issue 48: at 320 px and 150 % text a snackbar was
    118-238 px tall, Undo on a line of its own). While a text field has the focus, it floats
    at the top of the screen instead, under the app bar: the field being typed in is above
    the keyboard, at the foot of the screen, where the snackbar would cover it (issue 48).
    The one way a snackbar is shown."""
    page = ft.context.page
    room = (page.height or 0) - page.media.view_insets.bottom  # above the keyboard
    typed_on = _TYPING.get(id(page))
    on_top = typed_on is not None and typed_on == page.route and room > 2 * SNACKBAR_TOP
    flet_compat.show_snackbar(page, ft.SnackBar(  # in place of the snackbars before it
        ft.Text(message, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS),
        action_overflow_threshold=1,  # Flutter moves an action over a quarter of the width below
        action=_("Undo") if undo else None,
        on_action=(lambda _: undo()) if undo else None,
        duration=ft.Duration(milliseconds=int(1000 * seconds) if seconds else 4000 if undo else 3000),
        persist=False,  # Flutter keeps a snackbar with an action up under a screen reader
        # floating: its foot SNACKBAR_TOP from the top of the screen
        behavior=ft.SnackBarBehavior.FLOATING if on_top else None,
        margin=ft.Margin.only(left=12, right=12, bottom=room - SNACKBAR_TOP) if on_top else None,
    ))


def go(route: str) -> None:
    ft.context.page.navigate(route)


def player_route(name: str) -> str:
    """A player's record (``screens/player.py``; any name: its characters are kept in the address)."""
    return f"/players/{quote(name, safe='')}"


def timeline_route(game_id: str) -> str:
    """A game's story (``screens/timeline.py``)."""
    return f"/game/{game_id}/timeline"


def moment_route(game_id: str, n: int | str) -> str:
    """The game as it stood just after its entry ``n`` (``screens/game.py``: PastGameScreen)."""
    return f"/game/{game_id}/at/{n}"
