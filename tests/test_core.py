"""The foundation: cards, seeds, records, arena and the conformance suite on the toy game."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from cardavia_nb.core import arena, testing
from cardavia_nb.core.cards import card, deck, parse
from cardavia_nb.core.game import IllegalAction, World
from cardavia_nb.core.record import Record, RecordError, replay
from cardavia_nb.core.rng import check_seed, derive
from cardavia_nb.players.base import RandomPlayer
from tests.toy_game import IDS, Toy


def test_pack_sizes():
    sizes = {n: len(deck(n)) for n in ("spanish40", "spanish50", "french54", "pao_de_kuai48", "tarot78")}
    assert sizes == {"spanish40": 40, "spanish50": 50, "french54": 54, "pao_de_kuai48": 48, "tarot78": 78}
    for name in sizes:
        assert len({c.id for c in deck(name)}) == sizes[name]


def test_pao_de_kuai_pack_keeps_only_the_spade_two_and_three_aces():
    ids = {c.id for c in deck("pao_de_kuai48")}
    assert "2S" in ids and not ids & {"2H", "2D", "2C", "AH", "BJ", "RJ"}
    assert {"AS", "AD", "AC"} <= ids


def test_spanish_40_has_no_eights_nines_or_jokers():
    ranks = {c.rank for c in deck("spanish40")}
    assert ranks == {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}


def test_parse_guesses_a_unique_pack_and_refuses_ambiguity():
    assert [c.id for c in parse("1E 7O 12C")] == ["1E", "7O", "12C"]
    assert parse("T21 EX NC")[0].pack == "tarot"
    assert parse("AS 2S")[1].rank == 2
    with pytest.raises(ValueError, match="several packs"):
        parse("10S")
    assert parse("10S", pack="tarot")[0].rank == 10
    with pytest.raises(ValueError, match="not a card"):
        card("13E", "spanish")


@pytest.mark.parametrize("bad", [-1, 2**64, "7", 1.5, True, None])
def test_bad_seeds_are_refused_in_words(bad):
    with pytest.raises(ValueError, match="seed"):
        check_seed(bad)


def test_derive_is_stable_across_processes():
    assert derive("deal", 7, 0) == derive("deal", 7, 0) != derive("deal", 7, 1)
    assert derive("x") == 11526013474567227925 & (2**63 - 1) or derive("x") < 2**63


def test_conformance_suite_passes_on_the_toy_game():
    testing.check_all(Toy(), [lambda s: RandomPlayer(s)], list(range(20)),
                      [RandomPlayer(1), RandomPlayer(2)])


def test_playouts_are_played_once_per_game_and_seed_and_shared():
    game = Toy()
    first, again = testing.playout(game, 4), testing.playout(game, 4)
    assert first == again and all(a[0] is b[0] for a, b in zip(first, again))
    first.clear()  # each caller gets its own list
    assert testing.playout(game, 4) == again
    noisy = testing.playout(game, 4, noise=True)
    assert noisy == again and noisy[0][0] is not again[0][0]
    assert testing.playout(Toy(), 4)[0][0] is not again[0][0]


def toy_worlds(view, rand, n):
    """Deals for the Toy's first move: the seat's own hand, and 3 of the unseen cards for the other seat."""
    unseen = [c for c in IDS if c not in view.hand]
    hands = [(view.hand, tuple(rand.sample(unseen, 3))) for _ in range(n)]
    return [World({"hands": pair if view.seat == 0 else pair[::-1]}, ()) for pair in hands]


def swapped_worlds(view, rand, n):
    """A broken sampler: the seat's own hand goes to the other seat."""
    return [World({"hands": w.setup["hands"][::-1]}, ()) for w in toy_worlds(view, rand, n)]


def foreign_worlds(view, rand, n):
    """A broken sampler: its worlds say the seat played a card the other seat holds."""
    return [World(w.setup, (f"play:{w.setup['hands'][1][0]}",)) for w in toy_worlds(view, rand, n)]


def bare_worlds(view, rand, n):
    """A broken sampler: plain setups instead of World values."""
    return [w.setup for w in toy_worlds(view, rand, n)]


def test_the_sampler_check_deals_every_world_with_the_engine():
    assert testing.check_sampler(Toy(), toy_worlds, range(5), max_states=1) > 0
    for sampler, words in ((swapped_worlds, "another view"), (foreign_worlds, "is illegal"), (bare_worlds, "World values")):
        with pytest.raises(AssertionError, match=words):
            testing.check_sampler(Toy(), sampler, [1], max_states=1)
    with pytest.raises(ValueError, match="two hands of 3"):
        Toy().new(1, hands=[IDS[:3], IDS[2:5]])


class _Mutating(Toy):
    """A broken game whose apply mutates a list inside its input."""

    def new(self, seed, **setup):
        state = super().new(seed)
        object.__setattr__(state, "stock", list(state.stock))
        return state

    def _apply(self, s, action):
        s.stock.append(s.stock.pop(0))
        return super()._apply(s, action)


