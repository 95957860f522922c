"""The keypad of a player's hand: the round's points in large type, a tab per colour with
its live value, and the chosen colour's cards as tiles, each as the engine offers it
(``CardOffer``: this player's, taken by another, or free)."""

from __future__ import annotations

import flet as ft

from companion.ui.colours import NEGATIVE, PAIRS, POSITIVE
from companion.ui.components.common import TOUCH, big_number, icon_button
from companion.ui.hooks import piece
from companion.ui.screens.nicht_die_bohne.taps import Taps
from sheets.i18n import N_, _, pgettext, signed
from sheets.names import isolated
from sheets.nicht_die_bohne import Card, CardOffer, Colour, ColourScore, RoundScore, colour_name, face_name

# Card colour (fill and outline) and the text colour on that fill.
BEAN_COLOURS = {
    Colour.BLUE: PAIRS["blue"],
    Colour.RED: PAIRS["red light"],
    Colour.GREEN: PAIRS["green"],
    Colour.YELLOW: PAIRS["amber dark"],
}


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


def card_button(card: Card, chosen: bool, holder: str | None, taps: Taps) -> ft.Control:
    """One card as a 48 px tile: filled when this player has it, struck out when another
    player took it (a tap on it then says, in the engine's words, who has it)."""
    fill, ink = BEAN_COLOURS[card.colour]
    number = card.number is not None
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
            # A taken card still answers: the engine says why not.
            on_click=lambda _e: (taps.give_back if chosen else taps.take)(card),
            tooltip=_("taken by {player}").format(player=isolated(str(holder))) if taken else None,
        ),
    )


@piece
def CardTile(card: Card, chosen: bool, holder: str | None, taps: Taps) -> ft.Control:
    return card_button(card, chosen, holder, taps)


# Memoized: when one card changes, every phone at the table re-renders only that tile.


@piece
def ColourTab(colour: Colour, value: int, active: bool, taps: Taps) -> ft.Control:
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
            on_click=lambda _e: taps.colour(colour),
        ),
    )


@piece
def ColourTabs(values: tuple[int, ...], chosen: Colour, taps: Taps) -> ft.Control:
    """One tab per colour with its live value; the chosen colour's cards show below."""
    return ft.Row(
        [ColourTab(colour, value, colour == chosen, taps) for colour, value in zip(Colour, values)],
        spacing=6,
    )


# Memoized, as the keypad below: a change by another player leaves them as they were on most phones.


def colour_tabs(score: RoundScore, chosen: Colour, taps: Taps) -> ft.Control:
    return ColourTabs(tuple(c.value for c in score.colours), chosen, taps)


@piece
def PlusMinus(colour: Colour, mine: int, more: bool, fewer: bool, taps: Taps) -> ft.Control:
    """One colour's Plus/Minus cards: how many this player has, one fewer or more (``more``:
    a copy nobody holds is left; ``fewer``: the engine takes one back)."""
    pm = PLUS_MINUS[colour]
    return ft.Row(
        [
            ft.Text("±", size=18, weight=ft.FontWeight.BOLD),
            icon_button(ft.Icons.REMOVE, _("{card} fewer").format(card=pm.label),
                        lambda _e: taps.give_back(pm), disabled=not fewer),
            ft.Text(f"{mine}", size=18, weight=ft.FontWeight.BOLD),
            icon_button(ft.Icons.ADD, _("{card} more").format(card=pm.label),
                        lambda _e: taps.take(pm), disabled=not more),
        ],
        spacing=0,
        tight=True,
    )


PLUS_MINUS = {colour: Card(colour=colour, face="plusminus") for colour in Colour}  # made once: a Card costs

# What a colour's special cards do to it, under its cards.
NULLIFIED, ODD_PLUS_MINUS, DOUBLED = N_("nullified"), N_("negative: odd Plus/Minus"), N_("doubled")


def colour_cards(offers: tuple[CardOffer, ...], colour: Colour, score: ColourScore, taps: Taps) -> ft.Control:
    """The chosen colour's 1-10, Nullifier, Doubler and Plus/Minus count for one player, as
    the engine offers them (``offers``: that colour's, in keypad order, Plus/Minus last)."""
    *singles, pm = offers
    tiles = tuple((o.card, o.mine > 0, o.holders[0] if o.holders else None) for o in singles)
    notes = [_(w) for w, on in ((NULLIFIED, score.nullified), (ODD_PLUS_MINUS, score.negative),
                                (DOUBLED, score.doubled)) if on]
    return ColourCards(colour, tiles, pm.mine, pm.left > 0, pm.give_back is None, ", ".join(notes), taps)


@piece
def ColourCards(colour: Colour, tiles: tuple[tuple[Card, bool, str | None], ...], pm_mine: int, pm_more: bool,
                 pm_fewer: bool, notes: str, taps: Taps) -> ft.Control:
    """The keypad of one colour: each card (chosen, taken by whom), the Plus/Minus count, the notes."""
    return ft.Column(
        [
            ft.Row([*[CardTile(card, chosen, holder, taps) for card, chosen, holder in tiles],
                    PlusMinus(colour, pm_mine, pm_more, pm_fewer, taps)], wrap=True, spacing=6, run_spacing=6),
            ft.Text(notes, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
        ],
        spacing=4,
    )


# Memoized: a change by another player in another colour leaves this phone's keypad as it was.


@piece
def Totals(positive: int, negative: int, total: int, caption: str) -> ft.Control:
    """The chosen player's round: positive, negative and total points, large."""
    # Positive and negative as wide as their words, the total the rest: its caption
    # ("Friederike-Sophie, round 1") wraps within it on a narrow phone, never inside the
    # name (issue 48: a third of a 320 px row broke "Friedeman/n" at 150 % text).
    return ft.Row(
        [
            ft.Container(signed_number(f"+{positive}" if positive else "0", _("positive"), POSITIVE),
                         padding=ft.Padding.symmetric(horizontal=8)),
            ft.Container(signed_number(signed(-negative), _("negative"), NEGATIVE),
                         padding=ft.Padding.symmetric(horizontal=8)),
            ft.Container(big_number(signed(total), caption), expand=True),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )


def round_totals(score: RoundScore, player: str, number: int) -> ft.Control:
    """The player's round (``score``) in large type."""
    return Totals(score.positive, score.negative, score.total,
                  _("{player}, round {number}").format(player=isolated(player), number=number))
