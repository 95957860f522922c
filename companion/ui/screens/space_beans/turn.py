"""Recording one player's turn: close out the open collection (the app shows what the
engine's close-out gives and asks to confirm), then lay cards; out of turn, the engine's
reason why not. What may be done is the engine's answer (``allowed``) as this phone may see
it: a secret collection is recorded on its own player's phone, or on a phone the table
shares, shown for that player alone to look at (``alone``) until the cards are laid."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

import flet as ft

from companion.ui.components.common import TOUCH, error_line, icon_button, section
from companion.ui.hooks import Feed, part, piece, use_latest, use_slice_of
from companion.ui.screens.space_beans.pieces import (
    BEAN_COLOURS, MUTED, Option, card_list, cards_word, collection_line, growing, tiles, worth_words,
)
from companion.ui.screens.space_beans.view import Seen, TableView
from sheets.i18n import _
from sheets.names import isolated
from sheets.space_beans import (
    BEAN_NAMES, END_AT, VALUES, Allowed, Bean, CloseOut, CloseOutOffer, Collection, Lay, LayChoice,
)

Where = Literal["open", "secret", "new"]  # add to the open or the secret collection, or start a new one


@dataclass(frozen=True)
class Taps:
    """What the play screen does for a tap of its pieces (``use_latest``: the same
    functions on every render)."""

    choose: Callable[[str], None]  # show (and record) another player's turn
    look: Callable[[str | None], None]  # show that player's face-down cards, to that player alone (None: hide)
    lay: Callable[[Lay], bool]  # make the entry: made?
    close_out: Callable[[CloseOut, str], bool]  # make the entry, saying what it did: made?
    end_game: Callable[[str], None]  # the end of that player's turn ends the game


@dataclass(frozen=True)
class Draft:
    """The cards being laid on this phone, for one player as one viewer."""

    of: tuple[str, str | None, bool]  # (player, me, alone): another one starts again
    where: Where | None = None
    bean: Bean | None = None
    values: tuple[int, ...] = ()


@dataclass(frozen=True)
class TurnSlice:
    """What the turn shows of the view: the engine's answer without the cards on the
    table, which only a lay being drafted needs (``laying``)."""

    lays: tuple[LayChoice, ...]
    close_out: CloseOutOffer
    elsewhere: str | None
    names: tuple[str, ...] | None  # whom the turn may be recorded for (None once a player reached 30)
    laying: Allowed | None
    turn: str | None  # whose turn it is (None: open)
    secret: Collection | None  # the player's secret collection, in the player's own view only


def turn_slice(view: TableView, player: str, drafting: bool) -> TurnSlice:
    allowed = view.turn(player)
    return TurnSlice(allowed.lays, allowed.close_out, allowed.elsewhere,
                     None if view.shape.reached else view.shape.names, allowed if drafting else None,
                     view.shape.turn, allowed.secret)


def title(player: str, turn: str | None) -> str:
    """The section's title: the player's turn, or whose turn it is while showing another."""
    if turn is None or turn == player:
        return _("{player}'s turn").format(player=isolated(player))
    return _("{player} · it is {turn}'s turn").format(player=isolated(player), turn=isolated(turn))


def way(where: Where, choices: tuple[LayChoice, ...]) -> LayChoice:
    """The engine's choice a target stands for (``new``: the one new collection allowed)."""
    if where == "new":
        return next(c for c in choices if c.new and c.refused is None)
    return next(c for c in choices if not c.new and c.collection == where)


def targets(choices: tuple[LayChoice, ...]) -> list[tuple[Where, str, str]]:
    """The lays the engine allows: (target, text, accessible name)."""
    found: list[tuple[Where, str, str]] = []
    for choice in choices:
        if choice.refused is not None:
            continue
        if choice.new:
            words = _("New open collection") if choice.collection == "open" else _("New secret collection")
            found.append(("new", words, words))
        elif choice.collection == "open" and choice.bean is not None:
            found.append(("open", _("Open · {bean}").format(bean=BEAN_NAMES[choice.bean]),
                          _("Add to the open collection")))
        elif choice.bean is not None:
            found.append(("secret", _("Secret · {bean}").format(bean=BEAN_NAMES[choice.bean]),
                          _("Add to the secret collection")))
    return found


@dataclass(frozen=True)
class DraftTaps:
    """What a tap of the lay panel does to the draft (``use_latest``)."""

    where: Callable[[Where], None]  # open, secret or new: its values start again
    bean: Callable[[Bean], None]  # the bean of a new collection: its values start again
    value: Callable[[tuple[Where, int]], None]  # (where, value): one more card laid there
    take_back: Callable[[Where], None]  # the last value laid there
    lay: Callable[[Lay], None]  # make the entry; the draft starts again once made
    look: Callable[[], None]  # ask to show the player's face-down cards on this phone
    hide: Callable[[], None]  # hide them again


