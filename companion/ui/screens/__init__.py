"""One screen module per game: its setup form and its play screen, by stored kind."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class GameScreens:
    setup: Callable  # @ft.component (game) -> controls that create a game
    play: Callable  # @ft.component (game_id) -> ft.View
    blurb: str
    heading: str | None = None  # in the New game list, when the game's title is not enough


def game_screens() -> dict[str, GameScreens]:
    from companion.ui.screens import (
        bohnanza, gone_with_the_beans, gone_with_the_beans_live, nicht_die_bohne, space_beans,
    )

    return {
        "nicht-die-bohne": nicht_die_bohne.SCREENS,
        "gone-with-the-beans-live": gone_with_the_beans_live.SCREENS,
        "gone-with-the-beans": gone_with_the_beans.SCREENS,
        "bohnanza": bohnanza.SCREENS,
        "space-beans": space_beans.SCREENS,
    }
