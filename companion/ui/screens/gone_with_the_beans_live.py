"""Gone with the Beans on the live sheet: sheets A-D, round by round (issues 7, 16).

Setup: the sheet letter, players and provinces (on C each setup Bridge), the Round-card deck, the revealed Starting Point card and
the Bean World map's clockwise order (only the orders the rulebook allows; the last one
confirmed is offered again). Play: the round (its card, the Ruler), then one player's
sheet at a time: materials with the sheds' cap, one button per action the rules allow
now (a disabled one says why, in the engine's words), and the sheet's rows. A build
shows its cost and the proposed payment, which the player may change (a build that cannot
be paid says what is missing instead). When play needs a printed value nobody has
entered, the screen asks for it there and then; bonuses and Contracts are chosen when
earned. A question the app needs answered is scrolled into view when it opens and stays
with its player's sheet. After round 15 the end-game scorer's breakdown and table.
Every rule is the engine's (sheets/gone_with_the_beans/live); this screen only asks it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, cast

import flet as ft

from companion.session import PhoneGames
from companion.storage import StorageError
from companion.ui.hooks import (go, use_game_part, use_games, use_kept, use_screen_column, use_sheet_values,
                                use_stable_handlers, use_typed)
from companion.ui.components.game_bar import game_body
from companion.ui.kit import GameScreens, action_button, action_only, reason_line, use_entry_untyped, use_shown_player
from companion.ui.components.common import (
    SPACING, TOUCH, RouteLink, big_number, error_line, radio_group, section, section_title, stepper, text_field,
)
from companion.ui.components.printed_value import PrintedValueForm
from companion.ui.screens.gone_with_the_beans import (
    final_table, headline, note, plain, players_section, pt, sheet_choice,
)
from sheets.errors import RulesError
from sheets.i18n import N_, _, current, ngettext
from sheets.gone_with_the_beans.live import (
    RULES, AddHayShed, BonusesDue, Build, EnterDpIcons, ExecuteContract, Forgo, HayActionTaken, Materials,
    Milestone, Reveal, RoundCard, SpecialIncome, State, UnknownPrintedValue, bridge_options, contract_quote,
    hay_capacity, map_orders, missing, quote, roads, rounds_played, scored_sheet, spec,
    why_none_of,
)
from sheets.gone_with_the_beans.live.engine import ACTION_NAMES, DUE_NAMES, counts_dp_icons
from sheets.gone_with_the_beans.live.events import said as said_event
from sheets.gone_with_the_beans.live.materials import KINDS, NAMES, rates
from sheets.gone_with_the_beans.scoring import horse_riding_level
from sheets.gone_with_the_beans.sheets import (
    HAY_ACTION_USES_PER_ROW, HAY_SHED_GAIN, PROVINCES, ROUND_DECKS, ROUNDS, SHEETS, SPECIAL_CARD_OPTIONS,
    Contract, DevelopmentBonus, Facility, HayAction, MilestoneBonus, Sheet,
)

DECK_NAMES = {"basic": N_("Basic game"), "two-specials": N_("Easier"), "three-specials": N_("Easiest")}  # Variant Rules


def deck_label(deck: str) -> str:
    specials = sum(ROUND_DECKS[deck])
    return ngettext("{deck}: {n} special card", "{deck}: {n} special cards", specials).format(
        deck=_(DECK_NAMES[deck]), n=specials)


def province(province_id: str) -> str:
    """A province's name as the phone reads it."""
    return _(PROVINCES[province_id].name)


def arrow(order: tuple[str, ...]) -> str:
    return " > ".join(province(p) for p in order)


def last_map(games: PhoneGames) -> tuple[str, ...] | None:
    """The map order the table confirmed for its newest live game: the map does not change."""
    setup = games.newest_setup(RULES.id)
    order = setup.get("map") if setup else None
    return tuple(order) if isinstance(order, list) else None


# -- setup ------------------------------------------------------------------------------


def provinces_of(players: list[tuple[str, str]]) -> list[str]:
    """The players' provinces in seating order, each once: one Starting Point Hay each."""
    return list(dict.fromkeys(p for _n, p in players))


