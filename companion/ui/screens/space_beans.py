"""Space Beans: trophy piles, collections and the end of the game on a phone.

One screen: every player's trophy pile and points (public in the rules), the leader and
how far each is from 30; each player's open collection and, face down, how many cards
their secret collection holds. Below it, one player's turn is recorded: close out the
open collection (the app shows what the engine's close-out gives and asks to confirm),
then lay cards. A browser session may say which player it is ("I am ..."); only then
does it show, and let that player record, their own secret collection. Once a player's
trophies reach 30, only what the engine still allows is offered: that player's close-outs
and one lay, and the end of the game (then the end alone). Everything shown about the
players is built from ``seen_by(state, me)``, never from the full state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import flet as ft

from companion.ui.colours import PAIRS
from companion.ui.hooks import use_game_part, use_games, use_stable_handlers
from companion.ui.components.game_bar import game_body
from companion.ui.kit import GameScreens, per_state, result_banner, use_entry_untyped, use_shown_player
from companion.ui.components.common import (
    SPACING, TOUCH, big_number, error_line, icon_button, section,
)
from companion.ui.components.players import PlayersSetup
from sheets.errors import RulesError
from sheets.i18n import N_, _, ngettext
from sheets.results import PlayerResult
from sheets.space_beans import (
    BEAN_NAMES, BOHNUS, END_AT, RULES, Bean, Card, CloseOut, Collection, EndGame, Lay, State,
    close_out, seen_by,
)
from sheets.space_beans.cards import VALUES

# Card colour (fill) and the text colour on that fill; the rulebook names yellow
# Klingbohnen, red Darth Beans, violet Centauribohnen and grey Bohrion.
# Each a checked pair of companion/ui/colours.py (Moonbohnen: black on orange, white was 3.08:1).
BEAN_COLOURS = {
    Bean.KLINGBOHNEN: PAIRS["amber"],
    Bean.DARTH_BEANS: PAIRS["red light"],
    Bean.BEANLIENS: PAIRS["green"],
    Bean.CENTAURIBOHNEN: PAIRS["purple"],
    Bean.BOHRION: PAIRS["blue grey"],
    Bean.MOONBOHNEN: PAIRS["orange"],
    Bean.BLUEBEANS: PAIRS["blue"],
}
MUTED = ft.Colors.ON_SURFACE_VARIANT
B = TypeVar("B", ft.Button, ft.OutlinedButton)


def cards_word(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def card_list(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.label for c in cards) or _("nothing")


def worth(value: int) -> str:
    """A collection's close-out value as the engine computes it."""
    return _("worth {value}").format(value=value) if value else _("no value yet")


