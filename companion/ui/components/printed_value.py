"""A printed value the rulebook does not state, read off the sheet by a player.

``PrintedValueForm`` shows where the value is printed (in words, no picture), the fields
its kind needs, and one button. It hands the JSON form of what was typed to ``on_save``
(a number, ``{"thaler": .., "bean": .., "worker": .., "hay": ..}`` without the zeros, or a
list of numbers); when typing cannot be read, or ``on_save`` refuses the value with a
ValueError (RulesError is one), the reason shows under the fields and the input stays.
The rules decide whether a value makes sense, never this form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.ui.components.common import TOUCH, error_line, text_field
from companion.ui.hooks import use_typed
from sheets.i18n import N_, _

# Labels marked for the catalog, translated where shown.
MATERIALS = (("thaler", N_("Thaler")), ("bean", N_("Bean")), ("worker", N_("Worker")), ("hay", N_("Hay")))
NUMBERS_LABEL = N_("Numbers, left to right")

# A printed value's JSON form, as typed here: a number, materials without the zeros, numbers.
Typed = int | dict[str, int] | list[int]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def as_fields(kind: str, value: object | None) -> dict[str, str]:
    """The text of each field for ``value`` (its JSON or its engine form); empty when None."""
    if kind == "materials":
        def count(name: str) -> object:
            if value is None:
                return 0
            return value.get(name, 0) if isinstance(value, dict) else getattr(value, name, 0)

        return {name: str(count(name) or "") for name, _ in MATERIALS}
    if kind == "numbers":
        return {"numbers": ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else ""}
    return {"number": "" if value is None else str(value)}


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if not re.fullmatch(r"-?\d+", text):
        raise ValueError(_('{field}: "{text}" is not a whole number').format(field=_(what), text=text) if text
                         else _("{field}: enter a whole number").format(field=_(what)))
    return int(text)


def parse(kind: str, fields: dict[str, str]) -> Typed:
    """The JSON form of what was typed; ValueError saying which field cannot be read."""
    if kind == "materials":
        counts = {name: _whole(fields.get(name, "") or "0", label) for name, label in MATERIALS}
        return {name: n for name, n in counts.items() if n}
    if kind == "numbers":
        parts = [p for p in re.split(r"[\s,;]+", fields.get("numbers", "")) if p]
        if not parts:
            raise ValueError(_("{field}: enter the numbers, e.g. 2, 4, 6").format(field=_(NUMBERS_LABEL)))
        return [_whole(p, NUMBERS_LABEL) for p in parts]
    return _whole(fields.get("number", ""), N_("Value"))


def PrintedValueForm(
    key: str,
    place: str,
    kind: str,
    value: object | None,
    on_save: Callable[[Typed], None],
    label: str | None = None,
) -> ft.Control:
    """The form for printed value ``key`` (a component: call it while rendering).

    Flet takes a component's ``key=`` keyword as its identity, so this plain function
    hands the printed key on positionally and makes it the identity too: the form of
    another value starts from its own value, never from the typing left in the last one.
    ``label``: the button's words (already translated); "Save" by default.
    """
    # Flet's @component takes key= at run time; its type keeps only the function's parameters.
    return _Form(key, place, kind, value, on_save, label or _("Save"), key=f"printed-value:{key}")  # type: ignore[call-arg]


@ft.component
def _Form(printed_key: str, place: str, kind: str, value: object | None, on_save: Callable[[Typed], None],
          label: str) -> ft.Control:
    fields, set_fields, typed = use_typed(as_fields(kind, value))
    problem, set_problem = ft.use_state(cast("str | None", None))

    def change(name: str, text: str) -> None:
        set_fields(lambda old: {**old, name: text})

    def save(_e: object = None) -> None:
        try:
            on_save(parse(kind, typed()))  # as typed, also just before this tap
        except ValueError as exc:  # unreadable typing, or the rules' reason (RulesError)
            set_problem(str(exc))
            return
        set_problem(None)

    def field(name: str, text_label: str, last: bool = False, **extra: Any) -> ft.TextField:
        return text_field(
            _(text_label),
            fields.get(name, ""),
            lambda text: change(name, text),
            keyboard_type=extra.pop("keyboard_type", ft.KeyboardType.NUMBER),
            on_submit=save if last else None,
            dense=True,
            **extra,
        )

    if kind == "materials":
        inputs: list[ft.Control] = [
            ft.Row([field(n, text, expand=True) for n, text in MATERIALS[:2]], spacing=8),
            ft.Row([field(n, text, last=n == "hay", expand=True) for n, text in MATERIALS[2:]], spacing=8),
            ft.Text(_("An empty field is 0."), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ]
    elif kind == "numbers":
        # The example in view before the field is tapped (a hint shows only in an empty
        # focused field); only the way to write them, not a sheet's numbers.
        inputs = [field("numbers", NUMBERS_LABEL, last=True, keyboard_type=ft.KeyboardType.TEXT,
                        helper=_("e.g. 2, 4, 6"), helper_max_lines=2)]
    else:
        inputs = [field("number", N_("Value"), last=True)]

    return ft.Column(
        [
            ft.Text(capital(_(place)), size=15, weight=ft.FontWeight.W_500),
            *inputs,
            error_line(problem),
            ft.Row([ft.FilledButton(label, on_click=save, height=TOUCH)], alignment=ft.MainAxisAlignment.END),
        ],
        spacing=8,
    )