@ft.component
def Setup(game: str):
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

    def start(_e) -> None:
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
            setup = {
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
                padding=ft.Padding.symmetric(horizontal=8, vertical=10), border_radius=8, ink=True,
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
                            visual_density=ft.VisualDensity.STANDARD, on_select=lambda _e: set_first(chosen)),
        )

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
            rows.append(ft.Row([ft.Text(f"{who} ({province(home)}):", size=14)] + [
                ft.Semantics(label=_("{player}'s setup Bridge to {province}").format(player=who, province=province(p)),
                             button=True, selected=bridges.get(i) == p, exclude_semantics=True,
                             content=ft.Chip(label=ft.Text(province(p)), selected=bridges.get(i) == p,
                                             show_checkmark=False, visual_density=ft.VisualDensity.STANDARD,
                                             on_select=lambda _e, i=i, p=p: set_bridges({**bridges, i: p})))
                for p in adjacent], wrap=True, spacing=6, run_spacing=2))
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
            players_section(players, set_players),
            section(
                _("Round card deck"),
                radio_group(deck, set_deck, ft.Column([ft.Radio(value=d, label=deck_label(d),
                                                                visual_density=ft.VisualDensity.STANDARD)
                                                       for d in ROUND_DECKS], spacing=0)),
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


# -- what a tap may need before it is an entry -----------------------------------------


@dataclass(frozen=True)
class Pending:
    """A question open for one player's sheet (or the table's, for a revealed card):
    "pay" (check the payment), "bonus" (choose what an action earns), "value" (enter a
    printed value), "milestone", "facility" (what a building Hay action builds),
    "bridge" (the province a Bridge joins)."""

    step: str
    action: Any = None
    detail: Any = None  # the quote, BonusesDue, UnknownPrintedValue, the Hay action row
    retry: Callable[[], Any] | None = None  # after a printed value is entered
    then: Callable[[str], Any] | None = None  # "bridge": what the chosen province goes into


QUESTION_KEY = "live-sheet-question"  # the scroll key of the open question


def kinds(sheet: Sheet) -> tuple[str, ...]:
    """The materials the sheet has (Beanichalcum only on B)."""
    return tuple(k for k in KINDS if k != "beanichalcum" or sheet.beanichalcum is not None)


@ft.component
def _MaterialsRow(sheet: Sheet, materials: Materials, capacity: int, lost: int) -> ft.Control:
    keep = use_kept()  # a payment changes one or two of the four tiles
    tiles = [(materials.thaler, _("Thaler")), (materials.bean, _("Bean")), (materials.worker, _("Worker")),
             (materials.hay, _("Hay of {capacity}").format(capacity=capacity))]
    row: ft.Control = ft.Row([keep(tile, lambda: ft.Container(big_number(*tile), expand=True)) for tile in tiles],
                             spacing=4)
    if sheet.beanichalcum is not None:  # a fifth tile does not fit a phone at 150 % text
        row = ft.Column([row, ft.Text(_("Beanichalcum: {n}").format(n=materials.beanichalcum), size=18, weight=ft.FontWeight.W_600)],
                        spacing=2)
    return ft.Semantics(
        label=(_("Materials: {materials}; Hay Sheds hold {capacity}; {lost} Hay lost") if lost else
               _("Materials: {materials}; Hay Sheds hold {capacity}")).format(
            materials=materials, capacity=capacity, lost=lost),
        container=True,  # one node: screen readers (and tests) read the row at once
        exclude_semantics=True,
        content=ft.Column([row, note(_("{lost} Hay lost over the sheds so far").format(lost=lost)) if lost
                           else ft.Container()],
                          spacing=0),
    )


MaterialsRow = ft.memo(_MaterialsRow)


def boxes(filled: int, total: int | None, icon: ft.IconData, empty: ft.IconData) -> ft.Control:
    """Squares or icons filled left to right, as on the paper sheet."""
    total = filled if total is None else total
    return ft.Row([ft.Icon(icon if n < filled else empty, size=20,
                           color=ft.Colors.PRIMARY if n < filled else ft.Colors.OUTLINE)
                   for n in range(max(total, filled))], spacing=0, wrap=True)


def question(title: str, *controls: ft.Control) -> ft.Control:
    """An open question: one look, one place, scrolled into view when it opens."""
    return ft.Container(
        ft.Column([ft.Row([ft.Icon(ft.Icons.HELP_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER),
                           ft.Text(title, size=16, weight=ft.FontWeight.W_600, expand=True,
                                   color=ft.Colors.ON_TERTIARY_CONTAINER)]),
                   *controls], spacing=4),
        # Flet's lazy dataclass decorator hides ScrollKey's field from mypy.
        key=ft.ScrollKey(value=QUESTION_KEY),  # type: ignore[call-arg]
        padding=12, border_radius=12, bgcolor=ft.Colors.TERTIARY_CONTAINER,
        border=ft.Border.all(2, ft.Colors.TERTIARY),
    )


def substitutions_text(sheet: Sheet) -> str:
    return _("Substitutions, only for what you lack: {substitutions}.").format(substitutions=", ".join(
        _("{n} {material} for 1 {instead}").format(n=paid, material=_(NAMES[source]), instead=_(NAMES[instead]))
        for source, instead, paid in sheet.substitutions))


def payment_panel(sheet: Sheet, what: str, cost: Materials, have: Materials, payment: dict[str, int],
                  set_payment: Callable[[dict[str, int]], Any], confirm: Callable[[], Any],
                  cancel: Callable[[], Any], verb: str | None = None,
                  extra: list[ft.Control] | None = None) -> ft.Control:
    """The cost in words and the payment, proposed by the engine, each material a stepper;
    ``verb``: the confirming button's words (translated), "Pay and build" by default."""
    return question(
        _("{what} costs {cost}").format(what=_(what), cost=cost),
        note(_("You have {have}.").format(have=have) + " " + substitutions_text(sheet)),
        *[stepper(_("Pay {material}").format(material=_(NAMES[k])), payment.get(k, 0), lambda n, k=k: set_payment({**payment, k: n}),  # type: ignore[misc]  # mypy#15459: a lambda with a default
                  high=getattr(have, k)) for k in kinds(sheet)],
        *(extra or []),
        ft.Row([ft.FilledButton(verb or _("Pay and build"), icon=ft.Icons.CHECK, height=TOUCH,
                                on_click=lambda _e: confirm()),
                ft.TextButton(_("Cancel"), height=TOUCH, on_click=lambda _e: cancel())], wrap=True),
    )


def chooser(title: str, options: list[tuple[str, str]], on_pick: Callable[[str], Any],
            cancel: Callable[[], Any]) -> ft.Control:
    return question(
        title,
        *[action_button(text, None, lambda i=i: on_pick(i)) for i, text in options],  # type: ignore[misc]  # mypy#15459: a lambda with a default
        ft.TextButton(_("Cancel"), height=TOUCH, on_click=lambda _e: cancel()),
    )


def contract_text(contract: Contract) -> str:
    points = (_("{points} pt per {facility}").format(points=contract.points,
                                                     facility=_(contract.per_facility.capitalize()))
              if contract.per_facility else pt(contract.points))
    cost = Materials.of(contract.cost)
    if contract.reward:
        return _("{contract}: pay {cost}; {reward}, {points}").format(
            contract=contract.id, cost=cost, reward=plain(contract.reward), points=points)
    return _("{contract}: pay {cost}; {points}").format(contract=contract.id, cost=cost, points=points)


def option_text(sheet: Sheet, field: str, option: str) -> str:
    """What a player reads for a choice an action asks for."""
    if field == "contracts":
        return contract_text(cast(Contract, sheet.contract(option)))
    if field == "milestone_bonuses":
        bonus = cast(MilestoneBonus, sheet.milestone_bonus(option))
        return f"{plain(bonus.effect)} · {pt(bonus.points)}"
    return plain(cast(DevelopmentBonus, sheet.development_bonus(option)).effect)

# -- the round --------------------------------------------------------------------------


@ft.component
def _RoundHeader(sheet: Sheet, number: int, card: RoundCard | None, ruler: str, revealed_by: str | None) -> ft.Control:
    """The round, its card and the Ruler (memoized: the same after most changes)."""
    if card is None:
        shown = _("No Round card revealed yet")
    elif card.special:
        shown = _("Special card: each player chooses one income")
    else:  # a facility card: the engine checked that the sheet has its facility
        assert card.facility is not None
        shown = _("{facility} · {hay} Hay").format(facility=_(cast(Facility, sheet.facility(card.facility)).name),
                                                   hay=card.hay)
    title = (_("Round {number} of {rounds}").format(number=number, rounds=ROUNDS) if number
             else _("Before round 1"))
    ruler = _("Ruler in {province}").format(province=province(ruler))
    lines = [
        ft.Text(title, size=20, weight=ft.FontWeight.BOLD),
        ft.Text(f"{ruler} · {shown}", size=15),
        note(_("Revealed by {player}").format(player=revealed_by) if revealed_by else ""),
    ]
    by = "; " + _("revealed by {player}").format(player=revealed_by) if revealed_by else ""
    return ft.Semantics(label=f"{title}: {ruler}; {shown}{by}",
                        container=True, exclude_semantics=True,
                        content=ft.Row([ft.Container(ft.Column(lines, spacing=2), padding=12, border_radius=12,
                                                     bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, expand=True)]))


RoundHeader = ft.memo(_RoundHeader)


@ft.component
def RevealCard(state: State, attempt: Callable[..., bool]):  # Play's attempt(action, problem=None)
    """The table enters the revealed Round card once for all (any phone)."""
    facility, set_facility, typed_facility = use_typed(cast("str | None", None))
    hay, set_hay, typed_hay = use_typed("")
    number = state.round + 1
    special = Reveal(card=RoundCard(special=True))

    def reveal(_e) -> None:
        facility, hay = typed_facility(), typed_hay()  # as typed, also just before this tap
        if facility is None or not hay.strip().isdigit():
            attempt(None, _("Tap the card's facility and enter its Hay (a whole number)"))
            return
        if attempt(Reveal(card=RoundCard(facility=facility, hay=int(hay)))):
            set_facility(None)
            set_hay("")

    chips: list[ft.Control] = [
        ft.Semantics(label=_("Card {facility}").format(facility=_(f.name)), button=True, selected=f.id == facility,
                     exclude_semantics=True,
                     content=ft.Chip(label=ft.Text(_(f.name)), selected=f.id == facility, show_checkmark=False,
                                     visual_density=ft.VisualDensity.STANDARD,
                                     on_select=lambda _e, f=f: set_facility(f.id)))
        for f in state.rules.facilities
    ]
    return section(
        _("Reveal round {number}'s Round card").format(number=number),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=2),
        ft.Row([text_field(_("Card Hay"), hay, set_hay, width=120, keyboard_type=ft.KeyboardType.NUMBER),
                ft.FilledButton(_("Reveal"), icon=ft.Icons.STYLE, height=TOUCH, on_click=reveal)],
               wrap=True),
        action_button(_("Special card"), RULES.why_not(state, special), lambda: attempt(special)),
    )


