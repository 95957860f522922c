"""The table at a glance: every player's trophy pile and points (public in the rules), the
leader and how far each is from 30, each player's open collection and, face down, how many
cards the secret collection holds; the end of the game once a player reached 30, and the
final table. Each piece shows its slice of the phone's view (``use_slice``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.ui.components.common import SPACING, big_number, error_line, section
from companion.ui.hooks import ViewOf, use_slice
from companion.ui.kit import result_banner
from companion.ui.screens.space_beans.pieces import (
    BEAN_COLOURS, MUTED, card_list, cards_word, collection_line, end_button, name_text, pile,
)
from companion.ui.screens.space_beans.view import EndView, SheetView, TableView
from sheets.i18n import _, ngettext
from sheets.names import isolated, listed
from sheets.results import GameResult
from sheets.space_beans import BOHNUS, END_AT, Card, Collection, close_out


@dataclass(frozen=True)
class CardShape:
    """What a player's card shows besides its pieces (the trophy pile and the open
    collection): points, leader, and the secret collection (its cards on its own phone,
    else how many)."""

    name: str
    you: bool
    points: int
    leader: bool
    has_open: bool
    secret: Collection | None
    secret_cards: int


def card_shape(sheet: SheetView) -> CardShape:
    return CardShape(sheet.name, sheet.you, sheet.points, sheet.leader, sheet.open is not None, sheet.secret,
                     sheet.secret_cards)


@ft.component
def Sheet(view: ViewOf[TableView], name: str) -> ft.Control:
    """A player's trophies and collections, as this phone may see them. The trophy pile and
    the open collection are pieces of their own: a lay renders only the collection."""
    shape = use_slice(view, lambda v: card_shape(v.sheet(name)))
    return player_card(shape, Trophies(view, name), OpenCollection(view, name))


@ft.component
def Trophies(view: ViewOf[TableView], name: str) -> ft.Control:
    trophies: tuple[Card, ...] = use_slice(view, lambda v: v.sheet(name).trophies)
    return pile(trophies) if trophies else ft.Text(_("No trophies yet"), size=12, color=MUTED)


@ft.component
def OpenCollection(view: ViewOf[TableView], name: str) -> ft.Control:
    collection = use_slice(view, lambda v: v.sheet(name).open)
    return collection_line(_("Open"), collection) if collection else ft.Container(height=0)


def player_card(shape: CardShape, trophies: ft.Control, open_line: ft.Control) -> ft.Control:
    """A player's card: ``trophies`` and ``open_line`` are the pieces that show the trophy
    pile and the open collection (the latter shown when ``shape`` says there is one)."""
    to_go = END_AT - shape.points
    status = (_("reached {end}").format(end=END_AT) if to_go <= 0
              else _("{n} to go").format(n=to_go))
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Column(
                    [
                        ft.Row(
                            ([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=20)] if shape.leader else [])
                            + [name_text(_("{name} (you)").format(name=isolated(shape.name)) if shape.you else shape.name,
                                         expand=True)],
                            spacing=4,
                        ),
                        ft.Text(status, size=13, color=ft.Colors.PRIMARY if to_go <= 0 else MUTED,
                                weight=ft.FontWeight.W_600 if to_go <= 0 else None),
                    ],
                    spacing=0,
                    expand=True,
                ),
                big_number(shape.points, _("trophy points")),
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
        bgcolor=ft.Colors.SECONDARY_CONTAINER if shape.leader else ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


@ft.component
def Leader(view: ViewOf[TableView]) -> ft.Control:
    best, leaders, doubled = use_slice(view, lambda v: (v.best, v.leaders, v.doubled))
    if best == 0:
        line = ft.Text(_("No trophies yet. The first to {end} ends the game.").format(end=END_AT), color=MUTED)
    else:
        line = ft.Text(ngettext("Leader: {who} with {points}", "Leaders: {who} with {points}", len(leaders)).format(
            who=listed(leaders), points=best), size=18, weight=ft.FontWeight.BOLD)
    if not doubled:
        return line
    return ft.Column([line, error_line(_("Recorded more often than the deck holds: {cards}. One of these entries "
                                         "is wrong.").format(cards=card_list(doubled)))],
                     spacing=4)


@ft.component
def GameEnd(view: ViewOf[TableView], end_game: Callable[[str], object]) -> ft.Control:
    """A player's trophies reached the end: what is left of the game, and its end."""
    end: EndView | None = use_slice(view, lambda v: v.end)
    if end is None:
        return ft.Container(height=0)
    player = end.player
    return ft.Container(
        ft.Column(
            [
                ft.Text(_("{player}'s trophies reached {points}: the game ends at the end of {player}'s turn.")
                        .format(player=isolated(player), points=end.points), size=16, weight=ft.FontWeight.W_600),
                ft.Text(" ".join([
                    _("{player} has laid: the turn is over.") if end.turn_over else
                    _("Nobody else plays; {player} may still close out, then lays once, which ends the turn."),
                    _("{player} gets the {bohnus}-point Bohnus; then every collection is turned up and "
                      "closed out."),
                ]).format(player=isolated(player), bohnus=BOHNUS), size=13),
                end_button(_("End of {player}'s turn: end the game").format(player=isolated(player)),
                           end.refused, lambda: end_game(player)),
            ],
            spacing=8,
        ),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
    )


@dataclass(frozen=True)
class FinalView:
    result: GameResult | None  # None until the game is over
    ended_by: str | None
    sheets: tuple[SheetView, ...]  # every collection turned up


@ft.component
def Final(view: ViewOf[TableView]) -> ft.Control:
    final = use_slice(view, lambda v: FinalView(v.result, v.ended_by, v.sheets))
    return ft.Column(final_table(final.result, final) if final.result else [], spacing=SPACING)


def final_table(result: GameResult, final: FinalView) -> list[ft.Control]:
    """Winner(s), the ranking with the breakdown, then every collection's final close-out."""
    rows: list[ft.Control] = []
    for p in sorted(result.players, key=lambda p: p.rank):
        b = p.breakdown
        rows.append(ft.Row(
            [
                ft.Text(f"{p.rank}.", size=18, width=28),
                ft.Column(
                    [
                        name_text(p.name),
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
        ft.Text(_("{player} ended the game: {bohnus}-point Bohnus.").format(player=isolated(str(final.ended_by)), bohnus=BOHNUS),
                size=13, color=MUTED), *rows])
    steps: list[ft.Control] = []
    for sheet in final.sheets:
        own = [c for c in (sheet.open, sheet.secret) if c is not None]
        lines: list[ft.Control] = [name_text(sheet.name, size=16)]
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
