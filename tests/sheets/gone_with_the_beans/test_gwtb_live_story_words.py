"""Issue 48: the timeline said "a printed value read off the sheet" and "the Round card
revealed" without saying which; now it names the value and the card."""

from __future__ import annotations

from companion import i18n
from sheets.gone_with_the_beans.live import RULES
from sheets.gone_with_the_beans.live.model import EnterPrintedValue, Reveal, RoundCard
from sheets.i18n import using
from testkit.gwtb_live_play import setup


def test_a_revealed_round_card_and_a_printed_value_are_named():
    state = RULES.new_game(setup(("Ann", "macadimia"), ("Ben", "cashew"), sheet="B"))
    assert RULES.describe(state, Reveal(card=RoundCard(facility="farm", hay=3))) == \
        "Round 1: Round card revealed: Farm, 3 Hay"
    assert RULES.describe(state, Reveal(card=RoundCard(special=True))) == \
        "Round 1: Round card revealed: the special card"
    assert RULES.describe(state, EnterPrintedValue(key="icons:farm", value=4)) == \
        "Read off the sheet: number of Farm icons, Sheet B: 4"
    with using(i18n.translations("de")):
        said = RULES.describe(state, Reveal(card=RoundCard(facility="farm", hay=3)))
    assert said.startswith("Runde 1: Rundenkarte aufgedeckt: ") and said.endswith(", 3 Heu")