# -- the play screen ----------------------------------------------------------------------


# The pieces of the play screen: each reads what it shows of the game (use_game_part), so
# a change renders, on each phone, only the pieces that show what it changed.


@ft.component
def RoundOf(game_id: str) -> ft.Control:
    """The round, its card and the Ruler."""
    games = use_games()

    def read() -> tuple[Sheet, int, RoundCard | None, str, str | None]:
        state = games.state(game_id)
        return state.rules, state.round, state.card, state.ruler, games.last_entry_by(game_id, "reveal")

    return RoundHeader(*use_game_part(read))


@ft.component
def RoundStatus(game_id: str, attempt: Callable[..., bool]) -> ft.Control:
    """Between rounds the next Round card to reveal; in a round, who has still to act."""
    games = use_games()

    def read() -> tuple[State | None, tuple[str, ...]]:
        state = games.state(game_id)
        waiting = tuple(p.name for p in state.players if not p.actions or p.due)
        revealing = state.round < ROUNDS and (state.round == 0 or not waiting)
        return (state if revealing else None), (waiting if state.round else ())

    revealing, waiting = use_game_part(read)
    if revealing is not None:
        return RevealCard(revealing, attempt)
    if waiting:
        return note(_("Waiting for {players} to take an action").format(players=", ".join(waiting)))
    return ft.Container(height=0)


@ft.component
def SheetChipOf(game_id: str, name: str, asking: bool, selected: bool, pick: Callable[[str], Any]) -> ft.Control:
    """A player's sheet to show: a question is open on it (``asking``), or done this round."""
    return ft.Semantics(label=(_("Sheet of {player} (a question is open)") if asking
                               else _("Sheet of {player}")).format(player=name),
                        button=True, selected=selected, exclude_semantics=True,
                        content=ft.Chip(label=SheetChipLabel(game_id, name, asking),
                                        selected=selected, show_checkmark=False,
                                        visual_density=ft.VisualDensity.STANDARD,
                                        on_select=lambda _e: pick(name)))


@ft.component
def SheetChipLabel(game_id: str, name: str, asking: bool) -> ft.Control:
    """The chip's words; only they change when the player is done (on every phone)."""
    games = use_games()

    def done() -> bool:
        player = games.state(game_id).player(name)
        return bool(player.actions and not player.due)

    return ft.Text(name + (" · ?" if asking else " · " + _("done") if use_game_part(done) else ""))


