"""The live sheet's play screen: the round (its card, the Ruler), then one player's sheet at
a time: materials with the sheds' cap, one button per action the rules allow now (a
disabled one says why, in the engine's words), and the sheet's rows. A build shows its
cost and the proposed payment, which the player may change (a build that cannot be paid
says what is missing instead). When play needs a printed value nobody has entered, the
screen asks for it there and then; bonuses and Contracts are chosen when earned. What a
tap still needs, and the entry it makes, is the pure step function's (questions.py): the
screen keeps one pending question per sheet and hands it each tap and each change.

It follows one feed of its game (``shown_of``: the typed view of the state, ``play_view``,
made once per state and viewer by ``GameOf.view``, and what the rules allow the table and
this phone's players, ``GameOf.allowed``, kept by the session by its grounds). The screen
itself follows only its shape (the players, whether the rounds began or ended), and all
of it while a question is open on this phone (the step function says after each change
what is asked now); each piece follows its own slice, so a change renders, on each phone,
only the pieces that show what it changed. Its taps are ``PlayTaps``, made of
``use_latest`` callbacks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.ui.components.common import TOUCH, RouteLink, error_line
from companion.ui.components.game_bar import game_body
from companion.ui.components.sheet_scoring import note
from companion.ui.hooks import use_feed, use_game_of, use_latest, use_screen_column, use_sheet_values, use_slice_of
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.gone_with_the_beans_live.actions import Actions, Contracts, PlayTaps
from companion.ui.screens.gone_with_the_beans_live.question_panels import (
    QuestionTaps, question_part, scroll_to_question,
)
from companion.ui.screens.gone_with_the_beans_live.questions import (
    AskPayment, AskValue, Changed, Event, Pay, Pending, Send, Tap, ValueEntered, next_step, owner,
)
from companion.ui.screens.gone_with_the_beans_live.rows import MaterialsOf, Rows
from companion.ui.screens.gone_with_the_beans_live.table import EventsOf, Final, RoundOf, RoundStatus, SheetChipOf
from companion.ui.screens.gone_with_the_beans_live.view import shown_of
from companion.ui.screens.gone_with_the_beans_live.words import province
from sheets.gone_with_the_beans.live import KINDS, RULES, Action, Paid, PlayerAction, State, said_event
from sheets.i18n import _
from sheets.names import isolated, listed


def said(new: State) -> str | None:
    """What the entry did, in words: its first two steps."""
    return "; ".join(said_event(e) for e in new.events[:2]) if new.events else None


def _showing(show: Callable[[str | None], None], name: str) -> Callable[[object], None]:
    return lambda _e: show(name)


@ft.component
def Play(game_id: str) -> ft.Control:
    book = use_sheet_values()
    game = use_game_of(game_id, RULES)
    at_table = game.seated()
    mine = game.seat() if at_table else None
    # Open questions by the player whose sheet they belong to ("": the table's).
    pendings, set_pendings = ft.use_state(cast("dict[str, Pending]", {}))
    # The play view (the same for every phone), what the table and this phone's players may
    # do, who revealed the card. The screen itself shows its shape, and while a question is
    # open on this phone all of it: each change may make the question moot (below).
    feed = use_feed(game_id, lambda: shown_of(game))
    shape, _all = use_slice_of(feed, lambda s: (s.view.shape, s if pendings else None))
    names, sheet = shape.names, shape.sheet
    # The payment being composed in each player's open payment question.
    payments, set_payments = ft.use_state(cast("dict[str, dict[str, int]]", {}))
    entry = use_entry(game)
    name, show = use_shown_player(game, names)
    home, counted = shape.homes[names.index(name)], shape.counted[names.index(name)]
    column = use_screen_column()
    shown_owner = name if name in pendings else ""

    def show_sheet(shown: str) -> None:
        show(shown)
        entry.refuse(None)

    def ask(asked: Pending | None, who: str, was: Pending | None = None) -> None:
        """Open (or with None close) the question on ``who``'s sheet; a payment that opens
        starts from the one the engine proposes."""
        set_pendings(lambda old: {**{k: v for k, v in old.items() if k != who}, **({who: asked} if asked else {})})
        if isinstance(asked, AskPayment) and asked != was and asked.payment.proposed is not None:
            proposed = asked.payment.proposed
            set_payments(lambda old: {**old, who: {k: getattr(proposed, k) for k in KINDS}})

    def step(who: str, event: Event) -> bool:
        """The step function on ``who``'s sheet: the next question, the refusal, or the entry
        (True once made). An entry refused as it is stored (another phone was first) leaves
        the question it came from open."""
        was = pendings.get(who)
        found = next_step(was, event, game.state(), game.allowed(who))
        if found.send is not None and not entry.make(found.send, said):
            return False
        if found.send is None:
            entry.refuse(found.refusal)
        ask(found.pending, who, was)
        return found.send is not None

    def attempt(action: Action) -> bool:
        return step(owner(action), Send(action))

    def take(player: str, action: PlayerAction) -> None:
        step(player, Tap(action))

    def pay(action: Paid) -> None:
        step(action.player, Pay(action))

    def answer(event: Event) -> None:
        step(shown_owner, event)

    def save_value(value: Any) -> None:
        asked = pendings.get(shown_owner)
        assert isinstance(asked, AskValue)  # its form shows only while a value is asked for
        book.enter_in_game(game.phone, game_id, asked.needs.key, value)  # raises: the form shows why
        step(shown_owner, ValueEntered())

    def set_payment(changed: dict[str, int]) -> None:
        set_payments(lambda old: {**old, shown_owner: changed})

    # Another phone's change may make the open question moot: the step function says what
    # is asked now (the same question, the next one, or none); never an entry from here.
    kept = pendings.get(shown_owner)
    # (While a question is open this screen renders again on every change: its slice above.)
    pending = next_step(kept, Changed(), game.state(), game.allowed(shown_owner)).pending if kept is not None else None

    def settle() -> None:
        if pending != kept:
            ask(pending, shown_owner, kept)

    ft.use_effect(settle, [pending])

    taps = PlayTaps(pick=use_latest(show_sheet), attempt=use_latest(attempt), refuse=use_latest(entry.refuse),
                    take=use_latest(take), pay=use_latest(pay))
    question_taps = QuestionTaps(answer=use_latest(answer), save_value=use_latest(save_value),
                                 set_payment=use_latest(set_payment))
    controls: list[ft.Control] = []
    if shape.played:
        controls.append(Final(feed, taps, at_table, mine))
    controls.append(RoundOf(feed))
    controls.append(RoundStatus(feed, taps))
    controls.append(ft.Row([SheetChipOf(feed, n, n in pendings, n == name, taps.pick) for n in names],
                           wrap=True, spacing=6))
    elsewhere = [n for n in pendings if n and n != name]
    if elsewhere:  # a question switched away from is kept with its sheet
        controls.append(ft.Row([note(_("Open question on {players}'s sheet: it waits there.").format(
                                    players=listed(elsewhere))),
                                *[ft.TextButton(_("Back to {player}").format(player=isolated(n)), height=TOUCH,
                                                on_click=_showing(show, n)) for n in elsewhere]], wrap=True))
    controls.append(ft.Text(f"{isolated(name)} · {province(home)}", size=18, weight=ft.FontWeight.W_600))
    controls.append(MaterialsOf(feed, name))
    # Whatever the last tap needs, right here, above the buttons; scrolled into view.
    if pending is not None:
        controls.append(question_part(sheet, pending, payments.get(shown_owner, {}), question_taps))
    controls.append(error_line(entry.refusal))
    if shape.started and not shape.played and pending is None:
        controls.append(Actions(feed, name, taps))  # what the rules allow the shown player now, if this phone's
    if sheet.contracts is not None and shape.started and not counted and pending is None:
        controls.append(Contracts(feed, name, taps))
    controls.append(Rows(feed, name))
    # Below the sheet's rows, not in the app bar: there it left "Sheet A" too narrow at 150 % text.
    controls.append(RouteLink(ft.Icons.LIST_ALT, _("Sheet values"), f"/game/{game_id}/values"))
    controls.append(EventsOf(feed))
    asked = f"{shown_owner}:{pending!r}" if pending is not None else ""

    def bring_into_view() -> None:
        """The open question, scrolled into view: impossible to miss on a phone."""
        if asked and column is not None and column.current is not None:
            ft.context.page.run_task(scroll_to_question, column.current)

    ft.use_effect(bring_into_view, [asked])
    return game_body(controls)
