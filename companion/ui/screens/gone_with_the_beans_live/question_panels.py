"""What a tap may need before it is an entry, asked where the player looks: a printed value
nobody has entered, the payment (proposed by the engine, the player may change it), the
bonus or Contract an action earns, and what a button asks first (the facility a Hay action
builds, the Milestone Bonus, the province a Bridge joins: the engine's ``Choice``).
A question is scrolled into view when it opens and stays with its player's sheet."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.ui.components.common import TOUCH, stepper
from companion.ui.components.printed_value import PrintedValueForm
from companion.ui.components.sheet_scoring import note, plain
from companion.ui.screens.gone_with_the_beans_live.buttons import tall_button
from companion.ui.screens.gone_with_the_beans_live.words import (
    facility_name, kinds, milestone_bonus_text, option_text, province, substitutions_text,
)
from sheets.gone_with_the_beans import Sheet
from sheets.gone_with_the_beans.live import (
    CONTRACTS_FIRST, NAMES, Action, BonusesDue, Build, Choice, ExecuteContract, HayActionTaken, Materials, Needed,
    Offer, Payment, PlayerAction, spec,
)
from sheets.i18n import _, ngettext

QUESTION_KEY = "live-sheet-question"  # the scroll key of the open question
Paid = Build | HayActionTaken | ExecuteContract


@dataclass(frozen=True)
class AskValue:
    """A printed value play needs now; then ``retry`` again (its payment first when ``pays``;
    its button tapped again when ``button``: the value decides whether it is allowed)."""

    needs: Needed
    retry: Action
    pays: bool = False
    button: bool = False


@dataclass(frozen=True)
class AskPayment:
    """The payment of a build or a Contract, to check (the engine's ``Payment``)."""

    payment: Payment


@dataclass(frozen=True)
class AskBonus:
    """What ``action`` earns, still to choose: ``due`` of ``left`` into its ``field`` (the
    engine's BonusesDue); ``title`` English, translated where shown."""

    action: PlayerAction
    field: str
    due: int
    left: tuple[str, ...]
    title: str

    @staticmethod
    def of(action: PlayerAction, due: BonusesDue) -> AskBonus:
        return AskBonus(action, due.field, due.due, due.left, due.title)


@dataclass(frozen=True)
class AskChoice:
    """What a button asks before its action: a facility, a Milestone Bonus, a province."""

    choice: Choice


Pending = AskValue | AskPayment | AskBonus | AskChoice


@dataclass(frozen=True)
class QuestionTaps:
    """What an open question's buttons do (the play screen's, ``use_latest``)."""

    attempt: Callable[[Action], bool]  # make the entry; ask what it still needs
    pay: Callable[[Paid], None]  # show the payment of a build or a Contract
    choose: Callable[[Offer], None]  # an option of a choice: its action, its payment or its choice next
    ask: Callable[[Pending | None], None]  # open another question on the shown sheet (None: close it)
    save_value: Callable[[Any], None]  # the printed value asked for; then what needed it again
    set_payment: Callable[[dict[str, int]], None]  # the payment as the player changes it


def question(title: str, *controls: ft.Control) -> ft.Control:
    """An open question: one look, one place, scrolled into view when it opens."""
    return ft.Container(
        ft.Column([ft.Row([ft.Icon(ft.Icons.HELP_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER),
                           ft.Text(title, size=16, weight=ft.FontWeight.W_600, expand=True,
                                   color=ft.Colors.ON_TERTIARY_CONTAINER)]),
                   *controls], spacing=4),
        # Flet's lazy dataclass decorator hides ScrollKey's field from mypy.
        key=ft.ScrollKey(value=QUESTION_KEY),  # type: ignore[call-arg]
        padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border=ft.Border.all(2, ft.Colors.TERTIARY),
    )


def cancel(taps: QuestionTaps) -> ft.Control:
    return ft.TextButton(_("Cancel"), height=TOUCH, on_click=lambda _e: taps.ask(None))


def payment_panel(sheet: Sheet, payment: Payment, paying: dict[str, int], taps: QuestionTaps) -> ft.Control:
    """The cost in words and the payment, proposed by the engine, each material a stepper;
    on B, beside it, the travel paid the other way (with 1 Beanichalcum, or as printed)."""
    action, has, other = payment.action, payment.has, payment.other
    extra: list[ft.Control] = []
    if other is not None and not isinstance(action, ExecuteContract):  # B: the other way of paying the travel
        roads = sheet.beanichalcum_travel_roads or 0
        extra.append(ft.TextButton(
            _("Pay the travel as printed") if action.beanichalcum_travel
            else ngettext("Pay the travel for {n} road with 1 Beanichalcum",
                          "Pay the travel for {n} roads with 1 Beanichalcum", roads).format(n=roads),
            height=TOUCH, on_click=lambda _e: taps.pay(other)))

    def change(kind: str) -> Callable[[int], None]:
        return lambda n: taps.set_payment({**paying, kind: n})

    return question(
        _("{what} costs {cost}").format(what=_(payment.what), cost=payment.cost.said),
        note(_("You have {have}.").format(have=has.said) + " " + substitutions_text(sheet)),
        *[stepper(_("Pay {material}").format(material=_(NAMES[k])), paying.get(k, 0), change(k), high=getattr(has, k))
          for k in kinds(sheet)],
        *extra,
        ft.Row([ft.FilledButton(_("Pay and execute") if isinstance(action, ExecuteContract) else _("Pay and build"),
                                icon=ft.Icons.CHECK, height=TOUCH,
                                on_click=lambda _e: taps.attempt(action.changed(payment=Materials(**paying)))),
                cancel(taps)], wrap=True),
    )


def chooser(title: str, options: list[tuple[str, str]], on_pick: Callable[[str], Any], taps: QuestionTaps) -> ft.Control:
    def pick(option: str) -> Callable[[], Any]:
        return lambda: on_pick(option)

    return question(title, *[tall_button(text, None, pick(option)) for option, text in options], cancel(taps))


def choice_title(sheet: Sheet, choice: Choice) -> str:
    if choice.ask == "milestone":
        return _("Choose a Milestone Bonus")
    if choice.ask == "bridge":
        return _("Which province does the Bridge join?")
    first = choice.options[0][1].action
    row = sheet.hay_action(first.row) if isinstance(first, HayActionTaken) else None
    return _("{action}: which facility to build?").format(action=plain(row.effect) if row else "")


def option_label(sheet: Sheet, choice: Choice, option: str) -> str:
    if choice.ask == "milestone":
        return milestone_bonus_text(sheet, option)
    if choice.ask == "bridge":
        return province(option)
    if option == CONTRACTS_FIRST:
        return _("Execute Contracts first, then build (the action waits)")
    return facility_name(sheet, option)


def question_part(sheet: Sheet, pending: Pending, paying: dict[str, int], taps: QuestionTaps) -> ft.Control:
    """The open question on the shown sheet: a printed value, a payment, a bonus, or what a
    button asks first."""
    if isinstance(pending, AskValue):
        found = spec(sheet, pending.needs.key)
        return question(
            _("Needed now: a value printed on your sheet"),
            PrintedValueForm(found.key, pending.needs.place, found.kind, None, taps.save_value, _("Save value")),
            cancel(taps),
        )
    if isinstance(pending, AskPayment):
        return payment_panel(sheet, pending.payment, paying, taps)
    if isinstance(pending, AskBonus):
        asked = pending
        picked: tuple[str, ...] = tuple(getattr(asked.action, asked.field))
        if asked.field == "development_bonuses":
            title = _("Choose a Development Bonus ({number} of {due})").format(number=len(picked) + 1, due=asked.due)
        else:
            title = _("Choose a {what}").format(what=_(asked.title))

        def pick(option: str) -> None:
            chosen = asked.action.changed(**{asked.field: (*picked, option)})
            if asked.field == "development_bonuses" and len(picked) + 1 < asked.due:
                taps.ask(AskBonus(chosen, asked.field, asked.due, asked.left, asked.title))
            else:
                taps.attempt(chosen)

        return chooser(title, [(b, option_text(sheet, asked.field, b)) for b in asked.left if b not in picked],
                       pick, taps)
    choice = pending.choice
    offers = dict(choice.options)
    return chooser(choice_title(sheet, choice), [(o, option_label(sheet, choice, o)) for o in offers],
                   lambda option: taps.choose(offers[option]), taps)


async def scroll_to_question(column: ft.Column) -> None:
    """Once the phone has drawn the question (a moment after the update that shows it)."""
    await asyncio.sleep(0.2)
    await column.scroll_to(scroll_key=QUESTION_KEY, duration=250)