@ft.component
def MaterialsOf(game_id: str, name: str) -> ft.Control:
    games = use_games()

    def read() -> tuple[Sheet, Materials, int, int]:
        state = games.state(game_id)
        player = state.player(name)
        return state.rules, player.materials, hay_capacity(state, name), player.hay_lost

    return MaterialsRow(*use_game_part(read))


@ft.component
def Actions(game_id: str, name: str, may_act: bool, handlers: dict[str, Callable[..., Any]]) -> ft.Control:
    """This round's income choice and action on ``name``'s sheet (``action_plan``)."""
    games = use_games()
    plan = use_game_part(lambda: shared_plan(games.state(game_id), name, may_act)[0])
    taps = shared_plan(games.state(game_id), name, may_act)[1]
    tap = use_stable_handlers(tap=lambda i: taps[i](handlers))["tap"]  # stable: in the memo and the kept buttons' keys
    return ActionButtons(plan, tap)


@ft.component
def Contracts(game_id: str, name: str, may_act: bool, start_pay: Callable[..., Any]) -> ft.Control:
    games = use_games()

    def read() -> tuple[Any, tuple[str | None, ...]]:
        state = games.state(game_id)
        player = state.player(name)
        return player, tuple(RULES.why_not(state, ExecuteContract(player=name, contract=c))
                             for c in player.contracts_gained)

    player, _reasons = use_game_part(read)
    return contracts_part(games.state(game_id), player, may_act, start_pay)


@ft.component
def Rows(game_id: str, name: str) -> ft.Control:
    games = use_games()

    def read() -> tuple[Sheet, Any, tuple[int | None, ...]]:
        state = games.state(game_id)
        return state.rules, state.player(name), facility_icons(state)

    return SheetRows(*use_game_part(read))


@ft.component
def EventsOf(game_id: str) -> ft.Control:
    games = use_games()
    events = use_game_part(lambda: games.state(game_id).events[-8:])
    keep = use_kept()  # on every phone after every entry: the title is kept
    if not events:
        return ft.Container(height=0)
    return section(keep("title", lambda: section_title(_("What just happened"))),
                   *[keep((n, text), lambda: note(text)) for n, text in enumerate(map(said_event, events))])


@ft.component
def Final(game_id: str, attempt: Callable[..., bool], at_table: bool, mine: str | None) -> ft.Control:
    games = use_games()
    state = use_game_part(lambda: games.state(game_id))
    return ft.Column(final_part(state, attempt, at_table, mine), spacing=SPACING)


