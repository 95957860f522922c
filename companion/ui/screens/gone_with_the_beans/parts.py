"""Gone with the Beans scorer: how the parts of a paper sheet are drawn (a scoring area, a
counter, a tick, a Hay action's squares, a player's summary, a Contract's words)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import flet as ft

from companion.ui.components.common import TOUCH, big_number, stepper
from companion.ui.components.sheet_scoring import ITEMS, final_name, note, plain, pt
from sheets.gone_with_the_beans import AMMOND, PROVINCES, Contract, Cost, PlayerSheet
from sheets.i18n import _, ngettext


def item(key: str) -> str:
    """A breakdown item's full name, as the phone reads it."""
    return _(ITEMS[key][0])


def paid(cost: Cost) -> str:
    parts = [ngettext("{n} Bean", "{n} Bean", cost.bean), ngettext("{n} Worker", "{n} Worker", cost.worker),
             ngettext("{n} Hay", "{n} Hay", cost.hay), ngettext("{n} Thaler", "{n} Thaler", cost.thaler)]
    counts = (cost.bean, cost.worker, cost.hay, cost.thaler)
    return ", ".join(part.format(n=n) for part, n in zip(parts, counts) if n)



def area(title: str, points: int | None, *controls: ft.Control) -> ft.Control:
    """A scoring area of the paper sheet: its title, the points it scores now, its entries."""
    head: list[ft.Control] = [ft.Text(title, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY, expand=True)]
    if points is not None:
        head.append(ft.Text(pt(points), size=20, weight=ft.FontWeight.BOLD))
    return ft.Column([ft.Row(head), *controls], spacing=4)


def counter(label: str, value: int, on_change: Callable[[int], object], low: int = 0,
            high: int | None = None, hint: str | None = None) -> ft.Control:
    """A stepper whose value screen readers (and tests) hear as "<label>: <value>"."""
    control = stepper(label, value, on_change, low, high)
    body = ft.Column([control, note(hint)], spacing=0) if hint else control
    return ft.Semantics(label=_("{label}: {value}").format(label=label, value=value), container=True, content=body)


def tick(kind: str, title: str, detail: str | None, points: str, checked: bool,
         on_toggle: Callable[[], object]) -> ft.Control:
    """One bonus or contract as a checkable row, the whole row a touch target; screen
    readers hear "<kind>: <title>" (a Milestone and a Development Bonus may read alike)."""
    lines: list[ft.Control] = [ft.Text(title, size=15)]
    if detail:
        lines.append(note(detail))
    return ft.Semantics(
        label=_("{kind}: {title}").format(kind=kind, title=title),
        checked=checked,
        exclude_semantics=True,
        content=ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.CHECK_BOX if checked else ft.Icons.CHECK_BOX_OUTLINE_BLANK,
                            color=ft.Colors.PRIMARY if checked else ft.Colors.OUTLINE),
                    ft.Column(lines, spacing=0, expand=True),
                    ft.Text(points, size=16, weight=ft.FontWeight.BOLD,
                            color=None if checked else ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=10,
            ),
            padding=ft.Padding.symmetric(horizontal=8, vertical=12),
            border_radius=8,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if checked else None,
            ink=True,
            on_click=lambda _e: on_toggle(),
        ),
    )


def hay_row(title: str, detail: str, uses: int, most: int, on_uses: Callable[[int], object]) -> ft.Control:
    """A Hay action row with its squares (``most``: 3), filled left to right as on the paper
    sheet. Tapping a square fills up to it; tapping the last filled one empties it."""

    def square(n: int) -> ft.Control:
        filled = uses >= n
        return ft.Semantics(
            label=_("{action} use {n}").format(action=title, n=n),
            checked=filled,
            exclude_semantics=True,
            content=ft.Container(
                ft.Icon(ft.Icons.CHECK, color=ft.Colors.ON_PRIMARY) if filled else None,
                width=TOUCH, height=TOUCH, border_radius=6, alignment=ft.Alignment.CENTER,
                bgcolor=ft.Colors.PRIMARY if filled else None,
                border=ft.Border.all(2, ft.Colors.PRIMARY if filled else ft.Colors.OUTLINE),
                on_click=lambda _e: on_uses(n - 1 if uses == n else n),
            ),
        )

    return ft.Row(
        [
            ft.Column([ft.Text(title, size=15), note(detail)], spacing=0, expand=True),
            *[square(n) for n in range(1, most + 1)],
        ],
        spacing=4,
    )


def summary(player: PlayerSheet, points: Mapping[str, int]) -> ft.Control:
    """Numbers first: this player's total, then each item."""
    # A tile as wide as its words (a fixed 84 px broke "Milestone/s" at 150 % text); a tile
    # that does not fit moves to the next line.
    tiles: list[ft.Control] = [
        ft.Container(big_number(value, _(ITEMS[key][1])), padding=ft.Padding.symmetric(horizontal=6))
        for key, value in points.items() if key != "total" and (key != "ammond" or player.province == AMMOND)
    ]
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(str(points["total"]), size=44, weight=ft.FontWeight.BOLD),
                        ft.Column([final_name(player.name, False, size=18, expand=False),
                                   note(_("{province} · points so far").format(
                                       province=_(PROVINCES[player.province].name)))], spacing=0, expand=True),
                    ],
                    spacing=14,
                ),
                ft.Row(tiles, wrap=True, spacing=4, run_spacing=4),
            ],
            spacing=4,
        ),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


def contract_words(contracts: tuple[Contract, ...], sheet_facility: Callable[[str], str]) -> list[tuple[str, str]]:
    """(title, detail) of each Contract of sheet D: "Normal Contract 2", what it costs, what
    it gives and what it is worth (a sheet's contracts name only its own facilities)."""
    numbers: dict[str, int] = {}
    words = []
    for c in contracts:
        numbers[c.kind] = numbers.get(c.kind, 0) + 1
        title = (_("Normal Contract {n}") if c.kind == "normal" else _("Advanced Contract {n}")).format(
            n=numbers[c.kind])
        worth = (_("{points} pt per {facility}").format(points=c.points, facility=sheet_facility(c.per_facility))
                 if c.per_facility else pt(c.points))
        detail = _("Pay {cost}").format(cost=paid(c.cost)) + (f" · {plain(c.reward)}" if c.reward else "") \
            + f" · {worth}"
        words.append((title, detail))
    return words
