"""Statistics: games played and won per player name, best and average totals per game;
solitaire games apart, each with its rating (never counted as a win)."""

from __future__ import annotations

import flet as ft

from companion.stats import game_records, player_records, solitaire_records
from companion.ui.hooks import use_game, use_games
from companion.ui.components.common import screen, section
from companion.ui.components.files import download_text
from sheets.registry import KINDS


@ft.component
def Statistics():
    games = use_games()
    use_game(None)
    summaries = games.summaries()
    players = player_records(summaries)
    per_game = game_records(summaries)
    solo = solitaire_records(summaries)
    if not players and not solo:
        return screen("/stats", "Statistics", [ft.Text("No finished games yet.")])
    table = ft.DataTable(
        columns=[ft.DataColumn(ft.Text("Player")), ft.DataColumn(ft.Text("Played"), numeric=True),
                 ft.DataColumn(ft.Text("Won"), numeric=True)],
        rows=[ft.DataRow([ft.DataCell(ft.Text(r.name)), ft.DataCell(ft.Text(str(r.played))),
                          ft.DataCell(ft.Text(str(r.won), weight=ft.FontWeight.BOLD))]) for r in players],
        column_spacing=24,
    )
    cards = [
        ft.Card(ft.Container(ft.Column([
            ft.Text(KINDS[g.game].title if g.game in KINDS else g.game, size=18, weight=ft.FontWeight.W_600),
            ft.Text(f"{g.played} finished game{'s' if g.played != 1 else ''}"),
            ft.Text(f"Best total: {g.best} ({', '.join(g.best_by)})", size=16, weight=ft.FontWeight.BOLD),
            ft.Text(f"Average total: {g.average:.1f}"),
        ], spacing=4), padding=12))
        for g in per_game
    ]

    async def download_csv(_) -> None:
        await download_text("bean-counter-results.csv", games.results_csv())

    download = ft.TextButton("Download all results (CSV)", icon=ft.Icons.DOWNLOAD, on_click=download_csv)
    ratings = [
        ft.ListTile(
            title=ft.Text(f"{r.name}: {r.total} points, {r.rating}"),
            subtitle=ft.Text(f"{KINDS[r.game].title if r.game in KINDS else r.game} · {r.created[:10]}"),
        )
        for r in solo
    ]
    sections = ([section("Players", table), section("Games", *cards)] if players else []) + (
        [section("Solitaire ratings", *ratings)] if solo else [])
    return screen("/stats", "Statistics", [*sections, download])