@ft.component
def Play(game_id: str):
    games = use_games()
    book = use_sheet_values()
    sheet = games.state(game_id).rules  # a game's sheet and players never change
    names = games.state(game_id).names
    at_table = games.seated(game_id)
    mine = games.my_seat(game_id) if at_table else None
    # Open questions by the player whose sheet they belong to ("": the table's).
    pendings, set_pendings = ft.use_state(cast("dict[str, Pending]", {}))
    # The payment being composed in each player's open payment question.
    payments, set_payments = ft.use_state(cast("dict[str, dict[str, int]]", {}))
    entry = use_entry_untyped(game_id)
    name, show = use_shown_player(game_id, names)
    may_act = not at_table or mine == name
    column = use_screen_column()
    shown_owner = name if name in pendings else ""
    shown_pending = pendings.get(shown_owner)

    def read() -> tuple[int, bool, bool, State | None]:
        state = games.state(game_id)
        return (state.round, bool(rounds_played(state)), state.player(name).dp_icons is None,
                state if shown_pending is not None else None)  # an open question shows more of the game

    # What this screen itself shows of the game; its pieces read the rest.
    round_number, played, dp_uncounted, asked_state = use_game_part(read)

    def show_sheet(shown: str) -> None:
        show(shown)
        entry.refuse(None)

    def owner(action: Any) -> str:
        return cast(str, getattr(action, "player", ""))

    def set_pending(pending: Pending | None, who: str | None = None) -> None:
        """Open (or with None close) the question of ``who`` (the shown player by default)."""
        key = name if who is None else who
        set_pendings(lambda old: {**{k: v for k, v in old.items() if k != key}, **({key: pending} if pending else {})})

    def said(new: State) -> str | None:
        """What the entry did, in words: its first two steps."""
        return "; ".join(said_event(e) for e in new.events[:2]) if new.events else None

    def attempt(action: Any, problem: str | None = None) -> bool:
        """Send the entry; ask for what it still needs; show the engine's refusal."""
        if action is None:
            entry.refuse(problem)
            return False
        who = owner(action)
        try:
            made = entry.make(action, said, asks=(UnknownPrintedValue, BonusesDue))
        except UnknownPrintedValue as exc:
            set_pending(Pending("value", action, exc, retry=lambda: attempt(action)), who)
            return False
        except BonusesDue as exc:
            set_pending(Pending("bonus", action, exc), who)
            return False
        if made:
            set_pending(None, who)
        return made

    def start_pay(action: Build | HayActionTaken | ExecuteContract) -> None:
        """Show the cost and the proposed payment; a printed value first if unknown; what
        is missing (and no payment form) when the warehouse cannot pay."""
        now = games.state(game_id)
        try:
            if isinstance(action, ExecuteContract):
                found = contract_quote(now, action.player, action.contract)
            else:
                found = quote(now, action)
        except UnknownPrintedValue as exc:
            set_pending(Pending("value", action, exc, retry=lambda: start_pay(action)), action.player)
            return
        except RulesError as exc:
            entry.refuse(exc.reason)
            return
        what, cost, have, proposed = found
        if proposed is None and sheet.beanichalcum_travel_roads and isinstance(action, (Build, HayActionTaken)) \
                and not action.beanichalcum_travel:  # B: 1 Beanichalcum for the travel may make it payable
            try:
                other = action.changed(beanichalcum_travel=True)
                if quote(now, other)[3] is not None:
                    start_pay(other)
                    return
            except RulesError:
                pass
        if proposed is None:
            short = missing(cost, have, rates(sheet.substitutions))
            entry.refuse(_("{what} costs {cost}; you have {have}: {short} missing").format(
                what=_(what), cost=cost, have=have, short=short))
            set_pending(None, action.player)
            return
        set_payments(lambda old: {**old, action.player: {k: getattr(proposed, k) for k in KINDS}})
        entry.refuse(None)
        set_pending(Pending("pay", action, found), action.player)

    def ask_bridge(then: Callable[[str], Any]) -> None:
        set_pending(Pending("bridge", then=then))

    def save_value(value: Any) -> None:
        pending = shown_pending
        assert pending is not None  # its form shows only while a value is pending
        book.enter_in_game(games, game_id, pending.detail.key, value)  # raises: the form shows why
        retry = pending.retry
        set_pending(None, shown_owner)
        if retry:
            retry()

    # The same functions on every render, for the pieces.
    stable = use_stable_handlers(pick=show_sheet, attempt=attempt, start_pay=start_pay, set_pending=set_pending,
                                 ask_bridge=ask_bridge)

    controls: list[ft.Control] = []
    if played:
        controls.append(Final(game_id, stable["attempt"], at_table, mine))
    controls.append(RoundOf(game_id))
    controls.append(RoundStatus(game_id, stable["attempt"]))
    controls.append(ft.Row([SheetChipOf(game_id, n, n in pendings, n == name, stable["pick"]) for n in names],
                           wrap=True, spacing=6))
    elsewhere = [n for n in pendings if n and n != name]
    if elsewhere:  # a question switched away from is kept with its sheet
        controls.append(ft.Row([note(_("Open question on {players}'s sheet: it waits there.").format(
                                    players=", ".join(elsewhere))),
                                *[ft.TextButton(_("Back to {player}").format(player=n), height=TOUCH, on_click=lambda _e, n=n: show(n))
                                  for n in elsewhere]], wrap=True))
    controls.append(ft.Text(f"{name} · {province(games.state(game_id).player(name).province)}", size=18,
                            weight=ft.FontWeight.W_600))
    controls.append(MaterialsOf(game_id, name))

    # Whatever the last tap needs, right here, above the buttons; scrolled into view.
    pending = shown_pending
    if pending is not None and asked_state is not None:
        controls += question_part(asked_state, name, pending, payments.get(shown_owner, {}), PendingTaps(
            attempt=attempt, start_pay=start_pay, set_pending=set_pending, ask_bridge=ask_bridge,
            save_value=save_value, close=lambda: set_pending(None, shown_owner),
            set_payment=lambda changed: set_payments(lambda old: {**old, shown_owner: changed})))
    controls.append(error_line(entry.refusal))
    if round_number and not played and pending is None:
        controls.append(Actions(game_id, name, may_act, stable))
    if sheet.contracts is not None and round_number and dp_uncounted and pending is None:
        controls.append(Contracts(game_id, name, may_act, stable["start_pay"]))
    controls.append(Rows(game_id, name))
    # Below the sheet's rows, not in the app bar: there it left "Sheet A" too narrow at 150 % text.
    controls.append(RouteLink(ft.Icons.LIST_ALT, _("Sheet values"), f"/game/{game_id}/values"))
    controls.append(EventsOf(game_id))
    asked = f"{shown_owner}:{pending.step}:{pending.action!r}" if pending is not None else ""

    def bring_into_view() -> None:
        """The open question, scrolled into view: impossible to miss on a phone."""
        if asked and column is not None and column.current is not None:
            ft.context.page.run_task(scroll_to_question, column.current)

    ft.use_effect(bring_into_view, [asked])
    return game_body(controls)


@dataclass(frozen=True)
class PendingTaps:
    """What an open question's buttons do (Play's handlers)."""

    attempt: Callable[..., bool]
    start_pay: Callable[[Any], None]
    set_pending: Callable[..., None]
    ask_bridge: Callable[[Callable[[str], Any]], None]
    save_value: Callable[[Any], None]
    close: Callable[[], None]  # closes the shown question
    set_payment: Callable[[dict[str, int]], None]


