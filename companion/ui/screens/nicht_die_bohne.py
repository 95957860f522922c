"""Nicht die Bohne!: the score pad on a phone.

The round table mirrors the paper pad (positive, negative, total per round and player).
Below it, one player's collected cards for one round are tapped in from the four colour
rows. Every tap is committed; cards another player took this round are shown as taken.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

import flet as ft

from companion.ui.colours import NEGATIVE, PAIRS, POSITIVE
from companion.ui.hooks import use_game_part, use_games, use_kept, use_stable_handlers
from companion.ui.components.game_bar import game_body
from companion.ui.kit import GameScreens, Said, per_state, result_banner, use_entry_untyped, use_shown_player
from companion.ui.components.common import (
    SECTION_SPACING, TOUCH, big_number, error_line, icon_button, section,
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


# -- setup ------------------------------------------------------------------------------


def Setup(game: str):
    return PlayersSetup(game, 3, 6)  # rulebook: 3 - 6 players


# -- the round table ------------------------------------------------------------------


RoundCell = tuple[int, int, int, bool] | None  # total, positive, negative, complete


def score_row(name: str, cells: tuple[RoundCell, ...], total: int, winner: bool,
              keep: Callable[[Hashable, Callable[[], ft.Control]], ft.Control]) -> ft.Control:
    """One player's line of the pad: each round's total (+positive −negative), the game
    total; ``keep`` (``use_kept``): an entry changes one round's cell, the others are kept."""
    shown = ["–" if c is None else signed(c[0]) for c in cells]
    return ft.Semantics(
        label=" ".join([name, *shown, str(total)]),
        container=True,  # its own node: screen readers (and tests) read one row at a time
        exclude_semantics=True,
        content=ft.Container(
            ft.Row(
                [
                    keep(("name", name, winner), lambda: player_name(name, winner)),
                    *[keep((n, cell), lambda: round_points(cell)) for n, cell in enumerate(cells)],  # made at once
                    ft.Text(str(total), size=18, weight=ft.FontWeight.BOLD, width=COLUMN, text_align=ft.TextAlign.END),
                ],
            ),
            height=TOUCH + 4,
            padding=ROW_PADDING,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if winner else None,
            border=ROW_LINE,
        ),
    )


def player_name(name: str, winner: bool) -> ft.Control:
    return ft.Row(([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=18)] if winner else [])
                  + [ft.Text(name, weight=ft.FontWeight.BOLD if winner else None)], spacing=4, expand=True)


def round_points(value: RoundCell) -> ft.Control:
    """A round's cell: its total, and under it +positive −negative; italic while it runs."""
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


