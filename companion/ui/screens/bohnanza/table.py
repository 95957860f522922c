"""The pieces around the fields: the players' chips, the shown player's coins and third
field, the table's draw pile (its passes, the next pass or the end of the game with what
its harvest sells) and the result. Each follows its own slice of the play screen's feed
(``use_slice_of``): a change renders, on each phone, only the pieces whose slice it changes."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import cast

import flet as ft

from companion.ui.components.common import SECTION_SPACING, TOUCH, error_line, ranked_line, section_title, text_field
from companion.ui.hooks import Feed, part, piece, use_slice_of, use_typed
from companion.ui.kit import result_banner
from companion.ui.screens.bohnanza.look import coins, confirm_or_cancel, note
from companion.ui.screens.bohnanza.taps import Taps
from companion.ui.screens.bohnanza.view import BohnanzaView
from sheets.bohnanza import DeckOffer, EndSale, count_of
from sheets.i18n import _, ngettext
from sheets.names import isolated


@piece
def PlayerChip(feed: Feed[BohnanzaView], name: str, selected: bool, taps: Taps) -> ft.Control:
    """A player's chip: their name and coins (a change of another player's coins passes it over)."""
    total = use_slice_of(feed, lambda v: v.coins(name))
    return ft.Chip(label=ft.Text(f"{isolated(name)} · {total}"), selected=selected, show_checkmark=False, height=TOUCH,
                   on_select=lambda _e: taps.pick(name))


def _coins(player: str, total: int) -> ft.Control:
    return ft.Semantics(
        label=_("{player} has {coins}").format(player=isolated(player), coins=coins(total)), exclude_semantics=True,
        content=ft.Row(
            [ft.Text(str(total), size=56, weight=ft.FontWeight.BOLD),
             # Beside the number while it fits, else on more lines (a long name at 320 px ran off the screen).
             ft.Text(_("{player}'s coins").format(player=isolated(player)), size=16, color=ft.Colors.ON_SURFACE_VARIANT,
                     expand=True)],
            vertical_alignment=ft.CrossAxisAlignment.END, spacing=10,
        ),
    )


def _third_field(player: str, bought: bool, refused: str | None, price: int, taps: Taps) -> ft.Control:
    """The third field: bought (or had from the start), or the button to buy it (disabled
    with the engine's reason)."""
    if bought:
        return note(_("Third field bought") if price else _("Third field (every player has one)"))
    button = ft.OutlinedButton(
        _("Buy third field for {price} coins").format(price=price), icon=ft.Icons.ADD_BUSINESS,
        height=TOUCH, disabled=refused is not None, on_click=lambda _e: taps.buy())
    if not refused:
        return button
    # the engine's words about the player: "Bo has 2 coins; ..."
    return ft.Column([button, note(f"{player} {refused}")], spacing=12)  # as the screen spaces its lines


@piece
def Purse(feed: Feed[BohnanzaView], player: str, taps: Taps) -> ft.Control:
    """``player``'s coins in large type, and their third field (``purse_of``, at the third
    field's price)."""
    (total, bought, refused), price = use_slice_of(feed, lambda v: (purse_of(v, player), v.third_field_price))
    return ft.Column([part(_coins, player, total), part(_third_field, player, bought, refused, price, taps)],
                     spacing=12)


def purse_of(v: BohnanzaView, player: str) -> tuple[int, bool, str | None]:
    """``player``'s coins, whether they have their third field, and why they may not buy it."""
    side = v.side(player)
    return side.purse if side is not None else (0, False, None)


def _pass_counter(deck_pass: int, passes: int, over: bool) -> ft.Control:
    """Passes 1, 2, 3 through the draw pile (as many as the game has): done ones filled,
    the current one outlined."""

    def pip(n: int) -> ft.Control:
        done = n < deck_pass or over
        current = n == deck_pass and not over
        return ft.Container(
            ft.Text(str(n), size=18, weight=ft.FontWeight.BOLD,
                    color=ft.Colors.ON_PRIMARY if done else ft.Colors.ON_SURFACE),
            width=TOUCH, height=TOUCH, border_radius=24, alignment=ft.Alignment.CENTER,
            bgcolor=ft.Colors.PRIMARY if done else None,
            border=ft.Border.all(3 if current else 1, ft.Colors.PRIMARY if current else ft.Colors.OUTLINE_VARIANT),
        )

    words = (_("Game over: the last pass is exhausted") if over
             else _("Pass {number} of {passes}").format(number=deck_pass, passes=passes))
    return ft.Semantics(
        label=words, exclude_semantics=True,
        content=ft.Row([*(pip(n) for n in range(1, passes + 1)), ft.Text(words, size=16, expand=True)], spacing=8),
    )


def _draw_pile(next_pass: int | None, taps: Taps) -> ft.Control:
    """The draw pile ran out: the next pass, or after the last the end of the game. An
    outlined button (the fields' are the screen's main ones) that asks before it acts."""
    return ft.Column([
        ft.OutlinedButton(
            _("Draw pile exhausted: end the game") if next_pass is None
            else _("Draw pile exhausted: start pass {number}").format(number=next_pass),
            icon=ft.Icons.FLAG if next_pass is None else ft.Icons.SHUFFLE, on_click=lambda _e: taps.exhausted(),
            # As tall as its words (>= 48 px): on a narrow phone with large text they take two lines.
            style=TALL,
        ),
        note(_("Before the discard pile is shuffled, anyone may harvest a field first.")
             if next_pass is not None else _("Then every field is harvested and the most coins wins.")),
    ], spacing=6)


TALL = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14))


