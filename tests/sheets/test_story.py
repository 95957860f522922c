"""Issue 35: a game's story (``sheets.timeline.story``): every entry in order, in the
player's words, who made it and when, every total just after it; entries undone after them."""

from __future__ import annotations

from companion import i18n
from sheets.bohnanza import RULES as BOHNANZA
from sheets.gone_with_the_beans.live import RULES as LIVE
from sheets.i18n import using
from sheets.space_beans import RULES as SPACE_BEANS
from sheets.timeline import story
from testkit.gwtb_live_play import ENTERED_BY_SHEET, setup as live_setup
from sheets.names import bare

PLAYERS = ["Ann", "Ben", "Cy"]


def entry(action: dict, by: str | None = None, at: str = "2026-12-04T20:00:00+00:00") -> dict:
    return {"action": action, "at": at, "by": by}


def test_each_entry_is_told_in_words_with_who_when_and_the_totals_after_it():
    """Bohnanza's beanometer: 4 Blue Beans bring 1 coin; the total moves with the harvest."""
    log = [entry({"kind": "plant", "player": "Ann", "field": 1, "bean": "blue", "count": 4}, by="Ann"),
           entry({"kind": "harvest", "player": "Ann", "field": 1}, by="Ann", at="2026-12-04T20:05:00+00:00"),
           entry({"kind": "plant", "player": "Ben", "field": 1, "bean": "red", "count": 2})]
    moments = story(BOHNANZA, {"players": PLAYERS}, log)
    assert [(m.n, m.by, bare(m.what)) for m in moments] == [
        (1, "Ann", "Ann planted 4 Blue Beans on field 1"),
        (2, "Ann", "Ann harvested field 1"),
        (3, None, "Ben planted 2 Red Beans on field 1")]  # made before anybody sat
    assert [dict(m.totals)["Ann"] for m in moments] == [0, 1, 1]
    assert moments[1].at == "2026-12-04T20:05:00+00:00" and not any(m.undone for m in moments)
    with using(i18n.translations("de")):
        assert bare(story(BOHNANZA, {"players": PLAYERS}, log[:1])[0].what) == \
            "Ann hat 4 Blaue Bohnen auf Bohnenfeld 1 angebaut"


def test_entries_undone_follow_in_the_order_they_were_made_marked_undone():
    made = [entry({"kind": "plant", "player": p, "field": 1, "bean": "red", "count": 1}) for p in PLAYERS]
    # Cy's, then Ben's taken back: the redo list holds the last taken back last
    moments = story(BOHNANZA, {"players": PLAYERS}, made[:1], undone=[made[2], made[1]])
    assert [(m.n, bare(m.what), m.undone, m.totals) for m in moments[1:]] == [
        (2, "Ben planted 1 Red Bean on field 1", True, ()),
        (3, "Cy planted 1 Red Bean on field 1", True, ())]


def test_a_face_down_collection_is_never_told():
    """Space Beans: a secret collection lies face down; its cards are on one seat's phone only."""
    first = {"kind": "lay", "player": "Leia", "collection": "open", "new": True, "bean": "bluebeans",
             "values": [2]}
    lay = {"kind": "lay", "player": "Leia", "collection": "secret", "new": True, "bean": "moonbohnen",
           "values": [7]}
    moment = story(SPACE_BEANS, {"players": ["Leia", "Londo"]}, [entry(first, "Leia"), entry(lay, "Leia")])[1]
    assert bare(moment.what) == "Leia laid 1 card face down" and "7" not in moment.what and "oonbohnen" not in moment.what


def test_the_live_sheet_tells_each_players_materials_after_every_entry():
    """Issue 35: the live sheet's story holds every player's materials as they stood after
    each entry (open on the table: every phone may read them), Thaler, Bean, Worker, Hay as
    the sheet's tiles read, and Beanichalcum on sheet B, the sheet that has it; a game
    without materials holds nothing."""
    players = (("Ann", "zoodai"), ("Ben", "tachiopi"))
    reveal = entry({"kind": "reveal", "card": {"facility": "farm", "hay": 3}})
    for sheet, kinds in (("A", ["Thaler", "Bean", "Worker", "Hay"]),
                         ("B", ["Thaler", "Bean", "Worker", "Hay", "Beanichalcum"])):
        setup = {**live_setup(*players, sheet=sheet), "printed": ENTERED_BY_SHEET[sheet]}
        moment = story(LIVE, setup, [reveal])[0]
        state = LIVE.apply(LIVE.new_game(setup), LIVE.parse_action(reveal["action"]))
        assert [name for name, _held in moment.held] == ["Ann", "Ben"]
        for (name, held), player in zip(moment.held, state.players):
            assert [what for what, _n in held] == kinds
            assert dict(held) == {what: getattr(player.materials, what.lower()) for what in kinds}
        assert any(n for _name, held in moment.held for _what, n in held)  # the round's income came in
    bohnanza = story(BOHNANZA, {"players": PLAYERS}, [entry({"kind": "plant", "player": "Ann", "field": 1, "bean": "red", "count": 1})])
    assert bohnanza[0].held == ()
