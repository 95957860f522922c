"""Where we play (issue 50): a setting of the data directory, asked once on Home and
changed there. Every game started here keeps it; BG Stats files each play under it (a play
without one is filed under the sending app) and score files carry it."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.session import PhoneGames
from companion.storage import StorageError
from companion.ui.components.common import TOUCH, error_line, text_field
from companion.ui.hooks import use_typed
from sheets.errors import RulesError
from sheets.i18n import _
from sheets.limits import MAX_LOCATION



def typed_or(typed: str | None, shown: str) -> str:
    """What was typed since the field opened, else what it shows."""
    return shown if typed is None else typed


@ft.component
def WhereWePlay(games: PhoneGames, changed: int = 0) -> ft.Control:
    """Asked once ("Where do you play?", Save or Skip); then one line with Change."""
    editing, set_editing = ft.use_state(False)
    typed, set_typed, latest = use_typed(cast("str | None", None))  # None: not typed since opened
    problem, set_problem = ft.use_state(cast("str | None", None))
    _saved, set_saved = ft.use_state(0)  # saves made here: the setting is read again at once
    place, asked = games.location(), games.location_asked()

    def close() -> None:
        set_problem(None)
        set_editing(False)
        set_typed(None)

    def save(text: str) -> None:
        try:
            games.set_location(text)
        except (RulesError, StorageError) as exc:
            set_problem(str(exc))
            return
        set_saved(lambda n: n + 1)
        close()

    if asked and not editing:
        said = _("Where we play: {place}").format(place=place) if place else _("Where we play: not said")
        return ft.Row([ft.Text(said, size=14, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                       ft.TextButton(_("Change"), height=TOUCH, on_click=lambda _e: set_editing(True))])
    shown = (place or "") if typed is None else typed
    return ft.Column([
        ft.Text(_("Where do you play? Each game started here keeps the place; BG Stats files the play under it."),
                size=14) if not asked else ft.Container(),
        text_field(_("Where we play"), shown, set_typed, max_length=MAX_LOCATION,
                   helper=_("A place: the club, the kitchen, Café Meeple"), helper_max_lines=3),
        ft.Row([
            ft.FilledButton(_("Save place"), height=TOUCH,
                            on_click=lambda _e: save(typed_or(latest(), shown))),
            ft.TextButton(_("Skip") if not asked else _("Cancel"), height=TOUCH,
                          on_click=lambda _e: save("") if not asked else close()),
        ], wrap=True),
        error_line(problem),
    ], spacing=4)