def question_part(state: State, name: str, pending: Pending, payment: dict[str, int],
                  taps: PendingTaps) -> list[ft.Control]:
    """The open question on ``name``'s sheet (``pending``): a printed value, a payment, a
    bonus, a milestone, a facility or a Bridge's province."""
    sheet = state.rules
    player = state.player(name)
    attempt, start_pay, set_pending, ask_bridge = taps.attempt, taps.start_pay, taps.set_pending, taps.ask_bridge
    controls: list[ft.Control] = []
    if pending.step == "value":
        found = spec(sheet, pending.detail.key)
        controls.append(question(
            _("Needed now: a value printed on your sheet"),
            PrintedValueForm(found.key, pending.detail.place, found.kind, None, taps.save_value, _("Save value")),
            ft.TextButton(_("Cancel"), height=TOUCH, on_click=lambda _e: taps.close()),
        ))
    elif pending.step == "pay":
        what, cost, have, _proposed = pending.detail
        action = pending.action
        extra: list[ft.Control] = []
        if sheet.beanichalcum_travel_roads and not isinstance(action, ExecuteContract):
            other = action.changed(beanichalcum_travel=not action.beanichalcum_travel)
            try:
                quote(state, other)
                extra.append(ft.TextButton(
                    _("Pay the travel as printed") if action.beanichalcum_travel
                    else ngettext("Pay the travel for {n} road with 1 Beanichalcum",
                                  "Pay the travel for {n} roads with 1 Beanichalcum",
                                  sheet.beanichalcum_travel_roads).format(n=sheet.beanichalcum_travel_roads),
                    height=TOUCH, on_click=lambda _e: start_pay(other)))
            except RulesError:
                pass
        controls.append(payment_panel(
            sheet, what, cost, have, payment, taps.set_payment,
            lambda: attempt(action.changed(payment=Materials(**payment))),
            lambda: set_pending(None),
            _("Pay and execute") if isinstance(action, ExecuteContract) else _("Pay and build"), extra,
        ))
    elif pending.step == "bonus":
        due: BonusesDue = pending.detail
        action = pending.action
        picked = tuple(getattr(action, due.field))
        if due.field == "development_bonuses":
            title = _("Choose a Development Bonus ({number} of {due})").format(number=len(picked) + 1, due=due.due)
        else:
            title = _("Choose a {what}").format(what=_(due.title))

        def pick(option: str) -> None:
            chosen = action.changed(**{due.field: (*picked, option)})
            if due.field == "development_bonuses" and len(picked) + 1 < due.due:
                set_pending(Pending("bonus", chosen, due))
            else:
                attempt(chosen)

        controls.append(chooser(title, [(b, option_text(sheet, due.field, b)) for b in due.left if b not in picked],
                                pick, lambda: set_pending(None)))
    elif pending.step == "milestone":
        left = [b for b in sheet.milestone_bonuses if b.id not in player.milestone_bonuses]

        def milestone_pick(bonus: str) -> None:
            if cast(MilestoneBonus, sheet.milestone_bonus(bonus)).builds == "bridge":
                ask_bridge(lambda p: attempt(Milestone(player=name, bonus=bonus, bridge_to=p)))
            else:
                attempt(Milestone(player=name, bonus=bonus))

        controls.append(chooser(_("Choose a Milestone Bonus"), [(b.id, f"{plain(b.effect)} · {pt(b.points)}")
                                                                for b in left],
                                milestone_pick, lambda: set_pending(None)))
    elif pending.step == "facility":
        row: HayAction = pending.detail
        controls.append(chooser(
            _("{action}: which facility to build?").format(action=plain(row.effect)),
            [(f.id, _(f.name)) for f in sheet.facilities],
            lambda f: (ask_bridge(lambda p: start_pay(HayActionTaken(player=name, row=row.id, facility=f,
                                                                     bridge_to=p)))
                       if f == "bridge" else start_pay(HayActionTaken(player=name, row=row.id, facility=f))),
            lambda: set_pending(None),
        ))
    elif pending.step == "bridge":
        then = cast(Callable[[str], Any], pending.then)
        controls.append(chooser(_("Which province does the Bridge join?"),
                                [(p, province(p)) for p in bridge_options(state, name)],
                                then, lambda: set_pending(None)))
    return controls


async def scroll_to_question(column: ft.Column) -> None:
    """Once the phone has drawn the question (a moment after the update that shows it)."""
    await asyncio.sleep(0.2)
    await column.scroll_to(scroll_key=QUESTION_KEY, duration=250)


# What the action buttons show, as plain data: ("wait", text), ("special", title, buttons) or
# ("actions", title, owed, buttons), a button being (label, why the rules refuse it or None);
# "owed": "Let it pass" is offered, its tap the last. Equal plans show the same buttons.
Plan = tuple[Any, ...]


# A button's tap, given the play screen's handlers: attempt(action), start_pay(action),
# set_pending(pending) and ask_bridge(then). Not bound to one phone's: shared by all.
Tap = Callable[[dict[str, Callable[..., Any]]], Any]


def action_plan(state: State, player, may_act: bool) -> tuple[Plan, list[Tap]]:
    """This round's income choice and action, one button per action the rules allow now:
    the plan, and each button's tap in its order."""
    name = player.name
    sheet = state.rules
    if not may_act:
        return ("wait", _("{player} takes {player}'s actions on {player}'s own phone.").format(player=name)), []
    assert state.card is not None  # a round has begun: its card is revealed
    if state.card.special and player.special_option is None and not player.due:
        options = list(SPECIAL_CARD_OPTIONS.items())
        return (("special", _("Special card: choose your income"),
                 tuple((plain(text), RULES.why_not(state, SpecialIncome(player=name, option=o))) for o, text in options)),
                [lambda h, o=o: h["attempt"](SpecialIncome(player=name, option=o)) for o, _t in options])  # type: ignore[misc]  # mypy#15459: a lambda with a default
    title = _("Your action this round")
    if player.actions:
        title = _("Your action this round: {actions}").format(actions=", ".join(_(ACTION_NAMES[a])
                                                                              for a in player.actions))
    owed = bool(player.due)
    if owed:
        title = _("Owed at once: {action}").format(action=_(DUE_NAMES[player.due[0]]))

    def build_choice(f: Facility, beanzantine: bool = False) -> tuple[str, str | None, Tap]:
        action = Build(player=name, facility=f.id, beanzantine=beanzantine)
        label = (_("Build {facility} as if the Ruler were in Beanzantine") if beanzantine
                 else _("Build {facility}")).format(facility=_(f.name))
        if f.id == "bridge":  # which province it joins comes first
            options = bridge_options(state, name)
            reason = why_none_of(state, (action.changed(bridge_to=p) for p in options)) if options else \
                _("every adjacent province is joined already")
            return label, reason, lambda h: h["ask_bridge"](lambda p: h["start_pay"](action.changed(bridge_to=p)))
        tries = [action] + ([action.changed(beanichalcum_travel=True)] if sheet.beanichalcum_travel_roads else [])
        return label, why_none_of(state, tries), lambda h: h["start_pay"](action)

    choices: list[tuple[str, str | None, Tap]] = [build_choice(f) for f in sheet.facilities]
    if player.province == "beanzantine" and not player.ability_used and state.ruler != "beanzantine":
        choices += [build_choice(f, beanzantine=True) for f in sheet.facilities if f.id != "bridge"]
    for row in sheet.hay_actions:
        uses = player.uses(row.id)
        label = _("{action} ({hay} Hay, used {uses} of {most})").format(
            action=plain(row.effect), hay=row.hay, uses=uses, most=HAY_ACTION_USES_PER_ROW)
        if row.removes_roads or row.builds:  # allowed when it can build any facility
            tries = [HayActionTaken(player=name, row=row.id, facility=f.id) for f in sheet.facilities
                     if f.id != "bridge"]
            choices.append((label, why_none_of(state, tries),
                            lambda h, row=row: h["set_pending"](Pending("facility", detail=row))))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        elif row.third_use_free_bridge and uses == HAY_ACTION_USES_PER_ROW - 1:
            tries = [HayActionTaken(player=name, row=row.id, bridge_to=p) for p in bridge_options(state, name)]
            choices.append((label, why_none_of(state, tries) if tries else _("no province left for a Bridge"),
                            lambda h, row=row: h["ask_bridge"](lambda p: h["attempt"](HayActionTaken(  # type: ignore[misc]
                                player=name, row=row.id, bridge_to=p)))))
        else:
            choices.append((label, RULES.why_not(state, HayActionTaken(player=name, row=row.id)),
                            lambda h, row=row: h["attempt"](HayActionTaken(player=name, row=row.id))))  # type: ignore[misc]  # mypy#15459: a lambda with a default
    left = [b.id for b in sheet.milestone_bonuses if b.id not in player.milestone_bonuses]
    milestone = (why_none_of(state, (Milestone(player=name, bonus=b) for b in left)) if left
                 else _("every Milestone Bonus is gained"))
    choices.append((_("Achieve a milestone"), milestone, lambda h: h["set_pending"](Pending("milestone"))))
    choices.append((_("Add a Hay Shed (+{hay} Hay)").format(hay=HAY_SHED_GAIN.hay), RULES.why_not(state, AddHayShed(player=name)),
                    lambda h: h["attempt"](AddHayShed(player=name))))
    taps = [tap for _l, _r, tap in choices] + ([lambda h: h["attempt"](Forgo(player=name))] if owed else [])
    return ("actions", title, owed, tuple((label, reason) for label, reason, _t in choices)), taps


