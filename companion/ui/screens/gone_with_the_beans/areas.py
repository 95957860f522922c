"""Gone with the Beans scorer: the scoring areas of one player's sheet, each a piece given
what it shows (the entries and points it reads, what the rules allow there, a refusal said
there, ``Said``: the sheet letter, the player and the language): after an entry, the one
area that shows it renders again. What may be entered is the engine's answer (``allowed``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.components.common import SPACING, error_line
from companion.ui.components.sheet_scoring import note, plain, pt
from companion.ui.hooks import piece
from companion.ui.screens.gone_with_the_beans.parts import area, contract_words, counter, hay_row, item, tick
from companion.ui.screens.gone_with_the_beans.view import Refused, SheetShown, Taps
from sheets.gone_with_the_beans import (
    AMMOND, SHEETS, Action, Allowed, Count, Mark, MarkContract, MarkDevelopmentBonus, MarkMilestoneBonus,
    SetBeanichalcum, SetDpIcons, SetFacility, SetHayActionUses, horse_riding_level,
)
from sheets.i18n import Translations, _, current, ngettext

Said = tuple[str, str, Translations]  # (the sheet letter, the player, the language): what every area is said in


def sheet_areas(shown: SheetShown, letter: str, allowed: Allowed, refused: Refused, taps: Taps) -> ft.Control:
    """The scoring areas of one player's sheet, each a piece of its own slices."""
    player, points = shown.entries, shown.points
    said: Said = (letter, player.name, current())

    def at(where: str) -> str | None:
        return refused[1] if refused[0] == where else None

    areas = [Facilities(said, player.facilities, points.get("horse_riding"), allowed.facilities, at("facilities"),
                        taps)]
    if allowed.dp_icons is not None:
        areas.append(Passport(said, player.dp_icons, points["development_passport"], allowed.dp_icons, at("dp"),
                              taps))
    if allowed.beanichalcum is not None:
        areas.append(Beanichalcum(said, player.beanichalcum, points["beanichalcum"], allowed.beanichalcum,
                                  at("beanichalcum"), taps))
    areas.append(Milestones(said, player.milestone_bonuses, points["milestones"], allowed.milestone_bonuses,
                            at("milestones"), taps))
    if SHEETS[letter].development_bonuses is not None and allowed.development_bonuses is not None:
        areas.append(Development(said, player.development_bonuses, player.facilities, points["development_bonuses"],
                                 allowed.development_bonuses, at("development"), taps))
    if SHEETS[letter].contracts is not None and allowed.contracts is not None:
        areas.append(Contracts(said, player.contracts, player.facilities, points["contracts"], allowed.contracts,
                               at("contracts"), taps))
    areas.append(HayActions(said, player.province, player.hay_actions, points["hay_actions"], points.get("ammond"),
                            allowed.hay_actions, at("hay"), taps))
    return ft.Column(areas, spacing=SPACING)


def toggle(taps: Taps, where: str, mark: Mark, action: Action) -> Callable[[], object]:
    """A tick's tap: the entry, or the rules' reason they refuse it now."""
    return lambda: taps.refuse(where, mark.why_not) if mark.why_not else taps.enter(where, action)


@piece
def Facilities(said: Said, facilities: tuple[tuple[str, int], ...], horse_points: int | None,
               counts: tuple[Count, ...], refusal: str | None, taps: Taps) -> ft.Control:
    """The Farms (and C's Bridge) built at setup are the lowest count."""
    letter, who, _language = said
    sheet, built = SHEETS[letter], dict(facilities)
    rows: list[ft.Control] = []
    for f in sheet.facilities:
        count = next(c for c in counts if c.id == f.id)
        hint = ngettext("{n} built at setup", "{n} built at setup", count.low).format(n=count.low) \
            if count.low else None
        if f.id == "stable" and sheet.horse_riding:
            hint = _("Horse-Riding Level {level}").format(level=horse_riding_level(built["stable"]))

        def built_to(n: int, facility: str = f.id) -> object:
            return taps.enter("facilities", SetFacility(player=who, facility=facility, built=n))

        rows.append(counter(_(f.plural), built[f.id], built_to, count.low, count.high, hint))
    if sheet.horse_riding:
        rows.append(ft.Row([ft.Text(item("horse_riding"), expand=True),
                            ft.Text(pt(horse_points or 0), size=20, weight=ft.FontWeight.BOLD)]))
    return area(_("Facilities built"), None, *rows, error_line(refusal))


