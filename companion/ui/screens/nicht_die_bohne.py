"""Nicht die Bohne!: the score pad on a phone.

The round table mirrors the paper pad (positive, negative, total per round and player).
Below it, one player's collected cards for one round are tapped in from the four colour
rows. Every tap is committed; cards another player took this round are shown as taken.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.ui.colours import NEGATIVE, PAIRS, POSITIVE
from companion.ui.hooks import GameChanged, use_games, use_stable_handlers
from companion.ui.components.game_bar import game_body
from companion.ui.kit import GameScreens, Said, result_banner, use_entry, use_shown_player
from companion.ui.components.common import (
    TOUCH, big_number, error_line, icon_button, section,
)
from companion.ui.components.players import PlayersSetup
from sheets.nicht_die_bohne import RULES, Card, Colour
from sheets.i18n import N_, _, ngettext, pgettext
from sheets.nicht_die_bohne.cards import (
    DOUBLER, NULLIFIER, NUMBERS, PLUSMINUS, DECK, cards_text, colour_name, face_name,
)
from sheets.nicht_die_bohne.engine import (
    ROUNDS, CorrectRound, EnterCards, RecordChip, ReturnCard, Round, State, TakeCard,
)
from sheets.nicht_die_bohne.scoring import round_score

# Card colour (fill and outline) and the text colour on that fill.
BEAN_COLOURS = {
    Colour.BLUE: PAIRS["blue"],
    Colour.RED: PAIRS["red light"],
    Colour.GREEN: PAIRS["green"],
    Colour.YELLOW: PAIRS["amber dark"],
}


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def per_state(fn: Callable) -> Callable:
    """After a change every phone at the table renders the same state: work out what the
    pad shows from it once, not once per phone (keyed by the state object itself, which
    the cache keeps alive, so a key is never a recycled id)."""
    cache: dict[tuple, tuple] = {}

    def cached(state, *args):
        key = (id(state), *args)
        hit = cache.get(key)
        if hit is not None and hit[0] is state:
            return hit[1]
        if len(cache) >= 64:
            cache.clear()
        value = fn(state, *args)
        cache[key] = (state, value)
        return value

    return cached


# -- setup ------------------------------------------------------------------------------


def Setup(game: str):
    return PlayersSetup(game, 3, 6)  # rulebook: 3 - 6 players


# -- the round table ------------------------------------------------------------------


RoundCell = tuple[int, int, int, bool] | None  # total, positive, negative, complete


@ft.component
def _ScoreRow(name: str, cells: tuple[RoundCell, ...], total: int, winner: bool):
    """One player's line of the pad: each round's total (+positive −negative), the game total."""

    def cell(value: RoundCell) -> ft.Control:
        if value is None:
            return ft.Text("–", color=ft.Colors.ON_SURFACE_VARIANT, width=COLUMN, text_align=ft.TextAlign.END)
        points, positive, negative, done = value
        return ft.Column(
            [
                ft.Text(signed(points), size=16, weight=ft.FontWeight.BOLD, italic=not done),
                ft.Text(f"+{positive} −{negative}" if negative else f"+{positive}", size=10, no_wrap=True,
                        color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=0, width=COLUMN, horizontal_alignment=ft.CrossAxisAlignment.END,
        )

    shown = ["–" if c is None else signed(c[0]) for c in cells]
    return ft.Semantics(
        label=" ".join([name, *shown, str(total)]),
        container=True,  # its own node: screen readers (and tests) read one row at a time
        exclude_semantics=True,
        content=ft.Container(
            ft.Row(
                [
                    ft.Row(([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=18)] if winner else [])
                           + [ft.Text(name, weight=ft.FontWeight.BOLD if winner else None)], spacing=4, expand=True),
                    *[cell(c) for c in cells],
                    ft.Text(str(total), size=18, weight=ft.FontWeight.BOLD, width=COLUMN, text_align=ft.TextAlign.END),
                ],
            ),
            height=TOUCH + 4,
            padding=ft.Padding.symmetric(horizontal=6),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None,
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )


# Memoized: a change re-renders only the rows it touches, on every phone at the table.
ScoreRow = ft.memo(_ScoreRow)
COLUMN = 62  # "+30 −11" under a round's total, at 150 % text


@ft.component
def _RoundHeader():
    return ft.Container(
        ft.Row(
            [ft.Text(_("Player"), expand=True)]
            # TRANSLATORS: the pad's column of round {number}, as narrow as "R1"
            + [ft.Text(_("R{number}").format(number=n), width=COLUMN, text_align=ft.TextAlign.END)
               for n in range(1, ROUNDS + 1)]
            + [ft.Text(pgettext("the pad's last column, 62 px wide", "Total"), width=COLUMN,
                       text_align=ft.TextAlign.END)],
        ),
        padding=ft.Padding.symmetric(horizontal=6),
    )


RoundHeader = ft.memo(_RoundHeader)  # the same on every render (per phone and language)


@per_state
def table_rows(state: State, over: bool) -> tuple[tuple[str, tuple[RoundCell, ...], int, bool], ...]:
    """Each player's row of the pad: name, round cells, total, winner."""
    result = RULES.result(state)
    rows = []
    for p in result.players:
        cells = tuple(
            None if n > len(state.rounds) else (
                (score := state.score(n, p.name)).total, score.positive, score.negative, state.round_complete(n))
            for n in range(1, ROUNDS + 1)
        )
        rows.append((p.name, cells, p.total, over and p.name in result.winners))
    return tuple(rows)