# The same objects at every render: Flet passes over a value it sent before without comparing it.
ROW_PADDING = ft.Padding.symmetric(horizontal=6)
ROW_LINE = ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))


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
def table_rows(state: State) -> tuple[tuple[str, tuple[RoundCell, ...], int, bool], ...]:
    """Each player's row of the pad: name, round cells, total, winner (once the game is over)."""
    over = RULES.is_over(state)
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
    mine: tuple[Card, ...], held: dict[Card, list[str]], colour: Colour, colour_score,
    take: Callable[[Card], None], give_back: Callable[[Card], None],
) -> ft.Control:
    """The chosen colour's 1-10, Nullifier, Doubler and Plus/Minus count for one player;
    ``held``: who else holds which card of that colour."""
    chosen = set(mine)  # a set: a Card compared field by field costs

    def holder(card: Card) -> str | None:
        return held[card][0] if DECK[card] == 1 and card in held else None

    pm = Card(colour=colour, face=PLUSMINUS)
    tiles = tuple((c, c in chosen, holder(c)) for c in KEYPAD[colour])
    notes = [_(w) for w, on in ((NULLIFIED, colour_score.nullified), (ODD_PLUS_MINUS, colour_score.negative),
                                (DOUBLED, colour_score.doubled)) if on]
    return ColourCards(colour, tiles, mine.count(pm), DECK[pm] - len(held.get(pm, [])),
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


Draft = dict[str, list[Card]] | None  # {player: [cards]} while a finished round is corrected


def shown_state(state: State, number: int, draft: Draft) -> State:
    """The cards shown: the stored round, or the draft of a correction of round ``number``."""
    if draft is None:
        return state
    return State(
        names=state.names,
        rounds=tuple(Round(cards=tuple(tuple(draft[p]) for p in state.names)) if n == number else r
                     for n, r in enumerate(state.rounds, start=1)),
    )


# The pieces of the play screen below: each shows one part of the game and reads it itself
# (use_game_part), so a change re-renders, on each phone, only the pieces it touches.


@ft.component
def PlayerChip(game_id: str, number: int, name: str, selected: bool, draft: Draft, choose: Callable[[str], None]):
    """A player's chip: how many of their cards are entered in round ``number``."""
    return ft.Chip(label=PlayerChipLabel(game_id, number, name, draft), selected=selected, show_checkmark=False,
                   on_select=lambda _e: choose(name))


@ft.component
def PlayerChipLabel(game_id: str, number: int, name: str, draft: Draft):
    """The chip's words; only they change with an entry (on every phone)."""
    games = use_games()

    def read() -> tuple[int, int]:
        state = games.state(game_id)
        return len(shown_state(state, number, draft).cards_of(number, name)), state.hand_size

    cards, hand = use_game_part(read)
    return ft.Text(f"{name} {cards}/{hand}")


@ft.component
def Hand(game_id: str, number: int, player: str, colour: Colour, draft: Draft, refusal: str | None,
         handlers: dict[str, Callable[..., Any]]):
    """One player's cards of round ``number``: the totals, the chosen colour's keypad, and
    the rest of the deck once it is theirs (``refusal``: the engine's word on the last tap)."""
    games = use_games()

    def read() -> tuple[tuple[Card, ...], dict[Card, list[str]], tuple[Card, ...], int]:
        state = games.state(game_id)
        shown = shown_state(state, number, draft)
        # The rest of the deck is this player's hand only once the others hold all but a hand
        # (it is never shorter than that: the deck's Counter less theirs stops at zero).
        others = sum(len(shown.cards_of(number, p)) for p in state.names if p != player)
        rest = rest_of_deck(shown, number, player) if others >= DECK_SIZE - state.hand_size else ()
        held = {card: who for card, who in shown.holders(number, besides=player).items() if card.colour == colour}
        return tuple(shown.cards_of(number, player)), held, tuple(rest), state.hand_size

    mine, held, rest, hand = use_game_part(read)
    score = round_score(mine)
    controls: list[ft.Control] = [round_totals(score, player, number), error_line(refusal)]
    if len(mine) < hand and len(rest) == hand:
        # As tall as its words: a long name or German words wrap onto a second line.
        controls.append(ft.FilledTonalButton(
            content=ft.Text(ngettext("{player} takes the rest of the deck ({n} card)",
                                     "{player} takes the rest of the deck ({n} cards)", len(rest)).format(
                player=player, n=len(rest))),
            icon=ft.Icons.AUTO_FIX_HIGH,
            on_click=lambda _e: handlers["fill_rest"](rest),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14)),  # >= 48 px
        ))
    controls.append(colour_tabs(score, colour, handlers["colour"]))
    controls.append(colour_cards(mine, held, colour, score.colours[list(Colour).index(colour)],
                                 handlers["take"], handlers["give_back"]))
    return ft.Column(controls, spacing=SECTION_SPACING)


def round_totals(score, player: str, number: int) -> ft.Control:
    """The player's round (``score``) in large type."""
    return Totals(score.positive, score.negative, score.total,
                  _("{player}, round {number}").format(player=player, number=number))


@ft.component
def FinishedHand(game_id: str, number: int, player: str, refusal: str | None, start_correction: Callable[[], None]):
    """A finished round: the player's points and cards, and a way to correct the round
    (``refusal``: the engine's word on the last tap)."""
    games = use_games()
    mine = use_game_part(lambda: games.state(game_id).cards_of(number, player))
    return ft.Column([
        round_totals(round_score(mine), player, number),
        error_line(refusal),
        ft.Text(_("Round {number} is finished. {player}: {cards}.").format(
            number=number, player=player, cards=cards_text(mine) or _("no cards")), color=ft.Colors.ON_SURFACE_VARIANT),
        ft.OutlinedButton(_("Correct round {number}").format(number=number), icon=ft.Icons.EDIT,
                          on_click=lambda _e: start_correction(), height=TOUCH),
    ], spacing=SECTION_SPACING)


@ft.component
def Starter(game_id: str, number: int, record: Callable[[int, str], None]):
    """Who starts round ``number``: asked until told."""
    games = use_games()
    starter = use_game_part(lambda: games.state(game_id).starter(number))
    return StarterPicker(number, starter, games.state(game_id).names, record)  # a game's players never change


@ft.component
def Pad(game_id: str):
    """The paper pad: a row per player."""
    games = use_games()
    players = len(games.state(game_id).names)  # a game's players never change: each row reads its own
    return ft.Column([RoundHeader(), *[PadRow(game_id, index) for index in range(players)]], spacing=0)


@ft.component
def PadRow(game_id: str, index: int):
    """The pad's row ``index``, in the order of the game's result."""
    games = use_games()

    def read() -> tuple[str, tuple[RoundCell, ...], int, bool]:
        state = games.state(game_id)
        return table_rows(state)[index]

    return score_row(*use_game_part(read), use_kept())


@ft.component
def Result(game_id: str):
    """Who won, once the game is over."""
    games = use_games()
    return result_banner(use_game_part(lambda: RULES.result(games.state(game_id))))


