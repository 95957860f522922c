"""Bohnanza: each player's coins and fields on a phone, and the table's deck passes.

One player at a time (picked at the top): coins in large type, then the fields. A field
is planted through its own "Plant" panel (the bean, then one tap on how many) and
harvested through a preview of what the engine would pay; buying the third field shows
the engine's refusal in words when it is not allowed. Below, the draw pile's pass
1/2/3, shared by the table; the third exhaustion ends the game after showing the
end-of-game harvest. Every answer (payouts, refusals, the end) comes from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import flet as ft

from companion.ui.colours import PAIRS
from companion.ui.hooks import use_game_part, use_games, use_stable_handlers
from companion.ui.components.game_bar import game_body
from companion.ui.kit import GameScreens, result_banner, use_entry_untyped, use_shown_player
from companion.ui.components.common import (
    SPACING, TOUCH, error_line, section,
)
from companion.ui.components.players import PlayersSetup
from sheets.bohnanza import (
    BEANS, RULES, Bean, BuyField, DeckExhausted, Harvest, Plant, State, preview_harvest,
)
from sheets.bohnanza.beans import count_of, name
from sheets.bohnanza.engine import MAX_PLAYERS, MIN_PLAYERS, PASSES, THIRD_FIELD_PRICE, BeanField
from sheets.errors import RulesError
from sheets.i18n import N_, _, ngettext

# One colour per bean (fill, text on that fill), used for every bean everywhere.
BEAN_COLOURS: dict[Bean, tuple[str, str]] = {
    Bean.BLUE: PAIRS["blue"],
    Bean.CHILI: PAIRS["deep orange"],
    Bean.STINK: PAIRS["brown"],
    Bean.GREEN: PAIRS["green"],
    Bean.SOY: PAIRS["amber"],
    Bean.BLACK_EYED: PAIRS["blue grey"],
    Bean.RED: PAIRS["red"],
    Bean.GARDEN: PAIRS["purple"],
}


def coins(n: int) -> str:
    """ "1 coin", "6 coins"; "6 Taler" on a German phone."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def printed(bean: Bean) -> str | None:
    """The name on the German card, where the phone does not already say it."""
    german = BEANS[bean].german
    return None if name(bean) == german else german


def short(bean: Bean) -> str:
    """A bean tile's text: the English name without " Bean" (the row holds only beans),
    a German name in full as printed ("Blaue Bohne", "Gartenbohne")."""
    return name(bean).removesuffix(" Bean")


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def note(text: str, color: str = ft.Colors.ON_SURFACE_VARIANT) -> ft.Control:
    return ft.Text(text, size=12, color=color)


def named(label: str, control: ft.Control, **kw: Any) -> ft.Control:
    """A button whose accessible name says more than its short visible text."""
    return ft.Semantics(label=label, button=True, exclude_semantics=True, content=control, **kw)


# -- setup ------------------------------------------------------------------------------


def Setup(game: str):
    return PlayersSetup(game, MIN_PLAYERS, MAX_PLAYERS)


# -- pieces -----------------------------------------------------------------------------


def bean_badge(bean: Bean | None, text: str, size: int = 56) -> ft.Control:
    """A square in the bean's colour with a number on it (outlined when the field is empty)."""
    fill, ink = BEAN_COLOURS[bean] if bean else (None, ft.Colors.ON_SURFACE_VARIANT)
    return ft.Container(
        ft.Text(text, size=26, weight=ft.FontWeight.BOLD, color=ink),
        width=size, height=size, border_radius=12, alignment=ft.Alignment.CENTER, bgcolor=fill,
        border=None if bean else ft.Border.all(2, ft.Colors.OUTLINE_VARIANT),
    )