KEYPAD = "space-beans-values"  # the value keypad's scroll key
TURN = "space-beans-turn"  # the turn's


async def turn_in_view(column: ft.Column) -> None:
    """The turn at the top of the screen once cards are laid: the lay panel folds up, and
    the screen showed the players' sheets below it (issue 48: it jumped away from the turn)."""
    await column.scroll_to(scroll_key=TURN, duration=0)


async def keypad_in_view(column: ft.Column) -> None:
    """The value keypad at the top of the screen: "To lay" and the Lay button right under it."""
    await asyncio.sleep(0)
    await column.scroll_to(scroll_key=KEYPAD, duration=0)


@piece
def Turn(feed: Feed[Seen], player: str, me: str | None, refusal: str | None, taps: Taps,
         column: ft.Ref[ft.Column] | None, may_look: bool = False, own: TableView | None = None) -> ft.Control:
    """One player's turn: whom it is recorded for (every player, until one reached the
    end), the close-out of the open collection, the cards to lay. It follows its slice of
    the feed (``turn_slice`` of the view that shows the turn on this phone) and holds the
    draft being laid; its parts (``part``) render only where they differ. ``column``: the
    screen's scrolling column (the keypad is scrolled into view in it); ``may_look``: this
    phone may show the player's face-down cards (to the player alone); ``own``: the
    player's own view while it shows them (the play screen renders again on every change
    meanwhile, and gives it anew)."""
    alone = own is not None
    of = (player, me, alone)
    draft, set_draft = ft.use_state(Draft(of))
    if draft.of != of:
        draft = Draft(of)
    closing, set_closing = ft.use_state(False)
    asking, set_asking = ft.use_state(False)  # whether to show the face-down cards: asked first
    drafting = bool(draft.values)
    turn = use_slice_of(feed, lambda s: turn_slice(s.turn_view(player) if own is None else own, player, drafting))

    def changed(change: Callable[[Draft], Draft]) -> None:
        set_draft(lambda d: change(d if d.of == of else Draft(of)))

    def lay(action: Lay) -> None:
        if taps.lay(action):
            set_draft(Draft(of))
            if column is not None and column.current is not None:  # the screen stays at the turn (issue 48)
                ft.context.page.run_task(turn_in_view, column.current)

    def confirm(forced: bool) -> None:
        set_closing(False)
        collection = turn.close_out.collection
        assert collection is not None  # the dialog shows only for an open collection
        taps.close_out(CloseOut(player=player, forced=forced),
                       _("{player} closed out {bean}: +{value}").format(
                           player=isolated(player), bean=BEAN_NAMES[collection.bean], value=turn.close_out.value))

    def pick_where(where: Where) -> None:
        changed(lambda d: replace(d, where=where, values=()))

    def pick_bean(bean: Bean) -> None:
        changed(lambda d: replace(d, where="new", bean=bean, values=()))

    def pick_value(where_value: tuple[Where, int]) -> None:
        where, value = where_value
        if not draft.values and column is not None and column.current is not None:
            ft.context.page.run_task(keypad_in_view, column.current)  # the first value: Lay in view
        changed(lambda d: replace(d, where=where, values=(*d.values, value)))

    def take_back(where: Where) -> None:
        changed(lambda d: replace(d, where=where, values=d.values[:-1]))

    def show_face_down() -> None:
        set_asking(False)
        taps.look(player)

    draft_taps = DraftTaps(use_latest(pick_where), use_latest(pick_bean), use_latest(pick_value),
                           use_latest(take_back), use_latest(lay), use_latest(lambda: set_asking(True)),
                           use_latest(lambda: taps.look(None)))
    close = use_latest(lambda: set_closing(True))
    ft.use_dialog(close_out_dialog(player, turn.close_out, confirm, lambda: set_closing(False))
                  if closing and turn.close_out.collection is not None
                  else look_dialog(player, show_face_down, lambda: set_asking(False)) if asking and may_look
                  else None)

    parts: list[ft.Control] = []
    if turn.names:
        options = tuple(Option(_("Record for {player}").format(player=isolated(n)), n, n, n == player) for n in turn.names)
        parts.append(part(tiles, options, taps.choose))
    parts.append(part(error_line, refusal))
    collection = turn.close_out.collection
    if collection is not None:
        words = _("Close out {bean} ({cards})").format(bean=BEAN_NAMES[collection.bean],
                                                       cards=cards_word(len(collection.values)))
        parts.append(part(close_out_button, words, close))
    parts.append(part(lay_cards_title, _("Lay cards")))
    parts += lay_panel(turn, player, draft, draft_taps, may_look, alone)
    return ft.Container(section(title(player, turn.turn), *parts),
                        key=ft.ScrollKey(value=TURN))  # type: ignore[call-arg]  # (as value_keypad's)


