"""The live sheet's play screen: the round (its card, the Ruler), then one player's sheet at
a time: materials with the sheds' cap, one button per action the rules allow now (a
disabled one says why, in the engine's words), and the sheet's rows. A build shows its
cost and the proposed payment, which the player may change (a build that cannot be paid
says what is missing instead). When play needs a printed value nobody has entered, the
screen asks for it there and then; bonuses and Contracts are chosen when earned.

It renders from one typed view of the state for this phone (``play_view``, made once per
state and viewer by ``GameOf.view``) and what the rules allow (``GameOf.allowed``, kept by
the session by its grounds); each piece shows a slice of them (``use_slice``), so a
change renders, on each phone, only the pieces that show what it changed. Its taps are
``PlayTaps``, made of ``use_latest`` callbacks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.ui.components.common import TOUCH, RouteLink, error_line
from companion.ui.components.game_bar import game_body
from companion.ui.components.sheet_scoring import note
from companion.ui.hooks import (
    ViewOf, use_game_of, use_games, use_language, use_latest, use_screen_column, use_sheet_values, use_slice,
)
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.gone_with_the_beans_live.actions import Actions, Contracts, PlayTaps
from companion.ui.screens.gone_with_the_beans_live.questions import (
    AskBonus, AskChoice, AskPayment, AskValue, Pending, QuestionTaps, question_part, scroll_to_question,
)
from companion.ui.screens.gone_with_the_beans_live.rows import MaterialsOf, Rows
from companion.ui.screens.gone_with_the_beans_live.table import EventsOf, Final, RoundOf, RoundStatus, SheetChipOf
from companion.ui.screens.gone_with_the_beans_live.view import LiveGame, PlayView, play_view
from companion.ui.screens.gone_with_the_beans_live.words import province
from sheets.gone_with_the_beans.live import (
    KINDS, RULES, Action, Allowed, BonusesDue, Build, EnterPrintedValue, ExecuteContract, HayActionTaken, Needed,
    Offer, Paid, PlayerAction, Reveal, State, UnknownPrintedValue, payment_of, said_event,
)
from sheets.i18n import _
from sheets.names import isolated, listed


def owner(action: Action) -> str:
    """Whose sheet an entry's question stays with ("": the table's)."""
    return "" if isinstance(action, (Reveal, EnterPrintedValue)) else action.player


def paid_first(action: PlayerAction) -> Paid | None:
    """The action, if its payment is shown before it is made (a build, a Contract)."""
    if isinstance(action, (Build, ExecuteContract)) or isinstance(action, HayActionTaken) and action.facility:
        return action
    return None


def said(new: State) -> str | None:
    """What the entry did, in words: its first two steps."""
    return "; ".join(said_event(e) for e in new.events[:2]) if new.events else None


def _showing(show: Callable[[str | None], None], name: str) -> Callable[[object], None]:
    return lambda _e: show(name)


def use_view(game: LiveGame) -> ViewOf[PlayView]:
    """The play view of the latest state (``GameOf.view``, the same for every phone); its
    pieces read it a dozen times after each change, so the last one is kept for the very
    state it is of (and this render's language)."""
    language, _choose = use_language()
    last = ft.use_ref(cast("tuple[State, str, PlayView] | None", None))

    def now() -> PlayView:
        state = game.state()
        kept = last.current
        if kept is not None and kept[0] is state and kept[1] == language:
            return kept[2]
        view = game.view(play_view)
        last.current = (state, language, view)
        return view

    return ViewOf(now=now)


@ft.component
def Play(game_id: str) -> ft.Control:
    games = use_games()
    book = use_sheet_values()
    game = use_game_of(game_id, RULES)
    at_table = games.seated(game_id)
    mine = games.my_seat(game_id) if at_table else None
    view = use_view(game)
    # What this screen itself shows of the game; its pieces show the rest.
    names, sheet, round_number, played = use_slice(view, lambda v: (v.names, v.sheet, v.round, v.played))
    # Open questions by the player whose sheet they belong to ("": the table's).
    pendings, set_pendings = ft.use_state(cast("dict[str, Pending]", {}))
    # The payment being composed in each player's open payment question.
    payments, set_payments = ft.use_state(cast("dict[str, dict[str, int]]", {}))
    entry = use_entry(game)
    name, show = use_shown_player(game_id, names)
    dp_uncounted, home = use_slice(view, lambda v: (v.of(name).player.dp_icons is None, v.of(name).player.province))
    may_act = not at_table or mine == name
    column = use_screen_column()
    shown_owner = name if name in pendings else ""
    pending = pendings.get(shown_owner)

    def show_sheet(shown: str) -> None:
        show(shown)
        entry.refuse(None)

    def ask(asked: Pending | None, who: str) -> None:
        """Open (or with None close) the question on ``who``'s sheet."""
        set_pendings(lambda old: {**{k: v for k, v in old.items() if k != who}, **({who: asked} if asked else {})})

    def attempt(action: Action) -> bool:
        """Send the entry; ask for what it still needs; show the engine's refusal."""
        who = owner(action)
        try:
            made = entry.make(action, said, asks=(UnknownPrintedValue, BonusesDue))
        except UnknownPrintedValue as exc:
            ask(AskValue(Needed(exc.key, exc.place), action), who)
            return False
        except BonusesDue as exc:
            if not isinstance(action, (Reveal, EnterPrintedValue)):  # a player's action earned it
                ask(AskBonus.of(action, exc), who)
            return False
        if made:
            ask(None, who)
        return made

    def pay(action: Paid) -> None:
        """Show the cost and the payment the engine proposes; a printed value first if
        unknown; what is missing (and no payment form) when the warehouse cannot pay."""
        payment = game.allowed(action.player).payment(action) or payment_of(game.state(), action)
        if payment.needs is not None:
            ask(AskValue(payment.needs, action, pays=True), action.player)
            return
        if payment.refusal is not None:
            entry.refuse(payment.refusal)
            return
        if payment.proposed is None:
            entry.refuse(payment.short)
            ask(None, action.player)
            return
        proposed = payment.proposed
        set_payments(lambda old: {**old, action.player: {k: getattr(proposed, k) for k in KINDS}})
        entry.refuse(None)
        ask(AskPayment(payment), action.player)

    def choose(offer: Offer) -> None:
        """A button or an option of a choice: what it asks first, its payment, or the entry."""
        paid = paid_first(offer.action)
        if offer.needs is not None:  # a value that decides whether the button is allowed: first
            ask(AskValue(offer.needs, offer.action, button=True), offer.action.player)
        elif offer.then is not None:
            ask(AskChoice(offer.then), offer.action.player)
        elif paid is not None and offer.pays:
            pay(paid)
        else:
            attempt(offer.action)

    def take(player: str, action: PlayerAction) -> None:
        """A player's button, as the rules offer it now."""
        offer = game.allowed(player).offer(action)
        if offer is not None and offer.reason is not None:  # refused now (a value just entered)
            entry.refuse(offer.reason)
            return
        if offer is not None:
            choose(offer)
            return
        paid = paid_first(action)  # not offered now (the game moved on): the engine says why
        if paid is not None:
            pay(paid)
        else:
            attempt(action)

    def save_value(value: Any) -> None:
        asked = pendings.get(shown_owner)
        assert isinstance(asked, AskValue)  # its form shows only while a value is asked for
        book.enter_in_game(games, game_id, asked.needs.key, value)  # raises: the form shows why
        ask(None, shown_owner)
        retry = asked.retry
        paid = paid_first(retry) if not isinstance(retry, (Reveal, EnterPrintedValue)) else None
        if asked.button and not isinstance(retry, (Reveal, EnterPrintedValue)):
            take(retry.player, retry)
        elif asked.pays and paid is not None:
            pay(paid)
        else:
            attempt(asked.retry)

    def set_payment(changed: dict[str, int]) -> None:
        set_payments(lambda old: {**old, shown_owner: changed})

    def ask_shown(asked: Pending | None) -> None:
        ask(asked, shown_owner)

    taps = PlayTaps(pick=use_latest(show_sheet), attempt=use_latest(attempt), refuse=use_latest(entry.refuse),
                    take=use_latest(take), pay=use_latest(pay))
    question_taps = QuestionTaps(attempt=taps.attempt, pay=taps.pay, choose=use_latest(choose),
                                 ask=use_latest(ask_shown), save_value=use_latest(save_value),
                                 set_payment=use_latest(set_payment))
    table = ViewOf(now=lambda: game.allowed(""))
    offers: ViewOf[Allowed | None] = ViewOf(now=(lambda: game.allowed(name)) if may_act else (lambda: None))
    revealed = ViewOf(now=lambda: games.last_entry_by(game_id, "reveal"))

    controls: list[ft.Control] = []
    if played:
        controls.append(Final(view, taps, at_table, mine))
    controls.append(RoundOf(view, revealed))
    controls.append(RoundStatus(view, table, taps))
    controls.append(ft.Row([SheetChipOf(view, n, n in pendings, n == name, taps.pick) for n in names],
                           wrap=True, spacing=6))
    elsewhere = [n for n in pendings if n and n != name]
    if elsewhere:  # a question switched away from is kept with its sheet
        controls.append(ft.Row([note(_("Open question on {players}'s sheet: it waits there.").format(
                                    players=listed(elsewhere))),
                                *[ft.TextButton(_("Back to {player}").format(player=isolated(n)), height=TOUCH,
                                                on_click=_showing(show, n)) for n in elsewhere]], wrap=True))
    controls.append(ft.Text(f"{name} · {province(home)}", size=18, weight=ft.FontWeight.W_600))
    controls.append(MaterialsOf(view, name))
    # Whatever the last tap needs, right here, above the buttons; scrolled into view.
    if pending is not None:
        controls.append(question_part(sheet, pending, payments.get(shown_owner, {}), question_taps))
    controls.append(error_line(entry.refusal))
    if round_number and not played and pending is None:
        controls.append(Actions(offers, sheet, name, taps))
    if sheet.contracts is not None and round_number and dp_uncounted and pending is None:
        controls.append(Contracts(view, offers, name, taps))
    controls.append(Rows(view, name))
    # Below the sheet's rows, not in the app bar: there it left "Sheet A" too narrow at 150 % text.
    controls.append(RouteLink(ft.Icons.LIST_ALT, _("Sheet values"), f"/game/{game_id}/values"))
    controls.append(EventsOf(view))
    asked = f"{shown_owner}:{pending!r}" if pending is not None else ""

    def bring_into_view() -> None:
        """The open question, scrolled into view: impossible to miss on a phone."""
        if asked and column is not None and column.current is not None:
            ft.context.page.run_task(scroll_to_question, column.current)

    ft.use_effect(bring_into_view, [asked])
    return game_body(controls)
