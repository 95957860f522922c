"""The static copy of a game's main screen, the baseline of bench/table.py.

``static_screen.py PORT DATA_DIR GAME_ID`` first shows the game in an in-process session
of the real app, as Ben's phone sees it (a copy of the data directory: nothing of it is
written where the real server serves), and keeps the controls (bench/apps/snapshot.py).
Then it serves a plain Flet app that draws those same controls on every phone and none
of Bean Counter's code: Undo and Redo change the one text the change of Ann's latest
entry changes (``watched``), broadcast through pubsub to every session as the real app
tells every phone.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

import flet as ft  # noqa: E402

from bench.apps.snapshot import build, changed_text, snapshot  # noqa: E402
from testkit.harness import Table  # noqa: E402
from testkit.positions import device  # noqa: E402
from companion.session import Games  # noqa: E402
from companion.storage import open_repository  # noqa: E402
from companion.ui.app import SEED, make_main  # noqa: E402  # SEED: the theme's seed colour

UNDO, REDO = "Undo", "Redo"


def capture(data_dir: Path, game_id: str) -> tuple[Any, str, str]:
    """Ben's screen with Ann's latest entry, and the text that differs without it."""
    copy = Path(tempfile.mkdtemp(prefix="beans-static-"))
    shutil.copytree(data_dir, copy, dirs_exist_ok=True, ignore=shutil.ignore_patterns("writer.lock"))
    repo = open_repository(copy)
    games = Games(repo)

    async def shown() -> tuple[Any, Any]:
        async with Table() as table:
            phone = await table.open(make_main(games), f"/game/{game_id}", device(1))
            before = snapshot(phone.session.page.views)
            games.undo(game_id, device(0))
            await table.quiet()
            await asyncio.sleep(0.2)
            return before, snapshot(phone.session.page.views)

    try:
        before, after = asyncio.run(shown())
    finally:
        repo.close()
        shutil.rmtree(copy, ignore_errors=True)
    change = changed_text(before, after)
    if change is None:
        raise SystemExit(f"Undo of Ann's latest entry in {game_id} changes no text on Ben's phone")
    return before, *change


def watched(data_dir: Path, game_id: str) -> tuple[str, str]:
    """The text Ben's phone shows with Ann's latest entry, and without it."""
    _, with_it, without = capture(data_dir, game_id)
    return with_it, without


def static_app(spec: Any, with_it: str, without: str):
    def main(page: ft.Page) -> None:
        page.title = "Bean Counter"
        page.theme_mode = ft.ThemeMode.SYSTEM
        page.theme = ft.Theme(color_scheme_seed=SEED)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED)
        labels: list[ft.Text] = []

        def on_event(role: str | None):
            if role in (UNDO, REDO):
                text = without if role == UNDO else with_it
                return lambda _e: page.pubsub.send_all(text)
            return lambda _e: None

        def found(control: Any) -> None:
            if isinstance(control, ft.Text) and control.value == with_it:
                labels.append(control)

        def show(text: str) -> None:
            labels[0].value = text
            page.update()

        page.views.clear()
        page.views.extend(build(spec, on_event, found=found, enabled=frozenset((UNDO, REDO))))
        page.pubsub.subscribe(show)
        page.update()

    return main


if __name__ == "__main__":
    port, data, game = int(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    screen, shown_with, shown_without = capture(data, game)
    ft.run(static_app(screen, shown_with, shown_without), view=None, host="127.0.0.1", port=port, no_cdn=True)
