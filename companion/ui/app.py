"""The Flet app: routes and theme. What screens share lives in ``hooks.py``; what touches
Flet's internals, in ``flet_compat.py``."""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion import i18n
from companion.session import Games, PhoneGames, Presence, this_machine
from companion.sheet_values import SheetValuesService
from companion.ui.components.common import TOUCH
from companion.ui.components.seats import Seats
from companion.ui.flet_compat import Session, fresh_unless_ready, hide_tracebacks, keep_phones_updating, touch_theme
from companion.ui.hooks import (CertificateContext, GamesContext, InviteContext, LanguageContext, SheetValuesContext,
                                phone_translations, speak)
from companion.ui.screens.game import GameScreen, PastGameScreen
from companion.ui.screens.home import Home
from companion.ui.screens.timeline import Timeline
from companion.ui.screens.new_game import NewGame
from companion.ui.screens.player import PlayerScreen
from companion.ui.screens.not_found import ROUTE as NOT_FOUND, NotFound
from companion.ui.screens.sheet_values import GameValuesScreen, SheetValuesScreen
from companion.ui.screens.statistics import Statistics
from sheets.i18n import follow

SEED = ft.Colors.BROWN  # a warm bean brown, the same in light and dark mode
DEVICE_KEY = "bean-counter.device"  # this browser's token, kept in its local storage
LANGUAGE_KEY = "bean-counter.language"  # the language chosen on this phone, kept likewise
STORAGE_WAIT = 10  # seconds: a browser whose local storage fails may never answer
# The sessions whose phone is known (its token answered): a page that comes back with the
# id of any other session gets a new one (``fresh_unless_ready``), never one still waiting.
IDENTIFIED: weakref.WeakSet[Session] = weakref.WeakSet()


class Connection:
    """One page's connection as the session counts its places (``Presence``), and how the
    page starts its screens anew when it comes back after they were given back."""

    def __init__(self) -> None:
        self.presence = Presence()
        self.anew: Callable[[], None] = lambda: None  # set by App: every screen mounted again

    def watch(self, games: Games, page: ft.Page) -> None:
        """Flet keeps a page's session an hour after its socket closed (FLET_SESSION_TIMEOUT):
        its places are given back after PLACE_GRACE seconds (``Followers.away``), at once when the
        session closes; a page back after that subscribes anew, as a phone that just came."""
        page.on_disconnect = lambda _e: games.followers.away(self.presence)
        page.on_close = lambda _e: games.followers.leave(self.presence)
        page.on_connect = lambda _e: None if games.followers.back(self.presence) else self.anew()


