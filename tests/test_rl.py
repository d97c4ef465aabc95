"""The PettingZoo environments: PettingZoo's own api_test, seeded resets, whole games, own view only."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from cardavia_nb.rl import env  # noqa: E402

GAMES = ["truco", "pao_de_kuai", "french_tarot"]


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test_passes(game):
    api_test(env(game), num_cycles=300)


def _random_game(e, seed: int) -> tuple[list[int], dict[str, float]]:
    """Play one game with masked random actions; the actions taken and the final rewards."""
    e.reset(seed=seed)
    pick, taken, totals = random.Random(seed), [], {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        action = pick.choice(np.flatnonzero(obs["action_mask"]).tolist())
        taken.append(action)
        e.step(action)
    return taken, totals


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_reset_replays_the_same_game_to_its_end(game):
    first, rewards = _random_game(env(game), 3)
    again, rewards_again = _random_game(env(game), 3)
    assert first == again and rewards == rewards_again
    assert any(rewards.values()) or game == "french_tarot"
    assert abs(sum(rewards.values())) < 1e-9  # zero-sum payoffs reach the agents


def test_a_card_pick_the_mask_forbids_is_refused_and_changes_nothing():
    e = env("truco")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    forbidden = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state
    with pytest.raises(ValueError, match="action mask"):
        e.step(forbidden)
    assert e.state is before


def test_observation_shows_only_the_acting_seats_view():
    e = env("truco")
    e.reset(seed=5)
    agent = e.agent_selection
    seat = e.possible_agents.index(agent)
    seen = e.observe(agent)["observation"]
    e.state = e.game.shuffle_hidden(e.state, seat, random.Random(9))  # other hands change, own cards do not
    assert np.array_equal(seen, e.observe(agent)["observation"])
    other = e.possible_agents[1 - seat]
    assert not e.observe(other)["action_mask"].any()


def test_multi_card_moves_are_built_one_card_at_a_time():
    e = env("pao_de_kuai")
    for seed in range(20):
        e.reset(seed=seed)
        legal = e.game.legal_actions(e.state)
        pair = next((a for a in legal if len(a.cards) == 2), None)
        if pair:
            break
    names, start = e.moves.index, e.state
    e.step(names[pair.cards[0]])
    assert e.picked == {pair.cards[0]} and e.state is start
    e.step(names[pair.cards[1]])
    if e.picked:  # a longer combination still contains both cards: close the move with done
        e.step(names["done"])
    assert not e.picked and e.state == e.game.apply(start, pair)
