"""Every game's screens, by stored kind: what New game offers and /game/:id plays."""

from __future__ import annotations

from companion.ui.kit import GameScreens
from companion.ui.screens import (
    bohnanza,
    gone_with_the_beans,
    gone_with_the_beans_live,
    nicht_die_bohne,
    space_beans,
)

GAME_SCREENS: dict[str, GameScreens] = {
    "nicht-die-bohne": nicht_die_bohne.SCREENS,
    "gone-with-the-beans-live": gone_with_the_beans_live.SCREENS,
    "gone-with-the-beans": gone_with_the_beans.SCREENS,
    "bohnanza": bohnanza.SCREENS,
    "space-beans": space_beans.SCREENS,
}
