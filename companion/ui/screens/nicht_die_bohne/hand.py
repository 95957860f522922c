"""One player's cards of one round: their chip, the keypad of the round being entered (or
of a correction's draft), a finished round's cards. Each piece follows its slice of the
play screen's feed (``use_slice_of``), so a change re-renders, on each phone, only the
pieces whose slice it changes, not the screen around them."""

from __future__ import annotations

import flet as ft

from companion.ui.components.common import SECTION_SPACING, TOUCH, error_line
from companion.ui.hooks import Feed, piece, use_slice_of
from companion.ui.screens.nicht_die_bohne.keypad import colour_cards, colour_tabs, round_totals
from companion.ui.screens.nicht_die_bohne.taps import Taps
from companion.ui.screens.nicht_die_bohne.view import HandPart, PadView, Shown, hand_part
from sheets.i18n import _, ngettext
from sheets.names import isolated
from sheets.nicht_die_bohne import Card, Colour, HandOffer, cards_text, hand_offer, round_score

Draft = dict[str, tuple[Card, ...]] | None  # {player: cards}, in seating order, while a finished round is corrected


def draft_hand(draft: dict[str, tuple[Card, ...]], number: int, player: str) -> HandOffer:
    """What the engine offers ``player`` in a correction's draft of round ``number``."""
    return hand_offer(tuple(draft), number, tuple(draft.values()), player)


@piece
def PlayerChip(feed: Feed[Shown], number: int, name: str, drafted: int | None, selected: bool, taps: Taps) -> ft.Control:
    """A player's chip: how many of a hand's cards they have entered in round ``number`` (or
    in a correction's draft: ``drafted``). It follows its own count: another player's card
    leaves it as it is."""
    cards, hand = use_slice_of(feed, lambda s: (s.pad.count(number, name) if drafted is None else drafted, s.pad.size))
    return ft.Chip(label=ft.Text(f"{isolated(name)} {cards}/{hand}"), selected=selected, show_checkmark=False, height=TOUCH,
                   on_select=lambda _e: taps.player(name))


@piece
def PlayerChips(feed: Feed[Shown], number: int, names: tuple[str, ...], drafted: tuple[int, ...] | None,
                shown: str | None, taps: Taps) -> ft.Control:
    """Every player's chip in round ``number`` (``drafted``: each one's cards in a
    correction's draft), ``shown``'s selected."""
    return ft.Row([PlayerChip(feed, number, name, drafted[n] if drafted is not None else None, name == shown, taps)
                   for n, name in enumerate(names)], wrap=True, spacing=6)


def drafted_part(draft: dict[str, tuple[Card, ...]], number: int, player: str, colour: Colour) -> HandPart:
    """What the keypad shows of ``player``'s hand in a correction's draft."""
    drafted = draft_hand(draft, number, player)
    return HandPart(drafted.cards, drafted.of_colour(colour), drafted.rest, drafted.size)


def keypad_colour(held: tuple[Card, ...], used: Colour | None) -> Colour:
    """The colour the keypad opens on: the one the player last used, else the first one
    they hold (issue 48: it stayed on the previous player's, one more tap for each player)."""
    return used or (held[0].colour if held else Colour.BLUE)


def hand_shown(pad: PadView, number: int, player: str, draft: Draft, colour: Colour) -> HandPart | None:
    """The keypad's part of ``player``'s hand in round ``number`` (of a correction's
    ``draft`` while there is one) in ``colour``."""
    if draft is not None:
        return drafted_part(draft, number, player, colour)
    return hand_part(pad.hand(number, player), colour)


@piece
def Hand(feed: Feed[Shown], number: int, player: str, draft: Draft, colour: Colour, refusal: str | None,
         taps: Taps) -> ft.Control:
    """One player's cards of round ``number`` (``hand_shown``: as entered, or in a
    correction's ``draft``): the totals, the keypad of ``colour``, and the rest of the deck
    once the engine offers it (``refusal``: the engine's word on the last tap)."""
    part = use_slice_of(feed, lambda s: hand_shown(s.pad, number, player, draft, colour))
    if part is None:  # no longer entered card by card: the screen around it shows the round finished
        return ft.Column([error_line(refusal)], spacing=SECTION_SPACING)
    score = round_score(part.cards)
    # The keypad right under the chips, the round's totals below it (issue 48): on a small
    # phone at 150 % text with six players the keypad is on the screen without scrolling.
    controls: list[ft.Control] = [colour_tabs(score, colour, taps),
                                  colour_cards(part.colour, colour, score.colours[list(Colour).index(colour)], taps),
                                  error_line(refusal), round_totals(score, player, number)]
    if part.rest:  # below the keypad: when it comes, the cards stay under the player's finger
        # As tall as its words: a long name or German words wrap onto a second line.
        controls.append(ft.FilledTonalButton(
            content=ft.Text(ngettext("{player} takes the rest of the deck ({n} card)",
                                     "{player} takes the rest of the deck ({n} cards)", len(part.rest)).format(
                player=isolated(player), n=len(part.rest))),
            icon=ft.Icons.AUTO_FIX_HIGH,
            on_click=lambda _e: taps.fill_rest(),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14)),  # >= 48 px
        ))
    return ft.Column(controls, spacing=SECTION_SPACING)


@piece
def FinishedHand(feed: Feed[Shown], number: int, player: str, refusal: str | None, taps: Taps) -> ft.Control:
    """A finished round: the player's points and cards, and a way to correct the round
    (``refusal``: the engine's word on the last tap)."""
    mine = use_slice_of(feed, lambda s: s.pad.cards_of(number, player))
    return ft.Column([
        round_totals(round_score(mine), player, number),
        error_line(refusal),
        ft.Text(_("Round {number} is finished. {player}: {cards}.").format(
            number=number, player=isolated(player), cards=cards_text(mine) or _("no cards")), color=ft.Colors.ON_SURFACE_VARIANT),
        ft.OutlinedButton(_("Correct round {number}").format(number=number), icon=ft.Icons.EDIT,
                          on_click=lambda _e: taps.correct(), height=TOUCH),
    ], spacing=SECTION_SPACING)
