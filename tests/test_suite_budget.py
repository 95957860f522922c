"""The suite keeps its time budget (issue 44; testkit/budget.py), and finds its browser."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from testkit import browser
from testkit.budget import BUDGET, WAITING, over_budget


def test_a_test_in_process_is_held_to_its_processor_time_and_a_browser_test_to_the_clock() -> None:
    allowed = BUDGET["other"]
    assert over_budget(False, clock=3 * allowed, used=allowed - 0.1) is None  # a busy machine's clock
    assert over_budget(False, clock=allowed, used=allowed + 0.1) == (
        f"used {allowed + 0.1:.1f} s of processor time, over the {allowed:.0f} s a test may use")
    assert over_budget(False, clock=WAITING * allowed + 1, used=0.5) == (
        f"waited {WAITING * allowed + 1:.1f} s, over the {WAITING * allowed:.0f} s a test may take")
    assert over_budget(True, clock=BUDGET["browser"] - 1, used=0.1) is None
    assert over_budget(True, clock=BUDGET["browser"] + 1, used=0.1) == (
        f"took {BUDGET['browser'] + 1:.1f} s, over the {BUDGET['browser']:.0f} s a browser test may take")


def executable(path: Path) -> Path:
    path.parent.mkdir(parents=True)
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_playwrights_own_chromium_is_found_after_debians_and_one_on_path(tmp_path: Path, monkeypatch) -> None:
    """`python -m playwright install chromium` leaves it under its cache; the newest build first."""
    monkeypatch.setattr(browser, "DEBIANS", str(tmp_path / "none"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setenv("PLAYWRIGHT_BROWSERS_PATH", str(tmp_path / "cache"))
    assert browser.find_chromium() is None
    executable(tmp_path / "cache" / "chromium-999" / "chrome-linux" / "chrome")
    newest = executable(tmp_path / "cache" / "chromium-1187" / "chrome-linux" / "chrome")
    assert browser.find_chromium() == str(newest)
    on_path = executable(tmp_path / "bin" / "chromium")
    monkeypatch.setenv("PATH", str(on_path.parent))
    assert browser.find_chromium() == str(on_path)


def test_no_chromium_and_no_way_to_install_one_stops_in_one_line(tmp_path: Path, monkeypatch) -> None:
    """Never a download that hangs, never the browser tests skipped: one line saying how."""
    monkeypatch.setattr(browser, "find_chromium", lambda: None)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)  # not root: apt-get is not tried
    with pytest.raises(SystemExit) as stopped:
        browser.get_chromium()
    assert stopped.value.code == browser.HOW and "\n" not in browser.HOW
    assert "apt-get install chromium" in browser.HOW and "playwright install chromium" in browser.HOW
