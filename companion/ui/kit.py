"""The screen kit: what every game screen does the same way.

- ``use_entry``: make an entry (the refusal shown where the player looks, a snackbar
  saying what was done, with Undo);
- ``use_shown_player``: the player a phone shows (its own seat first);
- ``action_button``: a button the rules allow now, or a disabled one saying why (the
  reason is the engine's ``allowed``);
- ``result_banner``: the winners, or a solitaire game's rating (never "Winner");
- ``GameScreens``: a game's screens, typed by its state.

What a screen shows of a state is worked out once for every phone by the session
(``GameOf.view``), and what a player may do by the engine (``GameOf.allowed``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar, cast

import flet as ft

from companion.storage import DiskError, StorageError
from companion.ui.components.common import TOUCH, ranked_line
from companion.ui.components.rematch import PlayAgain
from companion.session import GameOf
from companion.ui.hooks import go, notify, timeline_route, use_games
from sheets.errors import RulesError
from sheets.i18n import _, whole
from sheets.names import isolated, listed
from sheets.results import GameResult

S = TypeVar("S")  # a game's State
A = TypeVar("A")  # its Action


@dataclass(frozen=True)
class GameScreens(Generic[S]):
    """A game's screens, typed by its State ``S``: ``GameScreens[State](...)``."""

    setup: Callable[..., Any]  # @ft.component (game) -> controls that create a game
    play: Callable[..., Any]  # @ft.component (game_id) -> the game below its frame (use_feed; pieces follow slices)
    title: Callable[[S], str]  # the app bar's title for a state of the game
    blurb: str  # marked N_("..."): New game translates it where shown
    heading: str | None = None  # in the New game list, when the game's title is not enough (N_ too)

    def title_of(self, state: object) -> str:
        """The app bar's title for the state the frame read (``PhoneGames.state``, of a type
        the edge does not know): the catalog lists these screens under the stored kind
        whose states are ``S``."""
        return self.title(cast(S, state))


# What an entry says once made: fixed words, words from the new state, or nothing.
Said = str | Callable[[S], str | None] | None


@dataclass(frozen=True)
class Entry(Generic[S, A]):
    """This phone's way to make entries in one game (``use_entry``), and the refusal it
    shows: ``refusal`` (in the player's words) belongs to the part of the screen ``where``
    the player tapped (None: the screen's own line)."""

    game: GameOf[S, A, Any]
    refusal: str | None
    where: str | None
    _show: Callable[[tuple[str | None, str | None]], None]

    def refusal_at(self, where: str | None) -> str | None:
        return self.refusal if self.where == where else None

    def refuse(self, reason: str | None, where: str | None = None) -> None:
        """Show a reason without an entry (None: clear it)."""
        self._show((where, reason))

    def make(self, action: A, said: Said[S] = None, where: str | None = None) -> bool:
        """Make ``action`` as this phone. A refusal is kept for the part of the screen
        ``where`` the player tapped, and the entry returns False; an entry made clears it and
        shows ``said`` (or ``said(new_state)``) with Undo once it is durable (it is written off
        the loop; a write that fails is told in the phone's news)."""
        try:
            new_state, written = self.game.enter(action)
        except RulesError as exc:
            self._show((where, exc.reason))
            return False
        except DiskError as exc:  # a full or read-only disk: said where the player tapped
            self._show((where, str(exc)))
            return False
        self._show((None, None))
        words = said(new_state) if callable(said) else said
        if words:
            game = self.game
            say = partial(notify, words, undo=lambda: game.phone.undo(game.game_id))
            if written is None:
                say()
            else:
                ft.context.page.run_task(_once_durable, written, say)
        return True


async def _once_durable(written: asyncio.Future[bool], then: Callable[[], None]) -> None:
    """``then()`` once the change is written (never when its write failed: the phone's news says so)."""
    if await written:
        then()


def use_entry(game: GameOf[S, A, Any]) -> Entry[S, A]:
    """One way to make an entry on every game screen (``Entry.make``)."""
    shown, set_shown = ft.use_state(cast("tuple[str | None, str | None]", (None, None)))  # (where, reason)
    return Entry(game, refusal=shown[1], where=shown[0], _show=set_shown)