def names_and(names: list[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    return names[0] if len(names) == 1 else _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class Seen:
    """One player's sheet as this browser session may see it (from ``seen_by``)."""

    name: str
    trophies: tuple[Card, ...]
    open: Collection | None
    secret: Collection | None  # None when absent or face down for this viewer
    secret_cards: int  # how many cards the secret collection holds (public)

    @property
    def collections(self) -> int:
        return (self.open is not None) + (self.secret_cards > 0)


def seen(view: dict[str, Any]) -> dict[str, Seen]:
    sheets = {}
    for p in view["players"]:
        secret = p["secret_collection"]
        shown = Collection.model_validate(secret) if secret and "values" in secret else None
        sheets[p["name"]] = Seen(
            name=p["name"],
            trophies=tuple(Card.model_validate(c) for c in p["trophies"]),
            open=Collection.model_validate(p["open_collection"]) if p["open_collection"] else None,
            secret=shown,
            secret_cards=len(shown.values) if shown else (secret or {}).get("cards", 0),
        )
    return sheets


def preview(state: State, action: Any) -> tuple[State | None, str | None]:
    """The engine's answer to ``action`` without storing it: (new state, None) or (None, why not)."""
    try:
        return RULES.apply(state, action), None
    except RulesError as exc:
        return None, str(exc)


# -- small pieces -------------------------------------------------------------------------


def tile(label: str, text: str, on_click: Callable[[], Any] | None, selected: bool = False,
         colours: tuple[str, str] | None = None, filled: bool = False, width: int | None = None) -> ft.Control:
    """A 48 px tap target with an accessible name; filled when selected (or always, ``filled``)."""
    fill, ink = colours or (ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY)
    solid = selected or filled
    return ft.Semantics(
        label=label,
        button=True,
        selected=selected,
        exclude_semantics=True,
        content=ft.Container(
            ft.Row([ft.Text(text, size=16, weight=ft.FontWeight.BOLD, color=ink if solid else ft.Colors.ON_SURFACE)],
                   tight=True, alignment=ft.MainAxisAlignment.CENTER,
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            height=TOUCH,
            width=width,
            padding=ft.Padding.symmetric(horizontal=12 if width is None else 0),
            border_radius=8,
            bgcolor=fill if solid else None,
            border=ft.Border.all(2, fill),
            on_click=(lambda _e: on_click()) if on_click else None,
        ),
    )


# A tile of a row: (accessible name, text, value a tap chooses, selected, colours).
Option = tuple[str, str, Any, bool, "tuple[str, str] | None"]


@ft.component
def _Tiles(options: tuple[Option, ...], on_choose: Callable[[Any], Any], filled: bool = False,
           width: int | None = None):
    """A wrapping row of 48 px tiles, one per option; a tap calls ``on_choose`` with its value."""
    return ft.Row(
        [tile(label, text, lambda v=value: on_choose(v), selected=selected, colours=colours, filled=filled,  # type: ignore[misc]  # mypy#15459: a lambda with a default
              width=width)
         for label, text, value, selected, colours in options],
        wrap=True, spacing=6, run_spacing=6,
    )


# Memoized (with a stable ``on_choose``): a change of the game leaves most rows of tiles as
# they were, and every phone at the table then skips building them (a tile costs).
Tiles = ft.memo(_Tiles)


def pile(cards: tuple[Card, ...]) -> ft.Control:
    """Cards as small coloured values; read out as their names."""
    tags: list[ft.Control] = []
    for card in cards:
        fill, ink = BEAN_COLOURS[card.bean]
        tags.append(ft.Container(
            ft.Text(str(card.value), size=13, weight=ft.FontWeight.BOLD, color=ink),
            width=24, height=28, alignment=ft.Alignment.CENTER, border_radius=4, bgcolor=fill,
            tooltip=card.label,
        ))
    return ft.Semantics(
        label=_("Trophies: {cards}").format(cards=card_list(cards)),
        exclude_semantics=True,
        content=ft.Row(tags, wrap=True, spacing=3, run_spacing=3),
    )


def collection_line(which: str, collection: Collection) -> ft.Control:
    """ "Open: Klingbohnen 1, 4, 4 · 3 cards, worth 3" (the engine's close-out value)."""
    value = close_out(collection).value
    fill, _ink = BEAN_COLOURS[collection.bean]
    return ft.Row(
        [
            ft.Container(width=6, height=20, bgcolor=fill, border_radius=3),
            # the count and worth under the cards: beside them a long German bean name broke mid-word
            ft.Column([ft.Text(f"{which}: {collection.label}", size=15),
                       ft.Text(f"{cards_word(len(collection.values))}, {worth(value)}", size=12, color=MUTED)],
                      spacing=0, expand=True),
        ],
        spacing=8,
    )


def growing(button: B) -> B:
    """``button`` as tall as its label: a long German label takes a second line at 150 %
    text instead of being cut off by a fixed height; never under 48 px (14 px text + 2 x 14)."""
    button.height = None
    button.style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16, vertical=14))
    return button


def end_button(label: str, reason: str | None, on_click: Callable[[], Any]) -> ft.Control:
    """The end of the game, allowed now or disabled with the engine's reason under it
    (``kit.action_button``, growing with its label)."""
    button = growing(ft.OutlinedButton(label, disabled=reason is not None, on_click=lambda _e: on_click()))
    if reason is None:
        return button
    return ft.Column([button, ft.Text(reason, size=13, color=MUTED)], spacing=0)


# -- setup ------------------------------------------------------------------------------


def Setup(game: str):
    return PlayersSetup(game, 2, 6)  # rulebook: Players 2-6


# -- the table at a glance ------------------------------------------------------------------


@dataclass(frozen=True)
class CardShape:
    """What a player's card shows besides its pieces: whether there is an open collection,
    and the secret collection (its cards on its own phone, else how many)."""

    has_open: bool
    secret: Collection | None
    secret_cards: int


def player_card(name: str, points: int, leader: bool, me: str | None, shape: CardShape, trophies: ft.Control,
                open_line: ft.Control) -> ft.Control:
    """A player's card: ``trophies`` and ``open_line`` are the pieces that show the trophy
    pile and the open collection (the latter shown when ``shape`` says there is one)."""
    to_go = END_AT - points
    status = (_("reached {end}").format(end=END_AT) if to_go <= 0
              else _("{n} short of {end}").format(n=to_go, end=END_AT))
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Column(
                    [
                        ft.Row(
                            ([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=20)] if leader else [])
                            + [ft.Text(_("{name} (you)").format(name=name) if name == me else name,
                                       size=18,
                                       weight=ft.FontWeight.BOLD)],
                            spacing=4,
                        ),
                        ft.Text(status, size=13, color=ft.Colors.PRIMARY if to_go <= 0 else MUTED,
                                weight=ft.FontWeight.W_600 if to_go <= 0 else None),
                    ],
                    spacing=0,
                    expand=True,
                ),
                big_number(points, _("trophy points")),
            ],
        ),
        trophies,
    ]
    if shape.has_open:
        lines.append(open_line)
    if shape.secret:
        lines.append(collection_line(_("Secret (only you see it)"), shape.secret))
    elif shape.secret_cards:
        lines.append(ft.Row(
            [ft.Icon(ft.Icons.VISIBILITY_OFF, size=18, color=MUTED),
             ft.Text(_("Secret: {cards}, face down").format(cards=cards_word(shape.secret_cards)), size=15,
                     expand=True)],
            spacing=8,
        ))
    if not shape.has_open and not shape.secret_cards:
        lines.append(ft.Text(_("No collection"), size=12, color=MUTED))
    return ft.Container(
        ft.Column(lines, spacing=6),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if leader else ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


def leader_line(result) -> ft.Control:
    best = max(p.total for p in result.players)
    if best == 0:
        return ft.Text(_("No trophies yet. The first to {end} ends the game.").format(end=END_AT), color=MUTED)
    leaders = [p.name for p in result.players if p.rank == 1]
    return ft.Text(ngettext("Leader: {who} with {points}", "Leaders: {who} with {points}", len(leaders)).format(
        who=names_and(leaders), points=best), size=18, weight=ft.FontWeight.BOLD)


def chooser(title: str, options: list[tuple[str, str, str | None]], chosen: str | None,
            on_choose: Callable[[str | None], Any]) -> ft.Control:
    """A row of 48 px choices: (accessible name, text, value)."""
    return section(title, Tiles(tuple((label, text, value, value == chosen, None) for label, text, value in options),
                                on_choose))


# -- recording a turn ---------------------------------------------------------------------


def close_out_dialog(state: State, sheets: dict[str, Seen], player: str | None,
                     on_confirm: Callable[[bool], Any], on_cancel: Callable[[], Any]) -> ft.AlertDialog | None:
    """What closing out ``player``'s open collection gives, as the engine computes it."""
    if player is None or sheets[player].open is None:
        return None
    sheet = sheets[player]
    collection = sheet.open
    assert collection is not None  # checked above
    outcome = close_out(collection)
    size = len(collection.values)
    normal, refused = preview(state, CloseOut(player=player))
    forced, _why = preview(state, CloseOut(player=player, forced=True))
    lines: list[ft.Control] = [
        ft.Text(f"{collection.label}: {cards_word(size)}", size=15),
        ft.Text(_("Worth {value}").format(value=outcome.value) if outcome.value
                else _("No value: no card is a {size}").format(size=size), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(_("Trophy: {card}").format(card=outcome.trophy.label) if outcome.trophy else _("Trophy: none"),
                size=16),
        ft.Text(_("Discard pile: {cards}").format(cards=card_list(outcome.discarded)), size=16),
    ]
    after = normal or forced
    if after is not None:
        points = after.player(player).trophy_points
        lines.append(ft.Text(_("{player}'s trophy points: {now} now, {after} after").format(
            player=player, now=state.player(player).trophy_points, after=points), size=14, color=MUTED))
        if points >= END_AT:
            lines.append(ft.Text(_("That reaches {end}: the game ends at the end of this turn.").format(end=END_AT),
                                 size=14,
                                 weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
    if sheet.secret_cards:
        lines.append(ft.Text(_("Then the secret collection ({cards}) is turned face up and becomes the open "
                               "collection.").format(cards=cards_word(sheet.secret_cards)), size=14, color=MUTED))
    actions: list[ft.Control] = [ft.TextButton(_("Cancel"), on_click=lambda _e: on_cancel())]
    if normal is not None:
        actions.append(ft.FilledButton(_("Close out"), on_click=lambda _e: on_confirm(False)))
    elif forced is not None:
        lines.append(ft.Text(_("Only if no card in {player}'s hand fits either collection: then the close-out "
                               "is forced and all {cards} go to the discard pile.").format(
            player=player, cards=cards_word(size)), size=14))
        actions.append(ft.FilledButton(_("Forced close-out"), on_click=lambda _e: on_confirm(True)))
    else:
        lines.append(error_line(refused))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Close out {player}'s {bean}?").format(player=player, bean=BEAN_NAMES[collection.bean])),
        content=ft.Column(lines, spacing=6, tight=True, width=340),
        actions=actions,
    )


@dataclass(frozen=True)
class DraftTaps:
    """What a tap of the lay panel does to the draft; the same on every render (``use_stable_handlers``)."""

    where: Callable[[str], None]  # open, secret or new: its values start again
    bean: Callable[[Bean], None]  # the bean of a new collection: its values start again
    value: Callable[[tuple[str, int]], None]  # (where, value): one more card laid there


def lay_panel(state: State | None, sheet: Seen, me: str | None, draft: dict, set_draft: Callable,
              lay: Callable[[Lay], Any], taps: DraftTaps) -> list[ft.Control]:
    """Pick where (open, secret or a new collection), the bean, the card values; see the result.
    ``state`` is needed (to ask the engine) only once values are picked."""
    player = sheet.name
    own = player == me
    targets: list[tuple[str, str, str]] = []  # (value, text, accessible name)
    if sheet.open:
        targets.append(("open", _("Open · {bean}").format(bean=BEAN_NAMES[sheet.open.bean]),
                        _("Add to the open collection")))
    if sheet.secret_cards and own:
        assert sheet.secret is not None  # face up on its own player's phone
        targets.append(("secret", _("Secret · {bean}").format(bean=BEAN_NAMES[sheet.secret.bean]),
                        _("Add to the secret collection")))
    new_one = None if sheet.collections >= 2 else ("open" if sheet.open is None else "secret")
    if new_one == "open" or (new_one == "secret" and own):
        words = _("New open collection") if new_one == "open" else _("New secret collection")
        targets.append(("new", words, words))

    controls: list[ft.Control] = []
    if not own and (sheet.secret_cards or new_one == "secret"):
        controls.append(ft.Text(_("{player}'s secret collection is recorded on {player}'s own phone.").format(
            player=player), size=13, color=MUTED))
    if not targets:
        return controls

    where = draft.get("where") if draft.get("where") in [t[0] for t in targets] else targets[0][0]
    values: list[int] = draft.get("values", [])
    bean: Bean | None
    if where == "open":
        assert sheet.open is not None  # a target only when there is one
        bean = sheet.open.bean
    elif where == "secret":
        assert sheet.secret is not None  # a target only on its own player's phone
        bean = sheet.secret.bean
    else:
        bean = draft.get("bean")

    def change(**changes) -> None:
        set_draft({**draft, "where": where, **changes})

    controls.append(Tiles(tuple((name, text, value, value == where, None) for value, text, name in targets),
                          taps.where))
    if where == "new":
        controls.append(Tiles(tuple((BEAN_NAMES[b], BEAN_NAMES[b], b, b == bean, BEAN_COLOURS[b]) for b in Bean),
                              taps.bean))
    if bean is None:
        controls.append(ft.Text(_("Pick the bean of the new collection."), size=13, color=MUTED))
        return controls

    colours = BEAN_COLOURS[bean]
    controls.append(Tiles(tuple((_("Value {n}").format(n=v), str(v), (where, v), False, colours) for v in VALUES),
                          taps.value, filled=True, width=TOUCH))
    collection = new_one if where == "new" else where
    action = Lay(player=player, collection=collection, new=where == "new", bean=bean, values=values) if values else None
    assert state is not None or action is None  # given whenever values are picked
    after, refused = preview(state, action) if state is not None and action else (None, None)
    if after is not None:
        shown = seen(seen_by(after, me))[player]
        result = shown.open if collection == "open" else shown.secret
        assert result is not None  # the collection just laid to
        value = close_out(result).value
        effect = (_("{player}'s open collection: {cards}") if collection == "open"
                  else _("{player}'s secret collection: {cards}")).format(
            player=player, cards=f"{result.label} · {cards_word(len(result.values))}, {worth(value)}")
    else:
        effect = None
    controls.append(ft.Row(
        [
            ft.Text(_("To lay: {cards}").format(cards=f"{BEAN_NAMES[bean]} {', '.join(map(str, values))}") if values
                    else _("Tap the values of the cards laid."), size=15, expand=True),
            icon_button(ft.Icons.BACKSPACE_OUTLINED, _("Remove the last value"),
                        lambda _e: change(values=values[:-1]), disabled=not values),
        ],
    ))
    if effect:
        controls.append(ft.Text(effect, size=13, color=MUTED))
    controls.append(error_line(refused))
    controls.append(ft.FilledButton(
        _("Lay {cards}").format(cards=cards_word(len(values))) if values else _("Lay cards"), icon=ft.Icons.CHECK,
        height=TOUCH, disabled=after is None, on_click=lambda _e: lay(cast(Lay, action)),  # enabled with an action only
    ))
    return controls


@ft.component
def _Turn(player: str, names: tuple[str, ...] | None, sheet: Seen, me: str | None, draft: dict,
          refusal: str | None, state: State | None, choose: Callable[[str], None],
          close_out: Callable[[str], None], lay: Callable[[Lay], Any], set_draft: Callable, taps: DraftTaps):
    """One player's turn: whom it is recorded for (``names``, None once a player reached
    the end), the close-out of the open collection, the cards to lay (``lay_panel``)."""
    turn: list[ft.Control] = [
        Tiles(tuple((_("Record for {player}").format(player=n), n, n, n == player, None) for n in names), choose)
        if names else ft.Container(),
        error_line(refusal),
    ]
    if sheet.open:
        turn.append(growing(ft.FilledTonalButton(
            _("Close out {bean} ({cards})").format(bean=BEAN_NAMES[sheet.open.bean],
                                                   cards=cards_word(len(sheet.open.values))),
            icon=ft.Icons.EMOJI_EVENTS_OUTLINED, on_click=lambda _e: close_out(player),
        )))
    turn.append(ft.Text(_("Lay cards"), size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
    turn += lay_panel(state, sheet, me, draft, set_draft, lay, taps)
    return section(_("{player}'s turn").format(player=player), *turn)


# Memoized: a change to another player's sheet leaves this phone's turn as it was (the
# state itself is passed only while values are picked, for the engine's preview).
Turn = ft.memo(_Turn)


# -- the end ----------------------------------------------------------------------------------


def final_table(state: State, sheets: dict[str, Seen]) -> list[ft.Control]:
    """Winner(s), the ranking with the breakdown, then every collection's final close-out."""
    result = RULES.result(state)
    rows = []
    for p in sorted(result.players, key=lambda p: p.rank):
        b = p.breakdown
        rows.append(ft.Row(
            [
                ft.Text(f"{p.rank}.", size=18, width=28),
                ft.Column(
                    [
                        ft.Text(p.name, size=18, weight=ft.FontWeight.BOLD),
                        ft.Text(_("Trophies {trophies} · Bohnus {bohnus} · Collections {collections}").format(
                            trophies=b["trophies"], bohnus=b["bohnus"], collections=b["collections"]),
                                size=13, color=MUTED),
                    ],
                    spacing=0,
                    expand=True,
                ),
                ft.Text(str(p.total), size=28, weight=ft.FontWeight.BOLD),
            ],
        ))
    ranking = result_banner(result, details=[
        ft.Text(_("{player} ended the game: {bohnus}-point Bohnus.").format(player=state.ended_by, bohnus=BOHNUS),
                size=13, color=MUTED), *rows])
    steps: list[ft.Control] = []
    for sheet in sheets.values():
        own = [c for c in (sheet.open, sheet.secret) if c is not None]
        lines: list[ft.Control] = [ft.Text(sheet.name, size=16, weight=ft.FontWeight.BOLD)]
        for collection in own:
            outcome = close_out(collection)
            size = len(collection.values)
            fill, _ink = BEAN_COLOURS[collection.bean]
            if outcome.trophy and outcome.discarded:
                how = _("{cards} with a {size}: trophy {trophy}; discard {discarded}").format(
                    cards=cards_word(size), size=size, trophy=outcome.trophy.label,
                    discarded=card_list(outcome.discarded))
            elif outcome.trophy:
                how = _("{cards} with a {size}: trophy {trophy}").format(
                    cards=cards_word(size), size=size, trophy=outcome.trophy.label)
            else:
                how = _("{cards}, no {size}: no value, all discarded").format(cards=cards_word(size), size=size)
            lines.append(ft.Row(
                [
                    ft.Container(width=6, height=20, bgcolor=fill, border_radius=3),
                    ft.Text(collection.label, size=15, expand=True),
                    ft.Text(f"+{outcome.value}", size=18, weight=ft.FontWeight.BOLD),
                ],
                spacing=8,
            ))
            lines.append(ft.Text(how, size=13, color=MUTED))
        if not own:
            lines.append(ft.Text(_("No collections"), size=13, color=MUTED))
        steps.append(ft.Container(ft.Column(lines, spacing=4), padding=10, border_radius=10,
                                  bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST))
    return [ranking, section(_("Final close-out: every collection turned up"), *steps)]


# -- the play screen --------------------------------------------------------------------------


# What every player's sheet shows to a phone (``me``: its player, None for an onlooker).
sheets_seen = per_state(lambda state, me: seen(seen_by(state, me)))


# The result, worked out once per state for every phone and every piece that shows it.
standings = per_state(RULES.result)


def standing(state: State, name: str) -> PlayerResult:
    return standings(state).players[state.names.index(name)]  # the result lists the players in seating order


# The pieces of the play screen: each reads what it shows of the game (use_game_part), so
# a change renders, on each phone, only the pieces that show what it changed.


@ft.component
def Sheet(game_id: str, name: str, me: str | None) -> ft.Control:
    """A player's trophies and collections, as this phone may see them. The trophy pile and
    the open collection are pieces of their own: a lay renders only the collection."""
    games = use_games()

    def read() -> tuple[int, bool, CardShape]:
        state = games.state(game_id)
        player = standing(state, name)
        points = player.breakdown["trophies"]
        sheet = sheets_seen(state, me)[name]
        return points, player.rank == 1 and points > 0, CardShape(sheet.open is not None, sheet.secret,
                                                                    sheet.secret_cards)

    points, leader, shape = use_game_part(read)
    return player_card(name, points, leader, me, shape, Trophies(game_id, name), OpenCollection(game_id, name))


@ft.component
def Trophies(game_id: str, name: str) -> ft.Control:
    games = use_games()
    trophies = use_game_part(lambda: games.state(game_id).player(name).trophies)
    return pile(trophies) if trophies else ft.Text(_("No trophies yet"), size=12, color=MUTED)


@ft.component
def OpenCollection(game_id: str, name: str) -> ft.Control:
    games = use_games()
    collection = use_game_part(lambda: games.state(game_id).player(name).open_collection)
    return collection_line(_("Open"), collection) if collection else ft.Container(height=0)


@ft.component
def Leader(game_id: str) -> ft.Control:
    games = use_games()
    return leader_line(use_game_part(lambda: standings(games.state(game_id))))


@ft.component
def GameEnd(game_id: str, reached: str, act: Callable[[Any, str], Any]) -> ft.Control:
    """A player's trophies reached the end: what is left of the game, and its end."""
    games = use_games()
    end = EndGame(player=reached)

    def read() -> tuple[int, bool, str | None]:
        state = games.state(game_id)
        return standing(state, reached).breakdown["trophies"], state.turn_over, RULES.why_not(state, end)

    points, turn_over, refused = use_game_part(read)
    return ft.Container(
        ft.Column(
            [
                ft.Text(_("{player}'s trophies reached {points}: the game ends at the end of {player}'s turn.")
                        .format(player=reached, points=points), size=16, weight=ft.FontWeight.W_600),
                ft.Text(" ".join([
                    _("{player} has laid: the turn is over.") if turn_over else
                    _("Nobody else plays; {player} may still close out, then lays once, which ends the turn."),
                    _("{player} gets the {bohnus}-point Bohnus; then every collection is turned up and "
                      "closed out."),
                ]).format(player=reached, bohnus=BOHNUS), size=13),
                end_button(_("End of {player}'s turn: end the game").format(player=reached),
                           refused, lambda: act(end, _("The game is over"))),
            ],
            spacing=8,
        ),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
    )


@ft.component
def TurnOf(game_id: str, player: str, names: tuple[str, ...] | None, me: str | None, draft: dict,
           refusal: str | None, choose: Callable[[str], None], close_out: Callable[[str], None],
           lay: Callable[[Lay], Any], set_draft: Callable, taps: DraftTaps) -> ft.Control:
    """The shown player's turn (``Turn``), with what it shows of the game."""
    games = use_games()

    def read() -> tuple[Seen, State | None]:
        state = games.state(game_id)
        return sheets_seen(state, me)[player], state if draft.get("values") else None  # laying: the engine's preview

    sheet, state = use_game_part(read)
    return Turn(player, names, sheet, me, draft, refusal, state, choose, close_out, lay, set_draft, taps)


@ft.component
def Final(game_id: str, me: str | None) -> ft.Control:
    games = use_games()
    state = use_game_part(lambda: games.state(game_id))
    return ft.Column(final_table(state, sheets_seen(state, me)), spacing=SPACING)


@ft.component
def Play(game_id: str):
    games = use_games()
    me, set_me = ft.use_state(cast("str | None", None))  # which player this browser session is (None: an onlooker)
    draft, set_draft = ft.use_state(cast("dict[str, Any]", {}))  # the cards being laid: where, bean, values
    closing, set_closing = ft.use_state(cast("str | None", None))  # the player whose close-out awaits confirmation
    entry = use_entry_untyped(game_id)

    def read() -> tuple[bool, str | None, bool, tuple[str, ...], State | None]:
        state = games.state(game_id)
        return (RULES.is_over(state), state.reached.name if state.reached else None, state.turn_over, state.names,
                state if closing else None)  # a close-out to confirm shows what the engine says of it

    # What this screen itself shows of the game; its pieces read the rest.
    over, reached, turn_over, names, closing_state = use_game_part(read)
    at_table = games.seated(game_id)  # table mode: this phone is its seat, nobody else
    me = games.my_seat(game_id) if at_table else (me if me in names else None)
    # The turn shown: the player picked, else the one whose trophies reached 30 (the game
    # ends at the end of that player's turn), else this phone's.
    player, show = use_shown_player(game_id, names, lead=reached, default=me)
    if reached:  # nobody else plays before the end
        player = reached

    def act(action: Any, message: str) -> bool:
        return entry.make(action, message)

    def confirm_close_out(forced: bool) -> None:
        name = closing
        assert name is not None  # the dialog shows only while closing
        set_closing(None)
        collection = sheets_seen(games.state(game_id), me)[name].open
        assert collection is not None  # the dialog shows only for an open collection
        outcome = close_out(collection)
        act(CloseOut(player=name, forced=forced),
            _("{player} closed out {bean}: +{value}").format(player=name, bean=BEAN_NAMES[collection.bean],
                                                             value=outcome.value))

    def lay(action: Lay) -> None:
        if act(action, _("{player} laid {cards}").format(player=action.player, cards=cards_word(len(action.values)))):
            set_draft({})

    def choose(name: str) -> None:
        show(name)
        set_draft({})
        entry.refuse(None)

    def choose_me(name: str) -> None:
        set_me(name)
        set_draft({})
        entry.refuse(None)

    # The same functions on every render, so the memoized rows of tiles are reused.
    stable = use_stable_handlers(
        lay=lay, close_out=set_closing, draft=set_draft, choose=choose, choose_me=choose_me, act=act,
        where=lambda v: set_draft(lambda d: {**d, "where": v, "values": []}),
        bean=lambda b: set_draft(lambda d: {**d, "where": "new", "bean": b, "values": []}),
        value=lambda wv: set_draft(lambda d: {**d, "where": wv[0], "values": [*d.get("values", []), wv[1]]}),
    )
    taps = DraftTaps(where=stable["where"], bean=stable["bean"], value=stable["value"])

    ft.use_dialog(close_out_dialog(closing_state, sheets_seen(closing_state, me), closing, confirm_close_out,
                                   lambda: set_closing(None)) if closing_state is not None and not over else None)

    if over:
        return game_body([Final(game_id, me)])
    controls: list[ft.Control] = [GameEnd(game_id, reached, stable["act"])] if reached else []
    controls.append(Leader(game_id))
    controls += [Sheet(game_id, n, me) for n in names]
    if not at_table:
        controls.append(chooser(
            _("This phone belongs to"),
            [(_("I am an onlooker"), _("Onlooker"), None)] + [(_("I am {player}").format(player=n), n, n)
                                                              for n in names],
            me,
            stable["choose_me"],
        ))

    if turn_over:  # only the end of the game is left, above
        controls.append(ft.Container(height=64))
        return game_body(controls)
    controls.append(TurnOf(game_id, player, None if reached else names, me, draft, entry.refusal,
                           stable["choose"], stable["close_out"], stable["lay"], stable["draft"], taps))
    controls.append(ft.Container(height=64))  # room to scroll the last button above a snackbar
    return game_body(controls)


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=lambda _state: RULES.title,
    blurb=N_("2-6 players: trophy piles, open and secret collections, close-outs and the race to 30."),
)