def shared_plan(state: State, name: str, may_act: bool) -> tuple[Plan, list[Tap]]:
    """``action_plan`` (the package is moving onto the engine's ``allowed``)."""
    return action_plan(state, state.player(name), may_act)


def plain_choice(label: str, reason: str | None, index: int, tap: Callable[[int], Any], said: bool) -> ft.Control:
    return action_button(label, reason, lambda: tap(index), said=said)


def action_controls(plan: Plan, tap: Callable[[int], Any],
                    button: Callable[[str, str | None, int, Callable[[int], Any], bool], ft.Control] = plain_choice
                    ) -> ft.Control:
    """The buttons of ``plan``; ``tap(i)``: the i-th button's tap; ``button``: how each is made."""
    if plan[0] == "wait":
        return note(plan[1])
    if plan[0] == "special":
        return section(plan[1], *[action_button(label, reason, lambda i=i: tap(i))  # type: ignore[misc]  # mypy#15459: a lambda with a default
                                  for i, (label, reason) in enumerate(plan[2])])
    _kind, title, owed, choices = plan
    owing: list[ft.Control] = ([ft.TextButton(_("Let it pass"), height=TOUCH, on_click=lambda _e: tap(len(choices)))]
                               if owed else [])
    reasons = {reason for _, reason in choices}
    if len(reasons) == 1 and None not in reasons:  # one reason for every action: say it once
        return section(title, note(cast(str, reasons.pop())), *owing)  # the one reason is not None
    buttons: list[ft.Control] = []
    for index, (label, reason) in enumerate(choices):  # a reason shared by a run of buttons: said once, last
        following = choices[index + 1][1] if index + 1 < len(choices) else None
        said = not (reason is not None and reason == following)
        buttons.append(button(label, reason, index, tap, said))
    return section(title, *owing, *buttons)


@ft.component
def _ActionButtons(plan: Plan, tap: Callable[[int], Any]) -> ft.Control:
    """``action_controls``, each button kept (``use_kept``) while it stays the same; a new
    reason for a button still disabled (its materials changed) changes the words under
    it, and the button itself is kept."""
    keep = use_kept()
    owed = plan[0] == "actions" and plan[2]  # "Let it pass" stands before the buttons: their place

    def button(label: str, reason: str | None, index: int, tap: Callable[[int], Any], said: bool) -> ft.Control:
        disabled = reason is not None
        only = keep((label, disabled, owed, index, tap), lambda: action_only(label, disabled, lambda: tap(index)))
        return keep((label, reason, owed, index, tap, said),
                    lambda: ft.Column([only, reason_line(reason if said else None)], spacing=0))

    return action_controls(plan, tap, button)


# Memoized: after another player's change the buttons are often the same (``tap`` is stable).
ActionButtons = ft.memo(_ActionButtons)


def actions_part(state: State, player, may_act: bool, handlers: dict[str, Callable[..., Any]]) -> ft.Control:
    """This round's income choice and action (as the screen shows them, not memoized)."""
    plan, taps = action_plan(state, player, may_act)
    return action_controls(plan, lambda i: taps[i](handlers))


def contracts_part(state: State, player, may_act: bool, start_pay) -> ft.Control:
    """Sheet D: the gained Contracts; each executed any time by paying its cost."""
    sheet = state.rules
    gained = [cast(Contract, sheet.contract(c)) for c in player.contracts_gained]
    lines: list[ft.Control] = []
    for contract in gained:
        if contract.id in player.contracts_executed:
            lines.append(note(_("Executed: {contract}").format(contract=contract_text(contract))))
        elif may_act:
            action = ExecuteContract(player=player.name, contract=contract.id)
            lines.append(action_button(_("Execute {contract}").format(contract=contract_text(contract)), RULES.why_not(state, action),
                                       lambda action=action: start_pay(action)))  # type: ignore[misc]  # mypy#15459: a lambda with a default
        else:
            lines.append(note(_("Gained: {contract}").format(contract=contract_text(contract))))
    return section(_("Contracts: {gained} gained, {executed} executed (executing one is no action)").format(
        gained=len(player.contracts_gained), executed=len(player.contracts_executed)),
        *(lines or [note(_("none gained yet"))]))


