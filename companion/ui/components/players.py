"""The setup form most games share: player names in seating order, then start. The
group's players are offered under the names (a button each) (issue 49): a tap fills the field
being typed in, else the first empty one, so a game is set up without typing."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, cast

import flet as ft

from companion.ui.components.common import TOUCH, error_line, icon_button, sentence, text_field
from companion.ui.hooks import go, use_games, use_typed
from sheets.errors import RulesError
from sheets.i18n import _


@ft.component
def PlayersSetup(game: str, low: int, high: int, extra: Mapping[str, Any] | None = None) -> ft.Control:
    """Names for ``low`` to ``high`` players; the engine checks them when the game starts.
    ``extra``: the rest of the game's setup (Bohnanza's deck). Enter moves on to the next
    name; a refusal goes once the names are typed again."""
    games = use_games()
    names, set_names, typed = use_typed([""] * low)
    active, set_active, latest_active = use_typed(0)  # the field typed in last
    error, set_error = ft.use_state(cast("str | None", None))
    added, set_added = ft.use_state(0)  # the field that takes the keyboard: the first, then a new one
    fields: list[ft.Ref[ft.TextField]] = ft.use_memo(lambda: [ft.Ref[ft.TextField]() for _ in range(high)], [high])

    def rename(i: int, value: str) -> None:
        set_names(lambda old: [value if j == i else n for j, n in enumerate(old)])
        set_active(i)
        set_error(None)  # "Player 1: the name is empty" is answered by typing it

    async def next_name(i: int, _e: object) -> None:
        following = fields[i + 1].current if i + 1 < len(fields) else None
        if following is not None:
            await following.focus()  # type: ignore[no-untyped-call]  # Flet's focus is untyped

    def take(name: str) -> None:
        """A suggested player fills the field being typed in, else the first empty one."""
        old, at = typed(), latest_active()
        if not (at < len(old) and old[at].strip() and name.casefold().startswith(old[at].strip().casefold())):
            at = next((j for j, n in enumerate(old) if not n.strip()), len(old))
        if at >= high:
            return
        filled = [*old, ""][: max(len(old), at + 1)]
        filled[at] = name
        set_names(filled)
        set_active(next((j for j, n in enumerate(filled) if not n.strip()), len(filled)))
        set_error(None)

    def add() -> None:
        """A new empty field, focused: a player types the name at once (issue 48)."""
        set_added(len(typed()))
        set_names(lambda old: [*old, ""])

    def start(_e: object) -> None:
        try:
            game_id = games.new_game(game, {**(extra or {}), "players": typed()})
        except RulesError as exc:
            set_error(sentence(str(exc)))
            return
        go(f"/game/{game_id}")

    rows = [
        ft.Row(
            [
                text_field(_("Player {number}").format(number=i + 1), name, partial(rename, i),
                           expand=True, autofocus=i == added, ref=fields[i], on_submit=partial(next_name, i)),
                icon_button(ft.Icons.REMOVE_CIRCLE_OUTLINE, _("Remove player {number}").format(number=i + 1),
                            lambda _e, i=i: set_names(lambda old: [n for j, n in enumerate(old) if j != i]),
                            disabled=len(names) <= low),
            ]
        )
        for i, name in enumerate(names)
    ]
    room = len(names) < high or any(not n.strip() for n in names)
    now_typed = names[active] if active < len(names) else ""
    offered = games.group().players.suggestions(
        now_typed, game, [n for j, n in enumerate(names) if j != active]) if room else []
    # Buttons, not chips: Flutter says a chip is a checkbox, and a tap here adds a player
    chips = ft.Row([ft.OutlinedButton(name, icon=ft.Icons.PERSON_ADD_ALT, height=TOUCH,
                                      on_click=lambda _e, name=name: take(name)) for name in offered],
                   wrap=True, spacing=8, run_spacing=4)
    return ft.Column(
        [
            ft.Text(_("Players in seating order, {low} to {high}.").format(low=low, high=high), color=ft.Colors.ON_SURFACE_VARIANT),
            *rows,
            *([ft.Text(_("Players of this group: tap one to add them"), color=ft.Colors.ON_SURFACE_VARIANT),
               chips] if offered else []),
            ft.OutlinedButton(_("Add player"), icon=ft.Icons.PERSON_ADD, height=TOUCH,
                              disabled=len(names) >= high, on_click=lambda _e: add()),
            error_line(error),
            ft.FilledButton(_("Start game"), icon=ft.Icons.PLAY_ARROW, on_click=start, height=56),
        ],
        spacing=12,
    )
