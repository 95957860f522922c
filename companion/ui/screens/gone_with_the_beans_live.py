"""Gone with the Beans on the live sheet: sheet A, round by round (issue 7).

Setup: players and provinces, the Round-card deck, the revealed Starting Point card and
the Bean World map's clockwise order (only the orders the rulebook allows; the last one
confirmed is offered again). Play: the round (its card, the Ruler), then one player's
sheet at a time: materials with the sheds' cap, one button per action the rules allow
now (a disabled one says why, in the engine's words), and the sheet's rows. A build
shows its cost and the proposed payment, which the player may change. When play needs a
printed value nobody has entered, the screen asks for it there and then; Development
Bonuses are chosen when earned. After round 15 the end-game scorer's breakdown.
Every rule is the engine's (sheets/gone_with_the_beans/live); this screen only asks it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import flet as ft

from companion.session import PhoneGames
from companion.storage import StorageError
from companion.ui.hooks import go, use_game, use_games, use_sheet_values
from companion.ui.components.game_bar import game_screen
from companion.ui.kit import GameScreens, action_button, use_entry, use_shown_player
from companion.ui.components.common import (
    TOUCH, big_number, error_line, icon_button, section, stepper,
)
from companion.ui.components.printed_value import PrintedValueForm
from companion.ui.screens.gone_with_the_beans import final_table, headline, note, plain, players_section
from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    RULES, AddHayShed, BonusesDue, Build, EnterDpIcons, HayActionTaken, Materials, Milestone, Reveal,
    RoundCard, SpecialIncome, State, UnknownPrintedValue, hay_capacity, map_orders, quote, rounds_played,
    scored_sheet, spec, why_none_of,
)
from sheets.gone_with_the_beans.live.engine import ACTION_NAMES
from sheets.gone_with_the_beans.live.materials import KINDS, NAMES
from sheets.gone_with_the_beans.scoring import horse_riding_level
from sheets.gone_with_the_beans.sheets import (
    HAY_ACTION_USES_PER_ROW, HAY_SHED_GAIN, PROVINCES, ROUND_DECKS, ROUNDS, SHEETS, SPECIAL_CARD_OPTIONS,
    SUBSTITUTIONS, DevelopmentBonus, Facility, MilestoneBonus,
)

LIVE_SHEET = "A"
DECK_NAMES = {"basic": "Basic game", "two-specials": "Easier", "three-specials": "Easiest"}  # Variant Rules


def deck_label(deck: str) -> str:
    specials = sum(ROUND_DECKS[deck])
    return f"{DECK_NAMES[deck]}: {specials} special card{'s' if specials != 1 else ''}"


def arrow(order: tuple[str, ...]) -> str:
    return " > ".join(PROVINCES[p].name for p in order)


def last_map(games: PhoneGames) -> tuple[str, ...] | None:
    """The map order the table confirmed for its newest live game: the map does not change."""
    setup = games.newest_setup(RULES.id)
    order = setup.get("map") if setup else None
    return tuple(order) if isinstance(order, list) else None


# -- setup ------------------------------------------------------------------------------


@ft.component
def Setup(game: str):
    games = use_games()
    book = use_sheet_values()
    players, set_players = ft.use_state([("", "tachiopi"), ("", "cashew")])
    deck, set_deck = ft.use_state("basic")
    first, set_first = ft.use_state(cast("str | None", None))
    hay, set_hay = ft.use_state(cast("dict[str, str]", {}))  # province -> the text typed
    remembered = ft.use_memo(lambda: last_map(games), [])
    order, set_order = ft.use_state(remembered)
    error, set_error = ft.use_state(cast("str | None", None))
    provinces = list(dict.fromkeys(p for _, p in players))

    def start(_) -> None:
        if order is None:
            set_error("Confirm the Bean World map's clockwise order as printed on your map")
            return
        if first is None:
            set_error("Tap the Ruler's first province, as printed on the Starting Point card")
            return
        amounts = {}
        for province in provinces:
            text = hay.get(province, "").strip()
            if not text.isdigit():
                set_error(f"Enter the Starting Point card's Hay for {PROVINCES[province].name} (a whole number)")
                return
            amounts[province] = int(text)
        try:
            setup = {
                "sheet": LIVE_SHEET,
                "players": [{"name": n, "province": p} for n, p in players],
                "deck": deck,
                "starting_point": {"first_province": first, "hay": amounts},
                "map": list(order),
                "printed": book.of(LIVE_SHEET),  # entered in earlier games
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
                padding=ft.Padding.symmetric(horizontal=8, vertical=10), border_radius=8, ink=True,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                on_click=lambda _: set_order(option),
            ),
        )

    def ruler_chip(province: str) -> ft.Control:
        name = PROVINCES[province].name
        return ft.Semantics(
            label=f"Ruler starts in {name}", button=True, selected=province == first, exclude_semantics=True,
            content=ft.Chip(label=ft.Text(name), selected=province == first, show_checkmark=False,
                            visual_density=ft.VisualDensity.STANDARD, on_select=lambda _: set_first(province)),
        )

    orders = map_orders()
    return ft.Column(
        [
            note(f"Sheet {LIVE_SHEET} · {SHEETS[LIVE_SHEET].title}: every rule checked as you play. "
                 "Sheets B-D: score them at the end with \"Gone with the Beans: score the sheets\"."),
            players_section(players, set_players),
            section(
                "Round card deck",
                ft.RadioGroup(
                    value=deck,
                    on_change=lambda e: set_deck(e.control.value),
                    content=ft.Column([ft.Radio(value=d, label=deck_label(d), visual_density=ft.VisualDensity.STANDARD)
                                       for d in ROUND_DECKS], spacing=0),
                ),
            ),
            section(
                "Ruler's Starting Point card: the Ruler's first province",
                ft.Row([ruler_chip(p) for p in PROVINCES], wrap=True, spacing=6, run_spacing=2),
            ),
            section(
                "Starting Point card: each province's Hay (the Hay Shed keeps at most 30)",
                ft.Row([ft.TextField(label=f"Hay {PROVINCES[p].name}", value=hay.get(p, ""), width=170,
                                     keyboard_type=ft.KeyboardType.NUMBER,
                                     on_change=lambda e, p=p: set_hay({**hay, p: e.control.value}))
                        for p in provinces], wrap=True, spacing=8, run_spacing=8),
            ),
            section(
                "Bean World map, clockwise (as printed on your map)",
                *[map_choice(o) for o in orders],
                note("Remembered from your last game." if remembered else
                     "The rulebook allows these orders; confirm the one on your map once."),
            ),
            error_line(error),
            ft.FilledButton("Start the game", icon=ft.Icons.PLAY_ARROW, on_click=start, height=56),
        ],
        spacing=16,
    )


# -- what a tap may need before it is an entry -----------------------------------------


@dataclass(frozen=True)
class Pending:
    """A tap waiting for the player: "pay" (check the payment), "bonus" (choose
    Development Bonuses), "value" (enter a printed value), "milestone", "travel" (the
    facility the travel Hay action builds)."""

    step: str
    action: Any = None
    detail: Any = None  # the quote, BonusesDue, or UnknownPrintedValue
    retry: Callable[[], Any] | None = None  # after a printed value is entered


def materials_row(materials: Materials, capacity: int, lost: int) -> ft.Control:
    tiles = [big_number(materials.thaler, "Thaler"), big_number(materials.bean, "Bean"),
             big_number(materials.worker, "Worker"), big_number(f"{materials.hay}/{capacity}", "Hay")]
    row = ft.Row([ft.Container(t, expand=True) for t in tiles], spacing=4)
    return ft.Semantics(
        label=f"Materials: {materials}; Hay Sheds hold {capacity}" + (f"; {lost} Hay lost" if lost else ""),
        container=True,  # one node: screen readers (and tests) read the row at once
        exclude_semantics=True,
        content=ft.Column([row, note(f"{lost} Hay lost over the sheds so far") if lost else ft.Container()],
                          spacing=0),
    )


def boxes(filled: int, total: int | None, icon: ft.IconData, empty: ft.IconData) -> ft.Control:
    """Squares or icons filled left to right, as on the paper sheet."""
    total = filled if total is None else total
    return ft.Row([ft.Icon(icon if n < filled else empty, size=20,
                           color=ft.Colors.PRIMARY if n < filled else ft.Colors.OUTLINE)
                   for n in range(max(total, filled))], spacing=0, wrap=True)


def payment_panel(what: str, cost: Materials, have: Materials, payment: dict[str, int],
                  set_payment: Callable[[dict[str, int]], Any], confirm: Callable[[], Any],
                  cancel: Callable[[], Any]) -> ft.Control:
    """The cost in words and the payment, proposed by the engine, each material a stepper."""
    return ft.Container(
        ft.Column(
            [
                ft.Text(f"{what} costs {cost}", size=16, weight=ft.FontWeight.W_600),
                note(f"You have {have}. Substitutions: "
                     + ", ".join(f"{paid} {NAMES[source]} for 1 {NAMES[instead]}"
                                 for source, instead, paid in SUBSTITUTIONS) + "."),
                *[stepper(f"Pay {NAMES[k]}", payment[k], lambda n, k=k: set_payment({**payment, k: n}),  # type: ignore[misc]  # mypy#15459: a lambda with a default
                          high=getattr(have, k)) for k in KINDS],
                ft.Row([ft.FilledButton("Pay and build", icon=ft.Icons.CHECK, height=TOUCH,
                                        on_click=lambda _: confirm()),
                        ft.TextButton("Cancel", height=TOUCH, on_click=lambda _: cancel())], wrap=True),
            ],
            spacing=4,
        ),
        padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


def chooser(title: str, options: list[tuple[str, str]], on_pick: Callable[[str], Any],
            cancel: Callable[[], Any]) -> ft.Control:
    return ft.Container(
        ft.Column(
            [ft.Text(title, size=16, weight=ft.FontWeight.W_600),
             *[ft.OutlinedButton(text, height=TOUCH, on_click=lambda _, i=i: on_pick(i)) for i, text in options],
             ft.TextButton("Cancel", height=TOUCH, on_click=lambda _: cancel())],
            spacing=4,
        ),
        padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


# -- the round --------------------------------------------------------------------------


def round_header(state: State, revealed_by: str | None) -> ft.Control:
    card = state.card
    if card is None:
        shown = "No Round card revealed yet"
    elif card.special:
        shown = "Special card: each player chooses one income"
    else:  # a facility card: the engine checked that the sheet has its facility
        assert card.facility is not None
        shown = f"{cast(Facility, state.rules.facility(card.facility)).name} · {card.hay} Hay"
    title = f"Round {state.round} of {ROUNDS}" if state.round else "Before round 1"
    lines = [
        ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
        ft.Text(f"Ruler in {PROVINCES[state.ruler].name} · {shown}", size=15),
        note(f"Revealed by {revealed_by}" if revealed_by else ""),
    ]
    by = f"; revealed by {revealed_by}" if revealed_by else ""
    return ft.Semantics(label=f"{title}: Ruler in {PROVINCES[state.ruler].name}; {shown}{by}",
                        container=True, exclude_semantics=True,
                        content=ft.Row([ft.Container(ft.Column(lines, spacing=2), padding=12, border_radius=12,
                                                     bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, expand=True)]))


@ft.component
def RevealCard(state: State, attempt: Callable[..., bool]):  # Play's attempt(action, problem=None)
    """The table enters the revealed Round card once for all (any phone)."""
    facility, set_facility = ft.use_state(cast("str | None", None))
    hay, set_hay = ft.use_state("")
    number = state.round + 1
    special = Reveal(card=RoundCard(special=True))

    def reveal(_) -> None:
        if facility is None or not hay.strip().isdigit():
            attempt(None, "Tap the card's facility and enter its Hay (a whole number)")
            return
        if attempt(Reveal(card=RoundCard(facility=facility, hay=int(hay)))):
            set_facility(None)
            set_hay("")

    chips: list[ft.Control] = [
        ft.Semantics(label=f"Card {f.name}", button=True, selected=f.id == facility, exclude_semantics=True,
                     content=ft.Chip(label=ft.Text(f.name), selected=f.id == facility, show_checkmark=False,
                                     visual_density=ft.VisualDensity.STANDARD,
                                     on_select=lambda _, f=f: set_facility(f.id)))
        for f in state.rules.facilities
    ]
    return section(
        f"Reveal round {number}'s Round card",
        ft.Row(chips, wrap=True, spacing=6, run_spacing=2),
        ft.Row([ft.TextField(label="Card Hay", value=hay, width=120, keyboard_type=ft.KeyboardType.NUMBER,
                             on_change=lambda e: set_hay(e.control.value)),
                ft.FilledButton("Reveal", icon=ft.Icons.STYLE, height=TOUCH, on_click=reveal)]),
        action_button("Special card", RULES.why_not(state, special), lambda: attempt(special)),
    )


# -- the play screen ----------------------------------------------------------------------


@ft.component
def Play(game_id: str):
    games = use_games()
    book = use_sheet_values()
    use_game(game_id)
    state: State = games.state(game_id)
    sheet = state.rules
    at_table = games.seated(game_id)
    mine = games.my_seat(game_id) if at_table else None
    names = state.names
    pending, set_pending = ft.use_state(cast("Pending | None", None))
    payment, set_payment = ft.use_state(cast("dict[str, int]", {}))
    entry = use_entry(game_id)
    name, show = use_shown_player(game_id, names)
    player = state.player(name)
    may_act = not at_table or mine == name

    def attempt(action: Any, problem: str | None = None) -> bool:
        """Send the entry; ask for what it still needs; show the engine's refusal."""
        if action is None:
            entry.refuse(problem)
            return False
        try:
            made = entry.make(action, lambda new: new.events[0] if new.events else None,
                              asks=(UnknownPrintedValue, BonusesDue))
        except UnknownPrintedValue as exc:
            set_pending(Pending("value", action, exc, retry=lambda: attempt(action)))
            return False
        except BonusesDue as exc:
            set_pending(Pending("bonus", action, exc))
            return False
        if made:
            set_pending(None)
        return made

    def start_build(action: Build | HayActionTaken) -> None:
        """Show the cost and the proposed payment; a printed value first if unknown."""
        try:
            found = quote(games.state(game_id), action)
        except UnknownPrintedValue as exc:
            set_pending(Pending("value", action, exc, retry=lambda: start_build(action)))
            return
        except RulesError as exc:
            entry.refuse(exc.reason)
            return
        proposed = found[3] or Materials()
        set_payment({k: getattr(proposed, k) for k in KINDS})
        entry.refuse(None)
        set_pending(Pending("pay", action, found))

    def save_value(value: Any) -> None:
        assert pending is not None  # its form shows only while a value is pending
        book.enter_in_game(games, game_id, pending.detail.key, value)  # raises: the form shows why
        retry = pending.retry
        set_pending(None)
        if retry:
            retry()

    controls: list[ft.Control] = []
    if rounds_played(state):
        controls += final_part(state, attempt, at_table, mine)
    controls.append(round_header(state, games.last_entry_by(game_id, "reveal")))
    waiting = [p.name for p in state.players if not p.actions]
    if state.round < ROUNDS and (state.round == 0 or not waiting):
        controls.append(RevealCard(state, attempt))
    elif state.round and waiting:
        controls.append(note(f"Waiting for {', '.join(waiting)} to take an action"))

    controls.append(ft.Row(
        [ft.Semantics(label=f"Sheet of {p.name}", button=True, selected=p.name == name, exclude_semantics=True,
                      content=ft.Chip(label=ft.Text(p.name + (" · done" if p.actions else "")),
                                      selected=p.name == name, show_checkmark=False,
                                      visual_density=ft.VisualDensity.STANDARD,
                                      on_select=lambda _, n=p.name: (show(n), set_pending(None),
                                                                     entry.refuse(None))))  # type: ignore[func-returns-value]  # the tuple only makes the calls
         for p in state.players],
        wrap=True, spacing=6,
    ))
    controls.append(ft.Text(f"{name} · {PROVINCES[player.province].name}", size=18, weight=ft.FontWeight.W_600))
    controls.append(materials_row(player.materials, hay_capacity(state, name), player.hay_lost))

    # Whatever the last tap needs, right here, above the buttons.
    if pending is not None and pending.step == "value":
        place = pending.detail.place
        found = spec(sheet, pending.detail.key)
        controls.append(ft.Container(
            ft.Column([ft.Text("Needed now: a value printed on your sheet", size=16, weight=ft.FontWeight.W_600),
                       PrintedValueForm(found.key, place, found.kind, None, save_value, "Save value"),
                       ft.TextButton("Cancel", height=TOUCH, on_click=lambda _: set_pending(None))], spacing=4),
            padding=12, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER,
        ))
    elif pending is not None and pending.step == "pay":
        what, cost, have, _proposed = pending.detail
        action = pending.action
        controls.append(payment_panel(
            what, cost, have, payment, set_payment,
            lambda: attempt(action.changed(payment=Materials(**payment))),
            lambda: set_pending(None),
        ))
    elif pending is not None and pending.step == "bonus":
        due: BonusesDue = pending.detail
        action = pending.action
        picked = tuple(action.development_bonuses)
        controls.append(chooser(
            f"Choose a Development Bonus ({len(picked) + 1} of {due.due})",
            [(b, plain(cast(DevelopmentBonus, sheet.development_bonus(b)).effect))  # due: the sheet's own
             for b in due.left if b not in picked],
            lambda b: (attempt(action.changed(development_bonuses=(*picked, b)))
                       if len(picked) + 1 == due.due else
                       set_pending(Pending("bonus", action.changed(development_bonuses=(*picked, b)),
                                           due))),
            lambda: set_pending(None),
        ))
    elif pending is not None and pending.step == "milestone":
        left = [b for b in sheet.milestone_bonuses if b.id not in player.milestone_bonuses]
        controls.append(chooser(
            "Choose a Milestone Bonus",
            [(b.id, f"{plain(b.effect)} · {b.points} pt") for b in left],
            lambda b: attempt(Milestone(player=name, bonus=b)),
            lambda: set_pending(None),
        ))
    elif pending is not None and pending.step == "travel":
        row = pending.detail
        controls.append(chooser(
            f"{plain(row.effect)}: which facility to build?",
            [(f.id, f.name) for f in sheet.facilities],
            lambda f: start_build(HayActionTaken(player=name, row=row.id, facility=f)),
            lambda: set_pending(None),
        ))
    controls.append(error_line(entry.refusal))
    if state.round and not rounds_played(state):
        controls.append(actions_part(state, player, may_act, attempt, start_build, set_pending))
    controls.append(sheet_part(state, player))
    if state.events:
        controls.append(section("What just happened", *[note(e) for e in state.events[-8:]]))
    title = f"Sheet {sheet.letter}"
    values = icon_button(ft.Icons.TUNE, "Sheet values", lambda _: go(f"/game/{game_id}/values"))
    return game_screen(games, game_id, title, controls, [values])


