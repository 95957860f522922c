"""Any mix of entries, undo, redo, saves, restarts and crashes keeps exactly the game played.

The model is the log of entries and the stack of undone ones; after every step the
stored game, the state on screen and what can be undone or redone must match it.
"""

import gc
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.session import Games
from companion.storage import DiskError, Repository
from sheets.errors import RulesError
from sheets.game import fold
from sheets.nicht_die_bohne import DECK, RULES

PLAYERS = ["Alex", "Beate", "Claudia"]
SETUP = {"players": PLAYERS}
COPIES = {str(card): copies for card, copies in DECK.items()}
CARDS = sorted(COPIES)


class StoredGame(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.data_dir = Path(tempfile.mkdtemp(prefix="beans-stateful-"))
        self.games = Games(Repository(self.data_dir))
        self.gid = self.games.new_game("nicht-die-bohne", SETUP)
        self.log: list[dict] = []
        self.undone: list[dict] = []  # last undone last, as stored

    def teardown(self):
        if self.games is not None:
            self.games.repo.close()
        shutil.rmtree(self.data_dir, ignore_errors=True)

    # -- the model ------------------------------------------------------------------

    def state(self):
        return fold(RULES, SETUP, self.log)

    def legal_entries(self) -> list[dict]:
        state = self.state()
        taken = {str(card): len(names) for card, names in state.holders(1).items()}
        entries = []
        for player in PLAYERS:
            hand = [str(card) for card in state.cards_of(1, player)]
            entries += [{"kind": "return-card", "round": 1, "player": player, "card": c} for c in sorted(set(hand))]
            if len(hand) < state.hand_size:
                entries += [{"kind": "take-card", "round": 1, "player": player, "card": c}
                            for c in CARDS if taken.get(c, 0) < COPIES[c]]
        return entries

    # -- what players and the machine do ------------------------------------------------

    @rule(data=st.data())
    def act(self, data):
        entry = data.draw(st.sampled_from(self.legal_entries()))
        self.games.dispatch(self.gid, entry)
        self.log.append(entry)
        self.undone.clear()

    @rule(player=st.sampled_from(PLAYERS), card=st.sampled_from(CARDS))
    def refused_return(self, player, card):
        hand = [str(c) for c in self.state().cards_of(1, player)]
        if card in hand:
            return
        with pytest.raises(RulesError):
            self.games.dispatch(self.gid, {"kind": "return-card", "round": 1, "player": player, "card": card})

    @rule()
    def undo(self):
        if not self.log:
            with pytest.raises(RulesError, match="nothing to undo"):
                self.games.undo(self.gid)
            return
        self.games.undo(self.gid)
        self.undone.append(self.log.pop())

    @rule()
    def redo(self):
        if not self.undone:
            with pytest.raises(RulesError, match="nothing to redo"):
                self.games.redo(self.gid)
            return
        self.games.redo(self.gid)
        self.log.append(self.undone.pop())

    @rule()
    def save(self):
        """Store the game again as it is (e.g. on leaving a screen): nothing changes."""
        self.games.repo.save(self.games.record(self.gid))

    @rule()
    def reload(self):
        self.games.repo.close()
        self.games = Games(Repository(self.data_dir))

    @rule()
    def crash(self):
        """The process dies: nothing is closed; the OS drops its lock with its files."""
        self.games = None
        gc.collect()
        self.games = Games(Repository(self.data_dir))

    @precondition(lambda self: self.log or self.undone)
    @rule(data=st.data())
    def refused_by_the_disk(self, data):
        """The disk fails the write: the entry, undo or redo is not made, and play goes on."""
        what = data.draw(st.sampled_from(
            (["act"] if self.legal_entries() else []) + (["undo"] if self.log else []) + (["redo"] if self.undone else [])
        ))

        def full(src, dst):
            raise OSError(28, "No space left on device")

        real, os.replace = os.replace, full
        try:
            with pytest.raises(DiskError, match="The disk is full: nothing was saved"):
                if what == "act":
                    self.games.dispatch(self.gid, data.draw(st.sampled_from(self.legal_entries())))
                else:
                    getattr(self.games, what)(self.gid)
        finally:
            os.replace = real

    # -- what must hold -----------------------------------------------------------------

    @invariant()
    def the_stored_game_is_the_game_played(self):
        record = self.games.record(self.gid)
        assert [e["action"] for e in record.log] == self.log
        assert [e["action"] for e in record.redo] == self.undone
        assert self.games.state(self.gid) == self.state()
        assert self.games.can_undo(self.gid) == bool(self.log)
        assert self.games.can_redo(self.gid) == bool(self.undone)
        assert [s.id for s in self.games.summaries()] == [self.gid]


StoredGame.TestCase.settings = settings(
    max_examples=40, stateful_step_count=25, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestStoredGame = pytest.mark.slow("40 random runs of 25 steps (entries, undo, redo, restarts, crashes), each on a data directory of its own")(StoredGame.TestCase)
