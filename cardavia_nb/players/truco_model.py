"""Truco opponent model: what one opponent's calls and answers have meant so far in this match.

High keeps the views it was shown (one per deal, per seat: public facts only) and reads from the
deals already finished how this opponent decides: for each habit (open envido, accept envido, call
truco, accept truco) a posterior over "says yes with a hand above a threshold, or anyway with a
bluff rate". A player who calls envido on every hand soon has its calls read as saying nothing.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations
from typing import Any, Sequence

from cardavia_nb.games.truco import CARDS, ENVIDO_CALLS, HAND_SIZE, POWER, TRUCO_CALLS, envido_value, seen_by_seat

RATES = tuple(i / 10 for i in range(11))  # bluff rates of the hypotheses


def top_two(cards: Sequence[str]) -> int:
    """Sum of the two best trick powers among cards (the hand strength truco habits are read on)."""
    return sum(sorted((POWER[c] for c in cards), reverse=True)[:2])


def chain_need(chain: Sequence[str]) -> int:
    """How much more envido a sound player wants to accept this chain than a single envido."""
    if "falta_envido" in chain:
        return 4
    return 2 if len(chain) > 1 or "real_envido" in chain else 0


@lru_cache(maxsize=None)
def _prior(score: str) -> tuple[tuple[int, float], ...]:
    """Distribution of a three-card hand's envido value or top-two power over all 9,880 hands."""
    f = envido_value if score == "envido" else top_two
    counts: dict[int, int] = {}
    for hand in combinations(CARDS, HAND_SIZE):
        x = f(hand)
        counts[x] = counts.get(x, 0) + 1
    total = sum(counts.values())
    return tuple((x, n / total) for x, n in sorted(counts.items()))


def _sound(x: float, threshold: int) -> float:
    """The chance a sound (non-bluffing) player says yes with score x: a soft step at the threshold."""
    return 1 / (1 + math.exp((threshold - x) / 1.5))


@lru_cache(maxsize=None)
def _marginals(score: str, thresholds: tuple[int, ...]) -> dict[int, float]:
    """Chance a sound player says yes with a hand it has not shown, per threshold."""
    return {t: sum(p * _sound(x, t) for x, p in _prior(score)) for t in thresholds}


class Habit:
    """One kind of yes/no decision: P(yes | score) = rate + (1 - rate) * sound(score, threshold),
    averaged over a posterior on (rate, threshold) from the observations of this match."""

    def __init__(self, score: str, thresholds: Sequence[int], rate_prior: float):
        """``score`` is "envido" or "power"; the prior favours sound play (small bluff rates)."""
        self.score = score
        self.hyps = [(r, t) for r in RATES for t in thresholds]
        self.prior = [(1 - r) ** 2 + rate_prior for r, _ in self.hyps]
        self.post = self._normalise(self.prior)
        self.memo: dict[float, float] = {}
        self.marginal = _marginals(score, tuple(thresholds))

    @staticmethod
    def _normalise(weights: Sequence[float]) -> list[float]:
        total = sum(weights)
        return [w / total for w in weights]

    def fit(self, observations: Sequence[tuple[bool, float | None]]) -> None:
        """Posterior from (said yes, score or None when the hand stayed hidden) observations."""
        logs = [math.log(p) for p in self.prior]
        marginal = self.marginal
        for yes, x in observations:
            for i, (r, t) in enumerate(self.hyps):
                p = r + (1 - r) * (marginal[t] if x is None else _sound(x, t))
                logs[i] += math.log(max(p if yes else 1 - p, 1e-9))
        top = max(logs)
        self.post = self._normalise([math.exp(v - top) for v in logs])
        self.memo = {}

    def p_yes(self, x: float) -> float:
        """Posterior chance of a yes with score x (memoised: scores are small integers)."""
        if x not in self.memo:
            self.memo[x] = sum(w * (r + (1 - r) * _sound(x, t)) for w, (r, t) in zip(self.post, self.hyps))
        return self.memo[x]

    def bluff_rate(self) -> float:
        """Posterior mean bluff rate (for explanations and benchmarks)."""
        return sum(w * r for w, (r, _) in zip(self.post, self.hyps))