def bean_tile(bean: Bean, chosen: bool, on_pick: Callable[[], None]) -> ft.Control:
    """One bean to plant, a 48 px tile in its colour; filled when chosen."""
    fill, ink = BEAN_COLOURS[bean]
    return ft.Semantics(
        label=name(bean),
        button=True,
        selected=chosen,
        exclude_semantics=True,
        content=ft.Container(
            ft.Row([ft.Text(short(bean), size=14, weight=ft.FontWeight.W_600,
                            color=ink if chosen else ft.Colors.ON_SURFACE)],
                   tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            # As wide as its name at any text size (a fixed width cut "Black-eyed" at 150 %).
            height=TOUCH, padding=ft.Padding.symmetric(horizontal=12), border_radius=8,
            bgcolor=fill if chosen else None, border=ft.Border.all(2, fill),
            on_click=lambda _e: on_pick(),
        ),
    )


def beanometer_line(state: State, bean: Bean) -> str:
    """The card's beanometer: "coins for beans: 1 for 3 · 2 for 5 · 3 for 7 · 4 for 8"."""
    steps = [_("{coins} for {beans}").format(coins=n, beans=need)
             for n, need in enumerate(state.beanometer(bean), start=1) if need is not None]
    return _("Beanometer, coins for beans: {steps}").format(steps=" · ".join(steps))


PLANT_COUNTS = range(1, 13)  # one tap plants that many; more (rare) take a second tap


def count_tile(number: int, field: int, bean: Bean | None, refused: bool, plant: Callable[[int], None]) -> ft.Control:
    """A number to plant in one tap, named for what it does ("Plant 10 Blue Beans in field 1");
    outlined and disabled while no bean is chosen or the rules refuse that many."""
    able = bean is not None and not refused
    fill, ink = BEAN_COLOURS[bean] if bean else (ft.Colors.OUTLINE_VARIANT, ft.Colors.ON_SURFACE_VARIANT)
    return named(
        _("Plant {beans} in field {field}").format(beans=count_of(bean, number), field=field) if bean
        else _("Plant {n}: pick the bean first").format(n=number),
        ft.Container(
            ft.Text(str(number), size=18, weight=ft.FontWeight.BOLD, color=ink if able else ft.Colors.ON_SURFACE_VARIANT),
            width=TOUCH, height=TOUCH, border_radius=8, alignment=ft.Alignment.CENTER,
            bgcolor=fill if able else None, border=ft.Border.all(2, fill if bean else ft.Colors.OUTLINE_VARIANT),
            on_click=(lambda _e: plant(number)) if able else None,
        ),
        disabled=not able,
    )


def plant_panel(
    state: State, player: str, number: int, field: BeanField, bean: Bean | None,
    pick: Callable[[Bean], None], plant: Callable[[int], None], cancel: Callable[[], None],
) -> ft.Control:
    """The bean (already chosen when the field grows one), then one tap on how many. Counts
    the engine refuses are disabled, the reason under them (it refuses a count and every
    larger one alike: the deck runs out, or the field grows another bean)."""
    now = (_("Field {number} holds {beans}.").format(number=number, beans=count_of(field.bean, field.count))
           if field.bean else _("Field {number} is empty.").format(number=number))
    refused = next(((n, why) for n in PLANT_COUNTS if bean is not None
                    and (why := RULES.why_not(state, Plant(player=player, field=number, bean=bean, count=n)))),
                   None)
    limit = refused[0] if refused else None
    lines: list[ft.Control] = [
        ft.Row([bean_tile(b, b == bean, lambda b=b: pick(b)) for b in Bean], wrap=True, spacing=6,  # type: ignore[misc]  # mypy#15459: a lambda with a default
               run_spacing=6),
        note(" ".join([now, _("Tap how many you plant.") if bean else _("Pick the bean you plant.")])),
        ft.Row([count_tile(n, number, bean, limit is not None and n >= limit, plant) for n in PLANT_COUNTS],
               wrap=True, spacing=6, run_spacing=6),
    ]
    if refused:
        n, why = refused
        said = sentence(why) if n == 1 else _("{n} or more: {why}").format(n=n, why=why)
        lines.append(ft.Semantics(label=said, container=True, exclude_semantics=True, content=note(said)))
    lines.append(ft.OutlinedButton(_("Cancel"), on_click=lambda _e: cancel(), height=TOUCH))
    return ft.Column(lines, spacing=8)


def confirm_or_cancel(label: str, icon: ft.IconData, confirm: Callable[[], None],
                      cancel: Callable[[], None]) -> ft.Control:
    """The confirming button across the panel (a long German label stays on one line at
    150 % text), Cancel under it."""
    return ft.Column([
        ft.FilledButton(label, icon=icon, on_click=lambda _e: confirm(), height=TOUCH),
        ft.Row([ft.OutlinedButton(_("Cancel"), on_click=lambda _e: cancel(), height=TOUCH)]),
    ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def harvest_panel(state: State, player: str, number: int, confirm: Callable[[], None],
                  cancel: Callable[[], None]) -> ft.Control:
    try:
        sale = preview_harvest(state, player, number)
    except RulesError as exc:  # the table changed meanwhile
        return ft.Column([error_line(sentence(exc.reason)),
                          ft.OutlinedButton(_("Close"), on_click=lambda _e: cancel(), height=TOUCH)])
    fill, _ink = BEAN_COLOURS[sale.bean]
    words = ngettext("{beans} pays {coins}; {discarded} to the discard pile.",
                     "{beans} pay {coins}; {discarded} to the discard pile.", sale.beans).format(
        beans=count_of(sale.bean, sale.beans), coins=coins(sale.coins), discarded=sale.discarded)
    return ft.Container(
        ft.Column(
            [
                ft.Semantics(label=words, container=True, exclude_semantics=True, content=ft.Row([
                    ft.Text(f"+{sale.coins}", size=32, weight=ft.FontWeight.BOLD),
                    ft.Text(words, size=15, expand=True),
                ])),
                note(beanometer_line(state, sale.bean)),
                confirm_or_cancel(_("Confirm harvest"), ft.Icons.CHECK, confirm, cancel),
            ],
            spacing=6,
        ),
        padding=10, border_radius=10, border=ft.Border.all(2, fill),
    )


def harvest_refusal(state: State, player: str, number: int, field: BeanField) -> str | None:
    """Why the engine refuses harvesting the field now (None: allowed, or nothing planted)."""
    return RULES.why_not(state, Harvest(player=player, field=number)) if field.bean is not None else None


def field_card(number: int, field: BeanField, refused: str | None, open_panel: ft.Control | None,
               on_plant: Callable[[int], None], on_harvest: Callable[[int], object]) -> ft.Control:
    """One field: its bean and count, Plant and Harvest (``refused``: why not), and the open panel if any."""
    planted = field.bean is not None
    german = printed(field.bean) if field.bean else None
    buttons = [named(_("Plant in field {number}").format(number=number), ft.OutlinedButton(
        _("Plant"), icon=ft.Icons.ADD, on_click=lambda _e: on_plant(number), height=TOUCH, expand=planted),
        expand=planted)]
    why = None
    if planted:
        why = sentence(refused) if refused else None
        buttons.append(named(_("Harvest field {number}").format(number=number), ft.FilledTonalButton(
            _("Harvest"), icon=ft.Icons.AGRICULTURE, on_click=lambda _e: on_harvest(number), height=TOUCH, expand=True,
            disabled=refused is not None), expand=True))
    head = ft.Row(
        [
            ft.Semantics(label=_("Field {number}: {beans}").format(number=number, beans=count_of(field.bean, field.count))
                         if field.bean else _("Field {number}: empty").format(number=number),
                         exclude_semantics=True,
                         content=bean_badge(field.bean, str(field.count))),
            ft.Column(
                [
                    note(_("Field {number}").format(number=number)),
                    ft.Text(name(field.bean) if field.bean else _("empty"), size=18, weight=ft.FontWeight.W_600),
                    note(german) if german else ft.Container(height=0),
                ],
                spacing=0, expand=True,
            ),
            *(buttons if open_panel is None and not planted else []),
        ],
        spacing=12,
    )
    parts: list[ft.Control] = [head]
    if open_panel is None and planted:
        parts.append(ft.Row(buttons, spacing=8))
    if why and open_panel is None:
        parts.append(note(why))
    if open_panel is not None:
        parts.append(open_panel)
    return ft.Card(ft.Container(ft.Column(parts, spacing=8), padding=10))


@ft.component
def _FieldCard(number: int, field: BeanField, refused: str | None,
               on_plant: Callable[[int], None], on_harvest: Callable[[int], object]) -> ft.Control:
    return field_card(number, field, refused, None, on_plant, on_harvest)


FieldCard = ft.memo(_FieldCard)  # a field without an open panel, built again only when it changes


@ft.component
def _PassCounter(deck_pass: int, over: bool) -> ft.Control:
    """Passes 1, 2, 3 through the draw pile: done ones filled, the current one outlined."""

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

    words = (_("Game over: the third pass is exhausted") if over
             else _("Pass {number} of {passes}").format(number=deck_pass, passes=PASSES))
    return ft.Semantics(
        label=words, exclude_semantics=True,
        content=ft.Row([*(pip(n) for n in range(1, PASSES + 1)), ft.Text(words, size=16, expand=True)], spacing=8),
    )


PassCounter = ft.memo(_PassCounter)


@ft.component
def PlayerChip(game_id: str, name: str, selected: bool, pick: Callable[[str], None]) -> ft.Control:
    """A player's name and coins (a piece: it reads the coins itself)."""
    games = use_games()
    total = use_game_part(lambda: games.state(game_id).player(name).total)
    return ft.Chip(label=ft.Text(f"{name} · {total}"), selected=selected, show_checkmark=False,
                   on_select=lambda _e: pick(name))


@ft.component
def _Coins(player: str, total: int) -> ft.Control:
    """The shown player's coins in large type."""
    return ft.Semantics(
        label=_("{player} has {coins}").format(player=player, coins=coins(total)), exclude_semantics=True,
        content=ft.Row(
            [ft.Text(str(total), size=56, weight=ft.FontWeight.BOLD),
             ft.Text(_("{player}'s coins").format(player=player), size=16, color=ft.Colors.ON_SURFACE_VARIANT)],
            vertical_alignment=ft.CrossAxisAlignment.END, spacing=10,
        ),
    )


Coins = ft.memo(_Coins)


@ft.component
def _ThirdField(player: str, bought: bool, refused: str | None, buy: Callable[[], None]) -> ft.Control:
    """The third field: bought, or the button to buy it (disabled with the engine's reason)."""
    if bought:
        return note(_("Third field bought"))
    button = ft.OutlinedButton(
        _("Buy third field for {price} coins").format(price=THIRD_FIELD_PRICE), icon=ft.Icons.ADD_BUSINESS, height=TOUCH,
        disabled=refused is not None, on_click=lambda _e: buy())
    if not refused:
        return button
    # the engine's words about the player: "Bo has 2 coins; ..."
    return ft.Column([button, note(f"{player} {refused}")], spacing=12)  # as the screen spaces its lines


ThirdField = ft.memo(_ThirdField)


@ft.component
def _DrawPile(deck_pass: int, exhausted: Callable[[], None]) -> ft.Control:
    """The draw pile ran out: the next pass, or after the third the end of the game."""
    last = deck_pass >= PASSES
    return ft.Column([
        ft.FilledButton(
            _("Draw pile exhausted: end the game") if last
            else _("Draw pile exhausted: start pass {number}").format(number=deck_pass + 1),
            icon=ft.Icons.FLAG if last else ft.Icons.SHUFFLE, on_click=lambda _e: exhausted(), height=TOUCH,
        ),
        note(_("Before the discard pile is shuffled, anyone may harvest a field first.")
             if not last else _("Then every field is harvested and the most coins wins.")),
    ], spacing=6)


DrawPile = ft.memo(_DrawPile)


@ft.component
def _DrawPileSection(deck_pass: int, over: bool, exhausted: Callable[[], None]) -> ft.Control:
    """The table's draw pile: the passes, and (in play) what to do when it runs out."""
    return section(_("Draw pile (the whole table)"), PassCounter(deck_pass, over),
                   *([] if over else [DrawPile(deck_pass, exhausted)]))


DrawPileSection = ft.memo(_DrawPileSection)


@ft.component
def _Fields(player: str, fields: tuple[BeanField, ...], refusals: tuple[str | None, ...],
            plant: Callable[[int], None], harvest: Callable[[int], object]) -> ft.Control:
    """The shown player's fields, none of them with a panel open."""
    return section(_("{player}'s fields").format(player=player),
                   *[FieldCard(number, field, refused, plant, harvest)
                     for number, (field, refused) in enumerate(zip(fields, refusals), start=1)])


Fields = ft.memo(_Fields)


def end_harvest_panel(state: State, confirm: Callable[[], None], cancel: Callable[[], None]) -> ft.Control:
    """What the end of the third pass does to every player, from the engine's own result."""
    try:
        after = RULES.apply(state, DeckExhausted())
    except RulesError as exc:
        return error_line(str(exc))
    lines = []
    for before, end in zip(state.players, after.players):
        sold = ", ".join(count_of(f.bean, f.count) for f in before.fields if f.bean) or _("no beans")
        lines.append(ft.Text(_("{player} +{gain} ({coins} in all): {sold}").format(
            player=before.name, gain=end.total - before.total, coins=coins(end.total), sold=sold), size=15))
    return ft.Container(
        ft.Column(
            [
                ft.Text(_("End-of-game harvest: every field is sold"), weight=ft.FontWeight.W_600),
                *lines,
                confirm_or_cancel(_("End the game"), ft.Icons.FLAG, confirm, cancel),
            ],
            spacing=6,
        ),
        padding=10, border_radius=10, bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


# -- the play screen --------------------------------------------------------------------


# The pieces of the play screen: each reads what it shows of the game (use_game_part), so
# a change renders, on each phone, only the pieces that show what it changed.


@ft.component
def CoinsOf(game_id: str, player: str) -> ft.Control:
    games = use_games()
    return Coins(player, use_game_part(lambda: games.state(game_id).player(player).total))


@ft.component
def ThirdFieldOf(game_id: str, player: str, buy: Callable[[], None]) -> ft.Control:
    games = use_games()

    def read() -> tuple[bool, str | None]:
        state = games.state(game_id)
        bought = state.player(player).third_field
        return bought, None if bought else RULES.why_not(state, BuyField(player=player))

    return ThirdField(player, *use_game_part(read), buy)


@ft.component
def FieldsOf(game_id: str, player: str, panel: tuple[str, int] | None, bean: Bean | None, error: str | None,
             set_bean: Callable[[Bean], None], handlers: dict[str, Callable[..., Any]]) -> ft.Control:
    """The shown player's fields; a field's open panel (``panel``) with ``error``, the
    engine's word on the last tap."""
    games = use_games()
    field_panel = panel is not None and panel[0] in ("plant", "harvest")

    def read() -> tuple[tuple[BeanField, ...], tuple[str | None, ...], State | None]:
        state = games.state(game_id)
        fields = state.player(player).fields
        return (fields, tuple(harvest_refusal(state, player, number, field)
                              for number, field in enumerate(fields, start=1)),
                state if field_panel else None)  # an open panel shows more of the game

    fields, refusals, state = use_game_part(read)
    if state is None:
        return ft.Column([error_line(error), Fields(player, fields, refusals, handlers["open_plant"],
                                                    handlers["open_harvest"])], spacing=SPACING)
    cards: list[ft.Control] = []
    for number, (field, refused) in enumerate(zip(fields, refusals), start=1):
        open_panel = None
        if panel == ("plant", number):
            open_panel = plant_panel(state, player, number, field, bean, set_bean,
                                     lambda count, n=number: handlers["plant"](n, count), handlers["close"])  # type: ignore[misc]  # mypy#15459: a lambda with a default
        elif panel == ("harvest", number):
            open_panel = harvest_panel(state, player, number, lambda n=number: handlers["harvest"](n),  # type: ignore[misc]  # mypy#15459: a lambda with a default
                                       handlers["close"])
        if open_panel is None:
            cards.append(FieldCard(number, field, refused, handlers["open_plant"], handlers["open_harvest"]))
        else:
            cards.append(field_card(number, field, refused, ft.Column([open_panel, error_line(error)], spacing=6),
                                    handlers["open_plant"], handlers["open_harvest"]))
    return section(_("{player}'s fields").format(player=player), *cards)


@ft.component
def EndHarvest(game_id: str, confirm: Callable[[], None], cancel: Callable[[], None]) -> ft.Control:
    """The draw pile's third exhaustion, to confirm: what the end harvest pays everyone."""
    games = use_games()
    state = use_game_part(lambda: games.state(game_id))
    return section(_("Draw pile (the whole table)"), PassCounter(state.deck_pass, state.over),
                   end_harvest_panel(state, confirm, cancel))


@ft.component
def Result(game_id: str) -> ft.Control:
    games = use_games()
    return result_banner(use_game_part(lambda: RULES.result(games.state(game_id))), coins)


@ft.component
def Play(game_id: str):
    games = use_games()
    def read() -> tuple[bool, tuple[str, ...], int]:
        state = games.state(game_id)
        return RULES.is_over(state), state.names, state.deck_pass

    # What this screen itself shows of the game; its pieces read the rest.
    over, names, deck_pass = use_game_part(read)
    panel, set_panel = ft.use_state(cast("tuple[str, int] | None", None))  # ("plant" | "harvest", field) or ("end", 0)
    bean, set_bean = ft.use_state(cast("Bean | None", None))
    entry = use_entry_untyped(game_id)
    player, show = use_shown_player(game_id, names)

    def close() -> None:
        set_panel(None)
        entry.refuse(None)

    def act(action: Any, message: str) -> None:
        if entry.make(action, message):
            set_panel(None)

    def pick_player(name: str) -> None:
        show(name)
        close()

    def open_plant(number: int) -> None:
        set_panel(("plant", number))
        set_bean(games.state(game_id).player(player).fields[number - 1].bean)
        entry.refuse(None)

    def plant(number: int, count: int) -> None:
        if bean is not None:
            act(Plant(player=player, field=number, bean=bean, count=count),
                _("{player} planted {beans} in field {field}").format(player=player, beans=count_of(bean, count),
                                                                      field=number))

    def harvest(number: int) -> None:
        try:
            sale = preview_harvest(games.state(game_id), player, number)
        except RulesError as exc:
            entry.refuse(exc.reason)
            return
        act(Harvest(player=player, field=number),
            _("{player} harvested {beans}: +{coins}").format(player=player, beans=count_of(sale.bean, sale.beans),
                                                             coins=coins(sale.coins)))

    def exhausted() -> None:
        if deck_pass < PASSES:
            act(DeckExhausted(), _("Pass {number}: the discard pile is the new draw pile").format(number=deck_pass + 1))
        else:
            set_panel(("end", 0))

    def open_harvest(number: int) -> None:
        set_panel(("harvest", number))
        entry.refuse(None)

    stable = use_stable_handlers(  # for the pieces
        pick=pick_player, open_plant=open_plant, open_harvest=open_harvest, exhausted=exhausted, plant=plant,
        harvest=harvest, close=close,
        buy=lambda: act(BuyField(player=player), _("{player} bought the third field").format(player=player)))

    controls: list[ft.Control] = []
    if over:
        controls.append(Result(game_id))
    else:
        # Each player's name and coins; the shown one selected.
        controls.append(ft.Row([PlayerChip(game_id, n, n == player, stable["pick"]) for n in names], wrap=True,
                               spacing=6))
        controls.append(CoinsOf(game_id, player))
        controls.append(ThirdFieldOf(game_id, player, stable["buy"]))
        controls.append(FieldsOf(game_id, player, panel, bean, entry.refusal, set_bean, stable))
    if panel == ("end", 0) and not over:
        controls.append(EndHarvest(game_id, lambda: act(DeckExhausted(), _("The game is over")), close))
    else:
        controls.append(DrawPileSection(deck_pass, over, stable["exhausted"]))
    return game_body(controls)


def title(state: State) -> str:
    # TRANSLATORS: the app bar's title: at 150 % text about 11 characters fit after "Bohnanza,"
    return (_("{title}, game over").format(title=RULES.title) if RULES.is_over(state)
            else _("{title}, pass {number} of {passes}").format(title=RULES.title, number=state.deck_pass,
                                                                passes=PASSES))


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=title,
    blurb=N_("3-5 players: coins and bean fields per player, harvests by the beanometer, three passes."),
)
