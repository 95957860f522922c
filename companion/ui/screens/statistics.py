"""Statistics: games played and won per player name, best and average totals per game;
solitaire games apart, each with its rating (never counted as a win)."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.i18n import day, number
from companion.stats import game_records, player_records, solitaire_records
from companion.storage import FINISHED
from companion.ui.hooks import use_games, use_listing
from companion.ui.components.charts import over_time_chart, wins_chart
from companion.ui.components.common import screen, section
from companion.ui.components.player_link import player_link
from companion.ui.components.files import download_text
from sheets.i18n import _, ngettext, whole
from sheets.names import isolated, listed
from sheets.registry import KINDS


@ft.component
def Statistics() -> ft.View:
    games = use_games()
    group = games.group().players
    # a tap at a table draws it no more; every name as the group shows it (issue 49)
    summaries = use_listing(lambda: group.as_group(games.summaries(FINISHED)))
    players = player_records(summaries)
    per_game = game_records(summaries)
    solo = solitaire_records(summaries)
    if not players and not solo:
        return screen("/stats", _("Statistics"), [ft.Text(_("No finished games yet."))])
    table = ft.DataTable(
        columns=[ft.DataColumn(label=ft.Text(_("Player"))), ft.DataColumn(label=ft.Text(_("Played")), numeric=True),
                 ft.DataColumn(label=ft.Text(_("Won")), numeric=True)],
        # A long name is cut with "…" (whole a tap away): at 320 px and 150 % text a whole
        # name pushed the Won column off the screen.
        rows=[ft.DataRow([ft.DataCell(player_link(r.name)), ft.DataCell(ft.Text(str(r.played))),
                          ft.DataCell(ft.Text(str(r.won), weight=ft.FontWeight.BOLD))]) for r in players],
        column_spacing=16, horizontal_margin=8,
    )
    cards = [
        ft.Card(ft.Container(ft.Column([
            ft.Text(title(g.game), size=18, weight=ft.FontWeight.W_600),
            ft.Text(ngettext("{n} finished game", "{n} finished games", g.played).format(n=g.played)),
            ft.Text(_("Best total: {total} ({players})").format(total=whole(g.best), players=listed(g.best_by)),
                    size=16, weight=ft.FontWeight.BOLD),
            ft.Text(_("Average total: {average}").format(average=number(g.average, decimals=1))),
            over_time_chart(g.winning_totals),
        ], spacing=4), padding=12))
        for g in per_game
    ]

    async def download_csv(_e: object) -> None:
        await download_text("bean-counter-results.csv", games.results_csv())

    download = ft.TextButton(_("Download all results (CSV)"), icon=ft.Icons.DOWNLOAD, on_click=download_csv)
    ratings = [
        ft.ListTile(
            title=ft.Text(_("{player}: {total} points, {rating}").format(player=isolated(r.name), total=r.total, rating=_(r.rating))
                          if r.rating else _("{player}: {total} points").format(player=isolated(r.name), total=r.total)),
            subtitle=ft.Text(f"{title(r.game)} · {played_on(r.played)}"),
        )
        for r in solo
    ]
    sections = ([section(_("Players"), wins_chart(players), table), section(_("Games"), *cards)] if players else []) + (
        [section(_("Solitaire ratings"), *ratings)] if solo else [])
    return screen("/stats", _("Statistics"), [*sections, download])


def title(game: str) -> str:
    """A game's title as printed on its box, in this phone's language."""
    return _(KINDS[game].title) if game in KINDS else game


def played_on(created: str) -> str:
    try:
        return day(datetime.fromisoformat(created).astimezone())
    except ValueError:
        return created[:10]
