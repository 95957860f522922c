"""The group's players (issue 49): every name that has played here, one person under every
spelling the group merged, and each player's record per game kind.

The figures come from the stored games' summaries (the index: no game file is opened) and
are kept here, folded in game by game: a game that finished, changed or went is taken in
or out on the next read, never every game again. Only finished games count (a Space Beans
secret collection is never in a figure before the game's end); a solitaire game is never a
win: its rating is shown instead. Stored games keep the names they were played under; the
group's view maps them (``companion.storage.players``: aliases). A rename or a merge changes
the whole group's view, so only the serving machine's own browser (``PhonePlayers``) and
the command line make one; each returns a ``NameChange`` that ``undo`` takes back."""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.session.store import GameStore
from companion.storage import StorageError, Summary
from companion.storage.players import PlayersFile
from sheets.errors import RulesError
from sheets.i18n import _
from sheets.limits import name_problem
from sheets.names import name_unreadable

SUGGESTIONS = 8  # names offered under a name field at once
LAST_RESULTS = 5  # a player's last results charted per game kind


def folded(name: str) -> str:
    """A name as a player reads it: surrounding blanks, letter case and Unicode's
    compatibility forms folded ("  JÜRGEN" is "jürgen"). For suggestions and taken names;
    never a reason to merge two players by itself."""
    return unicodedata.normalize("NFKC", name).strip().casefold()


@dataclass(frozen=True)
class GroupPlayer:
    """One player of the group: the name shown, the other names their games were played
    under, how many games (finished or not) and when they last played."""

    name: str
    aliases: tuple[str, ...]
    games: int
    finished: int
    wins: int
    last_played: str


@dataclass(frozen=True)
class KindRecord:
    """A player's figures at one game kind, over finished games."""

    game: str
    plays: int  # with other players
    wins: int  # a shared win counts for each winner
    average: float | None  # of their totals, None without a play
    best: int | None
    last_totals: tuple[int, ...]  # the last LAST_RESULTS totals, oldest first (solitaire games too)
    solitaire_plays: int = 0
    solitaire_best: int | None = None
    solitaire_rating: str | None = None  # the latest solitaire game's rating

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.plays if self.plays else None


@dataclass(frozen=True)
class HeadToHead:
    """Two players of the group over the finished games they played together: how often
    each finished ahead (the winners ahead of the others, else the higher total)."""

    opponent: str
    together: int
    ahead: int
    behind: int


@dataclass(frozen=True)
class PlayerRecord:
    name: str
    aliases: tuple[str, ...]
    kinds: tuple[KindRecord, ...]
    head_to_head: tuple[HeadToHead, ...]  # most games together first


@dataclass(frozen=True)
class NameChange:
    """A rename or a merge, as ``undo`` takes it back: the aliases before and after it."""

    said: str
    before: tuple[tuple[str, str], ...]
    after: tuple[tuple[str, str], ...]


def ahead_of(summary: Summary, mine: int, theirs: int) -> int:
    """1 when the player at ``mine`` finished ahead of the one at ``theirs``, -1 behind, 0 level."""
    me_won, they_won = summary.players[mine] in summary.winners, summary.players[theirs] in summary.winners
    if me_won != they_won:
        return 1 if me_won else -1
    mine_total, their_total = summary.totals[mine], summary.totals[theirs]
    return (mine_total > their_total) - (mine_total < their_total)


