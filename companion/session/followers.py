"""Who follows which game, and how fast a phone may change things: the session's
listeners (each phone's screens, with the places a game has for phones without a seat),
its connection's comings and goings, and the bounds on entries and files per phone.
After a change is stored, ``notify`` tells every phone that shows the game."""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from companion import table
from companion.session.common import News
from companion.storage import StorageError
from companion.table import Table
from sheets.errors import RulesError
from sheets.i18n import N_, _

Listener = Callable[[str], None]
IMPORTS_PER_MINUTE = 20  # files one phone sends to import in a minute
IMPORTS_AT_ONCE_PER_MINUTE = 60  # files all phones together send to import in a minute
# Phones without a seat that follow one game at once (issue 33): each is drawn again on every
# tap, so more would slow the table (100 idle phones: taps p95 5.5x at 12, 2.4x at 8); its
# seats' phones and its host always may. 8: a table of 7 where nobody sat, and two onlookers.
WATCHERS_PER_GAME = 8
# Entries (a tap that stores one: an entry, an Undo, a Redo) one seat's phone makes a second,
# ENTRIES_BURST at once: every entry is drawn again on every phone that follows the game, a
# timeline's among them (issue 46: a seated phone made 36 a second); the rest are refused
# with the door's own line for taps too fast. A player keys in a Nicht die Bohne! hand of
# 20 cards at a finger's pace (about 5 a second): that is never refused.
ENTRIES_RATE, ENTRIES_BURST = 10.0, 20.0
TOO_FAST = N_("Too many taps at once: some were not counted. Tap again, a little slower.")
# Seconds a phone whose connection closed keeps its places (a watcher place of a game): one
# that comes back within them (a reload, a phone unlocked) finds them kept; after them they are
# given back, whatever Flet's session timeout (issue 46: within 30 s of the socket closing).
PLACE_GRACE = 20.0


@dataclass(eq=False)
class Presence:
    """One phone's connection to the table (one page), as the session counts its places:
    ``away_since`` its socket closed; ``gone`` once its places were given back (PLACE_GRACE
    seconds later, or its page's session closed). Its subscriptions go with it."""

    away_since: float | None = None
    gone: bool = False



