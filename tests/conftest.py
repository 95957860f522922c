"""Test-wide settings, and the suite's time budget."""

from __future__ import annotations

import os
import time

import pytest
from hypothesis import settings

# These machines are shared and noisy: a slow example is not a failure (timings belong
# in bench/, never in pass/fail tests).
settings.register_profile("beans", deadline=None)
settings.load_profile("beans")

# What one test may take (its setup and its call) before it fails: a suite that answers
# in minutes stays so only if no test quietly grows. A test that must take longer says
# why: @pytest.mark.slow("why it must be slow").
#
# A test's share is counted as the machine cannot disturb it: a test in this process by
# the processor time it uses (its threads, and the programs it ran to their end), which
# another program's load does not change; a browser test, whose work is the browser's
# and its server's, by the clock. A test in this process that waits on the clock (a
# sleep, a timeout) is held to WAITING times its budget by the clock too.
BUDGET = {"browser": 20.0, "other": 5.0}
WAITING = 4
STARTED = pytest.StashKey[tuple[float, float]]()
SHARED = {"clock": 0.0, "processor": 0.0}  # spent in this test's setup on the suite's own tools (session fixtures)


def processor() -> float:
    """Processor seconds of this process and of the programs it ran that have ended."""
    spent = os.times()
    return spent.user + spent.system + spent.children_user + spent.children_system


def budget(item: pytest.Item) -> float | None:
    """The seconds ``item`` may take; None where it is marked slow with its reason."""
    slow = item.get_closest_marker("slow")
    if slow is not None:
        if not (slow.args and isinstance(slow.args[0], str) and slow.args[0].strip()):
            raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.slow needs the reason it must be slow")
        return None
    return BUDGET["browser" if "e2e" in item.keywords else "other"]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item):  # type: ignore[no-untyped-def]
    SHARED.update(clock=0.0, processor=0.0)
    item.stash[STARTED] = (time.perf_counter(), processor())
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[object], request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """The suite's own tools (the browser, a shared server: session fixtures) are nobody's share."""
    clock, used = time.perf_counter(), processor()
    yield
    if fixturedef.scope == "session":
        SHARED["clock"] += time.perf_counter() - clock
        SHARED["processor"] += processor() - used


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """A test that passed but took more than its budget fails, saying by how much."""
    report = (yield).get_result()
    allowed = budget(item)
    if report.when != "call" or not report.passed or allowed is None or STARTED not in item.stash:
        return
    clock_started, processor_started = item.stash[STARTED]
    clock = time.perf_counter() - clock_started - SHARED["clock"]
    used = processor() - processor_started - SHARED["processor"]
    if "e2e" in item.keywords:
        over = f"took {clock:.1f} s, over the {allowed:.0f} s a browser test may take" if clock > allowed else None
    elif used > allowed:
        over = f"used {used:.1f} s of processor time, over the {allowed:.0f} s a test may use"
    elif clock > WAITING * allowed:
        over = f"waited {clock:.1f} s, over the {WAITING * allowed:.0f} s a test may take"
    else:
        over = None
    if over:
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} {over} (setup and call): make it faster, or mark it "
                           f"@pytest.mark.slow(\"why it must be slow\")")
