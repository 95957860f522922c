"""Fixtures the app's tests share."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import worker
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from testkit.screen import Screen, Tables, at_a_players_pace


@pytest.fixture(scope="module", params=["worker process", "thread"])
def reader(request):
    """Where an upload is read: in the worker process beans serve starts, or in a thread
    where no worker runs (the app on one device). One worker for a module's tests."""
    if request.param == "thread":
        yield request.param
        return
    worker.start()
    yield request.param
    worker.stop()


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Screen]:
    """A phone on Home, on a data directory of its own, tapping at a player's pace (testkit/screen.py)."""
    repo = open_repository(tmp_path)
    with Tables() as table:
        yield table.open(make_main(at_a_players_pace(Games(repo))), "/", "phone")
    repo.close()
