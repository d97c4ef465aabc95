"""Games between players in this process, one (``play``) or duplicate deals on many seeds (``play_seeds``),
with win rates and mean payoffs and their 95% intervals. The class tournament between sandboxed bots
(``cardavia_nb.arena.tournament``) ranks its games with the same ``standings``.

Games run on any ``concurrent.futures`` executor the caller passes (threads, processes, Dask, Ray):
a class can spread its games over many machines without this module knowing about them.
"""

from __future__ import annotations

import math
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Sequence

from cardavia_nb.core.game import Game, Result
from cardavia_nb.core.playing import play_out
from cardavia_nb.core.record import Record
from cardavia_nb.core.text import Msg

Z95 = 1.959963984540054


def play(game: Game, players: Sequence[Any], seed: int, setup: dict | None = None) -> tuple[Any, Record]:
    """Play one game to its end; each player sees only ``game.observe(state, its seat)``."""
    if len(players) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} players, got {len(players)}.")
    state = game.new(seed, **(setup or {}))
    ids: list[str] = []
    for decision in play_out(game, state, players):
        ids.append(decision.action.id)
        state = decision.after
    return state, Record(game.name, seed, tuple(ids), dict(game.options), setup)


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a proportion (ties count one half)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval of the mean."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


@dataclass(frozen=True)
class Standing:
    """One entrant's figures over the games it played."""

    name: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_payoff: float
    payoff_low: float
    payoff_high: float

    def __str__(self) -> str:
        return (
            f"{self.name:>14}: won {self.win_rate:6.1%} [{self.win_low:.1%}, {self.win_high:.1%}] "
            f"of {self.games}; mean payoff {self.mean_payoff:+.3f} "
            f"[{self.payoff_low:+.3f}, {self.payoff_high:+.3f}]"
        )


@dataclass(frozen=True)
class Forfeit:
    """Why a game ended early: the seat whose bot broke an arena rule, the kind and the reason."""

    seat: int
    kind: str
    reason: Msg


@dataclass(frozen=True)
class PlayedGame:
    """What one played game contributes: entrant index per seat, the result, and a forfeit if any."""

    seed: int
    lineup: tuple[int, ...]
    result: Result
    record: Record
    forfeit: Forfeit | None = None


def _play_one(game: Game, players: Sequence[Any], lineup: tuple[int, ...], seed: int) -> PlayedGame:
    state, record = play(game, [players[i] for i in lineup], seed)
    result = game.result(state)
    assert result is not None
    return PlayedGame(seed, lineup, result, record)


def rotations(n_seats: int, n_entrants: int) -> list[tuple[int, ...]]:
    """Seat assignments that give every entrant every seat equally often.

    With two entrants and more seats, entrant 0 sits alone against copies of entrant 1 in each seat
    (``(0,1,1), (1,0,1), (1,1,0)``): the duplicate format the benchmarks use.
    """
    if n_entrants == n_seats:
        return [tuple((s + r) % n_seats for s in range(n_seats)) for r in range(n_seats)]
    if n_entrants == 2:
        return [tuple(0 if s == r else 1 for s in range(n_seats)) for r in range(n_seats)]
    raise ValueError("Give one entrant per seat, or two entrants (one against copies of the other).")


def play_seeds(game: Game, players: Sequence[Any], seeds: Sequence[int],
               executor: Executor | None = None,
               lineups: Sequence[tuple[int, ...]] | None = None) -> tuple[list[Standing], list[PlayedGame]]:
    """Play every seed under every lineup (all seat rotations by default): duplicate deals.

    Returns a standing per entrant and the list of played games. A win is a positive share of
    ``result.winners`` (shared wins count as a fraction).
    """
    lineups = list(lineups or rotations(game.num_players, len(players)))
    jobs = [(lineup, seed) for seed in seeds for lineup in lineups]
    if executor is None:
        played = [_play_one(game, players, lineup, seed) for lineup, seed in jobs]
    else:
        futures = [executor.submit(_play_one, game, players, lineup, seed) for lineup, seed in jobs]
        played = [f.result() for f in futures]
    return standings(players, played), played


def standings(players: Sequence[Any], played: Sequence[PlayedGame]) -> list[Standing]:
    """Win rate and mean payoff per entrant over played games (each seat taken counts once)."""
    out = []
    for index, player in enumerate(players):
        wins, payoffs = 0.0, []
        for g in played:
            for seat, entrant in enumerate(g.lineup):
                if entrant != index:
                    continue
                payoffs.append(g.result.payoffs[seat])
                if seat in g.result.winners:
                    wins += 1 / len(g.result.winners)
        n = len(payoffs)
        low, high = wilson(wins, n)
        mean, plow, phigh = mean_interval(payoffs)
        name = getattr(player, "name", type(player).__name__)
        out.append(Standing(name, n, wins, wins / n if n else 0.0, low, high, mean, plow, phigh))
    return out