def actions_part(state: State, player, may_act: bool, attempt, start_build, set_pending) -> ft.Control:
    """This round's income choice and action: one button per action the rules allow now."""
    name = player.name
    sheet = state.rules
    if not may_act:
        return note(f"{name} takes {name}'s actions on {name}'s own phone.")
    assert state.card is not None  # a round has begun: its card is revealed
    if state.card.special and player.special_option is None:
        return section(
            "Special card: choose your income",
            *[action_button(plain(text), RULES.why_not(state, SpecialIncome(player=name, option=o)),
                            lambda o=o: attempt(SpecialIncome(player=name, option=o)))  # type: ignore[misc]  # mypy#15459: a lambda with a default
              for o, text in SPECIAL_CARD_OPTIONS.items()],
        )
    title = "Your action this round"
    if player.actions:
        title += ": " + ", ".join(ACTION_NAMES[a] for a in player.actions)
    choices: list[tuple[str, str | None, Callable[[], Any]]] = [  # (label, why not, on tap)
        (f"Build {f.name}", RULES.why_not(state, Build(player=name, facility=f.id)),
         lambda f=f: start_build(Build(player=name, facility=f.id)))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        for f in sheet.facilities
    ]
    if player.province == "beanzantine" and not player.ability_used:
        choices += [
            (f"Build {f.name} as if the Ruler were in Beanzantine",
             RULES.why_not(state, Build(player=name, facility=f.id, beanzantine=True)),
             lambda f=f: start_build(Build(player=name, facility=f.id, beanzantine=True)))  # type: ignore[misc]  # mypy#15459: a lambda with a default
            for f in sheet.facilities
        ]
    for row in sheet.hay_actions:
        label = f"{plain(row.effect)} ({row.hay} Hay, used {player.uses(row.id)} of {HAY_ACTION_USES_PER_ROW})"
        if row.removes_roads:  # allowed when it can build any facility
            reason = why_none_of(state, (HayActionTaken(player=name, row=row.id, facility=f.id)
                                         for f in sheet.facilities))
            choices.append((label, reason, lambda row=row: set_pending(Pending("travel", detail=row))))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        else:
            choices.append((label, RULES.why_not(state, HayActionTaken(player=name, row=row.id)),
                            lambda row=row: attempt(HayActionTaken(player=name, row=row.id))))  # type: ignore[misc]  # mypy#15459: a lambda with a default
    left = [b.id for b in sheet.milestone_bonuses if b.id not in player.milestone_bonuses]
    milestone = (why_none_of(state, (Milestone(player=name, bonus=b) for b in left)) if left
                 else "every Milestone Bonus is gained")
    choices.append(("Achieve a milestone", milestone, lambda: set_pending(Pending("milestone"))))
    choices.append((f"Add a Hay Shed (+{HAY_SHED_GAIN.hay} Hay)", RULES.why_not(state, AddHayShed(player=name)),
                    lambda: attempt(AddHayShed(player=name))))
    reasons = {reason for _, reason, _ in choices}
    if len(reasons) == 1 and None not in reasons:  # one reason for every action: say it once
        return section(title, note(cast(str, reasons.pop())))  # the one reason is not None
    return section(title, *[action_button(*c) for c in choices])


