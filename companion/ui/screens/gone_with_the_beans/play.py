"""Gone with the Beans scorer, the play screen: one player's paper sheet at a time, its
scoring areas in the rulebook's words and order (rulebook: End of the Game; Differences on
Sheet B, C, D), then the final table. Each piece shows its slice of the view (``use_slice``):
after Ann's entry, a phone showing Ben's sheet renders the players' totals and the final
table, not Ben's sheet."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.session import GameOf
from companion.ui.components.common import SPACING, TOUCH
from companion.ui.components.game_bar import game_body
from companion.ui.components.sheet_scoring import final_table_of, headline_of, note, plain, pt
from companion.ui.hooks import Part, ViewOf, use_game_of, use_keeper, use_latest, use_slice
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.gone_with_the_beans.parts import (
    area, contract_words, counter, hay_row, item, summary, tick,
)
from companion.ui.screens.gone_with_the_beans.view import Refused, ScorerView, Taps, problem, view
from sheets.gone_with_the_beans import (
    AMMOND, RULES, SHEETS, Action, Allowed, Contract, Count, DevelopmentBonus, Finish, Mark, MarkContract,
    MarkDevelopmentBonus, MarkMilestoneBonus, Reopen, SetBeanichalcum, SetDpIcons, SetFacility, SetHayActionUses,
    State, horse_riding_level,
)
from sheets.i18n import _, current, ngettext


@ft.component
def Pickers(view_of: ViewOf[ScorerView], shown: str, taps: Taps) -> ft.Control:
    """A chip per player with the running total; the shown player's is selected. A chip
    that shows what it showed is kept (after an entry, one chip's words change)."""
    totals = use_slice(view_of, lambda v: tuple((s.name, s.points["total"]) for s in v.sheets))
    kept = use_keeper()

    def chip(name: str, total: int) -> ft.Control:
        return ft.Chip(
            label=ft.Text(f"{name} {total}"),
            selected=name == shown,
            show_checkmark=False,
            visual_density=ft.VisualDensity.STANDARD,
            height=TOUCH,
            on_select=lambda _e: taps.show(name),
        )

    return kept.row("chips", [((name, total, name == shown), partial(chip, name, total)) for name, total in totals],
                    wrap=True, spacing=6)


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
    kept = use_keeper()
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

    def built_to(facility_id: str) -> Callable[[int], Action]:
        return lambda n: SetFacility(player=who, facility=facility_id, built=n)

    def uses_of(row_id: str) -> Callable[[int], Action]:
        return lambda n: SetHayActionUses(player=who, row=row_id, uses=n)

    said = (letter, who, current())  # what every part of the sheet is said in

    def facilities() -> ft.Control:
        """The Farms (and C's Bridge) built at setup are the lowest count."""
        counters: list[Part] = []
        for f in sheet.facilities:
            count = allowed.facility(f.id)
            hint = ngettext("{n} built at setup", "{n} built at setup", count.low).format(n=count.low) \
                if count.low else None
            if f.id == "stable" and sheet.horse_riding:
                hint = _("Horse-Riding Level {level}").format(level=horse_riding_level(built["stable"]))
            counters.append(((f.id, built[f.id], count, hint), partial(
                counter, _(f.plural), built[f.id], enter("facilities", built_to(f.id)), count.low, count.high, hint)))
        rows = kept.controls(("facilities", said), counters)
        if sheet.horse_riding:
            rows.append(ft.Row([ft.Text(item("horse_riding"), expand=True),
                                ft.Text(pt(points["horse_riding"]), size=20, weight=ft.FontWeight.BOLD)]))
        return area(_("Facilities built"), None, *rows, problem(refused, "facilities"))

    def passport(dp_icons: Count) -> ft.Control:
        """Up to what the bonuses (D: Contracts) gained allow: one more says why not."""
        def filled(n: int) -> None:
            if n > player.dp_icons and dp_icons.more:
                taps.refuse("dp", dp_icons.more)
            else:
                taps.enter("dp", SetDpIcons(player=who, filled=n, bounded=True))

        return area(
            item("development_passport"), points["development_passport"],
            counter(_("Filled DP icons"), player.dp_icons, filled, low=dp_icons.low),
            note(_("DP icons with filled squares: between 2 connected executed Contracts, and on lines from "
                   "your province") if sheet.contracts else
                 _("DP icons with filled squares: between 2 connected gained Development Bonuses, and on lines "
                   "from your province")),
            problem(refused, "dp"),
        )

    def beanichalcum(gained: Count) -> ft.Control:
        return area(
            item("beanichalcum"), points["beanichalcum"],
            counter(_("Beanichalcum gained"), player.beanichalcum,
                    enter("beanichalcum", lambda n: SetBeanichalcum(player=who, gained=n)), low=gained.low),
            note(_("Count every Beanichalcum gained, used or not")),
            problem(refused, "beanichalcum"),
        )

    def milestones() -> ft.Control:
        return area(
            item("milestones"), points["milestones"],
            *kept.controls(("milestones", said), [
                ((b.id, b.id in player.milestone_bonuses, mark.why_not), partial(
                    tick, _("Milestone Bonus"), plain(b.effect), None, pt(b.points), b.id in player.milestone_bonuses,
                    toggle("milestones", mark, MarkMilestoneBonus(
                        player=who, bonus=b.id, gained=b.id not in player.milestone_bonuses))))
                for b, mark in zip(sheet.milestone_bonuses, allowed.milestone_bonuses)]),
            problem(refused, "milestones"),
        )

    def development(bonuses: tuple[DevelopmentBonus, ...], marks: tuple[Mark, ...]) -> ft.Control:
        return area(
            item("development_bonuses"), points["development_bonuses"],
            *kept.controls(("development", said), [
                ((b.id, b.id in player.development_bonuses, worth, mark.why_not), partial(
                    tick, _("Development Bonus"), plain(b.effect), None, worth, b.id in player.development_bonuses,
                    toggle("development", mark, MarkDevelopmentBonus(
                        player=who, bonus=b.id, gained=b.id not in player.development_bonuses))))
                for b, mark in zip(bonuses, marks) for worth in [pt(b.points_for(built)) if b.points else ""]]),
            problem(refused, "development"),
        )

    def contracts(printed: tuple[Contract, ...], marks: tuple[Mark, ...]) -> ft.Control:
        return area(
            _("Contracts executed"), points["contracts"],
            *kept.controls(("contracts", said), [
                ((c.id, c.id in player.contracts, worth, mark.why_not), partial(
                    tick, _("Executed"), title, detail, worth, c.id in player.contracts,
                    toggle("contracts", mark, MarkContract(
                        player=who, contract=c.id, executed=c.id not in player.contracts))))
                for c, mark, (title, detail) in zip(printed, marks, contract_words(printed, facility_name))
                for worth in [pt(c.points_for(built))]]),
            problem(refused, "contracts"),
        )

    def hay_actions() -> ft.Control:
        rows = [
            hay_row(plain(r.effect), _("{hay} Hay · 3rd use: {bonus}").format(hay=r.hay, bonus=plain(r.third_use)),
                    player.uses[r.id], allowed.hay_action(r.id).high or 0, enter("hay", uses_of(r.id)))
            for r in sheet.hay_actions
        ]
        if player.province == AMMOND:
            rows.append(ft.Row([ft.Text(item("ammond"), expand=True),
                                ft.Text(pt(points["ammond"]), size=20, weight=ft.FontWeight.BOLD)]))
        return area(item("hay_actions"), points["hay_actions"], *rows, problem(refused, "hay"))

    # Each area kept while it shows the same (its key holds all it shows: the sheet, the
    # player, the entries and points it reads, what the rules allow there, a refusal said
    # there, the language): after an entry, one area is built again, and in it the rows
    # that changed (their keys beside ``said``).
    def at(where: str) -> str | None:
        return refused[1] if refused[0] == where else None

    parts: list[Part] = [(("facilities", said, player.facilities, points.get("horse_riding"), allowed.facilities,
                           at("facilities")), facilities)]
    if allowed.dp_icons is not None:
        parts.append((("dp", said, player.dp_icons, points["development_passport"], allowed.dp_icons, at("dp")),
                      partial(passport, allowed.dp_icons)))
    if allowed.beanichalcum is not None:
        parts.append((("beanichalcum", said, player.beanichalcum, points["beanichalcum"], allowed.beanichalcum,
                       at("beanichalcum")), partial(beanichalcum, allowed.beanichalcum)))
    parts.append((("milestones", said, player.milestone_bonuses, points["milestones"], allowed.milestone_bonuses,
                   at("milestones")), milestones))
    if sheet.development_bonuses is not None and allowed.development_bonuses is not None:
        parts.append((("development", said, player.development_bonuses, player.facilities,
                       points["development_bonuses"], allowed.development_bonuses, at("development")),
                      partial(development, sheet.development_bonuses, allowed.development_bonuses)))
    if sheet.contracts is not None and allowed.contracts is not None:
        parts.append((("contracts", said, player.contracts, player.facilities, points["contracts"],
                       allowed.contracts, at("contracts")), partial(contracts, sheet.contracts, allowed.contracts)))
    parts.append((("hay", said, player.province, player.hay_actions, points["hay_actions"], points.get("ammond"),
                   allowed.hay_actions, at("hay")), hay_actions))
    return kept.column("areas", parts, spacing=SPACING)


@ft.component
def Headline(view_of: ViewOf[ScorerView]) -> ft.Control:
    """The winner(s) or the solitaire rating at the top, once finished."""
    return headline_of(use_slice(view_of, lambda v: v.result))


@ft.component
def FinalScoring(view_of: ViewOf[ScorerView], refused: Refused, taps: Taps) -> ft.Control:
    """The final table of every player's items, Finish (or Reopen once finished)."""
    finished, result = use_slice(view_of, lambda v: (v.finished, v.result))
    kept = use_keeper()  # the table's rows that show what they showed
    solitaire = len(result.players) == 1
    return area(
        _("Final Scoring"), None,
        *([headline_of(result)] if finished else []),
        final_table_of(result, kept),
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
        """Refused, with the first problem, while a sheet shows what no game can reach."""
        refused = game.allowed("").finish
        if refused:
            entry.refuse(refused, "final")
        else:
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