def test_conformance_catches_a_mutating_apply():
    with pytest.raises(AssertionError, match="changed its input"):
        testing.check_no_mutation_and_illegal(_Mutating(), [1])


class _Leaky(Toy):
    """A broken game whose view shows the opponent's hand."""

    def observe(self, s, seat):
        return (super().observe(s, seat), s.hands[1 - seat])


def test_conformance_catches_a_leaking_view():
    with pytest.raises(AssertionError, match="view depends on hidden cards"):
        testing.check_hidden_invariance(_Leaky(), lambda s: RandomPlayer(s), [1])


def test_illegal_action_leaves_state_and_says_why():
    game = Toy()
    state = game.new(3)
    other = game.new(3)
    with pytest.raises(IllegalAction, match="not a move"):
        game.apply(state, "play:99Z")
    not_mine = next(c for c in other.hands[1])
    assert game.why_illegal(state, f"play:{not_mine}") == "That move is not allowed here."
    assert state == other


def test_record_json_round_trip_and_replay():
    game = Toy()
    final, record = arena.play(game, [RandomPlayer(1), RandomPlayer(2)], seed=5)
    text = record.to_json()
    assert json.loads(text)["game"] == "toy"
    assert replay(game, Record.from_json(text)) == final


@pytest.mark.parametrize(
    "text, words",
    [
        ("not json", "not valid JSON"),
        ("[]", "format"),
        ('{"format": "cardavia-record/1", "game": "toy", "seed": -4, "actions": []}', "seed"),
        ('{"format": "cardavia-record/1", "game": "toy", "seed": 1, "actions": [3]}', "actions"),
        ('{"format": "cardavia-record/1", "seed": 1, "actions": []}', "which game"),
    ],
)
def test_corrupt_records_are_refused_in_words(text, words):
    with pytest.raises(RecordError, match=words):
        Record.from_json(text)


def test_mismatched_record_is_refused():
    game = Toy()
    _, record = arena.play(game, [RandomPlayer(1), RandomPlayer(2)], seed=5)
    wrong = Record("toy", 5, ("play:1E",) + record.actions)
    with pytest.raises(RecordError, match="Move 1"):
        replay(game, wrong) if "play:1E" not in replay(game, Record("toy", 5)).hands[0] else replay(
            game, Record("toy", 5, ("play:99Z",)))
    with pytest.raises(RecordError, match="cannot be replayed as toy"):
        replay(game, Record("truco", 5))


def test_arena_rotates_seats_and_reports_intervals():
    game = Toy()
    players = [RandomPlayer(1, "A"), RandomPlayer(2, "B")]
    table, played = arena.play_seeds(game, players, seeds=range(50))
    assert len(played) == 100 and {g.lineup for g in played} == {(0, 1), (1, 0)}
    assert sum(s.games for s in table) == 200
    for s in table:
        assert s.win_low <= s.win_rate <= s.win_high
    # zero-sum duplicate deals: the two entrants' payoffs cancel exactly
    assert abs(table[0].mean_payoff + table[1].mean_payoff) < 1e-12


def test_arena_runs_on_a_caller_executor_with_the_same_figures():
    game = Toy()
    players = [RandomPlayer(1, "A"), RandomPlayer(2, "B")]
    serial, _ = arena.play_seeds(game, players, seeds=range(20))
    with ThreadPoolExecutor(2) as pool:
        parallel, _ = arena.play_seeds(game, players, seeds=range(20), executor=pool)
    assert serial == parallel


def test_wilson_interval():
    low, high = arena.wilson(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert arena.rotations(3, 2) == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]


def test_protocol_defaults_speak_and_check_selections():
    game = Toy()
    state = game.new(3)
    card = state.hands[state.to_act][0]
    assert game.check_selection(state, [card]) == (game.action(f"play:{card}"), None)
    assert game.check_selection(state, [card, card])[1].key == "core.illegal_generic"
    assert game.presets(state) == ()
    assert game.label(f"play:{card}", "en").startswith("Play ")
    event = game.apply(state, f"play:{card}").events[-1]
    line = game.describe(event)
    assert line.text("en", reader=event.seat).startswith("You play ")
    assert line.text("fr", reader=event.seat + 1).startswith(f"Ordinateur {event.seat + 1} joue ")


def test_every_game_is_generic_over_its_state_and_view():
    import typing

    from cardavia_nb.games import REGISTRY, get

    for name in REGISTRY:
        game = get(name)
        base = next(b for b in type(game).__orig_bases__ if typing.get_origin(b) is not None)
        state_type, view_type = typing.get_args(base)
        start = game.new(1)
        assert isinstance(start, state_type) and isinstance(game.observe(start, 0), view_type)
