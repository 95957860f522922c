"""A new live sheet: the sheet letter, players and provinces (on C each setup Bridge), the
Round-card deck, the revealed Starting Point card and the Bean World map's clockwise order
(only the orders the rulebook allows; the last one confirmed is offered again)."""

from __future__ import annotations

from functools import partial
from typing import Any, cast

import flet as ft

from companion.session import PhoneGames
from companion.storage import StorageError
from companion.ui.components.common import TOUCH, error_line, radio_button, radio_group, section, text_field
from companion.ui.components.sheet_scoring import note, players_section, sheet_choice
from companion.ui.hooks import go, use_games, use_sheet_values, use_typed
from companion.ui.screens.gone_with_the_beans_live.words import arrow, deck_label, province
from sheets.errors import RulesError
from sheets.gone_with_the_beans import PROVINCES, SHEETS
from sheets.gone_with_the_beans.live import ROUND_DECKS, RULES, map_orders, roads
from sheets.i18n import _
from sheets.names import isolated


def last_map(games: PhoneGames) -> tuple[str, ...] | None:
    """The map order the table confirmed for its newest live game: the map does not change."""
    setup = games.newest_setup(RULES.id)
    order = setup.get("map") if setup else None
    return tuple(order) if isinstance(order, list) else None


def provinces_of(players: list[tuple[str, str]]) -> list[str]:
    """The players' provinces in seating order, each once: one Starting Point Hay each."""
    return list(dict.fromkeys(p for _n, p in players))


