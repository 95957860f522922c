"""Every game's screens, by stored kind: what New game offers and /game/:id plays."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.ui.screens import (
    bohnanza,
    gone_with_the_beans,
    gone_with_the_beans_live,
    nicht_die_bohne,
    space_beans,
)


class Screens(Protocol):
    """What New game and the game frame ask of any game's screens (each game's
    ``GameScreens[State]``), without knowing its State: the frame's title comes through
    ``title_of``, which takes the state as the session edge gives it (``object``)."""

    @property
    def setup(self) -> Callable[..., Any]: ...  # as GameScreens types it (a Flet component)

    @property
    def play(self) -> Callable[..., Any]: ...

    @property
    def blurb(self) -> str: ...

    @property
    def heading(self) -> str | None: ...

    def title_of(self, state: object) -> str: ...


GAME_SCREENS: dict[str, Screens] = {
    "nicht-die-bohne": nicht_die_bohne.SCREENS,
    "gone-with-the-beans-live": gone_with_the_beans_live.SCREENS,
    "gone-with-the-beans": gone_with_the_beans.SCREENS,
    "bohnanza": bohnanza.SCREENS,
    "space-beans": space_beans.SCREENS,
}
