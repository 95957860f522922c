"""Gone with the Beans: "Score a finished game" on a phone.

Setup picks the sheet (A-D) and the players with their provinces. The play screen is one
player's paper sheet at a time, its scoring areas in the rulebook's words and order
(rulebook: End of the Game; Differences on Sheet B, C, D), then the final table. Every tap
is one engine action; every number shown comes from the engine's result.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, cast

import flet as ft

from companion.ui.hooks import go, use_game_part, use_games, use_typed
from companion.ui.components.game_bar import game_body
from companion.ui.components.sheet_scoring import (
    ITEMS, final_table, headline, next_province, note, plain, players_section, pt, sheet_choice, sheet_name,
)
from companion.ui.kit import GameScreens, Said, result_banner, use_entry_untyped, use_shown_player
from companion.ui.components.common import (
    TOUCH, big_number, error_line, icon_button, radio_group, section, stepper, text_field,
)
from sheets.errors import RulesError
from sheets.i18n import N_, _, ngettext
from sheets.gone_with_the_beans import (
    PROVINCES, RULES, SHEETS, Finish, MarkContract, MarkDevelopmentBonus, MarkMilestoneBonus,
    PlayerSheet, Reopen, SetBeanichalcum, SetDpIcons, SetFacility, SetHayActionUses, State,
)
from sheets.gone_with_the_beans.engine import built_at_setup
from sheets.gone_with_the_beans.scoring import horse_riding_level
from sheets.gone_with_the_beans.sheets import AMMOND, Cost, Facility, Sheet

def item(key: str) -> str:
    """A breakdown item's full name, as the phone reads it."""
    return _(ITEMS[key][0])


def paid(cost: Cost) -> str:
    parts = [ngettext("{n} Bean", "{n} Bean", cost.bean), ngettext("{n} Worker", "{n} Worker", cost.worker),
             ngettext("{n} Hay", "{n} Hay", cost.hay), ngettext("{n} Thaler", "{n} Thaler", cost.thaler)]
    counts = (cost.bean, cost.worker, cost.hay, cost.thaler)
    return ", ".join(part.format(n=n) for part, n in zip(parts, counts) if n)


# -- setup ------------------------------------------------------------------------------


@ft.component
def Setup(game: str):
    games = use_games()
    sheet, set_sheet = ft.use_state("A")
    players, set_players, typed_players = use_typed([("", "tachiopi"), ("", "cashew")])
    error, set_error = ft.use_state(cast("str | None", None))

    def start(_e) -> None:
        setup = {"sheet": sheet, "players": [{"name": n, "province": p} for n, p in typed_players()]}
        try:
            game_id = games.new_game(RULES.id, setup)
        except RulesError as exc:
            set_error(str(exc))
            return
        go(f"/game/{game_id}")

    return ft.Column(
        [
            section(
                _("Game sheet (all players use the same letter)"),
                sheet_choice(sheet, set_sheet),
            ),
            players_section(players, set_players),
            error_line(error),
            ft.FilledButton(_("Start scoring"), icon=ft.Icons.PLAY_ARROW, on_click=start, height=56),
        ],
        spacing=16,
    )


# -- pieces of the scoring screen -----------------------------------------------------


def area(title: str, points: int | None, *controls: ft.Control) -> ft.Control:
    """A scoring area of the paper sheet: its title, the points it scores now, its entries."""
    head: list[ft.Control] = [ft.Text(title, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY, expand=True)]
    if points is not None:
        head.append(ft.Text(pt(points), size=20, weight=ft.FontWeight.BOLD))
    return ft.Column([ft.Row(head), *controls], spacing=4)


def counter(label: str, value: int, on_change: Callable[[int], Any], low: int = 0,
            high: int | None = None, hint: str | None = None) -> ft.Control:
    """A stepper whose value screen readers (and tests) hear as "<label>: <value>"."""
    control = stepper(label, value, on_change, low, high)
    body = ft.Column([control, note(hint)], spacing=0) if hint else control
    return ft.Semantics(label=_("{label}: {value}").format(label=label, value=value), container=True, content=body)


def tick(kind: str, title: str, detail: str | None, points: str, checked: bool,
         on_toggle: Callable[[], Any]) -> ft.Control:
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


