"""Gone with the Beans: "Score a finished game" on a phone.

Setup picks the sheet (A-D) and the players with their provinces. The play screen is one
player's paper sheet at a time, its scoring areas in the rulebook's words and order
(rulebook: End of the Game; Differences on Sheet B, C, D), then the final table. Every tap
is one engine action; every number shown comes from the engine's result, and what may be
entered (the areas a sheet has, how low and high a count goes, a tick the rules refuse)
from its ``allowed``.

The play screen renders from one typed view of the game (``view``), and its pieces each
show a slice of it (``use_slice``): after Ann's entry, a phone showing Ben's sheet renders
the players' totals and the final table, not Ben's sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

import flet as ft

from companion.session import GameOf
from companion.ui.components.common import (
    SPACING, TOUCH, big_number, error_line, section, stepper,
)
from companion.ui.components.game_bar import game_body
from companion.ui.components.sheet_scoring import (
    ITEMS, Players, final_table_of, headline_of, note, plain, players_section, pt, sheet_choice, sheet_name,
)
# TEMPORARY, for this branch only: the live sheet's screen still imports these from here until
# its own branch imports them from companion.ui.components.sheet_scoring; drop at the merge.
from companion.ui.components.sheet_scoring import final_table, headline  # noqa: F401
from companion.ui.hooks import ViewOf, go, use_game_of, use_games, use_latest, use_slice, use_typed
from companion.ui.kit import GameScreens, use_entry, use_shown_player
from sheets.errors import RulesError
from sheets.gone_with_the_beans import (
    AMMOND, PROVINCES, RULES, SHEETS, Action, Allowed, Contract, Cost, Finish, Mark, MarkContract,
    MarkDevelopmentBonus, MarkMilestoneBonus, PlayerSheet, Reopen, SetBeanichalcum, SetDpIcons, SetFacility,
    SetHayActionUses, State, horse_riding_level,
)
from sheets.i18n import N_, _, ngettext
from sheets.results import GameResult


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
def Setup(game: str) -> ft.Control:
    games = use_games()
    sheet, set_sheet = ft.use_state("A")
    players, set_players, typed_players = use_typed(cast(Players, [("", "tachiopi"), ("", "cashew")]))
    error, set_error = ft.use_state(cast("str | None", None))

    def start(_e: object) -> None:
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


# -- the view of the game, and the taps ------------------------------------------------


@dataclass(frozen=True)
class SheetShown:
    """One player's paper sheet: the entries, and the points each item scores now."""

    entries: PlayerSheet
    points: Mapping[str, int]  # the breakdown, "total" included

    @property
    def name(self) -> str:
        return self.entries.name


@dataclass(frozen=True)
class ScorerView:
    """The scorer as a phone shows it: the sheet letter, whether the table finished, every
    player's sheet in seating order, and the result."""

    letter: str
    finished: bool
    sheets: tuple[SheetShown, ...]
    result: GameResult

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sheets)

    def sheet_of(self, name: str) -> SheetShown:
        return next(s for s in self.sheets if s.name == name)


def view(state: State, me: str | None) -> ScorerView:
    """What the scorer shows of ``state``. Every sheet is on the paper for all to see: the
    view is the same for every phone (``me`` changes nothing of it), so the screen asks for
    the one with ``me`` None, made once per state for the whole table."""
    result = RULES.result(state)
    return ScorerView(
        letter=state.sheet,
        finished=state.finished,
        sheets=tuple(SheetShown(p, r.breakdown) for p, r in zip(state.players, result.players)),
        result=result,
    )


Refused = tuple[str | None, str | None]  # (the part of the screen tapped, the rules' reason)


@dataclass(frozen=True)
class Taps:
    """What the pieces' taps do (``use_latest`` functions: equal from render to render)."""

    enter: Callable[[str, Action], object]  # an entry, its refusal shown in the part ``where`` tapped
    refuse: Callable[[str, str], None]  # the rules' reason in the part tapped, without an entry
    show: Callable[[str], None]  # another player's sheet
    finish: Callable[[], None]
    reopen: Callable[[], None]


def problem(refused: Refused, where: str) -> ft.Control:
    """The refusal of a tap in this part of the screen, if it was tapped there."""
    return error_line(refused[1] if refused[0] == where else None)


# -- pieces of the scoring screen -----------------------------------------------------


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


