"""The table's parts of the play screen: the round (its card, the Ruler), the next Round card
to reveal (any phone, once for all) or who has still to act, a chip per player's sheet, what
just happened, and after round 15 the Development Passport icons and the final table. Each
follows its own slice of the play screen's feed (``use_slice_of``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from companion.ui.components.common import SPACING, TOUCH, section, section_title, stepper, text_field
from companion.ui.components.sheet_scoring import final_table, headline, note
from companion.ui.hooks import Feed, piece, use_slice_of, use_typed
from companion.ui.kit import action_button
from companion.ui.screens.gone_with_the_beans_live.actions import PlayTaps
from companion.ui.screens.gone_with_the_beans_live.view import Shown
from companion.ui.screens.gone_with_the_beans_live.words import facility_name, province
from sheets.gone_with_the_beans import Sheet
from sheets.gone_with_the_beans.live import ROUNDS, EnterDpIcons, Reveal, RoundCard
from sheets.i18n import _
from sheets.names import isolated, listed


@piece
def RoundOf(feed: Feed[Shown]) -> ft.Control:
    """The round, its card and the Ruler, and who revealed the card (at a table)."""
    sheet, number, card, ruler, revealed_by = use_slice_of(feed, lambda s: (
        s.view.sheet, s.view.round, s.view.card, s.view.ruler, s.revealed_by))
    if card is None:
        shown = _("No Round card revealed yet")
    elif card.special:
        shown = _("Special card: each player chooses one income")
    else:  # a facility card: the engine checked that the sheet has its facility
        shown = _("{facility} · {hay} Hay").format(facility=facility_name(sheet, card.facility or ""), hay=card.hay)
    title = (_("Round {number} of {rounds}").format(number=number, rounds=ROUNDS) if number
             else _("Before round 1"))
    in_ruler = _("Ruler in {province}").format(province=province(ruler))
    lines = [
        ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
        ft.Text(f"{in_ruler} · {shown}", size=15),
        note(_("Revealed by {player}").format(player=isolated(revealed_by)) if revealed_by else ""),
    ]
    by = "; " + _("revealed by {player}").format(player=isolated(revealed_by)) if revealed_by else ""
    return ft.Semantics(label=f"{title}: {in_ruler}; {shown}{by}",
                        container=True, exclude_semantics=True,
                        content=ft.Row([ft.Container(ft.Column(lines, spacing=2), padding=12, border_radius=12,
                                                     bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, expand=True)]))


@piece
def RevealCard(sheet: Sheet, number: int, special_refused: str | None, taps: PlayTaps) -> ft.Control:
    """The table enters the revealed Round card once for all (any phone); ``special_refused``:
    why the table may not reveal a special card now (the table's ``allowed``)."""
    facility, set_facility, typed_facility = use_typed(cast("str | None", None))
    hay, set_hay, typed_hay = use_typed("")

    def reveal(_e: object) -> None:
        facility, hay = typed_facility(), typed_hay()  # as typed, also just before this tap
        if facility is None or not hay.strip().isdigit():
            taps.refuse(_("Tap the card's facility and enter its Hay (a whole number)"))
            return
        if taps.attempt(Reveal(card=RoundCard(facility=facility, hay=int(hay)))):
            set_facility(None)
            set_hay("")

    def chip(facility_id: str, name: str) -> ft.Control:
        return ft.Semantics(label=_("Card {facility}").format(facility=name), button=True,
                            selected=facility_id == facility, exclude_semantics=True,
                            content=ft.Chip(label=ft.Text(name), selected=facility_id == facility, show_checkmark=False,
                                            visual_density=ft.VisualDensity.STANDARD, height=TOUCH,
                                            on_select=lambda _e: set_facility(facility_id)))

    return section(
        _("Reveal round {number}'s Round card").format(number=number),
        ft.Row([chip(f.id, _(f.name)) for f in sheet.facilities], wrap=True, spacing=6, run_spacing=2),
        ft.Row([text_field(_("Card Hay"), hay, set_hay, width=210, keyboard_type=ft.KeyboardType.NUMBER),
                ft.FilledButton(_("Reveal"), icon=ft.Icons.STYLE, height=TOUCH, on_click=reveal)],
               wrap=True),
        action_button(_("Special card"), special_refused, lambda: taps.attempt(Reveal(card=RoundCard(special=True)))),
    )


@piece
def RoundStatus(feed: Feed[Shown], taps: PlayTaps) -> ft.Control:
    """Between rounds the next Round card to reveal (with why the table may not reveal a
    special card now); in a round, who has still to act."""
    sheet, revealing, number, waiting, special_refused = use_slice_of(feed, lambda s: (
        s.view.sheet, s.view.revealing, s.view.round, s.view.waiting, s.table.special_card))
    if revealing:
        return RevealCard(sheet, number + 1, special_refused, taps)
    if waiting:
        return note(_("Waiting for {players} to take an action").format(players=listed(waiting)))
    return ft.Container(height=0)


@piece
def SheetChipOf(feed: Feed[Shown], name: str, asking: bool, selected: bool, pick: Callable[[str], None]) -> ft.Control:
    """A player's sheet to show: a question is open on it (``asking``), or done this round."""
    done = use_slice_of(feed, lambda s: s.view.of(name).done)
    return ft.Semantics(label=(_("Sheet of {player} (a question is open)") if asking
                               else _("Sheet of {player}")).format(player=isolated(name)),
                        button=True, selected=selected, exclude_semantics=True,
                        content=ft.Chip(label=sheet_chip_label(name, asking, done),
                                        selected=selected, show_checkmark=False,
                                        visual_density=ft.VisualDensity.STANDARD, height=TOUCH,
                                        on_select=lambda _e: pick(name)))


def sheet_chip_label(name: str, asking: bool, done: bool) -> ft.Control:
    """The chip's words; only they change when the player is done (on every phone)."""
    return ft.Text(isolated(name) + (" · ?" if asking else " · " + _("done") if done else ""))


@piece
def EventsOf(feed: Feed[Shown]) -> ft.Control:
    """What just happened: on every phone after every entry (its lines are new each time:
    made plainly, a part would cost more)."""
    events = use_slice_of(feed, lambda s: s.view.events)
    if not events:
        return ft.Container(height=0)
    return section(section_title(_("What just happened")), *[note(text) for text in events])


@piece
def Final(feed: Feed[Shown], taps: PlayTaps, at_table: bool, mine: str | None) -> ft.Control:
    """After round 15: count each sheet's Development Passport icons (not on B), then the
    breakdown."""
    final = use_slice_of(feed, lambda s: s.view.final)
    if final is None:
        return ft.Container(height=0)
    scored = final.scored
    parts: list[ft.Control] = [headline(scored)] if scored.finished else []
    if final.counts_dp_icons:
        counters: list[ft.Control] = []
        for name, filled in final.dp_icons:
            if at_table and name != mine:
                continue
            counters.append(stepper(_("{player}: filled DP icons").format(player=isolated(name)), filled or 0,
                                    _count(taps, name)))
            if filled is None:  # not counted yet: 0 is a count too
                counters.append(ft.Row([note(_("{player}: not counted yet").format(player=isolated(name))),
                                        ft.TextButton(_("No DP icon filled"), height=TOUCH,
                                                      on_click=_none_filled(taps, name))]))
        parts.append(section(_("End of the game: count the filled Development Passport icons on each sheet"),
                             *counters,
                             note("" if scored.finished else
                                  _("The winner shows once every sheet's icons are counted."))))
    parts.append(final_table(scored))
    return ft.Column(parts, spacing=SPACING)


def _count(taps: PlayTaps, name: str) -> Callable[[int], bool]:
    return lambda n: taps.attempt(EnterDpIcons(player=name, filled=n))


def _none_filled(taps: PlayTaps, name: str) -> Callable[[object], bool]:
    return lambda _e: taps.attempt(EnterDpIcons(player=name, filled=0))