@ft.component
def _RoundTable(rows: tuple[tuple[str, tuple[RoundCell, ...], int, bool], ...]):
    """The paper pad: per player each round's positive, negative and total, and the game total."""
    return ft.Column([RoundHeader(), *[ScoreRow(*row) for row in rows]], spacing=0)


# Memoized: a render that leaves the pad as it was (a tap on this phone's keypad) skips it.
RoundTable = ft.memo(_RoundTable)


def round_table(state: State, over: bool) -> ft.Control:
    return RoundTable(table_rows(state, over))


rest_of_deck = per_state(lambda state, number, player: state.rest_of_deck(number, player))
DECK_SIZE = sum(DECK.values())


# -- entering cards -------------------------------------------------------------------


def signed_number(text: str, caption: str, pair: tuple[str, str]) -> ft.Control:
    """A round's positive or negative points: the number on its colour (white on green,
    white on red: readable in both themes), the caption under it."""
    fill, ink = pair
    return ft.Column(
        [ft.Container(ft.Text(text, size=24, weight=ft.FontWeight.BOLD, color=ink), bgcolor=fill,
                      border_radius=8, padding=ft.Padding.symmetric(horizontal=10)),
         ft.Text(caption, size=12, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=2, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def card_button(card: Card, chosen: bool, holder: str | None, on_toggle: Callable[[], None]) -> ft.Control:
    """One card as a 48 px tile: filled when this player has it, struck out when another
    player took it (a tap on it then explains, in the engine's words, who has it)."""
    fill, ink = BEAN_COLOURS[card.colour]
    number = card.face in NUMBERS
    taken = holder is not None
    text = ft.Text(face_name(card.face), size=16 if number else 14, weight=ft.FontWeight.BOLD,
                   color=ink if chosen else (ft.Colors.ON_SURFACE_VARIANT if taken else ft.Colors.ON_SURFACE),
                   style=ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH) if taken else None)
    return ft.Semantics(
        label=card.label,
        button=True,
        selected=chosen,
        exclude_semantics=True,
        content=ft.Container(
            # A number in a 60 px tile; a special card by its printed name, as wide as the name.
            text if number else ft.Row([text], tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            width=60 if number else None,
            height=TOUCH,
            alignment=ft.Alignment.CENTER if number else None,
            padding=None if number else ft.Padding.symmetric(horizontal=12),
            border_radius=8,
            bgcolor=fill if chosen else None,
            border=ft.Border.all(2, ft.Colors.OUTLINE_VARIANT if taken else fill),
            on_click=lambda _e: on_toggle(),  # a taken card still answers: the engine says why not
            tooltip=_("taken by {player}").format(player=holder) if taken else None,
        ),
    )


@ft.component
def _CardTile(card: Card, chosen: bool, holder: str | None, take: Callable, give_back: Callable):
    return card_button(card, chosen, holder, lambda: (give_back if chosen else take)(card))


# Memoized: when one card changes, every phone at the table re-renders only that tile.
CardTile = ft.memo(_CardTile)


@ft.component
def _PlayerChip(name: str, cards: int, hand: int, selected: bool, choose: Callable[[str], None]):
    """A player's chip: how many of their cards are entered this round."""
    return ft.Chip(label=ft.Text(f"{name} {cards}/{hand}"), selected=selected, show_checkmark=False,
                   on_select=lambda _e: choose(name))


PlayerChip = ft.memo(_PlayerChip)


@ft.component
def _ColourTab(colour: Colour, value: int, active: bool, on_choose: Callable[[Colour], None]):
    fill, ink = BEAN_COLOURS[colour]
    return ft.Semantics(
        # "Blue: -13" ("Blau: -13"): never the name of a card tile ("blue 3", "Blau 3")
        label=pgettext("a colour tab", "{colour}: {value}").format(colour=colour_name(colour).capitalize(),
                                                                  value=value),
        button=True,
        selected=active,
        exclude_semantics=True,
        expand=True,
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(colour_name(colour).capitalize(), size=13, color=ink if active else ft.Colors.ON_SURFACE,
                            weight=ft.FontWeight.W_600, no_wrap=True),
                    ft.Text(signed(value), size=18, weight=ft.FontWeight.BOLD, color=ink if active else None),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            expand=True,
            padding=ft.Padding.symmetric(vertical=6),  # grows with the text size, never clips
            alignment=ft.Alignment.CENTER,
            border_radius=10,
            bgcolor=fill if active else None,
            border=ft.Border.all(2, fill),
            on_click=lambda _e: on_choose(colour),
        ),
    )


ColourTab = ft.memo(_ColourTab)


@ft.component
def _ColourTabs(values: tuple[int, ...], chosen: Colour, on_choose: Callable[[Colour], None]):
    """One tab per colour with its live value; the chosen colour's cards show below."""
    return ft.Row(
        [ColourTab(colour, value, colour == chosen, on_choose) for colour, value in zip(Colour, values)],
        spacing=6,
    )


# Memoized, as the keypad below: a change by another player leaves them as they were on most phones.
ColourTabs = ft.memo(_ColourTabs)


def colour_tabs(score, chosen: Colour, on_choose: Callable[[Colour], None]) -> ft.Control:
    return ColourTabs(tuple(c.value for c in score.colours), chosen, on_choose)


@ft.component
def _PlusMinus(colour: Colour, mine: int, free: int, take: Callable, give_back: Callable):
    """One colour's Plus/Minus cards: how many this player has, one fewer or more."""
    pm = Card(colour=colour, face=PLUSMINUS)
    return ft.Row(
        [
            ft.Text("±", size=18, weight=ft.FontWeight.BOLD),
            icon_button(ft.Icons.REMOVE, _("{card} fewer").format(card=pm.label),
                        lambda _e: give_back(pm), disabled=mine == 0),
            ft.Text(f"{mine}", size=18, weight=ft.FontWeight.BOLD),
            icon_button(ft.Icons.ADD, _("{card} more").format(card=pm.label),
                        lambda _e: take(pm), disabled=mine >= free),
        ],
        spacing=0,
        tight=True,
    )


PlusMinus = ft.memo(_PlusMinus)


# What a colour's special cards do to it, under its cards.
NULLIFIED, ODD_PLUS_MINUS, DOUBLED = N_("nullified"), N_("negative: odd Plus/Minus"), N_("doubled")


def colour_cards(
    state: State, number: int, player: str, colour: Colour, colour_score,
    take: Callable[[Card], None], give_back: Callable[[Card], None],
) -> ft.Control:
    """The chosen colour's 1-10, Nullifier, Doubler and Plus/Minus count for one player."""
    mine = set(state.cards_of(number, player))  # a set: a Card compared field by field costs
    held = state.holders(number, besides=player)

    def holder(card: Card) -> str | None:
        return held[card][0] if DECK[card] == 1 and card in held else None

    pm = Card(colour=colour, face=PLUSMINUS)
    tiles = tuple((c, c in mine, holder(c)) for c in KEYPAD[colour])
    notes = [_(w) for w, on in ((NULLIFIED, colour_score.nullified), (ODD_PLUS_MINUS, colour_score.negative),
                                (DOUBLED, colour_score.doubled)) if on]
    return ColourCards(colour, tiles, state.cards_of(number, player).count(pm), DECK[pm] - len(held.get(pm, [])),
                       ", ".join(notes), take, give_back)


# Each colour's tiles in keypad order: 1-10, Nullifier, Doubler (made once: a Card costs to build).
KEYPAD = {colour: tuple(Card(colour=colour, face=f) for f in (*NUMBERS, NULLIFIER, DOUBLER)) for colour in Colour}


@ft.component
def _ColourCards(colour: Colour, tiles: tuple[tuple[Card, bool, str | None], ...], pm_mine: int, pm_free: int,
                 notes: str, take: Callable[[Card], None], give_back: Callable[[Card], None]):
    """The keypad of one colour: each card (chosen, taken by whom), the Plus/Minus count, the notes."""
    return ft.Column(
        [
            ft.Row([*[CardTile(card, chosen, holder, take, give_back) for card, chosen, holder in tiles],
                    PlusMinus(colour, pm_mine, pm_free, take, give_back)], wrap=True, spacing=6, run_spacing=6),
            ft.Text(notes, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        spacing=4,
    )


# Memoized: a change by another player in another colour leaves this phone's keypad as it was.
ColourCards = ft.memo(_ColourCards)


@ft.component
def _RoundPicker(number: int, open_rounds: tuple[bool, ...], pick: Callable[[int], None]):
    return ft.SegmentedButton(
        segments=[
            ft.Segment(value=str(n), label=ft.Text(_("Round {number}").format(number=n)), disabled=not is_open)
            for n, is_open in enumerate(open_rounds, start=1)
        ],
        selected=[str(number)],
        on_change=lambda e: pick(int(e.control.selected[0])),
        show_selected_icon=False,
    )


RoundPicker = ft.memo(_RoundPicker)


@ft.component
def _Totals(positive: int, negative: int, total: int, caption: str):
    """The chosen player's round: positive, negative and total points, large."""
    return ft.Row(
        [
            signed_number(f"+{positive}" if positive else "0", _("positive"), POSITIVE),
            signed_number(f"−{negative}" if negative else "0", _("negative"), NEGATIVE),
            big_number(signed(total), caption),
        ],
        alignment=ft.MainAxisAlignment.SPACE_AROUND,
    )


Totals = ft.memo(_Totals)


@ft.component
def _StarterPicker(number: int, starter: str | None, players: tuple[str, ...], record: Callable[[int, str], None]):
    """Who took the Bean chip last in the round before, and so starts this one (rulebook,
    Game End). A question while nobody is recorded; each name a 48 px button that says
    what it records ("Anna starts round 2")."""
    asked = starter is None
    question = (_("Who starts round {number}? Who took the Bean chip last in round {previous}?").format(
                    number=number, previous=number - 1) if asked
                else _("{player} starts round {number}: {player} took the Bean chip last in round {previous}.").format(
                    player=starter, number=number, previous=number - 1))
    names = ft.Row(
        [ft.Semantics(
            label=starts(p, number), button=True, selected=p == starter, exclude_semantics=True,
            content=ft.Container(
                ft.Row([ft.Text(p, size=15, weight=ft.FontWeight.W_600,
                                color=ft.Colors.ON_PRIMARY if p == starter else ft.Colors.ON_SURFACE)],
                       tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                height=TOUCH, padding=ft.Padding.symmetric(horizontal=14),
                border_radius=8, bgcolor=ft.Colors.PRIMARY if p == starter else None,
                border=ft.Border.all(2, ft.Colors.PRIMARY if asked or p == starter else ft.Colors.OUTLINE_VARIANT),
                on_click=lambda _e, p=p: record(number, p),
            ),
        ) for p in players],
        wrap=True, spacing=6, run_spacing=6,
    )
    text = ft.Text(question, size=14, weight=ft.FontWeight.W_600 if asked else None,
                   color=ft.Colors.ON_SURFACE if asked else ft.Colors.ON_SURFACE_VARIANT)
    return ft.Column([text, names], spacing=6)


StarterPicker = ft.memo(_StarterPicker)


def starts(player: str, number: int) -> str:
    return _("{player} starts round {number}").format(player=player, number=number)


def next_to_enter(state: State, number: int, player: str) -> str | None:
    """After ``player``'s hand is full: the next player in seating order still entering."""
    seat = state.names.index(player)
    order = state.names[seat + 1:] + state.names[:seat]
    return next((p for p in order if len(state.cards_of(number, p)) < state.hand_size), None)


@ft.component
def Play(game_id: str, changed: GameChanged):
    games = use_games()
    state: State = games.state(game_id)
    over = RULES.is_over(state)
    default_round = state.entering or len(state.rounds)
    chosen_round, set_round = ft.use_state(cast("int | None", None))
    draft, set_draft = ft.use_state(cast("dict[str, list[Card]] | None", None))  # {player: [cards]} while correcting a finished round
    colour, set_colour = ft.use_state(Colour.BLUE)
    entry = use_entry(game_id)

    number = chosen_round if chosen_round and chosen_round <= len(state.rounds) + 1 else default_round
    number = min(number, len(state.rounds) + (0 if over else 1)) or 1
    live = number >= len(state.rounds) and draft is None
    # Not seated: the first player still entering cards. A pick counts for its round only.
    incomplete = [p for p in state.names if len(state.cards_of(number, p)) < state.hand_size]
    player, show = use_shown_player(game_id, state.names, default=next(iter(incomplete), None), key=number)

    def act(action: Any, said: Said = None) -> bool:
        return entry.make(action, said)

    # The cards shown: the stored round, or the draft of a correction.
    shown = state
    if draft is not None:
        shown = State(
            names=state.names,
            rounds=tuple(
                Round(cards=tuple(tuple(draft[p]) for p in state.names)) if n == number else r
                for n, r in enumerate(state.rounds, start=1)
            ),
        )

    def commit(action: Any) -> None:
        """Store one change of the round being entered; say so when it completes the round
        (a card tap itself shows on its tile: a snackbar would cover the keypad). Once the
        player's hand is full, the next player still entering is shown, whoever was picked."""
        was_complete = games.state(game_id).round_complete(number)
        made = act(action, lambda new: _("Round {number} is complete").format(number=number)
                   if new.round_complete(number) and not was_complete else None)
        new = games.state(game_id)
        if made and len(new.cards_of(number, player)) == new.hand_size:
            following = next_to_enter(new, number, player)
            if following is not None:
                show(following)

    drafting = draft is not None

    def take_card(card: Card) -> None:
        if drafting:
            set_draft(lambda d: {**d, player: [*d[player], card]})
        else:
            commit(TakeCard(round=number, player=player, card=card))

    def give_back_card(card: Card) -> None:
        if not drafting:
            commit(ReturnCard(round=number, player=player, card=card))
            return

        def without(d: dict) -> dict:
            cards = list(d[player])
            cards.remove(card)
            return {**d, player: cards}

        set_draft(without)

    def choose_player(shown_player: str) -> None:
        show(shown_player)
        entry.refuse(None)

    def pick_round(n: int) -> None:
        set_round(n)
        set_draft(None)
        entry.refuse(None)

    # The same functions on every render, so unchanged tiles are reused.
    stable = use_stable_handlers(
        take=take_card, give_back=give_back_card, colour=set_colour, player=choose_player, round=pick_round,
        chip=lambda n, p: act(RecordChip(round=n - 1, player=p), starts(p, n)),
    )
    take, give_back = stable["take"], stable["give_back"]

    def fill_rest() -> None:
        if draft is None:
            commit(EnterCards(round=number, player=player, cards=rest))
        else:
            set_draft(lambda d: {**d, player: list(rest)})

    def save_correction(_e) -> None:
        assert draft is not None  # its button shows only while correcting
        if act(CorrectRound(round=number, cards={p: tuple(draft[p]) for p in state.names}),
               _("Round {number} corrected").format(number=number)):
            set_draft(None)

    def start_correction(_e) -> None:
        set_draft({p: list(state.cards_of(number, p)) for p in state.names})

    mine = shown.cards_of(number, player)
    score = round_score(mine)
    # The rest of the deck is this player's hand only once the others hold all but a hand
    # (it is never shorter than that: the deck's Counter less theirs stops at zero).
    others = sum(len(shown.cards_of(number, p)) for p in state.names if p != player)
    rest = rest_of_deck(shown, number, player) if others >= DECK_SIZE - state.hand_size else ()
    can_fill_rest = len(mine) < state.hand_size and len(rest) == state.hand_size

    round_picker = RoundPicker(number, tuple(n <= len(state.rounds) or n == state.entering for n in range(1, ROUNDS + 1)),
                               stable["round"])
    player_chips = ft.Row(
        [PlayerChip(p, len(shown.cards_of(number, p)), state.hand_size, p == player, stable["player"])
         for p in state.names],
        wrap=True,
        spacing=6,
    )
    totals = Totals(score.positive, score.negative, score.total,
                    _("{player}, round {number}").format(player=player, number=number))

    # The keypad first (it is what a player taps at the table), the pad below it.
    round_part: list[ft.Control] = [player_chips, totals, error_line(entry.refusal)]
    if live or draft is not None:
        if can_fill_rest:
            # As tall as its words: a long name or German words wrap onto a second line.
            round_part.append(ft.FilledTonalButton(
                content=ft.Text(ngettext("{player} takes the rest of the deck ({n} card)",
                                         "{player} takes the rest of the deck ({n} cards)", len(rest)).format(
                    player=player, n=len(rest))),
                icon=ft.Icons.AUTO_FIX_HIGH,
                on_click=lambda _e: fill_rest(),
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14)),  # >= 48 px
            ))
        round_part.append(colour_tabs(score, colour, stable["colour"]))
        round_part.append(colour_cards(shown, number, player, colour, score.colours[list(Colour).index(colour)],
                                  take, give_back))
        if draft is not None:
            round_part.append(ft.Row([
                ft.OutlinedButton(_("Cancel"), on_click=lambda _e: (set_draft(None), entry.refuse(None)),  # type: ignore[func-returns-value]  # the tuple only makes the calls
                                  height=TOUCH),
                ft.FilledButton(_("Save round {number}").format(number=number), on_click=save_correction,
                                height=TOUCH, expand=True),
            ]))
    else:
        round_part.append(ft.Text(_("Round {number} is finished. {player}: {cards}.").format(
            number=number, player=player, cards=cards_text(mine) or _("no cards")),
                             color=ft.Colors.ON_SURFACE_VARIANT))
        round_part.append(ft.OutlinedButton(_("Correct round {number}").format(number=number), icon=ft.Icons.EDIT,
                                       on_click=start_correction, height=TOUCH))

    controls: list[ft.Control] = []
    if over:
        controls.append(result_banner(RULES.result(state)))
    if number >= 2 and draft is None:
        # Asked at the top as the round begins, and kept there once told: the keypad below
        # does not move under a player's finger when another phone answers.
        controls.append(StarterPicker(number, state.starter(number), state.names, stable["chip"]))
    heading = _("Round {number} – correcting") if draft is not None else _("Round {number}")
    controls.append(section(heading.format(number=number), *round_part))
    controls.append(round_picker)
    controls.append(round_table(state, over))
    last_by = games.last_entry_by(game_id)
    # Always there, empty or not: a screen that keeps its shape keeps a tap made during an update.
    controls.append(ft.Text(_("Last entry by {player}").format(player=last_by) if last_by else "", size=13,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    return game_body(controls)


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=lambda _state: _(RULES.title),
    blurb=N_("3-6 players, 3 rounds: the score pad with Nullifier, Doubler and Plus/Minus."),
)
