"""Issue 18, contrast: every text a screen draws on a coloured fill is at least 4.5:1
(WCAG 2 AA for normal text), in light and dark themes alike (the pairs are explicit
colours, the same in both themes; text on the theme's surface uses its text roles)."""

from __future__ import annotations

import pytest

from companion.ui.colours import PAIRS, contrast
from companion.ui.screens import bohnanza, nicht_die_bohne


@pytest.mark.parametrize("name", sorted(PAIRS))
def test_every_text_pair_is_at_least_4_5_to_1(name):
    fill, ink = PAIRS[name]
    assert contrast(fill, ink) >= 4.5, f"{name}: {contrast(fill, ink):.2f}:1"


def test_the_screens_bean_colours_are_checked_pairs():
    checked = set(PAIRS.values())
    for table in (bohnanza.BEAN_COLOURS, nicht_die_bohne.BEAN_COLOURS):
        assert set(table.values()) <= checked


def test_contrast_matches_the_measured_failures_of_issue_18():
    """The old colours, as the issue measured them (light surface about #FFF8F6)."""
    assert round(contrast("#4CAF50", "#FFF8F6"), 2) == 2.65  # GREEN positive number
    assert round(contrast("#E64A19", "#FFFFFF"), 2) == 3.92  # white on DEEP_ORANGE_700
    assert round(contrast("#FFFFFF", "#000000"), 1) == 21.0