def facility_icons(state: State) -> tuple[int | None, ...]:
    """Each facility's icons on the sheet, stated or entered (None: not known yet)."""
    return tuple(f.icons if f.icons is not None else cast("int | None", state.entered.get(f"icons:{f.id}"))
                 for f in state.rules.facilities)


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


def hay_row(effect: Any, hay: int, uses: int) -> ft.Control:
    """A Hay action's row: what it does and a box per use."""
    return ft.Semantics(label=_("{action}: used {uses} of {most}").format(
                            action=plain(effect), uses=uses, most=HAY_ACTION_USES_PER_ROW),
                        container=True, exclude_semantics=True,
                        content=ft.Row([ft.Text(_("{action} ({hay} Hay)").format(action=plain(effect), hay=hay),
                                                expand=True, size=14),
                                        boxes(uses, HAY_ACTION_USES_PER_ROW,
                                              ft.Icons.CHECK_BOX, ft.Icons.CHECK_BOX_OUTLINE_BLANK)]))


@ft.component
def SheetRows(sheet: Sheet, player: Any, icons_known: tuple[int | None, ...]) -> ft.Control:
    """The paper sheet's rows as they stand; a build changes one facility's row and the
    facts under them, the rest is kept (``use_kept``)."""
    keep = use_kept()
    facts = [ngettext("{n} facility built", "{n} facilities built", player.facilities_built).format(
                 n=player.facilities_built),
             _("Hay Sheds added {n} of {most}").format(n=player.hay_sheds, most=sheet.extra_hay_sheds)]
    if sheet.horse_riding is not None:
        facts.insert(0, _("Horse-Riding Level {level}").format(level=horse_riding_level(player.count('stable'))))
    if player.bridges:
        facts.append(_("Bridges join {provinces}").format(provinces=", ".join(province(p) for p in player.bridges)))
    if sheet.beanichalcum is not None:
        facts.append(_("Beanichalcum gained {n}").format(n=player.beanichalcum_gained))
    facts_text = " · ".join(facts)
    # The bonuses a player gained are the sheet's own.
    gained_m = [plain(cast(MilestoneBonus, sheet.milestone_bonus(b)).effect) for b in player.milestone_bonuses]
    ability = PROVINCES[player.province]
    # Each row's key holds its place (use_kept).
    facilities = tuple(("facility", place, f.plural, player.count(f.id), icons)
                       for place, (f, icons) in enumerate(zip(sheet.facilities, icons_known)))
    hay_actions = tuple(("hay", place, r.effect, r.hay, player.uses(r.id)) for place, r in enumerate(sheet.hay_actions))
    notes = [(_("Milestones achieved: {n}").format(n=player.milestones),
              _("Bonuses: {bonuses}").format(bonuses="; ".join(gained_m) if gained_m else _("none yet")))]
    if sheet.development_bonuses is not None:
        gained_d = [plain(cast(DevelopmentBonus, sheet.development_bonus(b)).effect)
                    for b in player.development_bonuses]
        notes.append((_("Development Bonuses"), "; ".join(gained_d) if gained_d else _("none yet")))
    ability_text = _(sheet.province_abilities.get(player.province, ability.ability))
    notes.append((_(ability.name), _("{ability} (used)").format(ability=ability_text)
                   if player.ability_used else ability_text))
    facility_rows = [keep(row, lambda: facility_row(*row[2:])) for row in facilities]
    hay_rows = [keep(row, lambda: hay_row(*row[2:])) for row in hay_actions]
    parts = [
        keep(("facilities", facilities, facts_text), lambda: section(_("Facilities"), *facility_rows, note(facts_text))),
        keep(("hay actions", hay_actions), lambda: section(_("Hay actions"), *hay_rows)),
        *[keep(("note", title, text), lambda: section(title, note(text))) for title, text in notes],
    ]
    return ft.Column(parts, spacing=12)


def final_part(state: State, attempt, at_table: bool, mine: str | None) -> list[ft.Control]:
    """After round 15: count each sheet's Development Passport icons (not on B), then the breakdown."""
    scored = scored_sheet(state)
    parts: list[ft.Control] = [headline(scored)] if scored.finished else []
    if counts_dp_icons(state):
        counters: list[ft.Control] = []
        for p in state.players:
            if at_table and p.name != mine:
                continue
            counters.append(stepper(_("{player}: filled DP icons").format(player=p.name), p.dp_icons or 0,
                                    lambda n, p=p: attempt(EnterDpIcons(player=p.name, filled=n))))  # type: ignore[misc]  # mypy#15459: a lambda with a default
            if p.dp_icons is None:  # not counted yet: 0 is a count too
                none = EnterDpIcons(player=p.name, filled=0)
                counters.append(ft.Row([note(_("{player}: not counted yet").format(player=p.name)),
                                        ft.TextButton(_("No DP icon filled"), height=TOUCH,
                                                      on_click=lambda _e, none=none: attempt(none))]))
        parts.append(section(_("End of the game: count the filled Development Passport icons on each sheet"),
                             *counters,
                             note("" if scored.finished else
                                  _("The winner shows once every sheet's icons are counted."))))
    parts.append(final_table(scored))
    return parts


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=lambda state: _("Sheet {letter}").format(letter=state.rules.letter),
    blurb=N_("Play sheet A, B, C or D round by round: costs, payments, income and every rule checked; "
             "scored at the end."),
)
