"""The play screen: who starts the round, the round's keypad (the player chips, the shown
player's cards), the round picker, the pad. It renders from one typed view of the game
(``view.view``, via ``GameOf.view``) and hands its pieces slices of it; what the rules
allow is the engine's answer in that view, and a tap the engine refuses says its reason."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.ui.components.common import TOUCH, section
from companion.ui.components.game_bar import game_body
from companion.ui.hooks import Feed, piece, use_feed, use_game_of, use_latest, use_slice_of
from companion.ui.kit import Entry, use_entry, use_shown_player
from companion.ui.screens.nicht_die_bohne.hand import Draft, FinishedHand, Hand, PlayerChips, draft_hand, keypad_colour
from companion.ui.screens.nicht_die_bohne.pad import LastEntry, Pad, Result
from companion.ui.screens.nicht_die_bohne.taps import Taps
from companion.ui.screens.nicht_die_bohne.view import Shown, view
from sheets.i18n import _
from sheets.names import isolated
from sheets.nicht_die_bohne import (
    RULES, ROUNDS, Action, Card, Colour, CorrectRound, EnterCards, RecordChip, ReturnCard, State, TakeCard,
)


@piece
def RoundPicker(number: int, open_rounds: tuple[bool, ...], taps: Taps) -> ft.Control:
    return ft.SegmentedButton(
        segments=[
            ft.Segment(value=str(n), label=ft.Text(_("Round {number}").format(number=n)), disabled=not is_open)
            for n, is_open in enumerate(open_rounds, start=1)
        ],
        selected=[str(number)],
        on_change=lambda e: taps.round(int(e.control.selected[0])),
        show_selected_icon=False,
        # 48 px high on every platform: a segment is its line of text (20 px) and this padding (issue 48)
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=(TOUCH - 20) / 2)),
    )


def starts(player: str, number: int) -> str:
    return _("{player} starts round {number}").format(player=isolated(player), number=number)


@piece
def StarterPicker(number: int, starter: str | None, players: tuple[str, ...], taps: Taps,
                  refused: str | None = None, folds: bool = True) -> ft.Control:
    """Who took the Bean chip last in the round before, and so starts this one (rulebook,
    Game End). A question while nobody is recorded; each name a 48 px button that says
    what it records ("Anna starts round 2"). ``refused``: the engine's reason it is not
    recorded on its own (a finished game: changed by "Correct round N"), said below the
    names, which then are no buttons (issue 47). Once told, the question folds to one line
    with Change (issue 48): the keypad below stays on a small phone's screen all round; a
    correction's own starter does not fold (``folds``), it is part of what is corrected."""
    asked = starter is None and refused is None
    unfolded, set_unfolded = ft.use_state(False)

    def answer(player: str) -> None:
        taps.chip(number, player)
        set_unfolded(False)

    if number == 1:  # rulebook, Preparation: "The player left to the deal takes the Bean chip"
        question = (_("Who starts round 1? The player left of the dealer takes the Bean chip.") if asked
                    else _("{player} starts round 1: {player} took the Bean chip at the deal.").format(player=isolated(str(starter))))
    else:
        question = (_("Who starts round {number}? Who took the Bean chip last in round {previous}?").format(
                        number=number, previous=number - 1) if asked
                    else _("{player} starts round {number}: {player} took the Bean chip last in round {previous}.")
                    .format(player=isolated(str(starter)), number=number, previous=number - 1))
    names = ft.Row(
        [ft.Semantics(
            label=starts(p, number), button=refused is None, selected=p == starter, exclude_semantics=True,
            content=ft.Container(
                ft.Row([ft.Text(p, size=15, weight=ft.FontWeight.W_600,
                                color=ft.Colors.ON_PRIMARY if p == starter else ft.Colors.ON_SURFACE)],
                       tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                height=TOUCH, padding=ft.Padding.symmetric(horizontal=14),
                border_radius=8, bgcolor=ft.Colors.PRIMARY if p == starter else None,
                border=ft.Border.all(2, ft.Colors.PRIMARY if asked or p == starter else ft.Colors.OUTLINE_VARIANT),
                on_click=(lambda _e, p=p: answer(p)) if refused is None else None,
            ),
        ) for p in players],
        wrap=True, spacing=6, run_spacing=6,
    )
    text = ft.Text(question, size=14, weight=ft.FontWeight.W_600 if asked else None,
                   color=ft.Colors.ON_SURFACE if asked else ft.Colors.ON_SURFACE_VARIANT)
    if starter is not None and refused is None and folds and not unfolded:
        return ft.Row([ft.Text(question, size=14, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                               overflow=ft.TextOverflow.ELLIPSIS, expand=True, tooltip=question),
                       ft.TextButton(_("Change"), icon=ft.Icons.EDIT, on_click=lambda _e: set_unfolded(True))],
                      spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if refused is not None:
        return ft.Column([text, names, ft.Text(refused[0].upper() + refused[1:] + ".", size=13,
                                               color=ft.Colors.ON_SURFACE_VARIANT)], spacing=6)
    return ft.Column([text, names], spacing=6)


@piece
def Starter(feed: Feed[Shown], number: int, names: tuple[str, ...], taps: Taps) -> ft.Control:
    """Who starts round ``number``: asked until told (the engine's ``StarterOffer``)."""
    offer = use_slice_of(feed, lambda s: s.pad.starter(number))
    if offer is None:
        return StarterPicker(number, None, names, taps)
    return StarterPicker(number, offer.starter, names, taps, offer.refused)


@ft.component
def Play(game_id: str) -> ft.Control:
    game = use_game_of(game_id, RULES)
    # One pad for every phone at the table (no seat in it: the round entry is the table's),
    # and who made the last entry. The screen itself shows the pad's shape; each piece
    # follows its own slice, so an entry draws the pieces it changes, not this screen.
    feed = use_feed(game_id, lambda: Shown(game.view(view), game.last_entry_by()))
    shape = use_slice_of(feed, lambda s: s.pad.shape)
    chosen_round, set_round = ft.use_state(cast("int | None", None))
    draft, set_draft = ft.use_state(cast(Draft, None))
    # Who started the round being corrected, as the correction will save it (issue 47).
    draft_starter, set_draft_starter = ft.use_state(cast("str | None", None))
    # The colour each player last used on this phone: their keypad opens on it (hand.keypad_colour)
    used, set_used = ft.use_state(cast("dict[str, Colour]", {}))
    entry: Entry[State, Action] = use_entry(game)

    number = shape.shown_round(chosen_round)
    live = number in shape.by_card and draft is None
    # Not seated: the first player still entering cards. A pick counts for its round only.
    player, show = use_shown_player(game, shape.names, default=next(iter(shape.still_entering(number)), None),
                                    key=number)

    def set_colour(chosen: Colour) -> None:
        set_used(lambda old: {**old, player: chosen})

    def commit(action: Action) -> None:
        """Store one change of the round being entered; say so when it completes the round
        (a card tap itself shows on its tile: a snackbar would cover the keypad). Once the
        player's hand is full, the next player still entering is shown, whoever was picked."""
        was_complete = game.view(view).complete(number)
        made = entry.make(action, lambda _new: _("Round {number} is complete").format(number=number)
                          if game.view(view).complete(number) and not was_complete else None)
        now = game.view(view)
        if made and now.count(number, player) == now.size:
            following = now.next_to_enter(number, player)
            if following is not None:
                show(following)

    def take_card(card: Card) -> None:
        """The engine's answer first: a card it refuses says why, where the player tapped."""
        if draft is not None:
            refused = draft_hand(draft, number, player).offer(card).take
            if refused is None:
                set_draft(lambda d: {**d, player: (*d[player], card)})
        else:
            hand = game.view(view).hand(number, player)
            refused = hand.offer(card).take if hand is not None else None
            if refused is None:
                commit(TakeCard(round=number, player=player, card=card))
        if refused is not None:
            entry.refuse(refused)

    def give_back_card(card: Card) -> None:
        if draft is not None:
            refused = draft_hand(draft, number, player).offer(card).give_back
            if refused is None:
                set_draft(lambda d: {**d, player: without(d[player], card)})
        else:
            hand = game.view(view).hand(number, player)
            refused = hand.offer(card).give_back if hand is not None else None
            if refused is None:
                commit(ReturnCard(round=number, player=player, card=card))
        if refused is not None:
            entry.refuse(refused)

    def fill_rest() -> None:
        """The rest of the deck, as the engine offers it now (none: nothing to take)."""
        if draft is not None:
            rest = draft_hand(draft, number, player).rest
            if rest:
                set_draft(lambda d: {**d, player: rest})
        else:
            hand = game.view(view).hand(number, player)
            if hand is not None and hand.rest:
                commit(EnterCards(round=number, player=player, cards=hand.rest))

    def choose_player(shown_player: str) -> None:
        show(shown_player)
        entry.refuse(None)

    def pick_round(n: int) -> None:
        set_round(n)
        set_draft(None)
        entry.refuse(None)

    def start_correction() -> None:
        now = game.view(view)
        set_draft({p: now.cards_of(number, p) for p in now.shape.names})
        offer = now.starter(number)
        set_draft_starter(offer.starter if offer is not None else None)

    def record_starter(n: int, p: str) -> None:
        """While a round is corrected, its starter goes with the correction; else it is
        recorded now, unless the engine refuses it (a finished game: its reason is said)."""
        if draft is not None:
            set_draft_starter(p)
            return
        offer = game.view(view).starter(n)
        if offer is not None and offer.refused is not None:
            entry.refuse(offer.refused)
            return
        entry.make(RecordChip(round=n - 1, player=p), starts(p, n))

    # The same functions on every render, so unchanged pieces are reused.
    taps = Taps(take=use_latest(take_card), give_back=use_latest(give_back_card), fill_rest=use_latest(fill_rest),
                colour=use_latest(set_colour), player=use_latest(choose_player), round=use_latest(pick_round),
                correct=use_latest(start_correction), chip=use_latest(record_starter))

    def save_correction(_e: object) -> None:
        if draft is not None and entry.make(CorrectRound(round=number, cards=draft, starter=draft_starter),
                                            _("Round {number} corrected").format(number=number)):
            set_draft(None)
            set_draft_starter(None)

    def cancel_correction(_e: object) -> None:
        set_draft(None)
        set_draft_starter(None)
        entry.refuse(None)

    # The keypad first (it is what a player taps at the table), the pad below it.
    drafted = tuple(len(draft[p]) for p in shape.names) if draft is not None else None
    round_part: list[ft.Control] = [PlayerChips(feed, number, shape.names, drafted, player, taps)]
    if live or draft is not None:
        # The colour the keypad opens on when the player is shown, kept while their cards change
        # (an entry, an Undo): a keypad that turned to another colour under a finger cost a tap.
        held = draft.get(player, ()) if draft is not None else game.view(view).cards_of(number, player)
        colour = keypad_colour(held, used.get(player))
        round_part.append(Hand(feed, number, player, draft, colour, entry.refusal, taps))
        if draft is not None:
            round_part.append(ft.Row([
                ft.OutlinedButton(_("Cancel"), on_click=cancel_correction, height=TOUCH),
                ft.FilledButton(_("Save round {number}").format(number=number), on_click=save_correction,
                                height=TOUCH, expand=True),
            ]))
    else:
        round_part.append(FinishedHand(feed, number, player, entry.refusal, taps))

    controls: list[ft.Control] = [Result(feed)] if shape.over else []
    if number in shape.starters and draft is None:
        # Asked at the top as the round begins, and kept there once told: the keypad below
        # does not move under a player's finger when another phone answers.
        controls.append(Starter(feed, number, shape.names, taps))
    elif draft is not None:  # the correction's own: saved with the round (issue 47)
        controls.append(StarterPicker(number, draft_starter, shape.names, taps, folds=False))
    heading = _("Round {number} – correcting") if draft is not None else _("Round {number}")
    controls.append(section(heading.format(number=number), *round_part))
    controls.append(RoundPicker(number, tuple(n in shape.rounds for n in range(1, ROUNDS + 1)), taps))
    controls.append(Pad(feed, len(shape.names)))
    controls.append(LastEntry(feed))
    return game_body(controls)


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less one copy of ``card``."""
    left = list(cards)
    left.remove(card)
    return tuple(left)