def _next_pass(next_pass: int, taps: Taps) -> ft.Control:
    """Starting the next pass, to confirm: a tap too early cannot be taken back by the table."""
    return ft.Container(
        ft.Column(
            [
                ft.Text(_("Start pass {number}? The discard pile is shuffled and becomes the new draw pile.").format(
                    number=next_pass), weight=ft.FontWeight.W_600),
                note(_("Before the discard pile is shuffled, anyone may harvest a field first.")),
                confirm_or_cancel(_("Start pass {number}").format(number=next_pass), ft.Icons.SHUFFLE,
                                  lambda: taps.shuffle(next_pass), taps.close),
            ],
            spacing=6,
        ),
        padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


def _end_harvest(sales: tuple[EndSale, ...], taps: Taps) -> ft.Control:
    """What the end of the last pass does to every player: the engine's own end harvest."""
    lines: list[ft.Control] = []
    for sale in sales:
        sold = ", ".join(count_of(bean, count) for bean, count in sale.sold) or _("no beans")
        lines.append(ft.Text(_("{player} +{gain} ({coins} in all): {sold}").format(
            player=isolated(sale.player), gain=sale.gain, coins=coins(sale.total), sold=sold), size=15))
    return ft.Container(
        ft.Column(
            [
                ft.Text(_("End-of-game harvest: every field is sold"), weight=ft.FontWeight.W_600),
                *lines,
                confirm_or_cancel(_("End the game"), ft.Icons.FLAG, taps.end, taps.close),
            ],
            spacing=6,
        ),
        padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


def draw_pile_of(v: BohnanzaView, asking: bool) -> tuple[int, DeckOffer, bool]:
    """What ``DrawPile`` shows: the pass, the view's deck (its sales only while ``asking``:
    they matter only then), whether the game is over."""
    return v.deck_pass, v.deck if asking else replace(v.deck, end=()), v.over


@piece
def DrawPile(feed: Feed[BohnanzaView], asking: bool, taps: Taps) -> ft.Control:
    """The table's draw pile: the passes, and (in play) what to do when it runs out; when
    ``asking`` (the draw pile ran out, to confirm) the next pass, or at the last what the
    end harvest pays everyone (``draw_pile_of``)."""
    deck_pass, deck, over = use_slice_of(feed, lambda v: draw_pile_of(v, asking))
    next_pass = deck.next_pass
    below: list[ft.Control] = []
    if over:
        pass
    elif asking and next_pass is None:
        below = [part(_end_harvest, deck.end, taps)]
    elif asking and next_pass is not None:
        below = [part(_next_pass, next_pass, taps)]
    else:
        below = [part(_draw_pile, next_pass, taps)]
    return ft.Column([section_title(_("Draw pile (the whole table)")),
                      part(_pass_counter, deck_pass, deck.passes, over), *below], spacing=SECTION_SPACING)


@piece
def Result(feed: Feed[BohnanzaView]) -> ft.Control:
    """The end of the game: who won with what, and the ranking with what the end harvest paid."""
    result, ranking = use_slice_of(feed, lambda v: (v.result, v.ranking))
    if result is None:
        return ft.Container(height=0)
    return result_banner(result, coins, [
        ranked_line(rank, player, coins(total), _("end harvest +{n}").format(n=paid) if paid is not None else None)
        for rank, player, total, paid in ranking])


@piece
def TieBreak(feed: Feed[BohnanzaView], error: str | None, taps: Taps) -> ft.Control:
    """Today's tie-break (Rio Grande's rules: "If two or more players tie with the most gold
    coins, the player with the most cards in his hand ... is the winner"): asked at the end of
    each player tied for the most coins, and told again to correct it."""
    tie = use_slice_of(feed, lambda v: v.tie)
    texts, set_texts, typed = use_typed(cast(dict[str, str], {}))
    if not tie:
        return ft.Container(height=0)

    def put(player: str, value: str) -> None:
        set_texts(lambda old: {**old, player: value})

    rows: list[ft.Control] = []
    for player, hand in tie:
        told = (ngettext("{player} holds {n} card", "{player} holds {n} cards", hand).format(player=isolated(player), n=hand)
                if hand is not None else _("{player}: not told yet").format(player=isolated(player)))
        rows.append(ft.Text(told, size=15))
        rows.append(ft.Row([
            text_field(_("Cards in {player}'s hand").format(player=isolated(player)), texts.get(player, ""),
                       partial(put, player), keyboard_type=ft.KeyboardType.NUMBER, expand=True),
            ft.FilledButton(_("Save"), height=TOUCH, on_click=lambda _e, p=player: taps.tell_hand(
                p, typed().get(p, ""))),
        ], spacing=6))
    return ft.Column([
        section_title(_("Tie for the most coins")),
        note(_("Today's rules: the tied player with the most cards in hand wins; a tie that remains is shared. "
               "Count the cards each tied player holds.")),
        *rows,
        error_line(error),
    ], spacing=SECTION_SPACING)
