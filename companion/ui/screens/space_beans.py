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
from typing import Any, cast

import flet as ft

from companion.ui.colours import PAIRS
from companion.ui.hooks import use_game, use_games
from companion.ui.components.game_bar import game_screen
from companion.ui.kit import GameScreens, action_button, result_banner, use_entry, use_shown_player
from companion.ui.components.common import (
    TOUCH, big_number, error_line, icon_button, section,
)
from companion.ui.components.players import PlayersSetup
from sheets.errors import RulesError
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


def cards_word(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def card_list(cards: tuple[Card, ...]) -> str:
    return ", ".join(c.label for c in cards) or "nothing"


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
            on_click=(lambda _: on_click()) if on_click else None,
        ),
    )


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
        label=f"Trophies: {card_list(cards)}",
        exclude_semantics=True,
        content=ft.Row(tags, wrap=True, spacing=3, run_spacing=3),
    )


def collection_line(which: str, collection: Collection) -> ft.Control:
    """ "Open: Klingbohnen 1, 4, 4 · 3 cards, worth 3" (the engine's close-out value)."""
    value = close_out(collection).value
    fill, _ = BEAN_COLOURS[collection.bean]
    worth = f"worth {value}" if value else "no value yet"
    return ft.Row(
        [
            ft.Container(width=6, height=20, bgcolor=fill, border_radius=3),
            ft.Text(f"{which}: {collection.label}", size=15, expand=True),
            ft.Text(f"{cards_word(len(collection.values))}, {worth}", size=12, color=MUTED),
        ],
        spacing=8,
    )


# -- setup ------------------------------------------------------------------------------


def Setup(game: str):
    return PlayersSetup(game, 2, 6)  # rulebook: Players 2-6


# -- the table at a glance ------------------------------------------------------------------


