"""What the rules say of one action, asked as a tap is: ``apply``'s refusal. Tests compare
an engine's ``allowed`` (each refused action with its reason) with it."""

from __future__ import annotations

from typing import Any, TypeVar

from sheets.errors import RulesError
from sheets.game import GameRules

S = TypeVar("S")
A = TypeVar("A")


def refusal(rules: GameRules[S, A, Any], state: S, action: A) -> str | None:
    """The reason ``apply`` refuses ``action`` in ``state``, in the player's words (the
    phone's language); None when it applies. The state is never changed (it is frozen)."""
    try:
        rules.apply(state, action)
    except RulesError as exc:
        return exc.reason
    return None
