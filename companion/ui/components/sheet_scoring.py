"""What the Gone with the Beans scorer and the live sheet share: the sheet letter and the
players with their provinces at setup, the breakdown's words, the final table and the
headline once a game is finished (rulebook: End of the Game)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.ui.components.common import TOUCH, icon_button, radio_group, section, text_field
from companion.ui.hooks import Kept, Part
from companion.ui.kit import result_banner
from sheets.gone_with_the_beans import PROVINCES, RULES, SHEETS, Sheet, State
from sheets.i18n import N_, _, current, ngettext
from sheets.results import GameResult

# Breakdown keys (score-files.md) in the rulebook's words (End of the Game), long and short;
# marked for the catalog, translated where shown.
ITEMS = {
    "development_passport": (N_("Development Passport Bonus"), N_("Passport")),
    "beanichalcum": (N_("Beanichalcum Collection Bonus"), N_("Beanichalcum")),
    "horse_riding": (N_("Horse-Riding Level Bonus"), N_("Horse-Riding")),
    "milestones": (N_("Milestone Bonus"), N_("Milestones")),
    "development_bonuses": (N_("Development Bonus"), N_("Development")),
    "contracts": (N_("Contracts"), N_("Contracts")),
    "hay_actions": (N_("Hay Action Use Bonus"), N_("Hay actions")),
    "ammond": (N_("Additional Points for Ammond"), N_("Ammond")),
}

Players = list[tuple[str, str]]  # (name, province) in seating order, as typed at setup


def plain(text: str) -> str:
    """An engine's sentence (an effect, a reward) in the phone's language, without its full stop."""
    return _(text).rstrip(".")


def pt(points: int) -> str:
    """Points as the sheet writes them: "4 pt"."""
    return ngettext("{points} pt", "{points} pt", points).format(points=points)


def note(text: str) -> ft.Control:
    return ft.Text(text, size=12, color=ft.Colors.ON_SURFACE_VARIANT)


# -- setup ------------------------------------------------------------------------------


def next_province(taken: list[str]) -> str:
    """A starting choice for a new row (the table then taps what was dealt)."""
    return next((p for p in PROVINCES if p not in taken), list(PROVINCES)[len(taken) % len(PROVINCES)])


def ability(sheet: Sheet, province: str) -> str:
    """A province's ability as ``sheet`` prints it (D changes Macadimia's), translated."""
    return _(sheet.province_abilities.get(province, PROVINCES[province].ability))


def players_section(sheet: Sheet, players: Players,
                    set_players: Callable[[Callable[[Players], Players]], None]) -> ft.Control:
    """Names and provinces in seating order; each player taps the province they drew (its
    ability as ``sheet`` prints it under the chips). ``set_players`` takes a function of
    the latest rows (``use_typed``'s change)."""

    def change(i: int, name: str | None = None, province: str | None = None) -> None:
        def edit(rows: Players) -> Players:
            old_name, old_province = rows[i]
            row = (old_name if name is None else name, old_province if province is None else province)
            return [row if j == i else p for j, p in enumerate(rows)]

        set_players(edit)

    def add(_e: object) -> None:
        set_players(lambda rows: [*rows, ("", next_province([p for _n, p in rows]))])

    def remove(i: int, _e: object) -> None:
        set_players(lambda rows: [p for j, p in enumerate(rows) if j != i])

    def province_chip(i: int, province: str, chosen: str) -> ft.Control:
        name = _(PROVINCES[province].name)
        return ft.Semantics(
            label=_("Player {number} {province}").format(number=i + 1, province=name),
            button=True,
            selected=province == chosen,
            exclude_semantics=True,
            content=ft.Chip(
                label=ft.Text(name),
                selected=province == chosen,
                show_checkmark=False,
                visual_density=ft.VisualDensity.STANDARD,
                on_select=lambda _e: change(i, province=province),
            ),
        )

    rows: list[ft.Control] = []
    for i, (name, province) in enumerate(players):
        rows.append(ft.Column(
            [
                ft.Row([
                    text_field(_("Player {number}").format(number=i + 1), name, partial(change, i),  # the text is its name
                               expand=True, autofocus=i == 0),
                    icon_button(ft.Icons.REMOVE_CIRCLE_OUTLINE, _("Remove player {number}").format(number=i + 1),
                                partial(remove, i), disabled=len(players) <= 1),
                ]),
                ft.Row([province_chip(i, p, province) for p in PROVINCES], wrap=True, spacing=6, run_spacing=2),
                ft.Text(ability(sheet, province), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=6,
        ))
    return section(
        _("Players and their provinces (1 player: solitaire)"),
        *rows,
        ft.OutlinedButton(_("Add player"), icon=ft.Icons.PERSON_ADD, on_click=add, height=TOUCH),
    )


def sheet_name(sheet: Sheet) -> str:
    """A sheet by its letter and printed title, "B · Space Minerals Came Flying": "Sheet B · ..."
    is wider than a phone at 150 % text, and a radio's label is one line."""
    return f"{sheet.letter} · {_(sheet.title)}"


def sheet_choice(letter: str, choose: Callable[[str], object]) -> ft.Control:
    """One radio per sheet letter, A to D (a game's setup: all players use the same letter)."""
    return radio_group(letter, choose, ft.Column([ft.Radio(value=s.letter, label=sheet_name(s),
                                                           visual_density=ft.VisualDensity.STANDARD)
                                                  for s in SHEETS.values()], spacing=0))


# -- the end of the game -------------------------------------------------------------------


def headline(state: State) -> ft.Control:
    """Once finished: the winner(s), or the solitaire rating (the table below ranks them)."""
    return headline_of(RULES.result(state))


def headline_of(result: GameResult) -> ft.Control:
    """``headline`` of a state's result."""
    return result_banner(result, pt, details=[], colour=ft.Colors.TERTIARY_CONTAINER)


FINAL_COLUMN = 40  # a player's column: six of them leave the items' names a third of a phone


def final_table(state: State) -> ft.Control:
    """Every item per player, the total and the rank; the winners' totals marked once
    finished. Up to six players share the phone's width beside the items' short names
    (the full name is what a screen reader hears, row by row; a long player name takes
    two lines or is shortened); a table of seven or more scrolls sideways."""
    return final_table_of(RULES.result(state))


def final_table_of(result: GameResult, kept: Kept | None = None) -> ft.Control:
    """``final_table`` of a state's result. With ``kept`` (the calling piece's ``use_keeper``)
    a row that shows what it showed last time is the very control made then: after an entry
    only the rows whose numbers changed (the item's, Total, Rank) are built again."""
    winners = set(result.winners)
    players = result.players
    wide = len(players) > 6

    def value_cell(text: str, strong: bool, won: bool) -> ft.Control:
        shown: ft.Control = ft.Text(text, size=16 if strong else 15, weight=ft.FontWeight.BOLD if strong else None,
                                    no_wrap=True)
        if strong and won:  # the winners' totals stand out
            shown = ft.Container(shown, bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=6,
                                 padding=ft.Padding.symmetric(horizontal=4))
        return ft.Container(shown, width=FINAL_COLUMN, alignment=ft.Alignment.CENTER_RIGHT)

    def row(long: str, short: str, values: list[str], strong: bool = False) -> ft.Control:
        said = ", ".join(f"{p.name} {v}" for p, v in zip(players, values))
        label = ft.Text(_(short), size=12, weight=ft.FontWeight.BOLD if strong else None,
                        width=110 if wide else None, expand=not wide)  # a second line if it must, never cut
        cells = [value_cell(v, strong, p.name in winners) for p, v in zip(players, values)]
        return ft.Semantics(
            label=f"{_(long)}: {said}", container=True, exclude_semantics=True,
            content=ft.Container(
                ft.Row([label, *cells], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(vertical=8),  # grows with the text size
                border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
            ),
        )

    def heading() -> ft.Control:
        names: list[ft.Control] = [
            ft.Container(ft.Text(p.name, size=11, weight=ft.FontWeight.BOLD if p.name in winners else None,
                                 max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.END),
                         width=FINAL_COLUMN, alignment=ft.Alignment.BOTTOM_RIGHT)
            for p in players]
        return ft.Semantics(
            label=_("Players: {names}").format(names=", ".join(p.name for p in players)), container=True,
            exclude_semantics=True,
            content=ft.Container(ft.Row([ft.Text(_("Item"), size=12, color=ft.Colors.ON_SURFACE_VARIANT,
                                                 width=110 if wide else None, expand=not wide), *names], spacing=0,
                                        vertical_alignment=ft.CrossAxisAlignment.END),
                                 padding=ft.Padding.only(bottom=4)),
        )

    # Each row with everything it shows: the players (and the winners, in the Total row),
    # its words, its numbers, and the language they are said in.
    shown = (tuple(p.name for p in players), wide, current())
    keys = [k for k in players[0].breakdown if k != "total"]
    parts: list[Part] = [((shown, tuple(result.winners)), heading)]
    parts += [((shown, k, values), partial(row, *ITEMS[k], list(values)))
              for k in keys for values in [tuple(str(p.breakdown[k]) for p in players)]]
    totals = tuple(str(p.total) for p in players)
    parts.append(((shown, "total", totals, tuple(result.winners)),
                  partial(row, N_("Total"), N_("Total"), list(totals), strong=True)))
    if len(players) > 1:
        ranks = tuple(str(p.rank) for p in players)
        parts.append(((shown, "rank", ranks), partial(row, N_("Rank"), N_("Rank"), list(ranks))))
    table = kept.column("final table", parts, spacing=0) if kept is not None \
        else ft.Column([make() for _key, make in parts], spacing=0)
    return ft.Row([table], scroll=ft.ScrollMode.AUTO) if wide else table