def player_card(sheet: Seen, points: int, leader: bool, me: str | None) -> ft.Control:
    to_go = END_AT - points
    status = f"reached {END_AT}" if to_go <= 0 else f"{to_go} short of {END_AT}"
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Column(
                    [
                        ft.Row(
                            ([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=20)] if leader else [])
                            + [ft.Text(sheet.name + (" (you)" if sheet.name == me else ""), size=18,
                                       weight=ft.FontWeight.BOLD)],
                            spacing=4,
                        ),
                        ft.Text(status, size=13, color=ft.Colors.PRIMARY if to_go <= 0 else MUTED,
                                weight=ft.FontWeight.W_600 if to_go <= 0 else None),
                    ],
                    spacing=0,
                    expand=True,
                ),
                big_number(points, "trophy points"),
            ],
        ),
        pile(sheet.trophies) if sheet.trophies else ft.Text("No trophies yet", size=12, color=MUTED),
    ]
    if sheet.open:
        lines.append(collection_line("Open", sheet.open))
    if sheet.secret:
        lines.append(collection_line("Secret (only you see it)", sheet.secret))
    elif sheet.secret_cards:
        lines.append(ft.Row(
            [ft.Icon(ft.Icons.VISIBILITY_OFF, size=18, color=MUTED),
             ft.Text(f"Secret: {cards_word(sheet.secret_cards)}, face down", size=15)],
            spacing=8,
        ))
    if not sheet.open and not sheet.secret_cards:
        lines.append(ft.Text("No collection", size=12, color=MUTED))
    return ft.Container(
        ft.Column(lines, spacing=6),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if leader else ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


# A change touches one player's card at a time: every phone skips rebuilding the others.
PlayerCard = ft.memo(ft.component(player_card))


def leader_line(result) -> ft.Control:
    best = max(p.total for p in result.players)
    if best == 0:
        return ft.Text(f"No trophies yet. The first to {END_AT} ends the game.", color=MUTED)
    leaders = [p.name for p in result.players if p.rank == 1]
    who = leaders[0] if len(leaders) == 1 else " and ".join(leaders)
    return ft.Text(f"Leader: {who} with {best}", size=18, weight=ft.FontWeight.BOLD)


def chooser(title: str, options: list[tuple[str, str, str | None]], chosen: str | None,
            on_choose: Callable[[str | None], Any]) -> ft.Control:
    """A row of 48 px choices: (accessible name, text, value)."""
    return section(title, ft.Row(
        [tile(label, text, lambda v=value: on_choose(v), selected=value == chosen)  # type: ignore[misc]  # mypy#15459: a lambda with a default
         for label, text, value in options],
        wrap=True, spacing=6, run_spacing=6,
    ))


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
    forced, _ = preview(state, CloseOut(player=player, forced=True))
    lines: list[ft.Control] = [
        ft.Text(f"{collection.label}: {cards_word(size)}", size=15),
        ft.Text(f"Worth {outcome.value}" if outcome.value else f"No value: no card is a {size}",
                size=24, weight=ft.FontWeight.BOLD),
        ft.Text(f"Trophy: {outcome.trophy.label}" if outcome.trophy else "Trophy: none", size=16),
        ft.Text(f"Discard pile: {card_list(outcome.discarded)}", size=16),
    ]
    after = normal or forced
    if after is not None:
        points = after.player(player).trophy_points
        lines.append(ft.Text(f"{player}'s trophy points: {state.player(player).trophy_points} now, {points} after",
                             size=14, color=MUTED))
        if points >= END_AT:
            lines.append(ft.Text(f"That reaches {END_AT}: the game ends at the end of this turn.", size=14,
                                 weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
    if sheet.secret_cards:
        lines.append(ft.Text(f"Then the secret collection ({cards_word(sheet.secret_cards)}) is turned face up "
                             "and becomes the open collection.", size=14, color=MUTED))
    actions: list[ft.Control] = [ft.TextButton("Cancel", on_click=lambda _: on_cancel())]
    if normal is not None:
        actions.append(ft.FilledButton("Close out", on_click=lambda _: on_confirm(False)))
    elif forced is not None:
        lines.append(ft.Text(f"Only if no card in {player}'s hand fits either collection: then the close-out "
                             f"is forced and all {cards_word(size)} go to the discard pile.", size=14))
        actions.append(ft.FilledButton("Forced close-out", on_click=lambda _: on_confirm(True)))
    else:
        lines.append(error_line(refused))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(f"Close out {player}'s {BEAN_NAMES[collection.bean]}?"),
        content=ft.Column(lines, spacing=6, tight=True, width=340),
        actions=actions,
    )


def lay_panel(state: State, sheet: Seen, me: str | None, draft: dict, set_draft: Callable,
              lay: Callable[[Lay], Any]) -> list[ft.Control]:
    """Pick where (open, secret or a new collection), the bean, the card values; see the result."""
    player = sheet.name
    own = player == me
    targets: list[tuple[str, str, str]] = []  # (value, text, accessible name)
    if sheet.open:
        targets.append(("open", f"Open · {BEAN_NAMES[sheet.open.bean]}", "Add to the open collection"))
    if sheet.secret_cards and own:
        assert sheet.secret is not None  # face up on its own player's phone
        targets.append(("secret", f"Secret · {BEAN_NAMES[sheet.secret.bean]}", "Add to the secret collection"))
    new_one = None if sheet.collections >= 2 else ("open" if sheet.open is None else "secret")
    if new_one == "open" or (new_one == "secret" and own):
        targets.append(("new", f"New {new_one} collection", f"New {new_one} collection"))

    controls: list[ft.Control] = []
    if not own and (sheet.secret_cards or new_one == "secret"):
        controls.append(ft.Text(f"{player}'s secret collection is recorded on {player}'s own phone.",
                                size=13, color=MUTED))
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

    controls.append(ft.Row(
        [tile(name, text, lambda v=value: change(where=v, values=[]), selected=value == where)  # type: ignore[misc]  # mypy#15459: a lambda with a default
         for value, text, name in targets],
        wrap=True, spacing=6, run_spacing=6,
    ))
    if where == "new":
        controls.append(ft.Row(
            [tile(BEAN_NAMES[b], BEAN_NAMES[b], lambda b=b: change(bean=b, values=[]), selected=b == bean,  # type: ignore[misc]  # mypy#15459: a lambda with a default
                  colours=BEAN_COLOURS[b]) for b in Bean],
            wrap=True, spacing=6, run_spacing=6,
        ))
    if bean is None:
        controls.append(ft.Text("Pick the bean of the new collection.", size=13, color=MUTED))
        return controls

    colours = BEAN_COLOURS[bean]
    controls.append(ft.Row(
        [tile(f"Value {v}", str(v), lambda v=v: change(values=[*values, v]), colours=colours, filled=True, width=TOUCH)  # type: ignore[misc]  # mypy#15459: a lambda with a default
         for v in VALUES],
        wrap=True, spacing=6, run_spacing=6,
    ))
    collection = new_one if where == "new" else where
    action = Lay(player=player, collection=collection, new=where == "new", bean=bean, values=values) if values else None
    after, refused = preview(state, action) if action else (None, None)
    if after is not None:
        shown = seen(seen_by(after, me))[player]
        result = shown.open if collection == "open" else shown.secret
        assert result is not None  # the collection just laid to
        value = close_out(result).value
        effect = (f"{player}'s {collection} collection: {result.label} · {cards_word(len(result.values))}, "
                  + (f"worth {value}" if value else "no value yet"))
    else:
        effect = None
    controls.append(ft.Row(
        [
            ft.Text(f"To lay: {BEAN_NAMES[bean]} {', '.join(map(str, values))}" if values
                    else "Tap the values of the cards laid.", size=15, expand=True),
            icon_button(ft.Icons.BACKSPACE_OUTLINED, "Remove the last value",
                        lambda _: change(values=values[:-1]), disabled=not values),
        ],
    ))
    if effect:
        controls.append(ft.Text(effect, size=13, color=MUTED))
    controls.append(error_line(refused))
    controls.append(ft.FilledButton(
        f"Lay {cards_word(len(values))}" if values else "Lay cards", icon=ft.Icons.CHECK,
        height=TOUCH, disabled=after is None, on_click=lambda _: lay(cast(Lay, action)),  # enabled with an action only
    ))
    return controls


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
                        ft.Text(f"Trophies {b['trophies']} · Bohnus {b['bohnus']} · Collections {b['collections']}",
                                size=13, color=MUTED),
                    ],
                    spacing=0,
                    expand=True,
                ),
                ft.Text(str(p.total), size=28, weight=ft.FontWeight.BOLD),
            ],
        ))
    ranking = result_banner(result, details=[
        ft.Text(f"{state.ended_by} ended the game: {BOHNUS}-point Bohnus.", size=13, color=MUTED), *rows])
    steps: list[ft.Control] = []
    for sheet in sheets.values():
        own = [c for c in (sheet.open, sheet.secret) if c is not None]
        lines: list[ft.Control] = [ft.Text(sheet.name, size=16, weight=ft.FontWeight.BOLD)]
        for collection in own:
            outcome = close_out(collection)
            size = len(collection.values)
            fill, _ = BEAN_COLOURS[collection.bean]
            if outcome.trophy:
                how = f"{cards_word(size)} with a {size}: trophy {outcome.trophy.label}"
                how += f"; discard {card_list(outcome.discarded)}" if outcome.discarded else ""
            else:
                how = f"{cards_word(size)}, no {size}: no value, all discarded"
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
            lines.append(ft.Text("No collections", size=13, color=MUTED))
        steps.append(ft.Container(ft.Column(lines, spacing=4), padding=10, border_radius=10,
                                  bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST))
    return [ranking, section("Final close-out: every collection turned up", *steps)]


