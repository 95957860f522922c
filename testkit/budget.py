"""The suite's time budget (tests/conftest.py applies it): what one test may take before it
fails, so that a suite that answers in minutes stays so and no test quietly grows. A test
that must take longer says why: @pytest.mark.slow("why it must be slow").

A test's share is counted as the machine cannot disturb it: a test in this process by the
processor time it uses (its threads, and the programs it ran to their end), which another
program's load does not change; a browser test, whose work is the browser's and its
server's, by the clock. A test in this process that waits on the clock (a sleep, a timeout)
is held to WAITING times its budget by the clock too."""

from __future__ import annotations

import os

BUDGET = {"browser": 20.0, "other": 5.0}  # seconds
WAITING = 4


def processor() -> float:
    """Processor seconds of this process and of the programs it ran that have ended."""
    spent = os.times()
    return spent.user + spent.system + spent.children_user + spent.children_system


def over_budget(in_browser: bool, clock: float, used: float) -> str | None:
    """Why a test that took ``clock`` seconds and used ``used`` seconds of processor time
    is over its budget, in one line; None where it is not."""
    if in_browser:
        allowed = BUDGET["browser"]
        return f"took {clock:.1f} s, over the {allowed:.0f} s a browser test may take" if clock > allowed else None
    allowed = BUDGET["other"]
    if used > allowed:
        return f"used {used:.1f} s of processor time, over the {allowed:.0f} s a test may use"
    if clock > WAITING * allowed:
        return f"waited {clock:.1f} s, over the {WAITING * allowed:.0f} s a test may take"
    return None