@ft.component
def LastEntry(game_id: str):
    games = use_games()
    last_by = use_game_part(lambda: games.last_entry_by(game_id))
    # Always there, empty or not: a screen that keeps its shape keeps a tap made during an update.
    return ft.Text(_("Last entry by {player}").format(player=last_by) if last_by else "", size=13,
                   color=ft.Colors.ON_SURFACE_VARIANT)


@ft.component
def Play(game_id: str):
    games = use_games()

    def read() -> tuple[bool, int | None, int, tuple[str, ...], tuple[tuple[int, ...], ...]]:
        state = games.state(game_id)
        return (RULES.is_over(state), state.entering, len(state.rounds), state.names,
                tuple(tuple(len(state.cards_of(n, p)) < state.hand_size for p in state.names)
                      for n in range(1, len(state.rounds) + 1)))

    # What this screen itself shows of the game: the rounds there are, and who still enters cards.
    over, entering, rounds, names, incomplete_by_round = use_game_part(read)
    chosen_round, set_round = ft.use_state(cast("int | None", None))
    draft, set_draft = ft.use_state(cast(Draft, None))
    colour, set_colour = ft.use_state(Colour.BLUE)
    entry = use_entry_untyped(game_id)

    number = chosen_round if chosen_round and chosen_round <= rounds + 1 else (entering or rounds)
    number = min(number, rounds + (0 if over else 1)) or 1
    live = number >= rounds and draft is None
    # Not seated: the first player still entering cards. A pick counts for its round only.
    incomplete = ([p for p, open_hand in zip(names, incomplete_by_round[number - 1]) if open_hand]
                  if number <= rounds else list(names))
    player, show = use_shown_player(game_id, names, default=next(iter(incomplete), None), key=number)

    def act(action: Any, said: Said = None) -> bool:
        return entry.make(action, said)

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

    def fill_rest(rest: tuple[Card, ...]) -> None:
        if draft is None:
            commit(EnterCards(round=number, player=player, cards=rest))
        else:
            set_draft(lambda d: {**d, player: list(rest)})

    def choose_player(shown_player: str) -> None:
        show(shown_player)
        entry.refuse(None)

    def pick_round(n: int) -> None:
        set_round(n)
        set_draft(None)
        entry.refuse(None)

    def start_correction() -> None:
        state = games.state(game_id)
        set_draft({p: list(state.cards_of(number, p)) for p in state.names})

    # The same functions on every render, so unchanged pieces are reused.
    stable = use_stable_handlers(
        take=take_card, give_back=give_back_card, colour=set_colour, player=choose_player, round=pick_round,
        fill_rest=fill_rest, correct=start_correction,
        chip=lambda n, p: act(RecordChip(round=n - 1, player=p), starts(p, n)),
    )

    def save_correction(_e) -> None:
        assert draft is not None  # its button shows only while correcting
        if act(CorrectRound(round=number, cards={p: tuple(draft[p]) for p in names}),
               _("Round {number} corrected").format(number=number)):
            set_draft(None)

    # The keypad first (it is what a player taps at the table), the pad below it.
    player_chips = ft.Row([PlayerChip(game_id, number, p, p == player, draft, stable["player"]) for p in names],
                          wrap=True, spacing=6)
    round_part: list[ft.Control] = [player_chips]
    if live or draft is not None:
        round_part.append(Hand(game_id, number, player, colour, draft, entry.refusal, stable))
        if draft is not None:
            round_part.append(ft.Row([
                ft.OutlinedButton(_("Cancel"), on_click=lambda _e: (set_draft(None), entry.refuse(None)),  # type: ignore[func-returns-value]  # the tuple only makes the calls
                                  height=TOUCH),
                ft.FilledButton(_("Save round {number}").format(number=number), on_click=save_correction,
                                height=TOUCH, expand=True),
            ]))
    else:
        round_part.append(FinishedHand(game_id, number, player, entry.refusal, stable["correct"]))

    controls: list[ft.Control] = [Result(game_id)] if over else []
    if number >= 2 and draft is None:
        # Asked at the top as the round begins, and kept there once told: the keypad below
        # does not move under a player's finger when another phone answers.
        controls.append(Starter(game_id, number, stable["chip"]))
    heading = _("Round {number} – correcting") if draft is not None else _("Round {number}")
    controls.append(section(heading.format(number=number), *round_part))
    controls.append(RoundPicker(number, tuple(n <= rounds or n == entering for n in range(1, ROUNDS + 1)),
                                stable["round"]))
    controls.append(Pad(game_id))
    controls.append(LastEntry(game_id))
    return game_body(controls)


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=lambda _state: _(RULES.title),
    blurb=N_("3-6 players, 3 rounds: the score pad with Nullifier, Doubler and Plus/Minus."),
)
