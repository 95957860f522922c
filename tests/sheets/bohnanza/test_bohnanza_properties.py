"""Property tests (testing.md, layer 1): random action sequences against the Bohnanza rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.bohnanza import BEANS, RULES, Bean, BuyField, DeckExhausted, Harvest, Plant
from sheets.errors import RulesError
from sheets.game import fold

NAMES = ["Ann", "Ben", "Cem", "Dee", "Eve"]

players = st.integers(min_value=3, max_value=5).map(lambda n: NAMES[:n])


# How often each kind is entered, as at the table: many plants, fewer harvests, rare passes.
KINDS = ["plant"] * 16 + ["harvest"] * 8 + ["buy-field"] * 2 + ["deck-exhausted"]


BEANS_IN_ORDER = list(Bean)
# One entry as a few small numbers, read against the state it meets (cheap to draw and to shrink).
STEP = st.tuples(
    st.integers(0, len(KINDS) - 1),  # kind
    st.integers(0, 4),  # player
    st.integers(0, 2),  # field
    st.integers(0, len(BEANS_IN_ORDER) - 1),  # bean
    st.integers(1, 5),  # count
    st.integers(0, 4),  # 0: anything at all, else what a player would do
)


def entry(state, step):
    """Mostly what a player would do in ``state``, sometimes anything at all."""
    kind, seat, field, bean, count, wild = step
    wild = wild == 0
    if KINDS[kind] == "deck-exhausted":
        return DeckExhausted()
    player = state.names[seat % len(state.names)]
    if KINDS[kind] == "buy-field":
        return BuyField(player=player)
    fields = state.player(player).fields
    if KINDS[kind] == "harvest":
        planted = [n for n, f in enumerate(fields, start=1) if f.bean is not None]
        number = field + 1 if wild or not planted else planted[field % len(planted)]
        return Harvest(player=player, field=number)
    number = field + 1 if wild else field % len(fields) + 1
    grows = fields[number - 1].bean if number <= len(fields) else None
    chosen = grows if grows is not None and not wild else BEANS_IN_ORDER[bean]
    return Plant(player=player, field=number, bean=chosen, count=count)


@st.composite
def games(draw):
    """Players and a log of entries, each read against the state it meets."""
    names = draw(players)
    state, log = RULES.new_game({"players": names}), []
    length = draw(st.integers(0, 150))  # long games too: a real one has a few hundred entries
    for step in draw(st.lists(STEP, min_size=length, max_size=length)):
        action = entry(state, step)
        log.append(action)
        try:
            state = RULES.apply(state, action)
        except RulesError:
            pass
    return names, log


def play(names, log, check_refusals=False):
    """Apply each entry; yield the state and the accepted entries after each accepted one."""
    state = RULES.new_game({"players": names})
    accepted = []
    for action in log:
        before = state.model_dump() if check_refusals else None
        try:
            state = RULES.apply(state, action)
        except RulesError:
            if check_refusals:
                assert state.model_dump() == before  # a rejected action leaves the state equal
            continue
        accepted.append(action)
        yield state, accepted


def on_table(state, bean):
    """Counted here independently of the engine: fields + coin cards + discard pile."""
    fields = sum(f.count for farmer in state.players for f in farmer.fields if f.bean == bean)
    coins = sum(farmer.coins[bean] for farmer in state.players)
    return fields + coins + state.discard[bean]


@settings(max_examples=100, deadline=None)
@given(games())
def test_random_play_never_breaks_supply_and_refusals_change_nothing(game):
    """bohnanza.md card counts; rulebook: one bean per field, two fields (three once bought);
    testing.md: a rejected action leaves the state equal to before."""
    names, log = game
    for state, _ in play(names, log, check_refusals=True):
        for bean in Bean:
            assert on_table(state, bean) <= BEANS[bean].cards
        for farmer in state.players:
            assert len(farmer.fields) in (2, 3) and farmer.total >= 0
            for field in farmer.fields:
                assert (field.bean is None) == (field.count == 0)
        assert 1 <= state.deck_pass <= 3
        if state.over:
            assert all(f.bean is None for farmer in state.players for f in farmer.fields)


@settings(max_examples=50, deadline=None)
@given(games(), st.randoms())
def test_totals_do_not_depend_on_player_order(game, rnd):
    """testing.md: scores never depend on player order."""
    names, log = game
    shuffled = list(names)
    rnd.shuffle(shuffled)
    first = [s for s, _ in play(names, log)]
    second = [s for s, _ in play(shuffled, log)]
    assert len(first) == len(second)
    if first:
        a, b = RULES.result(first[-1]), RULES.result(second[-1])
        assert {p.name: (p.total, p.rank) for p in a.players} == {p.name: (p.total, p.rank) for p in b.players}
        assert set(a.winners) == set(b.winners)


@settings(max_examples=50, deadline=None)
@given(games())
def test_replaying_the_accepted_log_gives_the_same_state(game):
    """testing.md: replaying a saved action log gives the same state."""
    names, log = game
    last, accepted = RULES.new_game({"players": names}), []
    for last, accepted in play(names, log):
        pass
    replayed = fold(RULES, {"players": names}, [a.model_dump(mode="json") for a in accepted])
    assert replayed == last


@settings(max_examples=50, deadline=None)
@given(games())
def test_a_finished_game_exports_and_imports_to_the_same_result(game):
    """score-files.md: the app exports every finished game and imports it back."""
    names, log = game
    states = [s for s, _ in play(names, log + [DeckExhausted()] * 3)]
    end = states[-1]
    assert RULES.is_over(end)
    setup, imported = RULES.import_file(RULES.export(end))
    again = fold(RULES, setup, imported)
    assert RULES.result(again) == RULES.result(end)
    assert RULES.score_file(RULES.export(end)) == RULES.result(end)