# -- the play screen --------------------------------------------------------------------------


@ft.component
def Play(game_id: str):
    games = use_games()
    use_game(game_id)
    state: State = games.state(game_id)
    me, set_me = ft.use_state(cast("str | None", None))  # which player this browser session is (None: an onlooker)
    draft, set_draft = ft.use_state(cast("dict[str, Any]", {}))  # the cards being laid: where, bean, values
    closing, set_closing = ft.use_state(cast("str | None", None))  # the player whose close-out awaits confirmation
    entry = use_entry(game_id)

    over = RULES.is_over(state)
    at_table = games.seated(game_id)  # table mode: this phone is its seat, nobody else
    me = games.my_seat(game_id) if at_table else (me if me in state.names else None)
    sheets = seen(seen_by(state, me))
    result = RULES.result(state)
    points = {p.name: p.breakdown["trophies"] for p in result.players}
    reached = state.reached.name if state.reached else None  # the game ends at the end of this player's turn
    # The turn shown: the player picked, else the one whose trophies reached 30, else this phone's.
    player, show = use_shown_player(game_id, state.names, lead=reached, default=me)
    if reached:  # nobody else plays before the end
        player = reached

    def act(action: Any, message: str) -> bool:
        return entry.make(action, message)

    def confirm_close_out(forced: bool) -> None:
        name = closing
        assert name is not None  # the dialog shows only while closing
        set_closing(None)
        collection = sheets[name].open
        assert collection is not None  # the dialog shows only for an open collection
        outcome = close_out(collection)
        act(CloseOut(player=name, forced=forced),
            f"{name} closed out {BEAN_NAMES[collection.bean]}: +{outcome.value}")

    def lay(action: Lay) -> None:
        if act(action, f"{action.player} laid {cards_word(len(action.values))}"):
            set_draft({})

    def choose(name: str) -> None:
        show(name)
        set_draft({})
        entry.refuse(None)

    ft.use_dialog(close_out_dialog(state, sheets, closing, confirm_close_out, lambda: set_closing(None))
                  if not over else None)

    controls: list[ft.Control] = []
    if over:
        controls += final_table(state, sheets)
        return game_screen(games, game_id, RULES.title, controls)

    if reached:
        end = EndGame(player=reached)
        controls.append(ft.Container(
            ft.Column(
                [
                    ft.Text(f"{reached}'s trophies reached {points[reached]}: the game ends at the end of "
                            f"{reached}'s turn.", size=16, weight=ft.FontWeight.W_600),
                    ft.Text((f"{reached} has laid: the turn is over. " if state.turn_over else
                             f"Nobody else plays; {reached} may still close out, then lays once, which ends "
                             "the turn. ")
                            + f"{reached} gets the {BOHNUS}-point Bohnus; then every collection is turned up "
                            "and closed out.", size=13),
                    action_button(f"End of {reached}'s turn: end the game", RULES.why_not(state, end),
                                  lambda: act(end, "The game is over")),
                ],
                spacing=8,
            ),
            padding=12,
            border_radius=12,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
        ))
    controls.append(leader_line(result))
    controls += [
        PlayerCard(sheets[n], points[n], result.players[i].rank == 1 and points[n] > 0, me)
        for i, n in enumerate(state.names)
    ]
    if not at_table:
        controls.append(chooser(
            "This phone belongs to",
            [("I am an onlooker", "Onlooker", None)] + [(f"I am {n}", n, n) for n in state.names],
            me,
            lambda name: (set_me(name), set_draft({}), entry.refuse(None)),  # type: ignore[func-returns-value]  # the tuple only makes the calls
        ))

    if state.turn_over:  # only the end of the game is left, above
        controls.append(ft.Container(height=64))
        return game_screen(games, game_id, RULES.title, controls)
    sheet = sheets[player]
    turn: list[ft.Control] = [
        ft.Row([tile(f"Record for {n}", n, lambda n=n: choose(n), selected=n == player)  # type: ignore[misc]  # mypy#15459: a lambda with a default
                for n in state.names],
               wrap=True, spacing=6, run_spacing=6) if not reached else ft.Container(),
        error_line(entry.refusal),
    ]
    if sheet.open:
        turn.append(ft.FilledTonalButton(
            f"Close out {BEAN_NAMES[sheet.open.bean]} ({cards_word(len(sheet.open.values))})",
            icon=ft.Icons.EMOJI_EVENTS_OUTLINED, height=TOUCH, on_click=lambda _: set_closing(player),
        ))
    turn.append(ft.Text("Lay cards", size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
    turn += lay_panel(state, sheet, me, draft, set_draft, lay)
    controls.append(section(f"{player}'s turn", *turn))
    controls.append(ft.Container(height=64))  # room to scroll the last button above a snackbar
    return game_screen(games, game_id, RULES.title, controls)


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    blurb="2-6 players: trophy piles, open and secret collections, close-outs and the race to 30.",
)
