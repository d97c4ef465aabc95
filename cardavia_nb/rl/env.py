"""``CardEnv``: one game as a PettingZoo AEC environment (seeded resets, masked fixed action space).

Each agent's observation is built from ``game.observe(state, its seat)`` only: for every field of the
view, which cards of the pack appear in it and one number (the value, or the length of a list).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Game, jsonable
from cardavia_nb.core.rng import derive
from cardavia_nb.games import get as get_game
from cardavia_nb.rl.moves import MoveSpace


def _cards_in(value: Any, found: set[str]) -> None:
    """Every string inside plain JSON data."""
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _cards_in(item, found)
    elif isinstance(value, list):
        for item in value:
            _cards_in(item, found)


def _number(value: Any) -> float:
    """A field as one number: its value (bools as 0/1), a list's length, else 0."""
    if isinstance(value, (bool, int, float)):
        return float(value)
    if isinstance(value, (list, dict)):
        return float(len(value))
    return 0.0


def encode_view(view: Any, cards: tuple[str, ...]) -> np.ndarray:
    """A view as a flat float vector: per field, a 0/1 per card of the pack and one number."""
    index = {c: i for i, c in enumerate(cards)}
    fields = [f.name for f in dataclasses.fields(view)]
    out = np.zeros(len(fields) * (len(cards) + 1), dtype=np.float32)
    for k, name in enumerate(fields):
        data = jsonable(getattr(view, name))
        found: set[str] = set()
        _cards_in(data, found)
        base = k * (len(cards) + 1)
        for card in found & index.keys():
            out[base + index[card]] = 1.0
        out[base + len(cards)] = _number(data)
    return out


class CardEnv(AECEnv):
    """A game of Cardavia for PettingZoo: agents ``seat_0``...; reward = the game's payoff at the end."""

    metadata = {"name": "cardavia_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(self, game: Game | str = "truco", render_mode: str | None = None):
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        self.render_mode = render_mode
        self.moves = MoveSpace(self.game)
        self.cards = tuple(c.id for c in deck(self.game.pack))
        self.possible_agents = [f"seat_{s}" for s in range(self.game.num_players)]
        probe = self.game.observe(self.game.new(0), 0)
        size = len(encode_view(probe, self.cards))
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (len(self.moves),), np.int8),
        })
        self._act_space = spaces.Discrete(len(self.moves))
        self._seed: int | None = None
        self._resets = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal: from ``seed`` if given, else the next deal after the last seeded one."""
        if seed is not None:
            self._seed, self._resets = seed, 0
        deal = derive("rl-deal", self._seed if self._seed is not None else 0, self._resets)
        self._resets += 1
        self.state = self.game.new(deal)
        self.picked: frozenset[str] = frozenset()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.to_act]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's own view as a vector, and its action mask (all zero when it is not its turn)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(len(self.moves), dtype=np.int8)
        if self.state.to_act == seat:
            mask[:] = self.moves.mask(self.game.legal_actions(self.state), self.picked)
        return {"observation": encode_view(self.game.observe(self.state, seat), self.cards), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Pick a card, play a move, or (after the end) leave the game."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        move, self.picked = self.moves.resolve(self.game.legal_actions(self.state), self.picked, int(action))
        if move is not None:
            self.state = self.game.apply(self.state, move)
        if self.state.to_act is None:
            result = self.game.result(self.state)
            self.rewards = {a: float(result.payoffs[s]) for s, a in enumerate(self.possible_agents)}
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.to_act]
        self._accumulate_rewards()

    def render(self) -> None:
        """Nothing to draw: the tables live in the notebooks."""

    def close(self) -> None:
        """Nothing to release."""


def env(game: str = "truco", render_mode: str | None = None) -> CardEnv:
    """The PettingZoo AEC environment of ``game``."""
    return CardEnv(game, render_mode)
