"""The table at a glance: every player's trophy pile and points (public in the rules), the
leader and how far each is from 30, each player's open collection and, face down, how many
cards the secret collection holds; the end of the game once a player reached 30, and the
final table. Each piece follows its own slice of the play screen's feed (``use_slice_of``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.ui.components.common import SPACING, big_number, error_line, name_text, section
from companion.ui.hooks import Feed, part, piece, use_slice_of
from companion.ui.kit import result_banner
from companion.ui.screens.space_beans.pieces import (
    BEAN_COLOURS, MUTED, card_list, cards_word, collection_line, end_button, pile,
)
from companion.ui.screens.space_beans.view import Seen, SheetView, TableView
from sheets.i18n import _, ngettext
from sheets.names import isolated, listed
from sheets.results import GameResult
from sheets.space_beans import BOHNUS, END_AT, Collection, close_out


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


@piece
def Sheet(feed: Feed[Seen], name: str) -> ft.Control:
    """``name``'s trophies and collections, as this phone may see them. The card follows its
    ``card_shape``; the trophy pile and the open collection are pieces following their own
    slices: a lay into the open collection renders it alone."""
    return player_card(use_slice_of(feed, lambda s: card_shape(s.table.sheet(name))), Trophies(feed, name),
                       OpenCollection(feed, name))


@piece
def Trophies(feed: Feed[Seen], name: str) -> ft.Control:
    trophies = use_slice_of(feed, lambda s: s.table.sheet(name).trophies)
    return pile(trophies) if trophies else ft.Text(_("No trophies yet"), size=12, color=MUTED)


@piece
def OpenCollection(feed: Feed[Seen], name: str) -> ft.Control:
    collection = use_slice_of(feed, lambda s: s.table.sheet(name).open)
    return collection_line(_("Open"), collection) if collection else ft.Container(height=0)


def player_card(shape: CardShape, trophies: ft.Control, open_line: ft.Control) -> ft.Control:
    """A player's card: ``trophies`` and ``open_line`` are the pieces that show the trophy
    pile and the open collection (the latter shown when ``shape`` says there is one); the
    rest are parts, so a change of the open collection builds only the card's frame."""
    lines: list[ft.Control] = [part(card_heading, shape.name, shape.you, shape.leader, shape.points), trophies]
    if shape.has_open:
        lines.append(open_line)
    lines.append(part(secret_line, shape.secret, shape.secret_cards, shape.has_open))
    return ft.Container(
        ft.Column(lines, spacing=6),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if shape.leader else ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


def card_heading(name: str, you: bool, leader: bool, points: int) -> ft.Control:
    """The player's name, how far from the end, and the trophy points."""
    to_go = END_AT - points
    status = (_("reached {end}").format(end=END_AT) if to_go <= 0
              else _("{n} to go").format(n=to_go))
    # The name on a line of its own, the card's width (issue 48: beside the points it was cut
    # to "Friedem…" at 320 px and 150 % text); how far to go and the points under it.
    return ft.Column(
        [
            ft.Row(
                ([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=20)] if leader else [])
                + [name_text(_("{name} (you)").format(name=isolated(name)) if you else name, size=18,
                             weight=ft.FontWeight.BOLD, expand=True)],
                spacing=4,
            ),
            ft.Row(
                [
                    ft.Text(status, size=13, color=ft.Colors.PRIMARY if to_go <= 0 else MUTED,
                            weight=ft.FontWeight.W_600 if to_go <= 0 else None, expand=True),
                    big_number(points, _("trophy points")),
                ],
            ),
        ],
        spacing=0,
    )


def secret_line(secret: Collection | None, secret_cards: int, has_open: bool) -> ft.Control:
    """The secret collection (its cards on its own phone, else how many), or "No collection"."""
    if secret:
        return collection_line(_("Secret (only you see it)"), secret)
    if secret_cards:
        return ft.Row(
            [ft.Icon(ft.Icons.VISIBILITY_OFF, size=18, color=MUTED),
             ft.Text(_("Secret: {cards}, face down").format(cards=cards_word(secret_cards)), size=15,
                     expand=True)],
            spacing=8,
        )
    if not has_open:
        return ft.Text(_("No collection"), size=12, color=MUTED)
    return ft.Container(height=0)


@piece
def Leader(feed: Feed[Seen]) -> ft.Control:
    """Who leads with how many trophy points, and cards this phone sees recorded more often
    than the deck holds them."""
    best, leaders, doubled = use_slice_of(feed, lambda s: (s.table.best, s.table.leaders, s.table.doubled))
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


@piece
def GameEnd(feed: Feed[Seen], end_game: Callable[[str], object]) -> ft.Control:
    """A player's trophies reached the end: what is left of the game, and its end
    (``end_game``: the screen's tap, the same from render to render)."""
    end = use_slice_of(feed, lambda s: s.table.end)
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


def final_of(view: TableView) -> FinalView:
    return FinalView(view.result, view.ended_by, view.sheets)


@piece
def Final(feed: Feed[Seen]) -> ft.Control:
    final = use_slice_of(feed, lambda s: final_of(s.table))
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
                        name_text(p.name, size=18, weight=ft.FontWeight.BOLD),
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
        lines: list[ft.Control] = [name_text(sheet.name, size=16, weight=ft.FontWeight.BOLD)]
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
