"""An unknown address shows "Not found" with a way Home (issue 14), never "Working..."."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


def test_an_unknown_address_says_not_found_and_leads_home(phone: Phone):
    phone.open("/nonsense")
    phone.see("Not found")
    phone.see("There is nothing at this address.")
    phone.tap("Home")
    phone.see("New game")
