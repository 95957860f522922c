"""Fixtures the app's tests share."""

import pytest

from companion import worker


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