def hay_row(title: str, detail: str, uses: int, on_uses: Callable[[int], Any]) -> ft.Control:
    """A Hay action row with its 3 squares, filled left to right as on the paper sheet.

    Tapping a square fills up to it; tapping the last filled one empties it.
    """

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
            *[square(n) for n in (1, 2, 3)],
        ],
        spacing=4,
    )


def summary(player: PlayerSheet, points: dict[str, int]) -> ft.Control:
    """Numbers first: this player's total, then each item."""
    tiles: list[ft.Control] = [
        ft.Container(big_number(value, _(ITEMS[key][1])), width=84)
        for key, value in points.items() if key != "total" and (key != "ammond" or player.province == AMMOND)
    ]
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(str(points["total"]), size=44, weight=ft.FontWeight.BOLD),
                        ft.Column([ft.Text(player.name, size=18, weight=ft.FontWeight.W_600),
                                   note(_("{province} · points so far").format(
                                       province=_(PROVINCES[player.province].name)))], spacing=0),
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


# -- the scoring screen ---------------------------------------------------------------


@ft.component
def Play(game_id: str):
    games = use_games()
    state: State = use_game_part(lambda: games.state(game_id))
    sheet = state.rules
    entry = use_entry_untyped(game_id)
    name, show = use_shown_player(game_id, state.names)
    index = next(i for i, p in enumerate(state.players) if p.name == name)
    player = state.players[index]
    result = RULES.result(state)
    points = result.players[index].breakdown
    built = player.built

    def act(where: str, action: Any, said: Said = None) -> bool:
        return entry.make(action, said, where)

    def problem(where: str) -> ft.Control:
        return error_line(entry.refusal_at(where))

    who = player.name

    # Facilities: the Farms (and C's Bridge) built at setup are the lowest count.
    facilities = []
    for f in sheet.facilities:
        at_setup = built_at_setup(sheet, player.province, f)
        hint = ngettext("{n} built at setup", "{n} built at setup", at_setup).format(n=at_setup) if at_setup else None
        if f.id == "stable" and sheet.horse_riding:
            hint = _("Horse-Riding Level {level}").format(level=horse_riding_level(built['stable']))
        facilities.append(counter(
            _(f.plural), built[f.id], lambda n, f=f: act("facilities", SetFacility(player=who, facility=f.id, built=n)),  # type: ignore[misc]  # mypy#15459: a lambda with a default
            low=at_setup, high=f.icons, hint=hint,
        ))
    if sheet.horse_riding:
        facilities.append(ft.Row([ft.Text(item("horse_riding"), expand=True),
                                  ft.Text(pt(points['horse_riding']), size=20, weight=ft.FontWeight.BOLD)]))
    areas = [area(_("Facilities built"), None, *facilities, problem("facilities"))]

    if sheet.development_passport:
        areas.append(area(
            item("development_passport"), points["development_passport"],
            counter(_("Filled DP icons"), player.dp_icons,
                    lambda n: act("dp", SetDpIcons(player=who, filled=n))),
            note(_("DP icons with filled squares: between 2 connected executed Contracts, and on lines from "
                   "your province") if sheet.contracts else
                 _("DP icons with filled squares: between 2 connected gained Development Bonuses, and on lines "
                   "from your province")),
            problem("dp"),
        ))
    if sheet.beanichalcum:
        areas.append(area(
            item("beanichalcum"), points["beanichalcum"],
            counter(_("Beanichalcum gained"), player.beanichalcum,
                    lambda n: act("beanichalcum", SetBeanichalcum(player=who, gained=n))),
            note(_("Count every Beanichalcum gained, used or not")),
            problem("beanichalcum"),
        ))

    areas.append(area(
        item("milestones"), points["milestones"],
        *[tick(_("Milestone Bonus"), plain(b.effect), None, pt(b.points), b.id in player.milestone_bonuses,
               lambda b=b: act("milestones", MarkMilestoneBonus(  # type: ignore[misc]  # mypy#15459: a lambda with a default
                   player=who, bonus=b.id, gained=b.id not in player.milestone_bonuses)))
          for b in sheet.milestone_bonuses],
        problem("milestones"),
    ))

    if sheet.development_bonuses is not None:
        areas.append(area(
            item("development_bonuses"), points["development_bonuses"],
            *[tick(_("Development Bonus"), plain(b.effect), None, pt(b.points_for(built)) if b.points else "",
                   b.id in player.development_bonuses,
                   lambda b=b: act("development", MarkDevelopmentBonus(  # type: ignore[misc]  # mypy#15459: a lambda with a default
                       player=who, bonus=b.id, gained=b.id not in player.development_bonuses)))
              for b in sheet.development_bonuses],
            problem("development"),
        ))
    if sheet.contracts is not None:
        numbers: dict[str, int] = {}

        def contract_title(c) -> str:
            numbers[c.kind] = numbers.get(c.kind, 0) + 1
            title = _("Normal Contract {n}") if c.kind == "normal" else _("Advanced Contract {n}")
            return title.format(n=numbers[c.kind])

        def contract_detail(c) -> str:
            # A sheet's contracts name only its own facilities.
            worth = (_("{points} pt per {facility}").format(
                points=c.points, facility=_(cast(Facility, sheet.facility(c.per_facility)).name))
                     if c.per_facility else pt(c.points))
            return _("Pay {cost}").format(cost=paid(c.cost)) + (f" · {plain(c.reward)}" if c.reward else "") \
                + f" · {worth}"

        areas.append(area(
            _("Contracts executed"), points["contracts"],
            *[tick(_("Executed"), contract_title(c), contract_detail(c), pt(c.points_for(built)),
                   c.id in player.contracts,
                   lambda c=c: act("contracts", MarkContract(  # type: ignore[misc]  # mypy#15459: a lambda with a default
                       player=who, contract=c.id, executed=c.id not in player.contracts)))
              for c in sheet.contracts],
            problem("contracts"),
        ))

    hay_rows = [
        hay_row(plain(r.effect), _("{hay} Hay · 3rd use: {bonus}").format(hay=r.hay, bonus=plain(r.third_use)),
                player.uses[r.id],
                lambda n, r=r: act("hay", SetHayActionUses(player=who, row=r.id, uses=n)))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        for r in sheet.hay_actions
    ]
    if player.province == AMMOND:
        hay_rows.append(ft.Row([ft.Text(item("ammond"), expand=True),
                                ft.Text(pt(points['ammond']), size=20, weight=ft.FontWeight.BOLD)]))
    areas.append(area(item("hay_actions"), points["hay_actions"], *hay_rows, problem("hay")))

    def finish(_e: Any) -> None:
        act("final", Finish(), _("Final scores"))

    final = area(
        _("Final Scoring"), None,
        *([headline(state)] if state.finished else []),
        final_table(state),
        problem("final"),
        ft.OutlinedButton(_("Reopen"), icon=ft.Icons.EDIT, height=TOUCH, on_click=lambda _e: act("final", Reopen()))
        if state.finished else
        ft.FilledButton(_("Finish"), icon=ft.Icons.FLAG, height=56, on_click=finish),
        note(_("Entries can still be corrected after Finish.") if state.finished
             else _("Finish when every player's sheet is entered: shows the winner and the solitaire rating.")
             if len(state.players) == 1 else _("Finish when every player's sheet is entered: shows the winner.")),
    )

    pickers = ft.Row(
        [
            ft.Chip(
                label=ft.Text(f"{p.name} {r.total}"),
                selected=i == index,
                show_checkmark=False,
                visual_density=ft.VisualDensity.STANDARD,
                on_select=lambda _e, n=p.name: (show(n), entry.refuse(None)),  # type: ignore[func-returns-value]  # the tuple only makes the calls
            )
            for i, (p, r) in enumerate(zip(state.players, result.players))
        ],
        wrap=True,
        spacing=6,
    )
    controls: list[ft.Control] = [headline(state)] if state.finished else []
    controls += [pickers, summary(player, points), *areas, ft.Divider(), final]
    return game_body(controls)


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=lambda state: sheet_name(state.rules),
    blurb=N_("Score finished sheets A-D (solitaire or more players): winner or solitaire rating."),
    heading=N_("Gone with the Beans: score the sheets"),
)