def close_out_button(words: str, close: Callable[[], None]) -> ft.Control:
    return growing(ft.FilledTonalButton(words, icon=ft.Icons.EMOJI_EVENTS_OUTLINED, on_click=lambda _e: close()))


def lay_cards_title(words: str) -> ft.Control:
    return ft.Text(words, size=13, weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY)


def quiet_line(words: str | None) -> ft.Control:
    """A muted line (hidden while there are no words)."""
    return ft.Text(words or "", size=13, color=MUTED, visible=words is not None)


def look_dialog(player: str, on_show: Callable[[], object], on_cancel: Callable[[], object]) -> ft.AlertDialog:
    """Before a phone the table shares shows a secret collection: only its player looks."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Show {player}'s secret collection?").format(player=isolated(player))),
        content=ft.Text(_("Hand the phone to {player}: only {player} looks. It is hidden again once the cards "
                          "are laid.").format(player=isolated(player)), width=340),
        actions=[ft.TextButton(_("Cancel"), on_click=lambda _e: on_cancel()),
                 ft.FilledButton(_("Show"), on_click=lambda _e: on_show())],
    )


def face_down_parts(turn: TurnSlice, player: str, taps: DraftTaps, may_look: bool, alone: bool) -> list[ft.Control]:
    """Another phone's view of a turn with a secret lay: on a phone the table shares, the
    way to show the secret collection to its player alone, then what is shown and Hide; on
    any other phone, the engine's word that it is recorded on the player's own phone."""
    if alone:
        return [part(shown_alone, player, turn.secret, taps.hide)]
    if not turn.elsewhere:
        return []
    if may_look:
        return [part(look_button, _("Record {player}'s secret collection").format(player=isolated(player)), taps.look)]
    return [part(quiet_line, turn.elsewhere)]


def shown_alone(player: str, secret: Collection | None, hide: Callable[[], None]) -> ft.Control:
    """The secret collection shown to its player alone, and Hide."""
    words = _("Only {player} looks: shown until the cards are laid.").format(player=isolated(player))
    lines: list[ft.Control] = [ft.Row([ft.Icon(ft.Icons.VISIBILITY, color=ft.Colors.ON_TERTIARY_CONTAINER),
                                       ft.Text(words, size=14, expand=True, color=ft.Colors.ON_TERTIARY_CONTAINER)])]
    if secret is not None:
        lines.append(collection_line(_("Secret"), secret))
    lines.append(ft.TextButton(_("Hide"), icon=ft.Icons.VISIBILITY_OFF, height=TOUCH, on_click=lambda _e: hide()))
    return ft.Container(ft.Column(lines, spacing=4), padding=10, border_radius=10, bgcolor=ft.Colors.TERTIARY_CONTAINER)


def look_button(label: str, look: Callable[[], None]) -> ft.Control:
    return growing(ft.OutlinedButton(label, icon=ft.Icons.VISIBILITY_OUTLINED, on_click=lambda _e: look()))


def lay_panel(turn: TurnSlice, player: str, draft: Draft, taps: DraftTaps, may_look: bool = False,
              alone: bool = False) -> list[ft.Control]:
    """Pick where (open, secret or a new collection), the bean, the card values; see what
    the engine says of them."""
    parts: list[ft.Control] = face_down_parts(turn, player, taps, may_look, alone)
    found = targets(turn.lays)
    if not found:  # every lay refused: say why (out of turn, or laid this turn), as the engine does
        why = next((c.refused for c in turn.lays if c.refused and c.refused != turn.elsewhere), None)
        parts.append(part(quiet_line, why))
        return parts
    # Shown to its player alone, the secret collection is what the phone was asked for.
    first = next((t for t in found if alone and way(t[0], turn.lays).collection == "secret"), found[0])
    where: Where = draft.where if draft.where in [t[0] for t in found] else first[0]
    values = draft.values
    choice = way(where, turn.lays)
    bean = choice.bean or draft.bean
    where_options = tuple(Option(name, text, target, target == where) for target, text, name in found)
    parts.append(part(tiles, where_options, taps.where))
    if where == "new":
        bean_options = tuple(Option(BEAN_NAMES[b], BEAN_NAMES[b], b, b == bean, BEAN_COLOURS[b]) for b in Bean)
        parts.append(part(tiles, bean_options, taps.bean))
    if bean is None:
        parts.append(part(quiet_line, _("Pick the bean of the new collection.")))
        return parts

    # A value picked already is filled; the others are outlined in the bean's colour.
    value_options = tuple(Option(_("Value {n}").format(n=v), str(v), (where, v), v in values, BEAN_COLOURS[bean])
                          for v in VALUES)
    parts.append(part(value_keypad, value_options, taps.value))
    answer = turn.laying.lay(choice, values, bean) if turn.laying is not None and values else None
    effect = None
    if answer is not None and answer.after is not None:
        after = answer.after
        effect = (_("{player}'s open collection: {cards}") if choice.collection == "open"
                  else _("{player}'s secret collection: {cards}")).format(
            player=isolated(player), cards=f"{after.label} · {cards_word(len(after.values))}, {worth_words(answer.value)}")
    to_lay = (_("To lay: {cards}").format(cards=f"{BEAN_NAMES[bean]} {', '.join(map(str, values))}") if values
              else _("Tap the values of the cards laid."))
    parts.append(part(to_lay_row, to_lay, where, bool(values), taps.take_back))
    if effect:
        parts.append(part(quiet_line, effect))
    parts.append(part(error_line, answer.refused if answer is not None else None))
    label = _("Lay {cards}").format(cards=cards_word(len(values))) if values else _("Lay cards")
    parts.append(part(lay_button, label, answer.action if answer is not None else None, taps.lay))
    return parts


def value_keypad(options: tuple[Option[tuple[Where, int]], ...],
                 pick: Callable[[tuple[Where, int]], None]) -> ft.Control:
    """The values' tiles, where the screen scrolls to once a first value is picked."""
    return ft.Container(tiles(options, pick, width=TOUCH),
                        key=ft.ScrollKey(value=KEYPAD))  # type: ignore[call-arg]  # Flet's lazy dataclass hides its field


