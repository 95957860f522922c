"""The open question's panel, where the player looks: a printed value nobody has entered,
the payment (proposed by the engine, the player may change it), the bonus or Contract an
action earns, and what a button asks first (the facility a Hay action builds, the Milestone
Bonus, the province a Bridge joins: the engine's ``Choice``). What is asked, and what comes
of an answer, is the step function's (questions.py); a panel only sends its answers there.
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
from companion.ui.screens.gone_with_the_beans_live.questions import (
    AskBonus, AskPayment, AskValue, Cancel, Event, Pay, Pending, Pick, Send,
)
from companion.ui.screens.gone_with_the_beans_live.words import (
    facility_name, kinds, milestone_bonus_text, option_text, province, substitutions_text,
)
from sheets.gone_with_the_beans import Sheet
from sheets.gone_with_the_beans.live import (
    CONTRACTS_FIRST, NAMES, Choice, ExecuteContract, HayActionTaken, Materials, Payment, spec,
)
from sheets.i18n import _, ngettext

QUESTION_KEY = "live-sheet-question"  # the scroll key of the open question


@dataclass(frozen=True)
class QuestionTaps:
    """What an open question's buttons do (the play screen's, ``use_latest``)."""

    answer: Callable[[Event], None]  # a pick, a payment, Cancel: the step function says what follows
    save_value: Callable[[Any], None]  # the printed value asked for (raises ValueError: the form says why)
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
    return ft.TextButton(_("Cancel"), height=TOUCH, on_click=lambda _e: taps.answer(Cancel()))


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
            height=TOUCH, on_click=lambda _e: taps.answer(Pay(other))))

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
                                on_click=lambda _e: taps.answer(Send(action.changed(payment=Materials(**paying))))),
                cancel(taps)], wrap=True),
    )


def chooser(title: str, options: list[tuple[str, str]], taps: QuestionTaps) -> ft.Control:
    def pick(option: str) -> Callable[[], Any]:
        return lambda: taps.answer(Pick(option))

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


def bonus_title(asked: AskBonus) -> str:
    if asked.due.field == "development_bonuses":
        return _("Choose a Development Bonus ({number} of {due})").format(number=len(asked.picked) + 1,
                                                                          due=asked.due.due)
    return _("Choose a {what}").format(what=_(asked.due.title))


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
        return chooser(bonus_title(pending), [(b, option_text(sheet, pending.due.field, b)) for b in pending.options],
                       taps)
    choice = pending.choice
    return chooser(choice_title(sheet, choice), [(o, option_label(sheet, choice, o)) for o, _offer in choice.options],
                   taps)


async def scroll_to_question(column: ft.Column) -> None:
    """Once the phone has drawn the question (a moment after the update that shows it)."""
    await asyncio.sleep(0.2)
    await column.scroll_to(scroll_key=QUESTION_KEY, duration=250)
