"""Test-wide settings, and the suite's time budget."""

from __future__ import annotations

import time

import pytest
from hypothesis import settings

# These machines are shared and noisy: a slow example is not a failure (timings belong
# in bench/, never in pass/fail tests).
settings.register_profile("beans", deadline=None)
settings.load_profile("beans")

# What one test may take (its setup and its call, seconds) before it fails: a suite that
# answers in minutes stays so only if no test quietly grows. A test that must take longer
# says why: @pytest.mark.slow("why it must be slow").
BUDGET = {"browser": 20.0, "other": 5.0}
SPENT = pytest.StashKey[float]()
SHARED = {"seconds": 0.0}  # spent in this test's setup on fixtures every test shares (a browser)


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
    SHARED["seconds"] = 0.0
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef[object], request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """The suite's own tools (the browser, its server: session fixtures) are nobody's share."""
    started = time.perf_counter()
    yield
    if fixturedef.scope == "session":
        SHARED["seconds"] += time.perf_counter() - started


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """A test that passed but took more than its budget fails, saying by how much."""
    report = (yield).get_result()
    own = report.duration - (SHARED["seconds"] if report.when == "setup" else 0.0)
    spent = item.stash.setdefault(SPENT, 0.0) + own
    item.stash[SPENT] = spent
    allowed = budget(item)
    if report.when == "call" and report.passed and allowed is not None and spent > allowed:
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} took {spent:.1f} s (setup and call), over the {allowed:.0f} s a "
                           f"{'browser' if allowed == BUDGET['browser'] else 'non-browser'} test may take: make "
                           f"it faster, or mark it @pytest.mark.slow(\"why it must be slow\")")