def _observations(view: Any) -> dict[str, list[tuple[bool, float | None]]]:
    """What one finished deal (the last view of it) shows of the opponent's four habits."""
    me, opp = view.seat, 1 - view.seat
    shown = seen_by_seat(view)[opp]
    full = len(shown) == HAND_SIZE
    env = view.envido_values[opp] if view.envido_values else (envido_value(shown) if full else None)
    power = top_two(shown) if full else None
    out: dict[str, list[tuple[bool, float | None]]] = {"open": [], "accept": [], "truco": [], "taccept": []}
    calls = [(c.seat, c.action.split(":")[-1]) for c in view.calls]
    envido = [(seat, name) for seat, name in calls if name in ENVIDO_CALLS]
    if envido and envido[0][0] == opp:
        out["open"].append((True, env))
    elif (envido and view.mano == opp) or (not envido and shown):
        out["open"].append((False, env))
    chain: list[str] = []
    pending = None  # the habit the opponent's next call or answer tells about
    for seat, name in calls:
        if seat == opp and pending is not None:
            yes = name != "no_quiero"
            kind, need = pending
            x = env if kind == "accept" else power
            out[kind].append((yes, None if x is None else x - need))
        pending = None
        if name in ENVIDO_CALLS:
            chain.append(name)
            if seat == me:
                pending = ("accept", chain_need(chain))
        elif name in TRUCO_CALLS:
            if seat == opp:
                out["truco"].append((True, power))
            else:
                pending = ("taccept", 0)
    if not any(seat == opp and name in TRUCO_CALLS for seat, name in calls) and len(shown) >= 2:
        out["truco"].append((False, power))
    return out


class OpponentModel:
    """The opponent's habits in the current match, from the views one seat was shown."""

    def __init__(self) -> None:
        """An empty memory (a new match starts from the priors)."""
        self.deals: dict[int, Any] = {}
        self.fitted: int | None = None  # the deal whose earlier deals the habits were fitted on
        self.habits = self._fresh()

    @staticmethod
    def _fresh() -> dict[str, Habit]:
        return {"open": Habit("envido", (24, 27, 30), 0.05), "accept": Habit("envido", (23, 26, 29), 0.1),
                "truco": Habit("power", (15, 18, 21), 0.05), "taccept": Habit("power", (13, 16, 19), 0.1)}

    def observe(self, view: Any) -> None:
        """Remember the latest view of this deal; a view that cannot continue the match starts afresh."""
        last = self.deals.get(view.deal_no)
        later = [d for d in self.deals if d > view.deal_no]
        if later or (last is not None and last.original_hand != view.original_hand):
            self.__init__()
        self.deals[view.deal_no] = view

    def habit(self, view: Any, kind: str) -> Habit:
        """A habit fitted on every deal before the one of ``view``."""
        if view.deal_no != self.fitted:
            self.fitted = view.deal_no
            obs: dict[str, list] = {k: [] for k in self.habits}
            for d in sorted(d for d in self.deals if d < view.deal_no):
                for k, rows in _observations(self.deals[d]).items():
                    obs[k].extend(rows)
            for k, h in self.habits.items():
                h.fit(obs[k])
        return self.habits[kind]

    def call_weight(self, view: Any, opp_original: Sequence[str]) -> float:
        """How likely this opponent hand makes the opponent's calls and answers of the current deal."""
        opp = 1 - view.seat
        env, power = envido_value(tuple(opp_original)), top_two(opp_original)
        weight, chain, pending = 1.0, [], False
        for call in view.calls:
            name = call.action.split(":")[-1]
            if call.seat == opp and pending and name in TRUCO_CALLS + ("quiero",):
                weight *= self.habit(view, "taccept").p_yes(power)
            pending = False
            if name in ENVIDO_CALLS:
                chain.append(name)
                if call.seat == opp:
                    kind = "open" if len(chain) == 1 else "accept"
                    weight *= self.habit(view, kind).p_yes(env - (chain_need(chain) if len(chain) > 1 else 0))
            elif name in TRUCO_CALLS:
                if call.seat == opp:
                    weight *= self.habit(view, "truco").p_yes(power)
                else:
                    pending = True
        return weight

    def accepts_envido(self, view: Any, chain: Sequence[str], opp_env: int) -> float:
        """Chance the opponent accepts (or raises) the envido chain with this envido value."""
        return self.habit(view, "accept").p_yes(opp_env - chain_need(chain))

    def accepts_truco(self, view: Any, opp_original: Sequence[str]) -> float:
        """Chance the opponent accepts a truco-family call with this hand."""
        return self.habit(view, "taccept").p_yes(top_two(opp_original))


__all__ = ["OpponentModel", "Habit", "top_two", "chain_need"]
