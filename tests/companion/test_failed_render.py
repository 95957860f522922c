"""A screen whose render fails must not freeze the phone: Flet's update loop for a phone
ends at the first render that raises. The phone is told in plain words, and its next
change is drawn (companion/ui/app.py: keep_phones_updating)."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
from companion.ui.flet_compat import MessageAction

from testkit.harness import Table, sent_to
from companion.ui.flet_compat import PLAIN_ERROR, hide_tracebacks, keep_phones_updating

SETTERS: dict[str, Any] = {}


@ft.component
def Flaky():
    change, set_change = ft.use_state(0)
    SETTERS["change"] = set_change
    if change == 1:
        raise RuntimeError("a bug in a screen")
    return ft.Text(f"change {change}")


def main(page: ft.Page) -> None:
    page.render(Flaky)


async def changes_after_a_failed_render() -> list[tuple[Any, Any]]:
    async with Table() as table:
        phone = await table.open(main, "/", None)
        sent = sent_to(phone)
        SETTERS["change"](1)  # this render fails
        await table.quiet()
        SETTERS["change"](2)  # and this one is drawn
        await table.quiet()
        return sent


def test_a_failed_render_is_told_and_the_next_change_is_drawn():
    hide_tracebacks()
    keep_phones_updating()
    sent = asyncio.run(changes_after_a_failed_render())
    actions = [action for action, _body in sent]
    assert MessageAction.SESSION_CRASHED in actions
    crashed = next(body for action, body in sent if action == MessageAction.SESSION_CRASHED)
    assert crashed.message == PLAIN_ERROR  # no traceback reaches the phone
    assert actions.index(MessageAction.PATCH_CONTROL) > actions.index(MessageAction.SESSION_CRASHED)
    assert "change 2" in repr(sent[-1][1])
