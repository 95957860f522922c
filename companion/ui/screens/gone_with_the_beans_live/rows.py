"""A player's paper sheet on the phone: the materials with the sheds' cap, each facility's
row (a box per icon, filled: built), each Hay action's uses, the bonuses gained and the
province's ability. Each piece follows its own slice of the play screen's feed
(``use_slice_of``); parts that stay the same are passed over (``part``)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.components.common import big_number, section
from companion.ui.components.sheet_scoring import note, plain
from companion.ui.hooks import Feed, part, piece, use_slice_of
from companion.ui.screens.gone_with_the_beans_live.view import Shown
from companion.ui.screens.gone_with_the_beans_live.words import province
from sheets.gone_with_the_beans import PROVINCES, Sheet
from sheets.gone_with_the_beans.live import (
    HAY_ACTION_USES_PER_ROW, WAREHOUSE, Materials, PlayerState, horse_riding_level,
)
from sheets.i18n import _, ngettext, npgettext


def boxes(filled: int, total: int | None, icon: ft.IconData, empty: ft.IconData) -> ft.Control:
    """Squares or icons filled left to right, as on the paper sheet."""
    total = filled if total is None else total
    return ft.Row([ft.Icon(icon if n < filled else empty, size=20,
                           color=ft.Colors.PRIMARY if n < filled else ft.Colors.OUTLINE)
                   for n in range(max(total, filled))], spacing=0, wrap=True)


# A tile's word under its count, in the count's number (issue 48: "0 Bohne"): German "1 Bohne",
# "0 Bohnen"; the rulebook's English counts unchanged, "0 Bean" (Hay's tile says its sheds' cap).
UNDER_COUNT: dict[str, Callable[[int], str]] = {
    "thaler": lambda n: npgettext("a warehouse tile, under its count", "Thaler", "Thaler", n),
    "bean": lambda n: npgettext("a warehouse tile, under its count", "Bean", "Bean", n),
    "worker": lambda n: npgettext("a warehouse tile, under its count", "Worker", "Worker", n),
}


def materials_row(sheet: Sheet, materials: Materials, capacity: int, lost: int) -> ft.Control:
    """The warehouse: a payment changes one or two of the four tiles (each a part)."""
    tiles = [(getattr(materials, kind), _("Hay of {capacity}").format(capacity=capacity) if kind == "hay"
              else UNDER_COUNT[kind](getattr(materials, kind))) for kind in WAREHOUSE]  # as the timeline charts them
    row: ft.Control = ft.Row([part(tile, value, caption) for value, caption in tiles], spacing=4)
    if sheet.beanichalcum is not None:  # a fifth tile does not fit a phone at 150 % text
        row = ft.Column([row, ft.Text(_("Beanichalcum: {n}").format(n=materials.beanichalcum), size=18,
                                      weight=ft.FontWeight.W_600)], spacing=2)
    return ft.Semantics(
        label=(_("Materials: {materials}; Hay Sheds hold {capacity}; {lost} Hay lost") if lost else
               _("Materials: {materials}; Hay Sheds hold {capacity}")).format(
            materials=materials.said, capacity=capacity, lost=lost),
        container=True,  # one node: screen readers (and tests) read the row at once
        exclude_semantics=True,
        content=ft.Column([row, note(_("{lost} Hay lost over the sheds so far").format(lost=lost)) if lost
                           else ft.Container()],
                          spacing=0),
    )


def tile(value: int, caption: str) -> ft.Control:
    return ft.Container(big_number(value, caption), expand=True)


@piece
def MaterialsOf(feed: Feed[Shown], name: str) -> ft.Control:
    """``name``'s materials, the Hay their sheds hold and the Hay lost."""
    return materials_row(*use_slice_of(feed, lambda s: materials_of(s, name)))


def materials_of(s: Shown, name: str) -> tuple[Sheet, Materials, int, int]:
    shown = s.view.of(name)
    return s.view.sheet, shown.player.materials, shown.capacity, shown.player.hay_lost


