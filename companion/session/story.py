"""A game's story as the session tells it (``GameStore.timeline``): told on from where it
stopped, and an entry in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.session.common import rules_for
from companion.session.in_play import InPlay, Told
from companion.storage import GameRecord
from sheets.errors import RulesError
from sheets.i18n import _, current
from sheets.timeline import Moment, played, taken_back


def told_on(game: InPlay, record: GameRecord, now_: Any) -> tuple[Moment, ...]:
        """Told on from the story told so far: by the new entries when entries were added,
        as its beginning when the latest were taken back (an Undo: the game's state now is
        the state after them), afresh otherwise (an Undo of an earlier entry)."""
        rules, log, key = rules_for(record.game), record.log, current()
        told = game.stories.get(key)
        if told is not None and told.made <= len(log) and (not told.made or log[told.made - 1] == told.last):
            more, state = played(rules, told.state, log[told.made:], told.made)
            moments = told.moments + more
        elif told is not None and told.log is not None and len(log) < told.made \
                and all(a is b for a, b in zip(log, told.log)):
            moments, state = told.moments[:len(log)], now_
        else:
            moments, state = played(rules, rules.new_game(record.setup), log)
        game.stories[key] = Told(len(log), log[-1] if log else None, moments, state, log)
        return moments + taken_back(rules, state, record.redo, len(moments))


def entry_words(game: str, before: Any, entry: dict[str, Any]) -> Callable[[], str]:
    """An entry in words (the engine's ``describe``), made in the language of the phone
    it is said to; ``before`` is the state it was made in."""
    rules = rules_for(game)

    def words() -> str:
        try:
            return rules.describe(before, rules.parse_action(entry["action"]))
        except (RulesError, KeyError, TypeError, ValueError):  # an entry this version cannot read
            return _("an entry")
    return words