@ft.component
def Pickers(view_of: ViewOf[ScorerView], shown: str, taps: Taps) -> ft.Control:
    """A chip per player with the running total; the shown player's is selected."""
    totals = use_slice(view_of, lambda v: tuple((s.name, s.points["total"]) for s in v.sheets))
    return ft.Row(
        [
            ft.Chip(
                label=ft.Text(f"{name} {total}"),
                selected=name == shown,
                show_checkmark=False,
                visual_density=ft.VisualDensity.STANDARD,
                on_select=lambda _e, name=name: taps.show(name),  # (bound now: a comprehension's name is late)
            )
            for name, total in totals
        ],
        wrap=True,
        spacing=6,
    )


@ft.component
def Summary(view_of: ViewOf[ScorerView], name: str) -> ft.Control:
    shown = use_slice(view_of, lambda v: v.sheet_of(name))
    return summary(shown.entries, shown.points)


@ft.component
def SheetAreas(view_of: ViewOf[ScorerView], game: GameOf[State, Action, Allowed], name: str, refused: Refused,
               taps: Taps) -> ft.Control:
    """The scoring areas of one player's sheet, each with what it scores now; what may be
    entered is the engine's answer (``allowed``)."""
    shown, letter, allowed = use_slice(view_of, lambda v: (v.sheet_of(name), v.letter, game.allowed(name)))
    sheet = SHEETS[letter]
    player, points = shown.entries, shown.points
    built = player.built

    def enter(where: str, make: Callable[[int], Action]) -> Callable[[int], object]:
        return lambda n: taps.enter(where, make(n))

    def toggle(where: str, mark: Mark, action: Action) -> Callable[[], object]:
        """A tick's tap: the entry, or the rules' reason they refuse it now."""
        return lambda: taps.refuse(where, mark.why_not) if mark.why_not else taps.enter(where, action)

    def facility_name(facility_id: str) -> str:
        facility = sheet.facility(facility_id)
        return _(facility.name) if facility is not None else facility_id

    who = player.name

    # Facilities: the Farms (and C's Bridge) built at setup are the lowest count.
    facilities: list[ft.Control] = []
    for f in sheet.facilities:
        count = allowed.facility(f.id)
        hint = ngettext("{n} built at setup", "{n} built at setup", count.low).format(n=count.low) \
            if count.low else None
        if f.id == "stable" and sheet.horse_riding:
            hint = _("Horse-Riding Level {level}").format(level=horse_riding_level(built["stable"]))
        facilities.append(counter(
            _(f.plural), built[f.id],
            enter("facilities", lambda n, f_id=f.id: SetFacility(player=who, facility=f_id, built=n)),  # type: ignore[misc]  # mypy#15459: a lambda with a default
            low=count.low, high=count.high, hint=hint,
        ))
    if sheet.horse_riding:
        facilities.append(ft.Row([ft.Text(item("horse_riding"), expand=True),
                                  ft.Text(pt(points["horse_riding"]), size=20, weight=ft.FontWeight.BOLD)]))
    areas = [area(_("Facilities built"), None, *facilities, problem(refused, "facilities"))]

    if allowed.dp_icons is not None:
        areas.append(area(
            item("development_passport"), points["development_passport"],
            counter(_("Filled DP icons"), player.dp_icons,
                    enter("dp", lambda n: SetDpIcons(player=who, filled=n)), low=allowed.dp_icons.low),
            note(_("DP icons with filled squares: between 2 connected executed Contracts, and on lines from "
                   "your province") if sheet.contracts else
                 _("DP icons with filled squares: between 2 connected gained Development Bonuses, and on lines "
                   "from your province")),
            problem(refused, "dp"),
        ))
    if allowed.beanichalcum is not None:
        areas.append(area(
            item("beanichalcum"), points["beanichalcum"],
            counter(_("Beanichalcum gained"), player.beanichalcum,
                    enter("beanichalcum", lambda n: SetBeanichalcum(player=who, gained=n)),
                    low=allowed.beanichalcum.low),
            note(_("Count every Beanichalcum gained, used or not")),
            problem(refused, "beanichalcum"),
        ))

    areas.append(area(
        item("milestones"), points["milestones"],
        *[tick(_("Milestone Bonus"), plain(b.effect), None, pt(b.points), b.id in player.milestone_bonuses,
               toggle("milestones", mark, MarkMilestoneBonus(
                   player=who, bonus=b.id, gained=b.id not in player.milestone_bonuses)))
          for b, mark in zip(sheet.milestone_bonuses, allowed.milestone_bonuses)],
        problem(refused, "milestones"),
    ))

    if sheet.development_bonuses is not None and allowed.development_bonuses is not None:
        areas.append(area(
            item("development_bonuses"), points["development_bonuses"],
            *[tick(_("Development Bonus"), plain(b.effect), None, pt(b.points_for(built)) if b.points else "",
                   b.id in player.development_bonuses,
                   toggle("development", mark, MarkDevelopmentBonus(
                       player=who, bonus=b.id, gained=b.id not in player.development_bonuses)))
              for b, mark in zip(sheet.development_bonuses, allowed.development_bonuses)],
            problem(refused, "development"),
        ))
    if sheet.contracts is not None and allowed.contracts is not None:
        areas.append(area(
            _("Contracts executed"), points["contracts"],
            *[tick(_("Executed"), title, detail, pt(c.points_for(built)), c.id in player.contracts,
                   toggle("contracts", mark, MarkContract(
                       player=who, contract=c.id, executed=c.id not in player.contracts)))
              for c, mark, (title, detail) in zip(sheet.contracts, allowed.contracts,
                                                  contract_words(sheet.contracts, facility_name))],
            problem(refused, "contracts"),
        ))

    hay_rows = [
        hay_row(plain(r.effect), _("{hay} Hay · 3rd use: {bonus}").format(hay=r.hay, bonus=plain(r.third_use)),
                player.uses[r.id], allowed.hay_action(r.id).high or 0,
                enter("hay", lambda n, row=r.id: SetHayActionUses(player=who, row=row, uses=n)))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        for r in sheet.hay_actions
    ]
    if player.province == AMMOND:
        hay_rows.append(ft.Row([ft.Text(item("ammond"), expand=True),
                                ft.Text(pt(points["ammond"]), size=20, weight=ft.FontWeight.BOLD)]))
    areas.append(area(item("hay_actions"), points["hay_actions"], *hay_rows, problem(refused, "hay")))
    return ft.Column(areas, spacing=SPACING)