@ft.component
def App(games: Games, values: SheetValuesService, invite_url: str | None = None,
        fingerprint: str | None = None, connection: Connection | None = None) -> list[ft.View] | ft.Control:
    device, set_device = ft.use_state(cast("str | None", None))
    language, set_language = ft.use_state(i18n.DEFAULT)
    generation, set_generation = ft.use_state(0)  # bumped when the page's places were given back
    if connection is not None:
        connection.anew = lambda: set_generation(lambda n: n + 1)
    page = ft.context.page

    async def identify() -> None:
        """A phone keeps its token across reloads and restarts: its seat waits for it. A
        browser that cannot keep it gets a token for this visit. Its language is the one
        chosen on it, else the first of the browser's languages we speak. Asked at once:
        a phone coming back after the server restarted waits for one answer, not three."""
        prefs = ft.SharedPreferences()
        token, chosen = await asyncio.gather(device_token(prefs), phone_language(page, prefs))
        set_language(chosen)
        set_device(token)
        IDENTIFIED.add(page.session)

    async def remember(code: str) -> None:
        try:
            await asyncio.wait_for(ft.SharedPreferences().set(LANGUAGE_KEY, code), STORAGE_WAIT)
        except (RuntimeError, TimeoutError):  # not kept: chosen for this visit only
            pass

    def choose(code: str) -> None:
        if code in i18n.LANGUAGES:
            set_language(code)
            page.run_task(remember, code)

    def flutter_speaks() -> None:
        """Flutter's own words (a menu's name, text selection) in the phone's language too."""
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in i18n.LANGUAGES], current_locale=ft.Locale(language))
        page.update()

    ft.use_effect(identify, [])
    ft.use_effect(flutter_speaks, [language])
    speak(page, language)  # before any screen renders: every word for this phone is in it
    phone = ft.use_memo(lambda: PhoneGames(games, device, here=this_machine(page.client_ip or ""),
                                           presence=connection.presence if connection else None), [device])
    if device is None:
        # The screens wait for the token (one answer from the browser): a seated phone's
        # first screen is its seat's, and no tap lands on a screen about to be rebuilt.
        return [ft.View(route=ft.context.page.route)]

    # A new language builds every screen anew (memoized pieces keep their words otherwise).
    return LanguageContext((language, choose), lambda: GamesContext(
        phone,
        lambda: SheetValuesContext(values, lambda: InviteContext(
            invite_url,
            lambda: CertificateContext(fingerprint, lambda: ft.Router(
                [
                    ft.Route(index=True, component=Home),
                    ft.Route(path="new/:game?", component=NewGame),
                    ft.Route(path="game/:id", component=GameScreen),
                    ft.Route(path="game/:id/seats", component=Seats),
                    ft.Route(path="game/:id/timeline", component=Timeline),
                    ft.Route(path="game/:id/at/:n", component=PastGameScreen),
                    ft.Route(path="stats", component=Statistics),
                    ft.Route(path="players/:name", component=PlayerScreen),
                    ft.Route(path="values/:sheet?", component=SheetValuesScreen),
                    ft.Route(path="game/:id/values", component=GameValuesScreen),
                    ft.Route(path=NOT_FOUND, component=NotFound),
                ],
                manage_views=True,
                **keyed(f"{language}.{generation}"),
            )),
        )),
    ))


def keyed(key: str) -> dict[str, Any]:
    """Flet's ``key=`` of a component call (its typed signature does not show it)."""
    return {"key": key}


async def device_token(prefs: ft.SharedPreferences) -> str:
    """This browser's token, kept in its local storage (a new one the first time); a
    browser that cannot keep it gets one for this visit."""
    try:
        token = await asyncio.wait_for(prefs.get(DEVICE_KEY), STORAGE_WAIT)
        if not isinstance(token, str) or not token:
            token = secrets.token_hex(16)
            await asyncio.wait_for(prefs.set(DEVICE_KEY, token), STORAGE_WAIT)
    except (RuntimeError, TimeoutError):  # an error for an answer, or no answer
        token = secrets.token_hex(16)
    return token


async def phone_language(page: ft.Page, prefs: ft.SharedPreferences) -> str:
    """The language chosen on this phone, else the first of its browser's languages we
    speak (asked once per visit, together with the choice), else English."""
    chosen, info = await asyncio.gather(asyncio.wait_for(prefs.get(LANGUAGE_KEY), STORAGE_WAIT),
                                        asyncio.wait_for(page.get_device_info(), STORAGE_WAIT),
                                        return_exceptions=True)  # no answer, or one we cannot read: English
    if isinstance(chosen, str) and chosen in i18n.LANGUAGES:
        return chosen
    if not isinstance(info, ft.WebDeviceInfo):
        return i18n.DEFAULT
    return i18n.negotiate([*(info.languages or []), info.language])


def make_main(games: Games, invite_url: str | None = None,
              fingerprint: str | None = None) -> Callable[[ft.Page], None]:
    """The app for each phone; ``invite_url`` (and over https the certificate's
    ``fingerprint``, its first bytes) shown under Home's Invite."""
    hide_tracebacks()
    keep_phones_updating()
    fresh_unless_ready(lambda session: session in IDENTIFIED)
    follow(phone_translations)  # every word is said in the language of the phone it is for
    values = SheetValuesService(games)  # one per server: it keeps the opened file

    def main(page: ft.Page) -> None:
        page.title = "Bean Counter"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = touch_theme(SEED, TOUCH)  # 48 px targets whatever the browser reports (issue 48)
        page.dark_theme = touch_theme(SEED, TOUCH)
        connection = Connection()
        connection.watch(games, page)
        page.render_views(App, games, values, invite_url, fingerprint, connection)

    return main
