"""The conformance suite every game passes: call ``check_all(game, player_factories)`` from a test.

Each check raises AssertionError with a sentence naming the seed and move where the game broke a
property of the protocol. States must compare by value (``==``) for the mutation checks.
"""

from __future__ import annotations

import copy
import random
import weakref
from collections import Counter
from typing import Any, Callable, Iterable, Sequence

from cardavia_nb.core.arena import play
from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action, Game, IllegalAction, World
from cardavia_nb.core.record import Record, replay
from cardavia_nb.core.rng import derive, rng

GARBAGE_IDS: tuple[Any, ...] = ("", "nonsense", "play:", "play:ZZ", "call:", ":", "0" * 200, 42, None, 3.5)
MAX_MOVES = 20_000


def playout(game: Game, seed: int, noise: bool = False) -> list[tuple[Any, Action | None]]:
    """A uniformly random game from ``seed``: the list of (state, action taken) ending with (final, None).

    The checks share it: each game object plays a seed once (its states are immutable values) and
    every later call gets a new list of the same steps. With ``noise`` the global ``random`` module is
    disturbed between moves and the game is always played anew; a game that reads it would then
    diverge, which ``check_determinism`` catches.
    """
    if noise:
        return _play(game, seed, noise=True)
    played = _PLAYED.setdefault(game, {})
    if seed not in played:
        played[seed] = tuple(_play(game, seed, noise=False))
    return list(played[seed])


_PLAYED: weakref.WeakKeyDictionary[Game, dict[int, tuple]] = weakref.WeakKeyDictionary()
"""Each game object's playouts by seed, kept as long as the game object lives."""


def _play(game: Game, seed: int, noise: bool) -> list[tuple[Any, Action | None]]:
    """Play the random game of ``playout`` move by move."""
    choose = rng("playout", seed)
    state = game.new(seed)
    steps: list[tuple[Any, Action | None]] = []
    for _ in range(MAX_MOVES):
        if state.to_act is None:
            steps.append((state, None))
            return steps
        legal = game.legal_actions(state)
        assert legal, f"{game.name} seed {seed}: seat {state.to_act} must act but has no legal action."
        action = choose.choice(legal)
        if noise:
            random.seed(len(steps) * 7919 + seed)
            random.random()
        steps.append((state, action))
        state = game.apply(state, action)
    raise AssertionError(f"{game.name} seed {seed}: no end after {MAX_MOVES} moves.")


def _cards(game: Game, state: Any) -> Counter:
    places = game.card_places(state)
    return Counter(c for cards in places.values() for c in cards)


def check_playouts(game: Game, seeds: Iterable[int]) -> int:
    """Random games reach the end with a result; every seat can be observed at every step;
    cards are conserved; payoffs sum to zero in zero-sum games. Returns the number of moves."""
    pack = Counter(c.id for c in deck(game.pack))
    moves = 0
    for seed in seeds:
        for state, _ in playout(game, seed):
            assert _cards(game, state) == pack, f"{game.name} seed {seed}: cards not conserved."
            for seat in range(game.num_players):
                game.observe(state, seat)
            moves += 1
        final = state
        result = game.result(final)
        assert result is not None, f"{game.name} seed {seed}: game over but no result."
        assert len(result.payoffs) == game.num_players
        if game.zero_sum:
            assert abs(sum(result.payoffs)) < 1e-9, f"{game.name} seed {seed}: payoffs {result.payoffs} do not sum to 0."
        assert game.legal_actions(final) == (), f"{game.name} seed {seed}: moves offered after the end."
    return moves


def check_no_mutation_and_illegal(game: Game, seeds: Iterable[int], per_state: int = 6) -> None:
    """``apply`` never changes its input; moves outside ``legal_actions`` (ids seen elsewhere,
    garbage) raise IllegalAction with a sentence and leave the state as it was."""
    pool: set[str] = set()
    all_steps = [playout(game, seed) for seed in seeds]
    for steps in all_steps:
        pool.update(a.id for _, a in steps if a is not None)
    pool_list = sorted(pool)
    for seed, steps in zip(seeds, all_steps):
        pick = rng("illegal", seed)
        for move, (state, action) in enumerate(steps):
            snapshot = copy.deepcopy(state)
            if action is not None:
                assert game.why_illegal(state, action) is None, f"{game.name} seed {seed} move {move}: a legal move has a reason to be illegal."
                game.apply(state, action)
                assert state == snapshot, f"{game.name} seed {seed} move {move}: apply({action.id}) changed its input state."
            legal_ids = {a.id for a in game.legal_actions(state)}
            candidates = [i for i in pick.sample(pool_list, min(per_state, len(pool_list))) if i not in legal_ids]
            for bad in candidates + list(GARBAGE_IDS):
                try:
                    game.apply(state, bad)
                except IllegalAction as err:
                    assert str(err).strip(), f"{game.name}: IllegalAction for {bad!r} has no sentence."
                else:
                    raise AssertionError(f"{game.name} seed {seed} move {move}: illegal {bad!r} was accepted.")
                reason = game.why_illegal(state, bad)
                assert reason, f"{game.name} seed {seed} move {move}: why_illegal({bad!r}) gave no reason."
                assert state == snapshot, f"{game.name} seed {seed} move {move}: rejected {bad!r} changed the state."