class Players:
    """The group's players over one data directory's games (``Games.group``: one per session)."""

    def __init__(self, games: GameStore):
        self.games = games
        self.file = PlayersFile(games.repo.data_dir, read_only=games.repo.read_only)
        self.lock = threading.RLock()
        self._known: dict[str, Summary] = {}  # every stored game's summary folded in, by id
        self._of_name: dict[str, dict[str, Summary]] = {}  # name played under -> its games by id
        self._newest_of_kind: dict[str, Summary] = {}
        self._aliases: dict[str, str] | None = None
        self._ranked: dict[str, list[str]] | None = None  # kind -> the group's names, best offered first
        self.damaged: str | None = None  # why the players' file could not be read, to be said
        self._left = False  # that file is still in place (read-only, or a newer version's): never written over

    # -- keeping up with the stored games ----------------------------------------------

    def _fresh(self) -> None:
        """Fold in the games that came, changed or went since the last read (by identity:
        the index keeps a summary until its game changes)."""
        summaries = self.games.summaries()
        known = self._known
        changed = len(summaries) != len(known) or any(known.get(s.id) is not s for s in summaries)
        if not changed:
            return
        now = {s.id: s for s in summaries}
        for game_id in [i for i, s in known.items() if now.get(i) is not s]:
            self._take_out(known.pop(game_id))
        for summary in summaries:
            if summary.id not in known:
                known[summary.id] = summary
                self._take_in(summary)
        self._ranked = None

    def _take_in(self, summary: Summary) -> None:
        for name in dict.fromkeys(summary.players):
            self._of_name.setdefault(name, {})[summary.id] = summary
        newest = self._newest_of_kind.get(summary.game)
        if newest is None or newest.played <= summary.played:
            self._newest_of_kind[summary.game] = summary

    def _take_out(self, summary: Summary) -> None:
        for name in dict.fromkeys(summary.players):
            games = self._of_name.get(name, {})
            games.pop(summary.id, None)
            if not games:
                self._of_name.pop(name, None)
        if self._newest_of_kind.get(summary.game) is summary:
            del self._newest_of_kind[summary.game]
            of_kind = [s for s in self._known.values() if s.game == summary.game]
            if of_kind:
                self._newest_of_kind[summary.game] = max(of_kind, key=lambda s: s.played)

    def forget(self) -> None:
        """Read the players' file again (a backup restored names into it)."""
        with self.lock:
            self.file = PlayersFile(self.games.repo.data_dir, read_only=self.games.repo.read_only)
            self._aliases, self._ranked, self.damaged, self._left = None, None, None, False

    def aliases(self) -> dict[str, str]:
        """Name played under -> the player the group shows (only the names that differ).
        A file that cannot be read shows every name as played, and ``damaged`` says why."""
        with self.lock:
            if self._aliases is None:
                try:
                    self._aliases = self.file.aliases()
                except StorageError as exc:  # set aside (PlayersDamaged), or a newer Bean Counter's
                    self.damaged, self._aliases = str(exc), {}
                    self._left = self.file.path.exists()
            return dict(self._aliases)

    def _person(self, name: str) -> str:
        assert self._aliases is not None
        return self._aliases.get(name, name)

    def _names_of(self) -> dict[str, list[str]]:
        """Each player of the group -> the names their games were played under."""
        names: dict[str, list[str]] = {}
        for name in self._of_name:
            names.setdefault(self._person(name), []).append(name)
        return names

    # -- reading -----------------------------------------------------------------------

    def players(self) -> list[GroupPlayer]:
        """Every player of the group: most games first, then by name."""
        with self.lock:
            self._fresh()
            self.aliases()
            found = []
            for person, names in self._names_of().items():
                games = {i: s for name in names for i, s in self._of_name[name].items()}
                finished = [s for s in games.values() if s.finished]
                wins = sum(1 for s in finished if len(s.players) > 1 and any(n in s.winners for n in names))
                found.append(GroupPlayer(person, tuple(sorted(n for n in names if n != person)), len(games),
                                         len(finished), wins, max(s.played for s in games.values())))
            return sorted(found, key=lambda p: (-p.games, folded(p.name), p.name))

    def as_group(self, summaries: list[Summary]) -> list[Summary]:
        """``summaries`` with every name as the group shows it (Statistics counts a merged
        player once); the stored games keep theirs."""
        aliases = self.aliases()
        if not aliases:
            return summaries
        shown = []
        for s in summaries:
            if any(n in aliases for n in s.players):
                s = replace(s, players=tuple(aliases.get(n, n) for n in s.players),
                            winners=tuple(aliases.get(n, n) for n in s.winners))
            shown.append(s)
        return shown

    def known(self, name: str) -> str | None:
        """The player of the group ``name`` is (as shown, or an alias; folded), or None."""
        with self.lock:
            self._fresh()
            self.aliases()
            if name in self._of_name or name in self._names_of():
                return self._person(name)
            wanted = folded(name)
            for person, names in self._names_of().items():
                if any(folded(n) == wanted for n in (person, *names)):
                    return person
            return None

    def suggestions(self, typed: str, kind: str, taken: Sequence[str] = (), most: int = SUGGESTIONS) -> list[str]:
        """The group's names offered for a name field of a new ``kind`` game while ``typed``
        is in it: the players of the last game of this kind first, then by how often and
        how lately they played; those ``taken`` by the other fields left out."""
        with self.lock:
            self._fresh()
            self.aliases()
            if self._ranked is None:
                self._ranked = {}
            ranked = self._ranked.get(kind)
            if ranked is None:
                ranked = self._ranked[kind] = self._rank(kind)
            wanted, gone = folded(typed), {folded(t) for t in taken if t.strip()}
            found = []
            for name in ranked:
                key = folded(name)
                if key.startswith(wanted) and key not in gone and key != wanted:
                    found.append(name)
                    if len(found) == most:
                        break
            return found

    def _rank(self, kind: str) -> list[str]:
        newest = self._newest_of_kind.get(kind)
        first = [self._person(n) for n in newest.players] if newest else []
        counts: dict[str, tuple[int, str]] = {}
        for person, names in self._names_of().items():
            games = {i: s for name in names for i, s in self._of_name[name].items()}
            counts[person] = (len(games), max(s.played for s in games.values()))
        rest = sorted(counts, key=folded)
        rest.sort(key=lambda p: counts[p][1], reverse=True)  # the latest first, then (a stable sort)
        rest.sort(key=lambda p: counts[p][0], reverse=True)  # the most games first
        return list(dict.fromkeys([*first, *rest]))

    def record(self, name: str) -> PlayerRecord:
        """One player's record (RulesError for a name nobody of the group played under)."""
        with self.lock:
            person = self.known(name)
            if person is None:
                raise RulesError(_("no player is named {name}").format(name=repr(name)))
            names = self._names_of()[person]
            games = sorted({i: s for n in names for i, s in self._of_name[n].items() if s.finished}.values(),
                           key=lambda s: s.played)
            by_kind: dict[str, list[tuple[Summary, int]]] = {}
            meeting: dict[str, list[int]] = {}
            for summary in games:
                mine = next(i for i, n in enumerate(summary.players) if n in names)
                by_kind.setdefault(summary.game, []).append((summary, mine))
                for theirs, other in enumerate(summary.players):
                    them = self._person(other)
                    if them == person:
                        continue
                    meeting.setdefault(them, []).append(ahead_of(summary, mine, theirs))
            kinds = tuple(self._kind(game, plays) for game, plays in sorted(by_kind.items()))
            heads = tuple(HeadToHead(them, len(said), said.count(1), said.count(-1))
                          for them, said in sorted(meeting.items(), key=lambda item: (-len(item[1]), folded(item[0]))))
            return PlayerRecord(person, tuple(sorted(n for n in names if n != person)), kinds, heads)

    @staticmethod
    def _kind(game: str, plays: list[tuple[Summary, int]]) -> KindRecord:
        together = [(s, i) for s, i in plays if len(s.players) > 1]
        alone = [s for s, _i in plays if len(s.players) == 1]
        totals = [s.totals[i] for s, i in together]
        alone_totals = [sum(s.totals) for s in alone]
        return KindRecord(
            game=game, plays=len(together), wins=sum(1 for s, i in together if s.players[i] in s.winners),
            average=sum(totals) / len(totals) if totals else None, best=max(totals, default=None),
            last_totals=tuple(s.totals[i] for s, i in plays[-LAST_RESULTS:]),
            solitaire_plays=len(alone), solitaire_best=max(alone_totals, default=None),
            solitaire_rating=alone[-1].rating if alone else None)

    # -- changing the group's view ----------------------------------------------------

    def rename(self, old: str, new: str) -> NameChange:
        """``old`` (a player of the group) is shown as ``new`` everywhere; RulesError for an
        unknown name or a name another player has."""
        with self.lock:
            person = self._existing(old)
            new = new.strip()
            why = name_problem(new) or name_unreadable(new)
            if why:
                raise RulesError(why)
            if new == person:
                raise RulesError(_("{name} is named so already").format(name=person))
            other = self._holder(new)
            if other is not None and other != person:
                raise RulesError(_("the name {name} is taken: {player} plays under it").format(
                    name=new, player=other))
            aliases = {a: (new if p == person else p) for a, p in self.aliases().items() if a != new}
            if person in self._of_name:
                aliases[person] = new
            return self._change(aliases, _("{old} is now {new}").format(old=person, new=new))

    def merge(self, name: str, into: str) -> NameChange:
        """Every game of ``name`` counts as ``into``'s (its name kept as their alias);
        RulesError for an unknown name or a merge into the same player."""
        with self.lock:
            gone, kept = self._existing(name), self._existing(into)
            if gone == kept:
                raise RulesError(_("{name} and {into} are one player already").format(name=name, into=into))
            aliases = {a: (kept if p == gone else p) for a, p in self.aliases().items()}
            if gone in self._of_name:
                aliases[gone] = kept
            return self._change(aliases, _("{name} merged into {into}").format(name=gone, into=kept))

    def undo(self, change: NameChange) -> None:
        """Take ``change`` back; RulesError when the names were changed since."""
        with self.lock:
            if tuple(sorted(self.aliases().items())) != change.after:
                raise RulesError(_("the names were changed since; undo that first"))
            self._write(dict(change.before))

    def _existing(self, name: str) -> str:
        person = self.known(name)
        if person is None:
            raise RulesError(_("no player is named {name}").format(name=repr(name)))
        return person

    def _holder(self, name: str) -> str | None:
        """The player of the group whose name or alias reads as ``name``, if any."""
        wanted = folded(name)
        for person, names in self._names_of().items():
            if any(folded(n) == wanted for n in (person, *names)):
                return person
        for alias, person in self.aliases().items():
            if folded(alias) == wanted:
                return person
        return None

    def _change(self, aliases: dict[str, str], said: str) -> NameChange:
        before = tuple(sorted(self.aliases().items()))
        if self._left and self.damaged:
            raise StorageError(self.damaged)
        self._write(aliases)
        return NameChange(said, before, tuple(sorted(aliases.items())))

    def _write(self, aliases: dict[str, str]) -> None:
        self.file.replace(aliases)
        self._aliases, self._ranked = dict(aliases), None
        self.games.notify("*")  # every listing (Statistics, a player's screen) reads again


@dataclass(frozen=True)
class PhonePlayers:
    """The group's players as one phone may see and change them: any phone reads the
    figures (Statistics shows them all); only the serving machine's own browser renames and
    merges, as its keyboard may run ``beans players``."""

    players: Players
    here: bool

    def why_not_change(self) -> str | None:
        if not self.here:
            return _("only the browser on the machine that serves the table renames and merges players")
        return None

    def _may_change(self) -> None:
        why = self.why_not_change()
        if why:
            raise RulesError(why)

    def rename(self, old: str, new: str) -> NameChange:
        self._may_change()
        return self.players.rename(old, new)

    def merge(self, name: str, into: str) -> NameChange:
        self._may_change()
        return self.players.merge(name, into)

    def undo(self, change: NameChange) -> None:
        self._may_change()
        self.players.undo(change)