class Followers:
    """The listeners of every game ("*": of any change), and each phone's places and pace.
    ``table_of(game_id)``: the game's table (StorageError when it cannot be read)."""

    def __init__(self, table_of: Callable[[str], Table]) -> None:
        self._table_of = table_of
        self.clock: Callable[[], float] = time.monotonic
        self._listeners: dict[str, list[tuple[Listener, str | None, Presence | None]]] = defaultdict(list)
        self._lock = threading.Lock()
        self._away: set[Presence] = set()  # phones whose connection closed, their places kept for now
        self._entries: dict[str, tuple[float, float]] = {}  # phone -> (entries it may still make, when counted)
        self._imports: dict[str | None, list[float]] = defaultdict(list)  # phone -> times of its imports
        # (game, phone) -> what to tell it, made in its language when read (the seat the host
        # handed it or refused it, what its Undo took back)
        self._news: dict[tuple[str, str], tuple[int, Callable[[], str]]] = {}
        self._serial = 0

    def tell(self, game_id: str, device: str, said: Callable[[], str]) -> None:
        with self._lock:
            self._serial += 1
            self._news[(game_id, device)] = (self._serial, said)

    def news(self, game_id: str, device: str | None) -> News | None:
        """What this phone has not been told yet, in its language."""
        found = self._news.get((game_id, device)) if device else None
        return None if found is None else News(found[0], found[1]())

    def told(self, game_id: str, device: str, serial: int) -> None:
        with self._lock:
            if self._news.get((game_id, device), (None,))[0] == serial:
                del self._news[(game_id, device)]

    def entry_room(self, device: str | None) -> None:
        """Before a phone's entry, Undo or Redo is worked out (``PhoneGames``, the phone's edge):
        RulesError (``TOO_FAST``, nothing stored) past ENTRIES_RATE a second (ENTRIES_BURST at
        once) for that phone."""
        if device is None:  # the command line, a test, the engine as a library
            return
        with self._lock:
            now_ = self.clock()
            tokens, at = self._entries.get(device, (ENTRIES_BURST, now_))
            tokens = min(ENTRIES_BURST, tokens + (now_ - at) * ENTRIES_RATE)
            if tokens < 1:
                self._entries[device] = (tokens, now_)
                raise RulesError(_(TOO_FAST))
            self._entries[device] = (tokens - 1, now_)
            if len(self._entries) > 10_000:  # the longest unused go
                for old in sorted(self._entries, key=lambda d: self._entries[d][1])[:1_000]:
                    del self._entries[old]

    def upload_room(self, device: str | None) -> None:
        """Before a phone is asked for a file (a score file, a backup, sheet values):
        RulesError (nothing sent, nothing read) when IMPORTS_PER_MINUTE files of this phone,
        or IMPORTS_AT_ONCE_PER_MINUTE of all phones together, were sent in the last minute
        (issue 33: imports by the hundred slowed every phone's Home; files of 1 MB sent by
        20 phones at once slowed every tap). Only files sent count (``count_upload``): a
        picker opened and cancelled uses up nothing (issue 46)."""
        now_ = self.clock()
        with self._lock:
            for times in self._imports.values():
                times[:] = [t for t in times if now_ - t < 60]
            for key in [k for k, times in self._imports.items() if not times]:
                del self._imports[key]
            if len(self._imports.get(device, ())) >= IMPORTS_PER_MINUTE or \
                    sum(map(len, self._imports.values())) >= IMPORTS_AT_ONCE_PER_MINUTE:
                raise RulesError(_("too many score files imported in the last minute: try again in a minute"))

    def count_upload(self, device: str | None) -> None:
        """A file this phone sent (picked, on its way to be read): counted for ``upload_room``."""
        with self._lock:
            self._imports[device].append(self.clock())

    def subscribe(self, game_id: str, listener: Listener, device: str | None = None,
                  presence: Presence | None = None) -> Callable[[], None]:
        """Call ``listener(game_id)`` after every change of that game ("*" for all);
        ``device``: the phone listening (see notify), ``presence``: its connection (its
        places are given back PLACE_GRACE seconds after it closed). A phone without a seat
        beyond WATCHERS_PER_GAME is not told (``why_not_follow`` says why)."""
        subscription = (listener, device, presence)
        seats = self._seats_of(game_id) if game_id != "*" and device is not None else None
        with self._lock:
            self._give_back()
            if seats is not None and self._no_room(game_id, seats, device):
                return lambda: None
            self._listeners[game_id].append(subscription)

        def unsubscribe() -> None:
            with self._lock:
                if subscription in self._listeners[game_id]:
                    self._listeners[game_id].remove(subscription)

        return unsubscribe

    def away(self, presence: Presence) -> None:
        """A phone's connection closed: its places are kept PLACE_GRACE seconds for it."""
        with self._lock:
            if not presence.gone:
                presence.away_since = self.clock()
                self._away.add(presence)

    def back(self, presence: Presence) -> bool:
        """A phone's connection is back: True when it kept its places; False when they were
        given back meanwhile (its screens subscribe anew, as a phone that just came)."""
        with self._lock:
            self._give_back()
            kept = not presence.gone
            presence.away_since, presence.gone = None, False
            self._away.discard(presence)
            return kept

    def leave(self, presence: Presence) -> None:
        """A phone's page is gone for good (its session closed): its places at once."""
        with self._lock:
            self._away.discard(presence)
            self._drop({presence})

    def _give_back(self) -> None:
        """The places of phones away for PLACE_GRACE seconds or more (call holding the
        listeners' lock): each look at the places frees them, no timer needed."""
        now_ = self.clock()
        over = {p for p in self._away if p.away_since is not None and now_ - p.away_since >= PLACE_GRACE}
        if over:
            self._away -= over
            self._drop(over)

    def _drop(self, presences: set[Presence]) -> None:
        for presence in presences:
            presence.gone = True
        for game_id in [g for g, subs in self._listeners.items() if any(s[2] in presences for s in subs)]:
            self._listeners[game_id] = [s for s in self._listeners[game_id] if s[2] not in presences]

    def _seats_of(self, game_id: str) -> Table | None:
        try:
            return self._table_of(game_id)
        except StorageError:  # its screen says why
            return None

    def why_not_follow(self, game_id: str, device: str | None) -> str | None:
        """Why this phone is not shown that game's changes (it has no seat there, and
        WATCHERS_PER_GAME phones without one follow it already), or None."""
        seats = self._seats_of(game_id) if device is not None else None
        if seats is None:
            return None
        with self._lock:
            self._give_back()
            full = self._no_room(game_id, seats, device)
        return _("This game is followed by {n} phones without a seat already. Sit down at it (a seat's phone "
                 "always may), or come back when one of them has left it.").format(n=WATCHERS_PER_GAME) if full else None

    def _no_room(self, game_id: str, seats: Table, device: str | None) -> bool:
        """Whether ``device``, neither at a seat of the game nor its host, finds
        WATCHERS_PER_GAME other such phones following it (call holding the listeners' lock)."""
        if device is None or table.sits_or_hosts(seats, device):
            return False
        others = {other for _listener, other, _presence in self._listeners.get(game_id, ())
                  if other is not None and other != device and not table.sits_or_hosts(seats, other)}
        return len(others) >= WATCHERS_PER_GAME

    def notify(self, game_id: str, by: str | None = None) -> None:
        """Tell every listener of ``game_id``. The phone ``by`` that made the change is told
        last: each phone's re-render waits for those told before it, and the other phones
        at the table should not wait for the tapping phone's own (its largest) one."""
        with self._lock:
            self._give_back()
            subscriptions = [*self._listeners.get(game_id, ()), *self._listeners.get("*", ())]
        if by is not None:
            subscriptions.sort(key=lambda subscription: subscription[1] == by)  # stable: others keep their order
        for listener, _device, _presence in subscriptions:
            try:
                listener(game_id)
            except Exception:  # a closed browser session must not break a commit
                pass