@ft.component
def Headline(view_of: ViewOf[ScorerView]) -> ft.Control:
    """The winner(s) or the solitaire rating at the top, once finished."""
    return headline_of(use_slice(view_of, lambda v: v.result))


@ft.component
def FinalScoring(view_of: ViewOf[ScorerView], refused: Refused, taps: Taps) -> ft.Control:
    """The final table of every player's items, Finish (or Reopen once finished)."""
    finished, result = use_slice(view_of, lambda v: (v.finished, v.result))
    solitaire = len(result.players) == 1
    return area(
        _("Final Scoring"), None,
        *([headline_of(result)] if finished else []),
        final_table_of(result),
        problem(refused, "final"),
        ft.OutlinedButton(_("Reopen"), icon=ft.Icons.EDIT, height=TOUCH, on_click=lambda _e: taps.reopen())
        if finished else
        ft.FilledButton(_("Finish"), icon=ft.Icons.FLAG, height=56, on_click=lambda _e: taps.finish()),
        note(_("Entries can still be corrected after Finish.") if finished
             else _("Finish when every player's sheet is entered: shows the winner and the solitaire rating.")
             if solitaire else _("Finish when every player's sheet is entered: shows the winner.")),
    )


# -- the scoring screen ---------------------------------------------------------------


@ft.component
def Play(game_id: str) -> ft.Control:
    game = use_game_of(game_id, RULES)
    entry = use_entry(game)
    view_of = ViewOf(now=lambda: game.view(view))
    names, finished = use_slice(view_of, lambda v: (v.names, v.finished))  # what shapes the screen
    name, show = use_shown_player(game_id, names)

    def enter(where: str, action: Action) -> bool:
        return entry.make(action, None, where)

    def refuse(where: str, reason: str) -> None:
        entry.refuse(reason, where)

    def show_player(player: str) -> None:
        show(player)
        entry.refuse(None)

    def finish() -> None:
        entry.make(Finish(), _("Final scores"), "final")

    def reopen() -> None:
        entry.make(Reopen(), None, "final")

    taps = Taps(enter=use_latest(enter), refuse=use_latest(refuse), show=use_latest(show_player),
                finish=use_latest(finish), reopen=use_latest(reopen))
    refused: Refused = (entry.where, entry.refusal)
    controls: list[ft.Control] = [Headline(view_of)] if finished else []
    controls += [Pickers(view_of, name, taps), Summary(view_of, name), SheetAreas(view_of, game, name, refused, taps),
                 ft.Divider(), FinalScoring(view_of, refused, taps)]
    return game_body(controls)


SCREENS = GameScreens[State](
    setup=Setup,
    play=Play,
    title=lambda state: sheet_name(state.rules),
    blurb=N_("Score finished sheets A-D (solitaire or more players): winner or solitaire rating."),
    heading=N_("Gone with the Beans: score the sheets"),
)
