"""What a tap on the Bohnanza screen does: the play screen's handlers, typed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sheets.bohnanza import Bean

# The panel open on a phone: ("plant" | "harvest", field number), ("end", 0) (the draw pile ran
# out, to confirm: the next pass or the end), or none.
Panel = tuple[str, int] | None


@dataclass(frozen=True)
class Taps:
    """The play screen's callbacks for its pieces, each a ``use_latest`` function: equal
    from render to render, so a kept control's tap stays as it is and runs the latest code."""

    pick: Callable[[str], None]  # show another player
    open_plant: Callable[[int], None]  # a field's Plant panel
    open_harvest: Callable[[int], None]  # a field's harvest preview
    choose: Callable[[Bean], None]  # the bean to plant
    plant: Callable[[int, int], None]  # (field, count)
    harvest: Callable[[int], None]  # the field whose harvest is confirmed
    buy: Callable[[], None]  # the third field
    exhausted: Callable[[], None]  # the draw pile ran out: asks first
    shuffle: Callable[[int], None]  # the next pass (its number), confirmed
    end: Callable[[], None]  # the end of the game, confirmed
    close: Callable[[], None]  # the open panel
    enter_row: Callable[[Bean, tuple[int | None, ...]], bool]  # a printed beanometer typed in (True: kept)
    refuse_row: Callable[[str], None]  # why a typed beanometer cannot be read
    tell_hand: Callable[[str, str], None]  # today's tie-break: a tied player's cards in hand, as typed