def facility_row(plural_name: str, built: int, icons: int | None) -> ft.Control:
    """A facility's row: its name, a box per icon (filled: built) and the count."""
    plural = _(plural_name)
    label = (_("{facilities}: {built} built of {icons}") if icons is not None
             else _("{facilities}: {built} built")).format(facilities=plural, built=built, icons=icons)
    count = (_("{built} of {icons}") if icons is not None else _("{built} built")).format(built=built, icons=icons)
    return ft.Semantics(label=label, container=True, exclude_semantics=True, content=ft.Row(
        # The name takes what the boxes leave ("Bauernhöfe" is wider than "Farms"), never cut.
        [ft.Text(plural, expand=True), boxes(built, icons, ft.Icons.HOME, ft.Icons.HOME_OUTLINED),
         ft.Text(count, size=14)]))


def hay_row(effect: str, hay: int, uses: int) -> ft.Control:
    """A Hay action's row: what it does and a box per use."""
    return ft.Semantics(label=_("{action}: used {uses} of {most}").format(
                            action=plain(effect), uses=uses, most=HAY_ACTION_USES_PER_ROW),
                        container=True, exclude_semantics=True,
                        content=ft.Row([ft.Text(_("{action} ({hay} Hay)").format(action=plain(effect), hay=hay),
                                                expand=True, size=14),
                                        boxes(uses, HAY_ACTION_USES_PER_ROW,
                                              ft.Icons.CHECK_BOX, ft.Icons.CHECK_BOX_OUTLINE_BLANK)]))


def facts(sheet: Sheet, player: PlayerState) -> str:
    """The facts under the facilities: what was built, the sheds, and the sheet's own."""
    said = [ngettext("{n} facility built", "{n} facilities built", player.facilities_built).format(
                n=player.facilities_built),
            _("Hay Sheds added {n} of {most}").format(n=player.hay_sheds, most=sheet.extra_hay_sheds)]
    if sheet.horse_riding is not None:
        said.insert(0, _("Horse-Riding Level {level}").format(level=horse_riding_level(player.count('stable'))))
    if player.bridges:
        said.append(_("Bridges join {provinces}").format(provinces=", ".join(province(p) for p in player.bridges)))
    if sheet.beanichalcum is not None:
        said.append(_("Beanichalcum gained {n}").format(n=player.beanichalcum_gained))
    return " · ".join(said)


def notes(sheet: Sheet, player: PlayerState) -> list[tuple[str, str]]:
    """The milestones and bonuses gained (the sheet's own words), the province's ability."""
    gained_m = []
    for b in player.milestone_bonuses:
        bonus = sheet.milestone_bonus(b)
        assert bonus is not None  # the bonuses a player gained are the sheet's own
        gained_m.append(plain(bonus.effect))
    said = [(_("Milestones achieved: {n}").format(n=player.milestones),
             _("Bonuses: {bonuses}").format(bonuses="; ".join(gained_m) if gained_m else _("none yet")))]
    if sheet.development_bonuses is not None:
        gained_d = []
        for b in player.development_bonuses:
            development = sheet.development_bonus(b)
            assert development is not None
            gained_d.append(plain(development.effect))
        said.append((_("Development Bonuses"), "; ".join(gained_d) if gained_d else _("none yet")))
    ability = PROVINCES[player.province]
    ability_text = _(sheet.province_abilities.get(player.province, ability.ability))
    said.append((_(ability.name), _("{ability} (used)").format(ability=ability_text)
                 if player.ability_used else ability_text))
    return said


@piece
def Rows(feed: Feed[Shown], name: str) -> ft.Control:
    """``name``'s paper sheet's rows as they stand; a build changes one facility's row and
    the facts under them: each section and row is a part, the rest is passed over."""
    sheet, player, icons_known = use_slice_of(feed, lambda s: (s.view.sheet, s.view.of(name).player, s.view.icons))
    facilities = tuple((f.plural, player.count(f.id), icons) for f, icons in zip(sheet.facilities, icons_known))
    hay_actions = tuple((r.effect, r.hay, player.uses(r.id)) for r in sheet.hay_actions)
    return ft.Column([part(facilities_section, facilities, facts(sheet, player)),
                      part(hay_section, hay_actions),
                      *[part(note_section, title, text) for title, text in notes(sheet, player)]], spacing=12)


def facilities_section(facilities: tuple[tuple[str, int, int | None], ...], facts_text: str) -> ft.Control:
    return section(_("Facilities"), *[part(facility_row, *row) for row in facilities], note(facts_text))


def hay_section(hay_actions: tuple[tuple[str, int, int], ...]) -> ft.Control:
    return section(_("Hay actions"), *[part(hay_row, *row) for row in hay_actions])


def note_section(title: str, text: str) -> ft.Control:
    return section(title, note(text))