@piece
def Passport(said: Said, dp_icons: int, points: int, count: Count, refusal: str | None, taps: Taps) -> ft.Control:
    """Up to what the bonuses (D: Contracts) gained allow: one more says why not."""
    letter, who, _language = said

    def filled(n: int) -> None:
        if n > dp_icons and count.more:
            taps.refuse("dp", count.more)
        else:
            taps.enter("dp", SetDpIcons(player=who, filled=n, bounded=True))

    return area(
        item("development_passport"), points,
        counter(_("Filled DP icons"), dp_icons, filled, low=count.low),
        note(_("DP icons with filled squares: between 2 connected executed Contracts, and on lines from "
               "your province") if SHEETS[letter].contracts else
             _("DP icons with filled squares: between 2 connected gained Development Bonuses, and on lines "
               "from your province")),
        error_line(refusal),
    )


@piece
def Beanichalcum(said: Said, gained: int, points: int, count: Count, refusal: str | None, taps: Taps) -> ft.Control:
    who = said[1]
    return area(
        item("beanichalcum"), points,
        counter(_("Beanichalcum gained"), gained,
                lambda n: taps.enter("beanichalcum", SetBeanichalcum(player=who, gained=n)), low=count.low),
        note(_("Count every Beanichalcum gained, used or not")),
        error_line(refusal),
    )


@piece
def Milestones(said: Said, gained: tuple[str, ...], points: int, marks: tuple[Mark, ...], refusal: str | None,
               taps: Taps) -> ft.Control:
    letter, who, _language = said
    return area(
        item("milestones"), points,
        *[tick(_("Milestone Bonus"), plain(b.effect), None, pt(b.points), b.id in gained,
               toggle(taps, "milestones", mark, MarkMilestoneBonus(player=who, bonus=b.id,
                                                                   gained=b.id not in gained)))
          for b, mark in zip(SHEETS[letter].milestone_bonuses, marks)],
        error_line(refusal),
    )


@piece
def Development(said: Said, gained: tuple[str, ...], facilities: tuple[tuple[str, int], ...], points: int,
                marks: tuple[Mark, ...], refusal: str | None, taps: Taps) -> ft.Control:
    letter, who, _language = said
    bonuses, built = SHEETS[letter].development_bonuses or (), dict(facilities)
    return area(
        item("development_bonuses"), points,
        *[tick(_("Development Bonus"), plain(b.effect), None, pt(b.points_for(built)) if b.points else "",
               b.id in gained, toggle(taps, "development", mark, MarkDevelopmentBonus(
                   player=who, bonus=b.id, gained=b.id not in gained)))
          for b, mark in zip(bonuses, marks)],
        error_line(refusal),
    )


@piece
def Contracts(said: Said, executed: tuple[str, ...], facilities: tuple[tuple[str, int], ...], points: int,
              marks: tuple[Mark, ...], refusal: str | None, taps: Taps) -> ft.Control:
    letter, who, _language = said
    sheet, built = SHEETS[letter], dict(facilities)
    printed = sheet.contracts or ()

    def facility_name(facility_id: str) -> str:
        facility = sheet.facility(facility_id)
        return _(facility.name) if facility is not None else facility_id

    return area(
        _("Contracts executed"), points,
        *[tick(_("Executed"), title, detail, pt(c.points_for(built)), c.id in executed,
               toggle(taps, "contracts", mark, MarkContract(player=who, contract=c.id,
                                                            executed=c.id not in executed)))
          for c, mark, (title, detail) in zip(printed, marks, contract_words(printed, facility_name))],
        error_line(refusal),
    )


@piece
def HayActions(said: Said, province: str, hay_actions: tuple[tuple[str, int], ...], points: int,
               ammond_points: int | None, counts: tuple[Count, ...], refusal: str | None, taps: Taps) -> ft.Control:
    letter, who, _language = said
    uses = dict(hay_actions)

    def uses_of(row_id: str) -> Callable[[int], object]:
        return lambda n: taps.enter("hay", SetHayActionUses(player=who, row=row_id, uses=n))

    rows = [
        hay_row(plain(r.effect), _("{hay} Hay · 3rd use: {bonus}").format(hay=r.hay, bonus=plain(r.third_use)),
                uses[r.id], next(c for c in counts if c.id == r.id).high or 0, uses_of(r.id))
        for r in SHEETS[letter].hay_actions
    ]
    if province == AMMOND:
        rows.append(ft.Row([ft.Text(item("ammond"), expand=True),
                            ft.Text(pt(ammond_points or 0), size=20, weight=ft.FontWeight.BOLD)]))
    return area(item("hay_actions"), points, *rows, error_line(refusal))
