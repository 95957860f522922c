"""Test-wide settings, and the suite's time budget (testkit/budget.py)."""

from __future__ import annotations

import time

import pytest
from hypothesis import settings

from testkit.budget import over_budget, processor

# These machines are shared and noisy: a slow example is not a failure (timings belong
# in bench/, never in pass/fail tests).
settings.register_profile("beans", deadline=None)
settings.load_profile("beans")

STARTED = pytest.StashKey[tuple[float, float]]()
SHARED = {"clock": 0.0, "processor": 0.0}  # spent in this test's setup on the suite's own tools (session fixtures)


def budgeted(item: pytest.Item) -> bool:
    """Whether ``item`` keeps the budget: not where it is marked slow, with its reason."""
    slow = item.get_closest_marker("slow")
    if slow is None:
        return True
    if not (slow.args and isinstance(slow.args[0], str) and slow.args[0].strip()):
        raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.slow needs the reason it must be slow")
    return False


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
    if report.when != "call" or not report.passed or not budgeted(item) or STARTED not in item.stash:
        return
    clock_started, processor_started = item.stash[STARTED]
    over = over_budget("e2e" in item.keywords, clock=time.perf_counter() - clock_started - SHARED["clock"],
                       used=processor() - processor_started - SHARED["processor"])
    if over:
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} {over} (setup and call): make it faster, or mark it "
                           f"@pytest.mark.slow(\"why it must be slow\")")