def to_lay_row(to_lay: str, where: Where, any_values: bool, take_back: Callable[[Where], None]) -> ft.Control:
    return ft.Row([
        ft.Text(to_lay, size=15, expand=True),
        icon_button(ft.Icons.BACKSPACE_OUTLINED, _("Remove the last value"),
                    lambda _e: take_back(where), disabled=not any_values),
    ])


def lay_button(label: str, action: Lay | None, lay: Callable[[Lay], None]) -> ft.Control:
    return ft.FilledButton(label, icon=ft.Icons.CHECK, height=TOUCH, disabled=action is None,
                           on_click=lambda _e: lay(action) if action is not None else None)


def close_out_dialog(player: str, offer: CloseOutOffer, on_confirm: Callable[[bool], object],
                     on_cancel: Callable[[], object]) -> ft.AlertDialog | None:
    """What closing out ``player``'s open collection gives, as the engine computes it."""
    collection, outcome = offer.collection, offer.outcome()
    if collection is None or outcome is None:
        return None
    size = len(collection.values)
    lines: list[ft.Control] = [
        ft.Text(f"{collection.label}: {cards_word(size)}", size=15),
        ft.Text(_("Worth {value}").format(value=outcome.value) if outcome.value
                else _("No value: no card is a {size}").format(size=size), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(_("Trophy: {card}").format(card=outcome.trophy.label) if outcome.trophy else _("Trophy: none"),
                size=16),
        ft.Text(_("Discard pile: {cards}").format(cards=card_list(outcome.discarded)), size=16),
    ]
    if offer.refused is None or offer.forced_refused is None:
        lines.append(ft.Text(_("{player}'s trophy points: {now} now, {after} after").format(
            player=isolated(player), now=offer.points, after=offer.points_after), size=14, color=MUTED))
        if offer.reaches_end:
            lines.append(ft.Text(_("That reaches {end}: the game ends at the end of this turn.").format(end=END_AT),
                                 size=14,
                                 weight=ft.FontWeight.W_600, color=ft.Colors.PRIMARY))
    if offer.secret_cards:
        lines.append(ft.Text(_("Then the secret collection ({cards}) is turned face up and becomes the open "
                               "collection.").format(cards=cards_word(offer.secret_cards)), size=14, color=MUTED))
    actions: list[ft.Control] = [ft.TextButton(_("Cancel"), on_click=lambda _e: on_cancel())]
    if offer.refused is None:
        actions.append(ft.FilledButton(_("Close out"), on_click=lambda _e: on_confirm(False)))
    elif offer.forced_refused is None:
        lines.append(ft.Text(_("Only if no card in {player}'s hand fits either collection: then the close-out "
                               "is forced and all {cards} go to the discard pile.").format(
            player=isolated(player), cards=cards_word(size)), size=14))
        actions.append(ft.FilledButton(_("Forced close-out"), on_click=lambda _e: on_confirm(True)))
    else:
        lines.append(error_line(offer.refused))
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Close out {player}'s {bean}?").format(player=isolated(player), bean=BEAN_NAMES[collection.bean])),
        content=ft.Column(lines, spacing=6, tight=True, width=340),
        actions=actions,
    )