def check_determinism(game: Game, seeds: Iterable[int]) -> None:
    """The same seed gives the same game even when the global ``random`` is disturbed in between."""
    for seed in seeds:
        a = playout(game, seed)
        b = playout(game, seed, noise=True)
        assert [x.id for _, x in a if x] == [x.id for _, x in b if x], f"{game.name} seed {seed}: moves differ."
        assert a[-1][0] == b[-1][0], f"{game.name} seed {seed}: final states differ."
        assert game.new(seed) == game.new(seed), f"{game.name} seed {seed}: new() is not reproducible."


def check_records(game: Game, players: Sequence[Any], seeds: Iterable[int]) -> None:
    """A played game's record survives JSON and replays to the identical final state."""
    for seed in seeds:
        final, record = play(game, players, seed)
        again = Record.from_json(record.to_json())
        assert again == record, f"{game.name} seed {seed}: the record changed through JSON."
        assert replay(game, again) == final, f"{game.name} seed {seed}: replay differs from the game."


def check_hidden_invariance(game: Game, make_player: Callable[[int], Any], seeds: Iterable[int],
                            max_states: int = 60) -> int:
    """Shuffling the cards a seat cannot see changes neither its view nor its player's decision.

    Returns how many tested states the shuffle really changed (the caller asserts it is > 0,
    so the check cannot pass vacuously).
    """
    changed = 0
    for seed in seeds:
        player = make_player(seed)
        shuffle = rng("hidden", seed)
        steps = playout(game, seed)[:-1]
        for state, _ in steps[:max_states]:
            seat = state.to_act
            other = game.shuffle_hidden(state, seat, shuffle)
            assert _cards(game, other) == _cards(game, state), f"{game.name}: shuffle_hidden lost cards."
            changed += other != state
            view, view2 = game.observe(state, seat), game.observe(other, seat)
            assert view == view2, f"{game.name} seed {seed}: seat {seat}'s view depends on hidden cards."
            legal, legal2 = game.legal_actions(state), game.legal_actions(other)
            assert legal == legal2, f"{game.name} seed {seed}: legal moves depend on hidden cards."
            twin = copy.deepcopy(player)  # the same memory of earlier views, if the player keeps one
            first = player.choose(game, view, legal)
            second = twin.choose(game, view2, legal2)
            assert first == second, f"{game.name} seed {seed}: {player!r} chose {first.id} then {second.id}."
    return changed


Sampler = Callable[[Any, random.Random, int], Sequence[World]]
"""The one sampler signature: ``sample_worlds(view, rand, n)`` -> up to ``n`` worlds consistent with ``view``."""


def check_sampler(game: Game, sample_worlds: Sampler, seeds: Iterable[int], n: int = 4,
                  max_states: int = 40) -> int:
    """Every world a sampler draws for the seat to act is a real deal under the engine's own rules:
    dealt with ``game.new(other_seed, **world.setup)`` (a seed unrelated to the game's, so a world
    cannot lean on it), its moves replayed one by one, each legal, it gives that seat the identical
    view. Returns how many worlds put some card elsewhere than the real game does (the caller asserts
    it is > 0, so the check cannot pass on worlds that only copy what the seat sees)."""
    differ = 0
    for seed in seeds:
        for step, (state, _) in enumerate(playout(game, seed)[:-1][:max_states]):
            seat = state.to_act
            view = game.observe(state, seat)
            worlds = sample_worlds(view, rng("sampler", seed, step), n)
            assert worlds, f"{game.name} seed {seed} step {step}: the sampler gave no world."
            for world in worlds:
                assert isinstance(world, World), f"{game.name}: a sampler must return World values, not {world!r}."
                dealt = game.new(derive("world", seed, step), **world.setup)
                for index, move in enumerate(world.moves):
                    reason = game.why_illegal(dealt, move)
                    assert reason is None, (f"{game.name} seed {seed} step {step}: move {index} ({move}) of a "
                                            f"sampled world is illegal: {reason}")
                    dealt = game.apply(dealt, move)
                assert game.observe(dealt, seat) == view, (
                    f"{game.name} seed {seed} step {step}: a sampled world gives seat {seat} another view.")
                differ += game.card_places(dealt) != game.card_places(state)
    return differ


def check_all(game: Game, make_players: Sequence[Callable[[int], Any]], seeds: Sequence[int],
              record_players: Sequence[Any]) -> None:
    """Every check above: ``record_players`` play the recorded games, each of ``make_players``
    (seed -> player) is tested for hidden-card invariance."""
    check_playouts(game, seeds)
    check_no_mutation_and_illegal(game, seeds[:5])
    check_determinism(game, seeds[:5])
    check_records(game, record_players, seeds[:5])
    for make in make_players:
        assert check_hidden_invariance(game, make, seeds[:4]) > 0, f"{game.name}: the hidden shuffle never changed a state."
