"""What the Gone with the Beans scorer and the live sheet share: the sheet letter and the
players with their provinces at setup, the breakdown's words, the final table and the
headline once a game is finished (rulebook: End of the Game)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion.ui.components.common import (
    TOUCH, icon_button, name_text, radio_button, radio_group, section, text_field,
)
from companion.ui.hooks import part
from companion.ui.kit import result_banner
from sheets.gone_with_the_beans import PROVINCES, RULES, SHEETS, Sheet, State
from sheets.i18n import N_, Translations, _, current, ngettext
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

TOTAL, RANK = N_("Total"), N_("Rank")  # in the final table, said after each player's items

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
                    set_players: Callable[[Callable[[Players], Players]], None],
                    offered: Sequence[str] = ()) -> ft.Control:
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

    def take(name: str) -> None:
        """One of the group's players (``offered``, issue 49) fills the first empty name, else
        a new row: a game is set up from the names without typing."""
        def fill(rows: Players) -> Players:
            at = next((j for j, (n, _p) in enumerate(rows) if not n.strip()), None)
            if at is None:
                return [*rows, (name, next_province([p for _n, p in rows]))]
            return [(name, row[1]) if j == at else row for j, row in enumerate(rows)]
        set_players(fill)

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
                height=TOUCH,
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
    room = len(players) < len(PROVINCES) or any(not n.strip() for n, _p in players)
    group = [ft.Text(_("Players of this group: tap one to add them"), color=ft.Colors.ON_SURFACE_VARIANT),
             ft.Row([ft.OutlinedButton(name, icon=ft.Icons.PERSON_ADD_ALT, height=TOUCH,
                                       on_click=lambda _e, name=name: take(name)) for name in offered],
                    wrap=True, spacing=8, run_spacing=4)] if offered and room else []
    return section(
        _("Players and their provinces (1 player: solitaire)"),
        *rows,
        *group,
        ft.OutlinedButton(_("Add player"), icon=ft.Icons.PERSON_ADD, on_click=add, height=TOUCH),
    )


def sheet_name(sheet: Sheet) -> str:
    """A sheet by its letter and printed title, "B · Space Minerals Came Flying": "Sheet B · ..."
    is wider than a phone at 150 % text, and a radio's label is one line."""
    return f"{sheet.letter} · {_(sheet.title)}"


def sheet_choice(letter: str, choose: Callable[[str], object]) -> ft.Control:
    """One radio per sheet letter, A to D (a game's setup: all players use the same letter)."""
    return radio_group(letter, choose, ft.Column([radio_button(s.letter, sheet_name(s))
                                                  for s in SHEETS.values()], spacing=0))


# -- the end of the game -------------------------------------------------------------------


def headline(state: State) -> ft.Control:
    """Once finished: the winner(s), or the solitaire rating (the table below ranks them)."""
    return headline_of(RULES.result(state))


def headline_of(result: GameResult) -> ft.Control:
    """``headline`` of a state's result."""
    return result_banner(result, pt, details=[], colour=ft.Colors.TERTIARY_CONTAINER)




def final_table(state: State) -> ft.Control:
    """Every item per player, the total and the rank; the winners' totals marked once
    finished (``final_table_of``)."""
    return final_table_of(RULES.result(state))


def final_name(name: str, won: bool, size: int = 16, expand: bool = True) -> ft.Control:
    """A player's name in the width it is given (``expand``: the rest of its row): a
    ``name_text``, bold."""
    return name_text(name, size=size, weight=ft.FontWeight.BOLD if won else ft.FontWeight.W_600, expand=expand)


def final_table_of(result: GameResult) -> ft.Control:
    """``final_table`` of a state's result: a block per player in seating order, the name on
    the whole width (issue 32: six 40 px columns broke names at 320 px, "Alex/and..."), the
    total and the rank beside it, each item's points below, a word never broken (an item
    that does not fit moves to the next line). A screen reader hears a player's block as
    one: "Ann: Development Passport Bonus 1, ..., Total 43, Rank 1". Each block is a part
    of what it shows (the language included): after an entry only that player's block is
    built again."""
    winners = set(result.winners)
    ranked = len(result.players) > 1
    return ft.Column([part(final_block, p.name, p.name in winners, tuple((k, str(v)) for k, v in p.breakdown.items()
                                                                        if k != "total"), p.total, p.rank, ranked,
                           current())
                      for p in result.players], spacing=0)


def final_block(name: str, won: bool, items: tuple[tuple[str, str], ...], total: int, rank: int, ranked: bool,
                _language: Translations) -> ft.Control:
    """One player's block of the final table (``final_table_of``)."""
    said = "; ".join([f"{_(ITEMS[k][0])} {v}" for k, v in items]
                     + [f"{_(TOTAL)} {total}"] + ([f"{_(RANK)} {rank}"] if ranked else []))
    shown_total: ft.Control = ft.Text(pt(total), size=16, weight=ft.FontWeight.BOLD, no_wrap=True)
    if won:  # the winners' totals stand out
        shown_total = ft.Container(shown_total, bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=6,
                                   padding=ft.Padding.symmetric(horizontal=6))
    top: list[ft.Control] = [final_name(name, won), shown_total]
    if ranked:
        top.insert(0, ft.Text(f"{rank}.", size=14, no_wrap=True, color=ft.Colors.ON_SURFACE_VARIANT))
    parts = ft.Row([ft.Text(f"{_(ITEMS[k][1])} {v}", size=12, no_wrap=True) for k, v in items],
                   wrap=True, spacing=12, run_spacing=2)
    # The name line its own nodes (the name, a tap on it its tooltip); the items said as
    # one, with the player's name, total and rank.
    return ft.Container(
        ft.Column([ft.Row(top, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                   ft.Semantics(content=parts, label=f"{name}: {said}", container=True, exclude_semantics=True)],
                  spacing=2),
        padding=ft.Padding.symmetric(vertical=8),  # grows with the text size
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )
