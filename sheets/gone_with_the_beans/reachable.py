"""What a Gone with the Beans sheet can hold at the end of a real game (issue 31).

One place for the bounds that tie a sheet's entries to each other: the Development
Passport icons by the bonuses (or Contracts) they lie between (design page, gaps 11;
used by the score files and by the live sheet's final count), and what a score file's
sheet must show for what it says was gained: the facility a free build built, the
Beanichalcum its sources gave, the Development Bonuses and Contracts their sources
gave, D's milestones by the Contracts executed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sheets.gone_with_the_beans.scoring import PlayerSheet
from sheets.gone_with_the_beans.sheets import (
    COUNTED,
    HAY_ACTION_USES_PER_ROW,
    PROVINCES,
    ROUNDS,
    Sheet,
)
from sheets.i18n import _, ngettext


def most_dp_icons(sheet: Sheet, gained: int, bridges: int = 0) -> int:
    """The most Development Passport icons a sheet can fill (design page, gaps 11).

    ``gained``: the Development Bonuses gained (A-C) or the Contracts executed (D); an
    icon lies on a line between two of them or between one and your province, so n of
    them fill at most n(n+1)/2 (none without one). ``bridges``: sheet C's Bridges that
    join two provinces, one icon each ("if you have built any Bridge that connects 2
    provinces, fill the square of the DP icon on the Bridge").
    """
    network = gained * (gained + 1) // 2
    return network + (bridges if sheet.facility("bridge") is not None else 0)


def dp_icons_refusal(sheet: Sheet, filled: int, gained: int, bridges: int = 0) -> str | None:
    """Why ``filled`` DP icons cannot be on this sheet, in the player's words, or None
    (``gained`` and ``bridges`` as in ``most_dp_icons``)."""
    most = most_dp_icons(sheet, gained, bridges)
    if filled <= most:
        return None
    count = ngettext("{n} Development Passport icon", "{n} Development Passport icons", filled).format(n=filled)
    if sheet.facility("bridge") is not None:
        reason = ngettext("{bridges} and {n} Development Bonus gained fill at most {most}",
                          "{bridges} and {n} Development Bonuses gained fill at most {most}", gained).format(
            bridges=COUNTED["bridge"](bridges).format(n=bridges), n=gained, most=most)
    elif sheet.contracts is not None:
        reason = (ngettext("{n} Contract executed fills at most {most}",
                           "{n} Contracts executed fill at most {most}", gained).format(n=gained, most=most)
                  if gained else _("no Contract is executed, and an icon is filled only beside an executed one"))
    else:
        reason = (ngettext("{n} Development Bonus gained fills at most {most}",
                           "{n} Development Bonuses gained fill at most {most}", gained).format(n=gained, most=most)
                  if gained else _("no Development Bonus is gained, and an icon is filled only beside a gained one"))
    return _("{count}, but {reason}").format(count=count, reason=reason)


# --- A score file's sheet ------------------------------------------------------------------

# A problem: (the file's key, "" for the player as a whole; the listed item it names or None; the reason).
Problem = tuple[str, str | None, str]

MAP_PROVINCES = len(PROVINCES)  # the Bean World map is a ring of the six (design page, gaps 7)


def _milestone_bonus(bonus: str) -> str:
    return _('the Milestone Bonus "{bonus}"').format(bonus=bonus)


def _third_use(row: str) -> str:
    return _('the 3rd use of "{row}"').format(row=row)


def _uses(row: str, uses: int) -> str:
    return ngettext('{n} use of "{row}"', '{n} uses of "{row}"', uses).format(n=uses, row=row)


def _free_builds(sheet: Sheet, player: PlayerSheet, at_setup: Sequence[tuple[str, int]]) -> Iterator[Problem]:
    """A free Farm or Bridge is built: the Milestone Bonuses "free-farm" and "free-bridge",
    C's 3rd rising-Thaler use (rulebook: Milestone Bonus; Differences on Sheet C). They build
    where the player may build; when nothing can be built they pass (design page, gaps 16):
    on C a free Farm passes while the Ruler is elsewhere, so C's Farms are not checked, and a
    free Bridge passes once no province is left (at most 5 Bridges). Otherwise the sheet
    shows them beyond the ones built at setup (a row holds more icons than its setup builds)."""
    built = player.built
    for facility, setup in at_setup:
        if facility == "farm" and sheet.facility("bridge") is not None:
            continue
        sources = [_milestone_bonus(b.id) for b in sheet.milestone_bonuses
                   if b.builds == facility and b.id in player.milestone_bonuses]
        sources += [_third_use(r.id) for r in sheet.hay_actions
                    if r.third_use_free_bridge and facility == "bridge" and player.uses[r.id] == HAY_ACTION_USES_PER_ROW]
        least = setup + len(sources)
        if facility == "bridge":
            least = min(least, MAP_PROVINCES - 1)
        if sources and built[facility] < least:
            count = COUNTED[facility](built[facility]).format(n=built[facility])
            listed = ", ".join([_("{n} at setup").format(n=setup), *sources])
            yield f"facilities.{facility}", None, _("{count}, but {reason}").format(
                count=count, reason=_("the sheet shows at least {least} built: {sources}").format(
                    least=least, sources=listed))


def _bridges(sheet: Sheet, player: PlayerSheet) -> Iterator[Problem]:
    """Sheet C: a Bridge joins your province (or one joined) to an adjacent one not joined
    yet, so the six provinces of the map take at most 5 (our reading, issue 31)."""
    if sheet.facility("bridge") is None:
        return
    most = MAP_PROVINCES - 1
    built = player.built["bridge"]
    if built > most:
        yield "facilities.bridge", None, _("{count}, but {reason}").format(
            count=COUNTED["bridge"](built).format(n=built),
            reason=_("each Bridge joins one more of the map's {provinces} provinces to yours: at most {most}").format(
                provinces=MAP_PROVINCES, most=most))


def _development_bonuses(sheet: Sheet, player: PlayerSheet) -> Iterator[Problem]:
    """A Development Bonus is gained for a Hay action's 3rd use (C's rising-Thaler row
    builds a Bridge instead) and for each House and Silo built, while any is left
    (rulebook: Gaining a Development Bonus; "When you have performed it 3 times, you gain
    the 'Development Bonus'"; design page, readings 5 and 24): the sheet lists no more
    than its sources gave, and no fewer while bonuses were left."""
    if sheet.development_bonuses is None:
        return
    built = player.built
    full = [r for r in sheet.hay_actions
            if r.third_use_development_bonus and player.uses[r.id] == HAY_ACTION_USES_PER_ROW]
    rows = len(full)
    givers = [f.id for f in sheet.facilities if f.gives_development_bonus]
    most = rows + sum(built[f] for f in givers)
    gained = player.development_bonuses
    if len(gained) > most:
        sources = [COUNTED[f](built[f]).format(n=built[f]) for f in givers]
        sources.append(ngettext("{n} Hay action used 3 times", "{n} Hay actions used 3 times", rows).format(n=rows))
        yield "development_bonuses", gained[most], _("{count}, but {reason}").format(
            count=ngettext("{n} Development Bonus", "{n} Development Bonuses", len(gained)).format(n=len(gained)),
            reason=ngettext("at most {most} was gained: {sources}", "at most {most} were gained: {sources}",
                            most).format(most=most, sources=", ".join(sources)))
        return
    earned = min(most, len(sheet.development_bonuses))  # "while any is left"
    if len(gained) < earned:
        sources = [COUNTED[f](built[f]).format(n=built[f]) for f in givers if built[f]]
        sources += [_('the "{row}" row 3 times').format(row=r.id) for r in full]
        count = ngettext("{n} Development Bonus earned ({sources})", "{n} Development Bonuses earned ({sources})",
                         earned).format(n=earned, sources=", ".join(sources))
        yield "development_bonuses", None, _("{count}, {n} listed").format(count=count, n=len(gained))


def _contracts_by_rows(sheet: Sheet, player: PlayerSheet) -> int:
    """Sheet D: the Contracts the Hay actions gained (each use of a Contract row, the Worker
    and travel rows' 3rd use)."""
    return (sum(player.uses[r.id] for r in sheet.hay_actions if r.contract)
            + sum(1 for r in sheet.hay_actions if r.third_use_contract and player.uses[r.id] == HAY_ACTION_USES_PER_ROW))


def _contracts(sheet: Sheet, player: PlayerSheet) -> Iterator[Problem]:
    """Sheet D: a Contract is executed once gained; Normal ones come from the Normal
    Contract row's uses, the Worker and travel rows' 3rd use and the Milestone Bonus
    "normal-contract", Advanced ones from the Advanced Contract row's uses and the
    Milestone Bonus "advanced-contract" (rulebook: Differences on Sheet D)."""
    if sheet.contracts is None:
        return
    for kind in ("normal", "advanced"):
        sources = [_uses(r.id, player.uses[r.id]) for r in sheet.hay_actions
                   if r.contract == kind and player.uses[r.id]]
        sources += [_third_use(r.id) for r in sheet.hay_actions
                    if r.third_use_contract == kind and player.uses[r.id] == HAY_ACTION_USES_PER_ROW]
        bonuses = [b.id for b in sheet.milestone_bonuses if b.contract == kind and b.id in player.milestone_bonuses]
        most = (sum(player.uses[r.id] for r in sheet.hay_actions if r.contract == kind)
                + sum(1 for r in sheet.hay_actions
                      if r.third_use_contract == kind and player.uses[r.id] == HAY_ACTION_USES_PER_ROW)
                + len(bonuses))
        sources += [_milestone_bonus(b) for b in bonuses]
        executed = [c for c in player.contracts if (found := sheet.contract(c)) is not None and found.kind == kind]
        if len(executed) > most:
            n = len(executed)
            count = (ngettext("{n} Normal Contract executed", "{n} Normal Contracts executed", n) if kind == "normal"
                     else ngettext("{n} Advanced Contract executed", "{n} Advanced Contracts executed", n)).format(n=n)
            yield "contracts", executed[most], _("{count}, but {reason}").format(
                count=count,
                reason=ngettext("at most {most} was gained: {sources}", "at most {most} were gained: {sources}",
                                most).format(most=most, sources=", ".join(sources)
                                             or _("no Hay action or Milestone Bonus gained one")))


def _milestones(sheet: Sheet, player: PlayerSheet) -> Iterator[Problem]:
    """Sheet D: a milestone is achieved when the Contracts executed reach its number
    (design page, gaps 8; rulebook: 1, 3, 5, 7); Contracts are never taken back.
    Sheets A-C: the numbers of the "No. of facilities" field are not stated; they rise from
    1 (as the live sheet checks them when entered), so the k-th milestone needs at least k
    facilities built, the setup ones included (our reading, issue 31)."""
    gained = player.milestone_bonuses
    if sheet.contracts is None:
        built = sum(n for _, n in player.facilities)
        if len(gained) > built:
            yield "milestone_bonuses", gained[built], _("{count}, but {reason}").format(
                count=ngettext("{n} Milestone Bonus", "{n} Milestone Bonuses", len(gained)).format(n=len(gained)),
                reason=ngettext("{n} facility built reaches at most {n} milestone (the numbers rise from 1)",
                                "{n} facilities built reach at most {n} milestones (the numbers rise from 1)",
                                built).format(n=built))
        return
    if not sheet.milestone_thresholds:
        return
    executed = len(player.contracts)
    reached = sum(1 for t in sheet.milestone_thresholds if t <= executed)
    if len(gained) > reached:
        yield "milestone_bonuses", gained[reached], _("{count}, but {reason}").format(
            count=ngettext("{n} Milestone Bonus", "{n} Milestone Bonuses", len(gained)).format(n=len(gained)),
            reason=ngettext("{n} Contract executed reaches {reached} of the milestones at {thresholds}",
                            "{n} Contracts executed reach {reached} of the milestones at {thresholds}",
                            executed).format(n=executed, reached=reached,
                                             thresholds=", ".join(map(str, sheet.milestone_thresholds))))
        return
    # A Milestone Bonus's Contract is gained once its milestone is achieved: the milestones
    # before it were reached with the Contracts of the Hay actions and of the bonuses before
    # them (our reading, issue 31; the bonuses that gain one taken first, the best case).
    by_rows = _contracts_by_rows(sheet, player)
    bonuses = [b for b in gained if (found := sheet.milestone_bonus(b)) is not None and found.contract]
    for k, need in enumerate(sheet.milestone_thresholds[:len(gained)]):
        before = by_rows + min(k, len(bonuses))
        if need > before and bonuses:
            yield "milestone_bonuses", bonuses[0], ngettext(
                '"{bonus}" gains its Contract only after its milestone, and milestone {k} needs {need} Contract '
                "executed before it: the Hay actions gained {rows}",
                '"{bonus}" gains its Contract only after its milestone, and milestone {k} needs {need} Contracts '
                "executed before it: the Hay actions gained {rows}", need).format(
                bonus=bonuses[0], k=k + 1, need=need, rows=by_rows)
            return


def _beanichalcum(sheet: Sheet, player: PlayerSheet) -> Iterator[Problem]:
    """Sheet B: Beanichalcum is counted as gained, spent or not; each Silo built, each use
    of the Beanichalcum row, its Milestone Bonus and its Development Bonus gave 1
    (rulebook: Differences on Sheet B)."""
    if sheet.beanichalcum is None:
        return
    built = player.built
    silos = [f.id for f in sheet.facilities if f.gain_on_build.beanichalcum]
    rows = [r for r in sheet.hay_actions if r.gain.beanichalcum and player.uses[r.id]]
    bonuses = [b.id for b in sheet.milestone_bonuses if b.gain.beanichalcum and b.id in player.milestone_bonuses]
    development = [b.id for b in sheet.development_bonuses or ()
                   if b.gain.beanichalcum and b.id in player.development_bonuses]
    least = (sum(built[f] for f in silos) + sum(player.uses[r.id] for r in rows)
             + len(bonuses) + len(development))
    if player.beanichalcum < least:
        sources = [ngettext("{n} Silo built", "{n} Silos built", built[f]).format(n=built[f])
                   for f in silos if built[f]]
        sources += [_uses(r.id, player.uses[r.id]) for r in rows]
        sources += [_milestone_bonus(b) for b in bonuses]
        sources += [_('the Development Bonus "{bonus}"').format(bonus=b) for b in development]
        yield "beanichalcum", None, _("{count}, but {reason}").format(
            count=ngettext("{n} Beanichalcum", "{n} Beanichalcum", player.beanichalcum).format(n=player.beanichalcum),
            reason=_("the sheet shows at least {least} gained: {sources}").format(
                least=least, sources=", ".join(sources)))


ZOODAI = "zoodai"


def _completed(sheet: Sheet, player: PlayerSheet, setup: dict[str, int]) -> list[str]:
    """Sheet D: the completion bonuses' actions of the rows a sheet may show completed in
    play (rulebook, Building Completion Bonus: "There are only 2 Stable icons on Sheet D, so
    the Stable is complete"). A row whose icons are printed is complete when all are built;
    a row whose number is not printed may be, in the best case, once 2 or more are built,
    never by one icon (design page, reading 24); the last one built in play."""
    done = []
    for f in sheet.facilities:
        least = f.icons if f.icons is not None else 2
        if f.completion_due and player.built[f.id] >= least and player.built[f.id] > setup.get(f.id, 0):
            done.append(f.completion_due)
    return done


def _actions(sheet: Sheet, player: PlayerSheet, at_setup: Sequence[tuple[str, int]]) -> Iterator[Problem]:
    """One action per round, 15 rounds, Zoodai's ability once one more (rulebook: How to
    Play, Actions; Zoodai). Our reading (issue 31): the sheet shows at least one action for
    each facility built that no Hay action built (A, B, D's travel row; C's build rows, two
    for "build twice"), no free bonus (Farm, Bridge, C's rising row) and no completion bonus
    (D: Market, Silo), each Hay action use not owed by a completion bonus (D: Stable, Farm),
    and each milestone not achieved by D's Advanced Contract row's 3rd use or House completion
    bonus; D's rows count as completed as ``_completed`` says (issue 47)."""
    built, uses, setup = player.built, player.uses, dict(at_setup)
    third = [r for r in sheet.hay_actions if uses[r.id] == HAY_ACTION_USES_PER_ROW]
    made = sum(built[f.id] - setup.get(f.id, 0) for f in sheet.facilities)
    free = (sum(1 for b in sheet.milestone_bonuses if b.builds and b.id in player.milestone_bonuses)
            + sum(1 for r in third if r.third_use_free_bridge))
    in_rows = sum(uses[r.id] * (2 if r.builds == "twice" else 1) for r in sheet.hay_actions
                  if r.removes_roads or r.builds)
    completed = _completed(sheet, player, setup)
    builds = max(0, made - free - in_rows - completed.count("build"))
    hay = max(0, sum(uses.values()) - completed.count("hay-action"))
    milestones = max(0, len(player.milestone_bonuses) - completed.count("hay-shed-or-milestone")
                     - sum(1 for r in third if r.third_use_milestone))
    zoodai = player.province == ZOODAI
    most = ROUNDS + (1 if zoodai else 0)
    if builds + hay + milestones > most:
        detail = ", ".join([ngettext("{n} build", "{n} builds", builds).format(n=builds),
                            ngettext("{n} Hay action", "{n} Hay actions", hay).format(n=hay),
                            ngettext("{n} milestone", "{n} milestones", milestones).format(n=milestones)])
        text = (_("the sheet shows at least {actions} actions ({detail}), but {rounds} rounds and Zoodai's "
                  "ability give {most}") if zoodai
                else _("the sheet shows at least {actions} actions ({detail}), but {rounds} rounds give {most}"))
        yield "", None, text.format(actions=builds + hay + milestones, detail=detail, rounds=ROUNDS, most=most)


def sheet_problems(sheet: Sheet, player: PlayerSheet, at_setup: Sequence[tuple[str, int]]) -> Iterator[Problem]:
    """What this finished sheet shows that no game can reach, first things first (the
    counts a later check reads are checked before it). ``at_setup``: (facility, icons
    built before round 1) for the Farm and, on C, the Bridge. The lists' order is kept
    (the problem names the first item beyond what the sheet allows)."""
    yield from _free_builds(sheet, player, at_setup)
    yield from _bridges(sheet, player)
    yield from _development_bonuses(sheet, player)
    yield from _contracts(sheet, player)
    yield from _milestones(sheet, player)
    if sheet.development_passport is not None:
        gained = len(player.development_bonuses) if sheet.contracts is None else len(player.contracts)
        bridges = player.built.get("bridge", 0)
        reason = dp_icons_refusal(sheet, player.dp_icons, gained, bridges)
        if reason:
            yield "dp_icons", None, reason
    yield from _beanichalcum(sheet, player)
    yield from _actions(sheet, player, at_setup)