@ft.component
def Setup(game: str) -> ft.Control:
    games = use_games()
    book = use_sheet_values()
    letter, set_letter = ft.use_state("A")
    bridges, set_bridges = ft.use_state(cast("dict[int, str]", {}))  # sheet C: player index -> province
    players, set_players, typed_players = use_typed([("", "tachiopi"), ("", "cashew")])
    deck, set_deck = ft.use_state("basic")
    first, set_first = ft.use_state(cast("str | None", None))
    hay, set_hay, typed_hay = use_typed(cast("dict[str, str]", {}))  # province -> the text typed
    remembered = ft.use_memo(lambda: last_map(games), [])
    order, set_order = ft.use_state(remembered)
    error, set_error = ft.use_state(cast("str | None", None))
    provinces = provinces_of(players)

    def type_hay(p: str, text: str) -> None:
        set_hay(lambda old: {**old, p: text})

    def start(_e: object) -> None:
        players, hay = typed_players(), typed_hay()  # as typed, also just before this tap
        provinces = provinces_of(players)
        if order is None:
            set_error(_("Confirm the Bean World map's clockwise order as printed on your map"))
            return
        if first is None:
            set_error(_("Tap the Ruler's first province, as printed on the Starting Point card"))
            return
        amounts = {}
        for p in provinces:
            text = hay.get(p, "").strip()
            if not text.isdigit():
                set_error(_("Enter the Starting Point card's Hay for {province} (a whole number)").format(
                    province=province(p)))
                return
            amounts[p] = int(text)
        try:
            setup: dict[str, Any] = {
                "sheet": letter,
                "players": [{"name": n, "province": p} | ({"bridge": bridges[i]} if letter == "C" and i in bridges
                                                          else {}) for i, (n, p) in enumerate(players)],
                "deck": deck,
                "starting_point": {"first_province": first, "hay": amounts},
                "map": list(order),
                "printed": book.of(letter),  # entered in earlier games on this sheet letter
            }
            game_id = games.new_game(RULES.id, setup)
        except (RulesError, StorageError) as exc:  # a damaged sheet-values file says so
            set_error(str(exc))
            return
        go(f"/game/{game_id}")

    def map_choice(option: tuple[str, ...]) -> ft.Control:
        """A whole-row choice: the order is too long for a chip on a phone."""
        chosen = option == order
        return ft.Semantics(
            label=arrow(option), button=True, selected=chosen, exclude_semantics=True,
            content=ft.Container(
                ft.Row([ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if chosen else ft.Icons.RADIO_BUTTON_UNCHECKED,
                                color=ft.Colors.PRIMARY),
                        ft.Text(arrow(option), expand=True, size=15)]),
                # 48 px high at least: the 24 px icon and this padding (issue 48)
                padding=ft.Padding.symmetric(horizontal=8, vertical=(TOUCH - 24) / 2), border_radius=8, ink=True,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                on_click=lambda _e: set_order(option),
            ),
        )

    def ruler_chip(chosen: str) -> ft.Control:
        name = province(chosen)
        return ft.Semantics(
            label=_("Ruler starts in {province}").format(province=name), button=True, selected=chosen == first,
            exclude_semantics=True,
            content=ft.Chip(label=ft.Text(name), selected=chosen == first, show_checkmark=False,
                            visual_density=ft.VisualDensity.STANDARD, height=TOUCH,
                            on_select=lambda _e: set_first(chosen)),
        )

    def bridge_chip(i: int, who: str, p: str) -> ft.Control:
        return ft.Semantics(label=_("{player}'s setup Bridge to {province}").format(player=isolated(who), province=province(p)),
                            button=True, selected=bridges.get(i) == p, exclude_semantics=True,
                            content=ft.Chip(label=ft.Text(province(p)), selected=bridges.get(i) == p,
                                            show_checkmark=False, visual_density=ft.VisualDensity.STANDARD, height=TOUCH,
                                            on_select=lambda _e: set_bridges({**bridges, i: p})))

    def bridge_part() -> ft.Control:
        """Sheet C: each player's free setup Bridge to an adjacent province (on the map)."""
        if letter != "C":
            return ft.Container(height=0)
        if order is None:
            return section(_("Setup Bridges"), note(_("Confirm the Bean World map below first: "
                                                      "a Bridge joins an adjacent province.")))
        rows: list[ft.Control] = []
        for i, (name, home) in enumerate(players):
            who = name.strip() or _("Player {number}").format(number=i + 1)
            adjacent = [p for p in order if roads(order, home, p) == 1]
            rows.append(ft.Row([ft.Text(f"{who} ({province(home)}):", size=14)]
                               + [bridge_chip(i, who, p) for p in adjacent], wrap=True, spacing=6, run_spacing=2))
        return section(_("Setup Bridges: each joins your province to an adjacent one"), *rows)

    orders = map_orders()
    return ft.Column(
        [
            section(
                _("Game sheet (all players use the same letter)"),
                sheet_choice(letter, set_letter),
                note(_("Sheet {letter} · {title}: every rule checked as you play.").format(
                    letter=letter, title=_(SHEETS[letter].title))),
            ),
            players_section(SHEETS[letter], players, set_players,
                            games.group().players.suggestions("", RULES.id, [n for n, _p in players])),
            section(
                _("Round card deck"),
                radio_group(deck, set_deck, ft.Column([radio_button(d, deck_label(d)) for d in ROUND_DECKS], spacing=0)),
            ),
            section(
                _("Ruler's Starting Point card: the Ruler's first province"),
                ft.Row([ruler_chip(p) for p in PROVINCES], wrap=True, spacing=6, run_spacing=2),
            ),
            section(
                _("Starting Point card: each province's Hay (the Hay Shed keeps at most 30)"),
                ft.Row([text_field(_("Hay {province}").format(province=province(p)), hay.get(p, ""),
                                   partial(type_hay, p),
                                   width=170, keyboard_type=ft.KeyboardType.NUMBER)
                        for p in provinces], wrap=True, spacing=8, run_spacing=8),
            ),
            section(
                _("Bean World map, clockwise (as printed on your map)"),
                *[map_choice(o) for o in orders],
                note(_("Remembered from your last game.") if remembered else
                     _("The rulebook allows these orders; confirm the one on your map once.")),
            ),
            bridge_part(),
            error_line(error),
            ft.FilledButton(_("Start the game"), icon=ft.Icons.PLAY_ARROW, on_click=start, height=56),
        ],
        spacing=16,
    )