def sheet_part(state: State, player) -> ft.Control:
    """The paper sheet's rows as they stand."""
    sheet = state.rules
    entered = state.entered
    lines: list[ft.Control] = []
    for f in sheet.facilities:
        icons = f.icons if f.icons is not None else cast("int | None", entered.get(f"icons:{f.id}"))  # a number
        built = player.count(f.id)
        label = f"{f.plural}: {built} built" + (f" of {icons}" if icons is not None else "")
        lines.append(ft.Semantics(label=label, container=True, exclude_semantics=True, content=ft.Row(
            [ft.Text(f.plural, width=90), boxes(built, icons, ft.Icons.HOME, ft.Icons.HOME_OUTLINED),
             ft.Text(f"{built}" + (f" of {icons}" if icons is not None else " built"), size=14)])))
    lines.append(note(f"Horse-Riding Level {horse_riding_level(player.count('stable'))} · "
                      f"{player.facilities_built} facilities built · Hay Sheds added {player.hay_sheds} of "
                      f"{sheet.extra_hay_sheds}"))
    hay_rows = [ft.Semantics(label=f"{plain(r.effect)}: used {player.uses(r.id)} of {HAY_ACTION_USES_PER_ROW}",
                             container=True, exclude_semantics=True,
                             content=ft.Row([ft.Text(f"{plain(r.effect)} ({r.hay} Hay)", expand=True, size=14),
                                             boxes(player.uses(r.id), HAY_ACTION_USES_PER_ROW,
                                                   ft.Icons.CHECK_BOX, ft.Icons.CHECK_BOX_OUTLINE_BLANK)]))
                for r in sheet.hay_actions]
    # The bonuses a player gained are the sheet's own.
    gained_m = [plain(cast(MilestoneBonus, sheet.milestone_bonus(b)).effect) for b in player.milestone_bonuses]
    gained_d = [plain(cast(DevelopmentBonus, sheet.development_bonus(b)).effect) for b in player.development_bonuses]
    ability = PROVINCES[player.province]
    return ft.Column(
        [
            section("Facilities", *lines),
            section("Hay actions", *hay_rows),
            section(f"Milestones achieved: {player.milestones}",
                    note("Bonuses: " + ("; ".join(gained_m) if gained_m else "none yet"))),
            section("Development Bonuses", note("; ".join(gained_d) if gained_d else "none yet")),
            section(ability.name, note(ability.ability + (" (used)" if player.ability_used else ""))),
        ],
        spacing=12,
    )


def final_part(state: State, attempt, at_table: bool, mine: str | None) -> list[ft.Control]:
    """After round 15: count each sheet's Development Passport icons, then the breakdown."""
    scored = scored_sheet(state)
    counters: list[ft.Control] = []
    for p in state.players:
        if at_table and p.name != mine:
            continue
        counters.append(stepper(f"{p.name}: filled DP icons", p.dp_icons or 0,
                                lambda n, p=p: attempt(EnterDpIcons(player=p.name, filled=n))))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        if p.dp_icons is None:  # not counted yet: 0 is a count too
            none = EnterDpIcons(player=p.name, filled=0)
            counters.append(ft.Row([note(f"{p.name}: not counted yet"),
                                    ft.TextButton("No DP icon filled", height=TOUCH,
                                                  on_click=lambda _, none=none: attempt(none))]))
    parts: list[ft.Control] = [headline(scored)] if scored.finished else []
    parts += [
        section("End of the game: count the filled Development Passport icons on each sheet", *counters,
                note("" if scored.finished else "The winner shows once every sheet's icons are counted.")),
        final_table(scored),
    ]
    return parts


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    blurb="Play sheet A round by round: costs, payments, income and every rule checked; scored at the end.",
)
