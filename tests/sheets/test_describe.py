"""Issue 32: an entry in a player's words (``GameRules.describe``), which Undo says it took
back ("Undone: Ann took blue 3"), in the phone's language. A game without words of its
own names whose entry it was, never what lies face down."""

from __future__ import annotations

from companion import i18n
from sheets.bohnanza import RULES as BOHNANZA, BuyField, Harvest, Plant
from sheets.i18n import using
from sheets.nicht_die_bohne import RULES as NDB, RecordChip, ReturnCard, TakeCard, parse_card
from sheets.space_beans import RULES as SPACE_BEANS
from sheets.gone_with_the_beans.live import RULES as LIVE, AddHayShed, Build, apply
from testkit.gwtb_live_play import card, game, give
from sheets.names import bare

GERMAN = i18n.translations("de")


def test_nicht_die_bohne_says_which_card_was_taken():
    state = NDB.new_game({"players": ["Ann", "Ben", "Cy"]})
    take = TakeCard(round=1, player="Ann", card=parse_card("blue-3"))
    assert bare(NDB.describe(state, take)) == "Ann took blue 3"
    assert bare(NDB.describe(state, ReturnCard(round=1, player="Ben", card=parse_card("red-doubler")))) == \
        "Ben gave back red Doubler"
    # Issue 47: the Bean chip of round n is told as who starts round n + 1 (rulebook, New Round:
    # "The player who takes the Bean chip begins the next card play"); round 0: at the deal.
    assert bare(NDB.describe(state, RecordChip(round=2, player="Cy"))) == "Cy starts round 3"
    assert bare(NDB.describe(state, RecordChip(round=0, player="Ann"))) == "Ann starts round 1"
    assert bare(NDB.describe(state, RecordChip(round=1, player=None))) == "nobody told who starts round 2"
    with using(GERMAN):
        assert bare(NDB.describe(state, take)) == "Ann hat Blau 3 genommen"


def test_bohnanza_says_what_was_planted_harvested_or_bought():
    state = BOHNANZA.new_game({"players": ["Ann", "Ben", "Cy"]})
    assert bare(BOHNANZA.describe(state, Plant(player="Ann", field=1, bean="red", count=2))) == \
        "Ann planted 2 Red Beans on field 1"
    assert bare(BOHNANZA.describe(state, Harvest(player="Ben", field=2))) == "Ben harvested field 2"
    assert bare(BOHNANZA.describe(state, BuyField(player="Cy"))) == "Cy bought the third bean field"
    with using(GERMAN):
        assert bare(BOHNANZA.describe(state, Plant(player="Ann", field=1, bean="red", count=2))) == \
            "Ann hat 2 Rote Bohnen auf Bohnenfeld 1 angebaut"


def test_a_face_down_lay_is_described_without_its_cards():
    state = SPACE_BEANS.new_game({"players": ["Leia", "Londo"]})
    lay = SPACE_BEANS.parse_action({"kind": "lay", "player": "Leia", "new": True, "bean": "moonbohnen",
                                    "collection": "secret", "values": [7]})
    said = SPACE_BEANS.describe(state, lay)
    assert bare(said) == "Leia laid 1 card face down" and "7" not in said and "oonbohnen" not in said


def test_space_beans_says_what_was_laid_face_up_and_what_a_close_out_gave():
    """Rulebook, action 2: a collection of 4 cards with a 4 among them is worth 4 points."""
    state = SPACE_BEANS.new_game({"players": ["Cy", "Leia"]})
    entries = [{"kind": "lay", "player": "Cy", "collection": "open", "new": True, "bean": "klingbohnen",
                "values": [4, 1, 2]},
               {"kind": "lay", "player": "Cy", "collection": "open", "bean": "klingbohnen", "values": [3]},
               {"kind": "close-out", "player": "Cy"}]
    said = []
    for data in entries:
        action = SPACE_BEANS.parse_action(data)
        said.append(SPACE_BEANS.describe(state, action))
        state = SPACE_BEANS.apply(state, action)
    assert [bare(s) for s in said] == ["Cy started an open collection: Klingbohnen 4, 1, 2",
                    "Cy added to the open collection: Klingbohnen 3", "Cy closed out Klingbohnen: trophy 4"]
    with using(GERMAN):
        assert bare(SPACE_BEANS.describe(state, SPACE_BEANS.parse_action(entries[2]))).startswith("Cy hat ")


def test_the_live_sheet_says_what_was_built_and_what_it_cost():
    """Rulebook, Travel cost: Zoodai 2 roads from the Ruler: 4 Bean + 2 Thaler, plus the
    Farm's 1 Bean + 2 Thaler."""
    state = give(apply(game(("Ann", "zoodai")), card("market", 0)), "Ann", bean=5, thaler=4)
    assert bare(LIVE.describe(state, Build(player="Ann", facility="farm"))) == "Ann built: Farm (paid 5 Bean + 4 Thaler)"
    assert bare(LIVE.describe(state, AddHayShed(player="Ann"))) == "Ann added a Hay Shed"
    with using(GERMAN):
        assert bare(LIVE.describe(state, Build(player="Ann", facility="farm"))) == \
            "Ann hat gebaut: Bauernhof (bezahlt 5 Bohnen + 4 Taler)"

