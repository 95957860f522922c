"""Sheet values: every printed value of a Gone with the Beans sheet, and where it came from.

The rulebook leaves many printed values unstated (design page, "Printed values the
rulebook does not give"). Two screens list them in the order the sheet reads, the place
in words, the value and whether it is "from the rulebook", "entered" or "not known yet":

- ``/values/:sheet?``: the values remembered for a sheet letter (A-D), which every new
  live game on that letter starts with; export them as a file, import a file.
- ``/game/:id/values``: one live game's values; a correction goes into the game (every
  phone of the game shows it) and into the memory of its sheet letter.

Tapping an entered or unknown value opens its form in place (one at a time). Whether a
value makes sense is the rules' word: a refused one shows their reason under the form.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, cast

import flet as ft

from companion.session import PhoneGames
from companion.sheet_values import SheetValuesService, values_in_file
from companion.storage import GameNotFound, StorageError
from companion.storage.sheet_values import SheetValuesDamaged
from companion.ui.hooks import go, notify, use_games, use_sheet_values, use_sheet_values_view, use_view
from companion.ui.components.common import error_line, icon_button, screen, section
from companion.ui.components.files import download_json, import_json
from companion.ui.components.printed_value import PrintedValueForm, Typed
from companion.ui.screens.not_found import no_game_here
from sheets.errors import RulesError
from sheets.i18n import N_, _, ngettext
from sheets.limits import one_line
from sheets.gone_with_the_beans import SHEETS, Cost, Sheet
from sheets.gone_with_the_beans.live import (
    RULES as LIVE_RULES, Materials, State as LiveState, check_printed_value, keys, said, shown, spec,
)

# Where a value came from (shown translated: _(source))
FROM_RULEBOOK = N_("from the rulebook")
ENTERED = N_("entered")
UNKNOWN = N_("not known yet")


# A kept value: its JSON form (or the engine's, stated by the rulebook), or one kept in a
# form this version no longer reads.
Kept = object
# (key, value or None, where it came from, what is wrong with it): a row of the list.
Row = tuple[str, Kept | None, str, str | None]


def in_words(kind: str, value: Kept) -> str:
    """A value in its JSON or engine form as a player reads it, in the phone's language
    ("2 Beans + 1 Thaler", "2 Bohnen + 1 Taler")."""
    try:
        if isinstance(value, Cost):  # stated by the rulebook
            return said(Materials.of(value))
        if kind == "materials":
            return said(value if isinstance(value, Materials) else Materials.model_validate(value))
        if kind == "numbers":
            return shown(tuple(value)) if isinstance(value, (list, tuple)) else str(value)
        return shown(value) if isinstance(value, (int, tuple)) else str(value)
    except (TypeError, ValueError):  # kept in a form the rules no longer read: shown as it is
        return str(value)


def short_place(place: str, sheet: Sheet) -> str:
    """The place without ", Sheet A" (the screen names the sheet), starting upper-case."""
    place = place.removesuffix(f", Sheet {sheet.letter}").removesuffix(_(", Sheet {letter}").format(
        letter=sheet.letter))
    return place[:1].upper() + place[1:]


def place_of(sheet: Sheet, key: str) -> str:
    """Where the value is printed, in words; a key this version does not know as it is
    (quoted, one line, cut to a phone's width)."""
    try:
        return short_place(spec(sheet, key).place, sheet)
    except RulesError:
        return one_line(json.dumps(key if len(key) <= 40 else key[:40] + "...", ensure_ascii=False))


def usable_icons(sheet: Sheet, values: Mapping[str, Kept]) -> dict[str, int]:
    """The numbers of icons among ``values`` that make sense (they decide which income
    values the sheet lists; one out of bounds must not list a million rows)."""
    found: dict[str, int] = {}
    for key, value in values.items():
        if key.startswith("icons:"):
            try:
                checked = check_printed_value(sheet, key, value)
            except (RulesError, ValueError, TypeError):
                continue
            if isinstance(checked, int):  # a number of icons, as the rules read it
                found[key] = checked
    return found


def rows_of(sheet: Sheet, values: Mapping[str, Kept]) -> list[Row]:
    """(key, value or None, where it came from, what is wrong with it) for every printed
    value of ``sheet`` in sheet order, then any value kept under a key this version does
    not know (its problem says why)."""
    listed = keys(sheet, usable_icons(sheet, values))
    rows: list[Row] = []
    for key in (*listed, *(k for k in values if k not in listed)):
        try:
            found = spec(sheet, key)
        except RulesError as exc:
            rows.append((key, values[key], ENTERED, exc.reason))
            continue
        if found.stated is not None:
            rows.append((key, found.stated, FROM_RULEBOOK, None))
        elif key in values:
            problem: str | None = None
            try:
                check_printed_value(sheet, key, values[key])
            except RulesError as exc:
                problem = exc.reason
            except (ValueError, TypeError):
                problem = _("not a value this version reads")
            rows.append((key, values[key], ENTERED, problem))
        else:
            rows.append((key, None, UNKNOWN, None))
    return rows


@ft.component
def ValuesList(sheet: Sheet, values: Mapping[str, Kept], save: Callable[[str, Typed], None],
               forget: Callable[[str], None] | None = None) -> ft.Control:
    """Every row; tapping an entered or unknown one opens its form under it."""
    opened, set_opened = ft.use_state(cast("str | None", None))

    def saver(key: str) -> Callable[[Typed], None]:
        def on_save(value: Typed) -> None:
            save(key, value)  # a RulesError shows in the form, which stays open
            set_opened(None)

        return on_save

    def row(key: str, value: Kept | None, source: str, problem: str | None) -> ft.Control:
        try:
            found = spec(sheet, key)
            full, place, kind = found.place, short_place(found.place, sheet), found.kind
            known = True
        except RulesError:  # a key this version does not know: shown as it is, to be removed
            full, place, kind, known = key, place_of(sheet, key), "number", False
        words = in_words(kind, value) if value is not None else "?"
        if len(words) > 60:
            words = words[:60] + "..."
        editable = source != FROM_RULEBOOK and known
        tile = ft.ListTile(
            title=ft.Text(place),
            subtitle=ft.Row(
                [
                    ft.Text(words, size=20, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY if source == ENTERED else None),
                    ft.Text(_(source), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                wrap=True,
                spacing=10,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            trailing=(ft.Icon(ft.Icons.EDIT_OUTLINED if source == ENTERED else ft.Icons.ADD) if editable
                      else icon_button(ft.Icons.DELETE_OUTLINE, _("Remove {place}").format(place=place),
                                       lambda _e: forget(key))
                      if forget is not None and not known else None),
            on_click=(lambda _e: set_opened(None if opened == key else key)) if editable else None,
            content_padding=ft.Padding.symmetric(horizontal=4),
            selected=opened == key,
        )
        parts: list[ft.Control] = [tile]
        if problem and not known:
            parts.append(error_line(_("This version does not know this value ({problem}); new games start "
                                      "without it").format(problem=problem)))
        elif problem:
            parts.append(error_line(_("{place}: {problem}; new games start without it until it is "
                                      "corrected").format(place=place, problem=problem)))
        if opened == key:
            heading = (_("Correct it from the printed sheet") if key in values
                       else _("Enter it from the printed sheet"))
            body: list[ft.Control] = [
                ft.Row([ft.Text(heading, size=12, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
                        icon_button(ft.Icons.CLOSE, _("Cancel"), lambda _e: set_opened(None))]),
                PrintedValueForm(key, full, kind, value if source == ENTERED else None, saver(key)),
            ]
            if forget is not None and key in values:
                body.append(ft.TextButton(_("Forget this value"), icon=ft.Icons.DELETE_OUTLINE,
                                          on_click=lambda _e: (forget(key), set_opened(None))))
            parts.append(ft.Container(
                ft.Column(body, spacing=4),
                padding=12,
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            ))
        return ft.Column(parts, spacing=4)

    groups: dict[str, list[ft.Control]] = {}
    for r in rows_of(sheet, values):
        groups.setdefault(group_of(sheet, r[0]), []).append(row(*r))
    return ft.Column([section(title, *rows) for title, rows in groups.items()], spacing=14)


# The section headings of values printed outside a facility's row
GROUPS = {"travel": N_("Travel"), "hay-shed": N_("Hay Sheds"), "milestones": N_("Milestones")}


def group_of(sheet: Sheet, key: str) -> str:
    """The part of the sheet a value is printed in: a facility's row, travel, Hay Sheds,
    milestones (the screen's section headings)."""
    name, _colon, rest = key.partition(":")
    facility = sheet.facility(rest.split(":")[0]) if rest else None
    if facility is not None and name in ("building-cost", "icons", "hay-income", "extra-income"):
        return _(facility.name)
    return _(GROUPS.get(name, N_("Not on this sheet")))


def counts(rows: list[Row]) -> str:
    n = {source: sum(1 for r in rows if r[2] == source) for source in (FROM_RULEBOOK, ENTERED, UNKNOWN)}
    return _("{rulebook} from the rulebook, {entered} entered, {unknown} not known yet").format(
        rulebook=n[FROM_RULEBOOK], entered=n[ENTERED], unknown=n[UNKNOWN])


# -- /values/:sheet? ----------------------------------------------------------------------


@ft.component
def SheetValuesScreen() -> ft.View:
    games = use_games()
    book = use_sheet_values()

    def read_book() -> dict[str, tuple[dict[str, Any], dict[str, str]]] | StorageError:
        """Every sheet's remembered values and why this version cannot use some (or why
        none can be read): what this screen follows of the remembered values."""
        try:
            return {letter: (book.kept(letter), book.unusable(letter)) for letter in SHEETS}
        except StorageError as exc:
            return exc

    remembered = use_sheet_values_view(read_book)
    asked = (ft.use_route_params().get("sheet") or "A").upper()
    letter, set_letter = ft.use_state(asked if asked in SHEETS else "A")
    problem, set_problem = ft.use_state(cast("str | None", None))
    sheet = SHEETS[letter]
    route = f"/values/{letter}"

    def picker(choice: str) -> ft.Control:
        chosen = choice == letter
        kind = ft.FilledButton if chosen else ft.OutlinedButton
        return ft.Semantics(
            label=_("Sheet {letter}").format(letter=choice), button=True, selected=chosen, exclude_semantics=True,
            content=kind(choice, on_click=lambda _e: (set_letter(choice), set_problem(None)), height=48, width=64),
        )

    head: list[ft.Control] = [
        ft.Row([picker(c) for c in SHEETS], spacing=8),
        ft.Text(_("Sheet {letter}: {title}").format(letter=letter, title=_(sheet.title)), size=18,
                weight=ft.FontWeight.W_600),
    ]
    if isinstance(remembered, SheetValuesDamaged):
        return screen(route, _("Sheet values"), [*head, *damaged(book, games, remembered, set_problem),
                                                 error_line(problem)])
    if isinstance(remembered, StorageError):
        return screen(route, _("Sheet values"), [*head, error_line(str(remembered))])
    values, unusable = remembered[letter]

    def save(key: str, value: Typed) -> None:
        book.remember(letter, key, value, by=games)
        # What was saved first: a long place is what a two-line message cuts ("…fasst: 12 …")
        notify(_("{value} saved: {place}").format(place=short_place(spec(sheet, key).place, sheet),
                                                  value=in_words(spec(sheet, key).kind, value)))

    def forget(key: str) -> None:
        try:
            book.forget(letter, key, by=games)
        except (RulesError, StorageError) as exc:
            set_problem(str(exc))
            return
        notify((_("{place}: forgotten; the next game asks again") if key not in unusable
                else _("{place}: removed")).format(place=place_of(sheet, key)))

    async def export(_e: object) -> None:
        await download_json(f"sheet-values-{letter}.json", book.export(letter))

    async def import_file(_e: object) -> None:
        imported = await import_json(_("Import sheet values"), games.may_send_file, values_in_file,
                                     lambda data: book.import_file(data, by=games), set_problem,
                                     sent=games.file_sent)
        if imported is not None:
            name, sheet_letter = imported
            set_letter(sheet_letter)
            notify(_("Sheet {letter} values imported from {file}").format(letter=sheet_letter, file=name))

    rows = rows_of(sheet, values)
    return screen(route, _("Sheet values"), [
        *head,
        ft.Text(_("What you enter from the printed sheet is remembered here; every new game on sheet {letter} "
                  "starts with it. {counts}.").format(letter=letter, counts=counts(rows)),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([
            ft.TextButton(_("Export"), icon=ft.Icons.DOWNLOAD, on_click=export),
            ft.TextButton(_("Import"), icon=ft.Icons.UPLOAD_FILE, on_click=import_file),
        ], wrap=True),
        error_line(problem),
        error_line(ngettext(
            "{n} remembered value of sheet {letter} this version cannot use: new games start without it. "
            "Correct or remove it below.",
            "{n} remembered values of sheet {letter} this version cannot use: new games start without them. "
            "Correct or remove them below.", len(unusable)).format(n=len(unusable), letter=letter)
            if unusable else None),
        # Flet's @component takes key= at run time; its type keeps only the function's parameters.
        ValuesList(sheet, values, save, forget, key=f"values-{letter}"),  # type: ignore[call-arg]
    ])


def damaged(book: SheetValuesService, games: PhoneGames, exc: SheetValuesDamaged, set_problem: Callable[[str | None], None]) -> list[ft.Control]:
    """The damage in words, and the way back: the newest good backup, or starting afresh."""

    def run(step: Callable[[], object]) -> None:
        try:
            step()
            set_problem(None)
        except (StorageError, RulesError) as err:
            set_problem(str(err))

    fix = (ft.FilledButton(_("Restore the newest good backup"),
                           on_click=lambda _e: run(lambda: book.restore_backup(by=games)))
           if exc.backup else
           ft.OutlinedButton(_("Start afresh (the damaged file stays aside)"),
                             on_click=lambda _e: run(lambda: book.start_afresh(by=games))))
    return [error_line(damage_words(exc)), fix]


def damage_words(exc: SheetValuesDamaged) -> str:
    """The damage as a phone may read it: why, and what can be done (the host's command
    line names the file kept aside; a phone is not told file names)."""
    if exc.backup:
        return _("The remembered sheet values could not be read ({why}). Their file was set aside on the "
                 "host's computer; the newest good backup can be restored.").format(why=exc.why)
    return _("The remembered sheet values could not be read ({why}). Their file was set aside on the host's "
             "computer and no good backup is left: start afresh to enter the values again.").format(why=exc.why)


# -- /game/:id/values -----------------------------------------------------------------------


@ft.component
def GameValuesScreen() -> ft.View:
    game_id = ft.use_route_params().get("id", "")
    games = use_games()
    book = use_sheet_values()
    route = f"/game/{game_id}/values"

    def read() -> LiveState | None | StorageError | RulesError:
        try:
            return games.game(game_id, LIVE_RULES).state() if games.kind(game_id) == LIVE_RULES.id else None
        except (StorageError, RulesError) as exc:
            return exc

    state = use_view(game_id, read)
    if isinstance(state, (StorageError, RulesError)):
        said = no_game_here() if isinstance(state, GameNotFound) else str(state)  # never the id on a phone
        return screen(route, _("Sheet values"), [ft.Text(said)], back=f"/game/{game_id}")
    if state is None:
        return screen(route, _("Sheet values"), [ft.Text(_("This game has no printed values to enter: they "
                                                           "belong to the Gone with the Beans live sheet."))],
                      back=f"/game/{game_id}")
    sheet = state.rules
    values = state.entered

    def save(key: str, value: Typed) -> None:
        book.enter_in_game(games, game_id, key, value)
        notify(_("{place}: {value} saved for this game and sheet {letter}").format(
            place=short_place(spec(sheet, key).place, sheet), value=in_words(spec(sheet, key).kind, value),
            letter=sheet.letter))

    rows = rows_of(sheet, values)
    return screen(route, _("Sheet values"), [
        ft.Text(_("This game, sheet {letter}: {title}").format(letter=sheet.letter, title=_(sheet.title)),
                size=18, weight=ft.FontWeight.W_600),
        ft.Text(_("{counts}. A correction counts for the rest of this game and is remembered for sheet "
                  "{letter}.").format(counts=counts(rows), letter=sheet.letter),
                size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.TextButton(_("Every remembered value of sheet {letter}").format(letter=sheet.letter),
                      icon=ft.Icons.LIST_ALT, on_click=lambda _e: go(f"/values/{sheet.letter}")),
        ValuesList(sheet, values, save, key=f"game-values-{game_id}"),  # type: ignore[call-arg]  # as above
    ], back=f"/game/{game_id}")