def use_shown_player(game: GameOf[Any, Any, Any], names: Sequence[str], lead: str | None = None,
                     default: str | None = None, key: Any = None) -> tuple[str, Callable[[str | None], None]]:
    """The player whose part of the game this phone shows, and a way to show another.

    The player picked on this phone, else ``lead`` (a player the game itself points to,
    e.g. the one who reached the end), else this phone's own seat, else ``default``, else
    the first player. A pick made for another ``key`` (e.g. another round) no longer counts.
    """
    picked, set_picked = ft.use_state(cast("tuple[Any, str | None]", (None, None)))  # (key, name)
    seat = game.seat()
    wanted = (picked[1],) if picked[0] == key else ()
    shown = next((n for n in (*wanted, lead, seat, default) if n is not None and n in names), names[0])
    return shown, lambda name: set_picked((key, name))


ONE_LINE = 28  # characters that fit one line of a button on a phone at 150 % text


def action_button(label: str, reason: str | None, on_click: Callable[[], Any], said: bool = True) -> ft.Control:
    """One action the rules allow now; a disabled one says why under it (``said``: a run
    of buttons refused for one reason says it once, under the last). Of one shape,
    allowed or not: a new reason changes words, not controls."""
    return ft.Column([action_only(label, reason is not None, on_click), reason_line(reason if said else None)],
                     spacing=0)


def action_only(label: str, disabled: bool, on_click: Callable[[], Any]) -> ft.Control:
    """The button of ``action_button``: a finger tall (48 px) for a short label; a longer
    one, which may take two lines at a large text size, grows with it instead."""
    return ft.OutlinedButton(label, disabled=disabled, on_click=lambda _e: on_click(),
                             height=TOUCH if len(label) <= ONE_LINE else None)


def reason_line(reason: str | None) -> ft.Control:
    """The words under ``action_button`` (none: there, unseen)."""
    return ft.Text(reason or "", size=13, color=ft.Colors.ON_SURFACE_VARIANT, visible=reason is not None)


def result_banner(result: GameResult, points: Callable[[int], str] = whole,
                  details: list[ft.Control] | None = None,
                  colour: str = ft.Colors.SECONDARY_CONTAINER) -> ft.Control:
    """The end of a game at a glance: who won with what (ties share the victory), or a
    solitaire game's total and rating; under it ``details``, by default every player's
    rank and total."""
    ranked = sorted(result.players, key=lambda p: p.rank)
    best = points(ranked[0].total)
    if len(ranked) == 1:
        solo = ranked[0]
        headline = f"{best}: {_(solo.rating)}" if solo.rating else best
    elif len(result.winners) == 1:
        headline = _("{player} wins with {points}").format(player=isolated(result.winners[0]), points=best)
    else:
        headline = _("Shared victory with {points}: {players}").format(points=best, players=listed(result.winners))
    rows: list[ft.Control] = [ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=32),
                                      ft.Text(headline, size=20, weight=ft.FontWeight.BOLD, expand=True)])]
    if details is None:
        details = [ranked_line(p.rank, p.name, points(p.total)) for p in ranked] if len(ranked) > 1 else []
    return ft.Container(ft.Column(rows + details + [ft.Row([PlayAgain(), SendToBgStats(), TimelineLink()], wrap=True, spacing=8,
                                                            run_spacing=8)], spacing=4),
                        padding=12, border_radius=12, bgcolor=colour)


@ft.component
def TimelineLink() -> ft.Control:
    """A finished game's way to its story: every entry, who made it, and the chart."""
    game_id = ft.use_route_params().get("id", "")
    return ft.OutlinedButton(_("Timeline"), icon=ft.Icons.HISTORY, height=TOUCH,
                             on_click=lambda _e: go(timeline_route(game_id)))


@ft.component
def SendToBgStats() -> ft.Control:
    """A finished game's "Send to BG Stats": opens BG Stats' createPlay link with the play
    filled in, inside the tap itself (a browser blocks a new tab opened later)."""
    game_id = ft.use_route_params().get("id", "")
    games = use_games()
    try:
        link = games.bgstats_link(game_id)
    except (ValueError, StorageError):  # not over yet (RulesError), or not readable
        return ft.Container(visible=False)
    return ft.OutlinedButton(_("Send to BG Stats"), icon=ft.Icons.OPEN_IN_NEW, height=TOUCH,
                             action=ft.OpenUrl(link, target=ft.UrlTarget.BLANK))
