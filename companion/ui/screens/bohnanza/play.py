"""The Bohnanza play screen: one player at a time (picked at the top), coins in large type,
the fields, and the table's draw pile. It follows the view of the state (``view``) as a
feed: the screen itself only its shape (who plays, whether the game is over), each piece
its own slice, so an entry draws the chip, purse, fields or draw pile it changes, not the
screen around them. It makes entries through the kit; what may be done and why not is
the engine's (``allowed``, in the view)."""

from __future__ import annotations

from typing import cast

import flet as ft

from companion.ui.components.game_bar import game_body
from companion.ui.hooks import use_feed, use_game_of, use_latest, use_slice_of
from companion.ui.kit import use_entry, use_shown_player
from companion.ui.screens.bohnanza.fields import Fields
from companion.ui.screens.bohnanza.look import coins
from companion.ui.screens.bohnanza.rows import PrintedRows
from companion.ui.screens.bohnanza.table import DrawPile, PlayerChip, Purse, Result, TieBreak
from companion.ui.screens.bohnanza.taps import Panel, Taps
from companion.ui.screens.bohnanza.view import view
from sheets.bohnanza import (
    RULES, Action, Bean, BuyField, DeckExhausted, EnterBeanometer, Harvest, Plant, State, TellHand, count_of, label,
)
from sheets.i18n import _, ngettext
from sheets.names import isolated

ROWS = "rows"  # where a refused beanometer is said: on its own card
HAND = "hand"  # where a refused hand size is said: under the tie-break


@ft.component
def Play(game_id: str) -> ft.Control:
    game = use_game_of(game_id, RULES)
    feed = use_feed(game_id, lambda: game.view(view))  # the same for every phone
    shape = use_slice_of(feed, lambda v: v.shape)
    over, names = shape.over, shape.names
    player, show = use_shown_player(game, names)
    panel, set_panel = ft.use_state(cast(Panel, None))
    bean, set_bean = ft.use_state(cast("Bean | None", None))
    entry = use_entry(game)

    def close() -> None:
        set_panel(None)
        entry.refuse(None)

    def act(action: Action, message: str | None) -> None:
        if entry.make(action, message):
            set_panel(None)

    def pick(name: str) -> None:
        show(name)
        close()

    def open_plant(number: int) -> None:
        side = game.view(view).side(player)
        set_panel(("plant", number))
        set_bean(side.fields[number - 1].bean if side is not None and number <= len(side.fields) else None)
        entry.refuse(None)

    def open_harvest(number: int) -> None:
        set_panel(("harvest", number))
        entry.refuse(None)

    def plant(number: int, count: int) -> None:
        if bean is not None:
            act(Plant(player=player, field=number, bean=bean, count=count),
                _("{player} planted {beans} in field {field}").format(player=isolated(player), beans=count_of(bean, count),
                                                                      field=number))

    def harvest(number: int) -> None:
        side = game.view(view).side(player)
        sale = side.fields[number - 1].offer.harvest if side is not None and number <= len(side.fields) else None
        act(Harvest(player=player, field=number),  # refused: the engine says why where the player looks
            None if sale is None else _("{player} harvested {beans}: +{coins}").format(
                player=isolated(player), beans=count_of(sale.bean, sale.beans), coins=coins(sale.coins)))

    def exhausted() -> None:
        set_panel(("end", 0))  # the next pass, or what the end harvest pays: to confirm
        entry.refuse(None)

    def shuffle(number: int) -> None:
        if game.view(view).deck.next_pass != number:  # another phone started it meanwhile: shown as begun
            close()
            return
        act(DeckExhausted(), _("Pass {number}: the discard pile is the new draw pile").format(number=number))

    def tell_hand(name: str, text: str) -> None:
        """A tied player's cards in hand as typed; the engine says why not where it is asked."""
        text = text.strip()
        if not text.isdigit():
            entry.refuse(_("{player}: type the number of cards in hand").format(player=isolated(name)), HAND)
            return
        cards = int(text)
        entry.make(TellHand(player=name, cards=cards),
                   ngettext("{player} holds {n} card in hand", "{player} holds {n} cards in hand", cards).format(
                       player=isolated(name), n=cards), where=HAND)

    taps = Taps(
        pick=use_latest(pick), open_plant=use_latest(open_plant), open_harvest=use_latest(open_harvest),
        choose=use_latest(set_bean), plant=use_latest(plant), harvest=use_latest(harvest),
        buy=use_latest(lambda: act(BuyField(player=player),
                                   _("{player} bought the third field").format(player=isolated(player)))),
        exhausted=use_latest(exhausted), shuffle=use_latest(shuffle), end=use_latest(lambda: act(DeckExhausted(), _("The game is over"))),
        close=use_latest(close),
        enter_row=use_latest(lambda bean, row: entry.make(
            EnterBeanometer(bean=bean, row=row), _("Beanometer of {bean} saved").format(bean=label(bean)),
            where=ROWS)),
        refuse_row=use_latest(lambda why: entry.refuse(why, ROWS)),
        tell_hand=use_latest(tell_hand),
    )
    controls: list[ft.Control] = []
    # Each piece is given the feed and follows its own slice: it renders again only where that differs.
    if over:
        controls += [Result(feed), TieBreak(feed, entry.refusal_at(HAND), taps)]
    else:
        # Each player's name and coins; the shown one selected.
        controls += [ft.Row([PlayerChip(feed, name, name == player, taps) for name in names], wrap=True, spacing=6),
                     Purse(feed, player, taps),
                     PrintedRows(feed, entry.refusal_at(ROWS), taps),
                     Fields(feed, player, panel, bean, entry.refusal_at(None), taps)]
    controls.append(DrawPile(feed, panel == ("end", 0), taps))  # asking: the next pass or the end, to confirm
    return game_body(controls)


def title(state: State) -> str:
    # TRANSLATORS: the app bar's title: at 150 % text about 11 characters fit after "Bohnanza,";
    # keep the pass and its number together with a no-break space (U+00A0) where it wraps
    return (_("{title}, game over").format(title=RULES.title) if RULES.is_over(state)
            else _("{title}, pass {number} of {passes}").format(title=RULES.title, number=state.deck_pass,
                                                                passes=state.table.passes))
