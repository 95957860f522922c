"""What a Space Beans state allows one player (``allowed``): every way to lay (rulebook:
action 3), the close-out of the open collection (action 2) with its trophy and discards,
and the end of the game, each refused one with the engine's own reason (out of the
player's turn: "It is Ben's turn"; after the player's lay: one lay a turn, close-outs
come before it).

Privacy: the answer for a player knows what that player knows: every card face up on the
table (trophies, open collections) and the player's own secret collection, never another
player's face-down cards. So a lay it checks is never refused "because the only card is
already on the table" when that card lies face down in front of someone else, and nor is
the entry (``apply`` checks the same cards, ``State.known_to``). ``Allowed.seen_by(viewer)``
is the answer as another phone may see it: without the player's secret collection.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Literal

from sheets.errors import RulesError
from sheets.i18n import _
from sheets.names import isolated
from sheets.space_beans.cards import Bean, Card, CardValue, Collection, check_supply
from sheets.space_beans.engine import (
    Lay, PlayerSheet, State, check_close_out, check_end, check_not_over, check_turn, check_turn_over, check_where,
    in_the_last_turn,
)
from sheets.space_beans.scoring import END_AT, CloseOutResult, close_out, worth

Which = Literal["open", "secret"]
Count = tuple[Bean, int, int]  # (bean, value, how many such cards lie on the table)
# The ways to lay, in the order ``Allowed.lays`` holds them: add to the open collection,
# add to the secret one, start the open one, start the secret one.
WAYS: tuple[tuple[Which, bool], ...] = (("open", False), ("secret", False), ("open", True), ("secret", True))


def _refusal(check: Callable[[], object]) -> str | None:
    """The reason ``check()`` raises, in the player's words; None when it passes."""
    try:
        check()
    except RulesError as exc:
        return exc.reason
    return None


@dataclass(frozen=True)
class LayChoice:
    """One way to lay (rulebook: action 3): add to the open or the secret collection
    (``new`` False: of its ``bean``, after the values it ``holds``), or start a new one of
    any bean (``bean`` None). ``refused``: why the rules refuse it now (None: allowed)."""

    collection: Which
    new: bool
    bean: Bean | None
    holds: tuple[int, ...]
    refused: str | None


@dataclass(frozen=True)
class LayAnswer:
    """What laying some cards gives: the entry (None when refused, with ``refused`` the
    engine's reason) and the collection it makes with its close-out value."""

    action: Lay | None
    refused: str | None
    after: Collection | None
    value: int


@dataclass(frozen=True)
class CloseOutOffer:
    """Closing out the open collection (rulebook: action 2): ``refused`` why a close-out is
    refused, ``forced_refused`` why a forced one is (None: allowed); what it gives is the
    engine's ``close_out`` (``outcome``), and the trophy points now and after."""

    collection: Collection | None
    refused: str | None
    forced_refused: str | None
    points: int
    secret_cards: int  # the secret collection, turned face up as the open one after it

    @property
    def value(self) -> int:
        return worth(self.collection) if self.collection is not None else 0

    @property
    def points_after(self) -> int:
        return self.points + self.value

    @property
    def reaches_end(self) -> bool:
        """After the close-out the trophies are worth 30 or more: the game ends at the end
        of this turn."""
        return self.points_after >= END_AT

    def outcome(self) -> CloseOutResult | None:
        """The trophy and the discards (None: no open collection)."""
        return close_out(self.collection) if self.collection is not None else None


@dataclass(frozen=True)
class Allowed:
    """What ``player`` may do now (``allowed``)."""

    player: str
    lays: tuple[LayChoice, ...]  # one for each of ``WAYS``, in its order
    close_out: CloseOutOffer
    end_game: str | None  # why the game may not end after this player's turn (None: it may)
    # The cards face up on the table: every player's trophies and open collections.
    face_up: tuple[Count, ...]
    # The player's own secret collection, known to the player only (None in ``seen_by``
    # another viewer); its cards count for the supply rule in ``lay``.
    secret: Collection | None
    # Set by ``seen_by`` another phone: the secret collection is recorded on its player's own phone.
    elsewhere: str | None = None

    def choice(self, collection: Which, new: bool) -> LayChoice:
        return next(c for c in self.lays if c.collection == collection and c.new == new)

    def lay(self, choice: LayChoice, values: Iterable[CardValue], bean: Bean | None = None) -> LayAnswer:
        """What laying ``values`` by way of ``choice`` gives (of its bean, or for a new
        collection of ``bean``): refused with the engine's reason, or the collection it
        makes; no entry yet while there is no card or no bean. Checked against the cards
        this answer knows of: face up, and the player's own secret collection."""
        values = tuple(values)
        bean = choice.bean or bean
        if choice.refused is not None:
            return LayAnswer(None, choice.refused, None, 0)
        if not values or bean is None:
            return LayAnswer(None, None, None, 0)
        known = Counter({Card(bean=b, value=v): n for b, v, n in self.face_up if b == bean})
        if self.secret is not None and self.secret.bean == bean:
            known.update(self.secret.cards)
        action = Lay(player=self.player, collection=choice.collection, new=choice.new, bean=bean, values=values)
        try:
            check_supply(known, action.cards)
        except RulesError as exc:
            return LayAnswer(None, str(exc), None, 0)
        after = Collection(bean=bean, values=choice.holds + values)
        return LayAnswer(action, None, after, worth(after))

    def seen_by(self, viewer: str | None) -> "Allowed":
        """This answer as the phone of ``viewer`` may see it (None: an onlooker): for
        another player's phone, without this player's secret collection, whose lays are
        then recorded on this player's own phone (``elsewhere`` says so)."""
        if viewer == self.player:
            return self
        note = _("{player}'s secret collection is recorded on {player}'s own phone.").format(player=isolated(self.player))
        lays = tuple(replace(c, bean=None, holds=(), refused=c.refused or note) if c.collection == "secret" else c
                     for c in self.lays)
        private = any(c.collection == "secret" and c.refused is None for c in self.lays)
        return replace(self, lays=lays, secret=None, elsewhere=note if private else None)


def face_up(state: State) -> tuple[Count, ...]:
    """How many of each card lie face up on the table."""
    cards = [(c.bean, c.value) for sheet in state.players for c in sheet.trophies]
    for sheet in state.players:
        if sheet.open_collection is not None:
            bean = sheet.open_collection.bean
            cards += [(bean, v) for v in sheet.open_collection.values]
    return tuple((bean, value, n) for (bean, value), n in Counter(cards).items())


def _where_refused(sheet: PlayerSheet, which: Which, new: bool) -> str | None:
    return _refusal(lambda: check_where(sheet, which, new))


def _lay_choices(sheet: PlayerSheet, turn: str | None) -> tuple[LayChoice, ...]:
    choices = []
    for which, new in WAYS:
        current = None if new else (sheet.open_collection if which == "open" else sheet.secret_collection)
        refused = turn or _where_refused(sheet, which, new)
        choices.append(LayChoice(which, new, current.bean if current else None,
                                 current.values if current else (), refused))
    return tuple(choices)


def allowed(state: State, player: str) -> Allowed:
    """What ``player`` may do now, each refused action with the engine's reason
    (``apply`` asks the same checks). A name that is not a player's is refused everything."""
    try:
        check_not_over(state)
        sheet = state.player(player)
    except RulesError as exc:
        return _refused(player, exc.reason)
    return _allowed(state, sheet, face_up(state))


def allowed_every(state: State) -> tuple[Allowed, ...]:
    """``allowed(state, player)`` for every player, in seating order (what they share is
    worked out once)."""
    try:
        check_not_over(state)
    except RulesError as exc:
        return tuple(_refused(name, exc.reason) for name in state.names)
    table = face_up(state)
    return tuple(_allowed(state, sheet, table) for sheet in state.players)


def _allowed(state: State, sheet: PlayerSheet, table: tuple[Count, ...]) -> Allowed:
    last = _refusal(lambda: in_the_last_turn(state, sheet))
    turn = last or _refusal(lambda: check_turn(state, sheet.name, lay=True))  # one lay, in the player's turn
    before = last or _refusal(lambda: check_turn(state, sheet.name, lay=False))  # close-outs before the lay
    offer = CloseOutOffer(
        collection=sheet.open_collection,
        refused=before or _refusal(lambda: check_close_out(sheet, False)),
        forced_refused=before or _refusal(lambda: check_close_out(sheet, True)),
        points=sheet.trophy_points,
        secret_cards=len(sheet.secret_collection.values) if sheet.secret_collection else 0,
    )
    return Allowed(player=sheet.name, lays=_lay_choices(sheet, turn), close_out=offer,
                   end_game=_refusal(lambda: _check_game_end(state, sheet)), face_up=table,
                   secret=sheet.secret_collection)


def _check_game_end(state: State, sheet: PlayerSheet) -> None:
    """What ``apply`` checks of an ``end-game`` held to the turn."""
    check_end(sheet)
    check_turn_over(state, sheet)


def grounds(state: State, player: str) -> Hashable:
    """What ``allowed(state, player)`` reads of the state: the players, whether the game is
    over or in its last turn, whose turn it is and who laid last, the cards face up, and the
    player's own sheet; never another player's face-down cards (equal grounds, equal answers)."""
    reached = state.reached
    own = state.player(player) if player in state.names else None
    return (state.names, state.ended_by, state.turn_over, reached.name if reached else None, state.turn,
            state.laid, face_up(state), own)


def _refused(player: str, reason: str) -> Allowed:
    lays = tuple(LayChoice(which, new, None, (), reason) for which, new in WAYS)
    return Allowed(player=player, lays=lays, close_out=CloseOutOffer(None, reason, reason, 0, 0),
                   end_game=reason, face_up=(), secret=None)
