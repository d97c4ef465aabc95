"""Pao De Kuai computer players. Each sees only its view (own hand + public facts).

Low: the lowest beating combination, small leads, bombs only when forced or to go out.
High: keeps the suit-distinct plays down to one per rank pattern, ranks them by how they shape the
rest of the hand (fewest leads needed, control cards kept), then plays every short-listed move
out in worlds sampled consistently with the view (passes under must-beat prove a lack of beaters;
the others' leads and answers are read as Low's: nothing lower to lead, no cheaper beater) and picks
the best mean deal score, bonuses and end-of-deal charges included.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

from cardavia_nb.core.game import Action, Game
from cardavia_nb.games.pao_de_kuai.rules import ACE, RANK, TWO, Combo, classify_ranks
from cardavia_nb.games.pao_de_kuai.state import PaoDeKuaiView
from cardavia_nb.i18n import Signed
from cardavia_nb.players.base import BasePlayer, explanation, reason, remembered
from cardavia_nb.players.pao_de_kuai_plan import PlanPolicy
from cardavia_nb.players.pao_de_kuai_sim import combo_move, counts_of, is_bomb_rank, remove, rollout
from cardavia_nb.players.pao_de_kuai_worlds import held_now, sample_worlds


def combo_of(action: Action, view: PaoDeKuaiView) -> Combo:
    """The combination an action plays (four 3s are heavenly only at the opening)."""
    return classify_ranks(sorted(RANK[c] for c in action.cards), view.opening)


def breaks_bomb(action: Action, hand_counts: list[int]) -> bool:
    """Whether a play takes cards of a rank that forms a bomb in the hand (callers exclude bombs)."""
    return any(is_bomb_rank(hand_counts, RANK[c]) for c in action.cards)


def low_key(action: Action, view: PaoDeKuaiView, counts: list[int]) -> tuple:
    """Low's preference (smaller is better): go out, avoid bombs and broken bombs, then small."""
    combo = combo_of(action, view)
    out = len(action.cards) != len(view.hand)
    broken = not combo.is_bomb and breaks_bomb(action, counts)
    if view.top is None:
        return (out, combo.is_bomb, broken, min(RANK[c] for c in action.cards), -combo.size, combo.key)
    return (out, combo.is_bomb, broken, combo.strength)


_reason = partial(reason, "pao_de_kuai")  # an explanation as the message ``pao_de_kuai.ai.<key>``


class LowPlayer(BasePlayer):
    """Basic hand strength only: lowest beater, smallest lead, bombs only when forced or to go out."""

    level = "low"
    default_name = "Low"

    def _ranked(self, view: PaoDeKuaiView, legal: Sequence[Action]) -> list[Action]:
        """Legal actions, preferred first (stable for ties)."""
        if legal[0].kind == "pass":
            return list(legal)
        counts = counts_of(view.hand)
        return sorted(legal, key=lambda a: low_key(a, view, counts))

    def choose(self, game: Game, view: PaoDeKuaiView, legal: Sequence[Action]) -> Action:
        """The first action of Low's preference order."""
        return self._ranked(view, legal)[0]

    def explain(self, game: Game, view: PaoDeKuaiView, legal: Sequence[Action]) -> list[dict[str, Any]]:
        """Candidates in Low's order, the chosen one with value 1."""
        ranked = self._ranked(view, legal)
        first = "forced_pass" if ranked[0].kind == "pass" else "smallest_lead" if view.top is None else "lowest_beater"
        return [explanation(a, 1.0 if i == 0 else 0.0, _reason(first if i == 0 else "larger"))
                for i, a in enumerate(ranked[:8])]


def plan_cost(c: list[int]) -> float:
    """Roughly how many leads a hand needs: groups of equal rank, merged into straights and runs
    of pairs when that saves leads; high groups (K, A, 2) and bombs win control and count less."""
    c = list(c)
    cost = 0.0
    for k, shortest in ((1, 5), (2, 2)):
        r = 3
        while r <= ACE:
            length = 0
            while r + length <= ACE and c[r + length] >= k and not is_bomb_rank(c, r + length):
                length += 1
            saved = sum(1 for x in range(r, r + length) if c[x] == k) - 1
            if length >= shortest and saved > 0:
                for x in range(r, r + length):
                    c[x] -= k
                cost += 1
                r += length
            else:
                r += 1
    for r in range(3, 16):
        if c[r]:
            cost += 0.0 if is_bomb_rank(c, r) else 0.4 if r >= 13 else 1.0
    return cost


class HighPlayer(BasePlayer):
    """Plans its hand, tracks played cards, counts and passes, and searches by sampled rollouts.

    ``rollouts`` fixes the search effort (deterministic, no clock): about that many playouts per
    decision, shared among at most ``width`` short-listed moves.
    """

    level = "high"
    default_name = "High"
    repr_fields = ("seed", "rollouts", "plan")

    def __init__(self, seed: int = 0, name: str | None = None, rollouts: int = 240, width: int = 6,
                 plan: str = "self"):
        """A High player with its seed, search effort and the seats its rollouts plan for: "self"
        (the others play the simple policy, like Low opponents), "all", or "none"."""
        super().__init__(seed, name)
        self.rollouts = rollouts
        self.width = width
        self.plan = plan

    def _shortlist(self, view: PaoDeKuaiView, legal: Sequence[Action]) -> list[tuple[float, Action, Combo]]:
        """One action per rank pattern, ordered by the plan cost of the hand left (then by key)."""
        counts = counts_of(view.hand)
        seen, out = set(), []
        for action in legal:
            pattern = tuple(sorted(RANK[c] for c in action.cards))
            if pattern in seen:
                continue
            seen.add(pattern)
            combo = combo_of(action, view)
            left = list(counts)
            remove(left, combo_move(combo))
            spend = (combo.is_bomb and view.top is None) * 2.0 + (TWO in pattern) * 0.5
            out.append((plan_cost(left) + spend + combo.key / 100, action, combo))
        out.sort(key=lambda t: t[0])
        return out[:self.width]

    @remembered
    def _analyse(self, view: PaoDeKuaiView, legal: Sequence[Action]) -> list[dict[str, Any]]:
        """Every short-listed move with its mean rollout score, best first."""
        if len(legal) == 1:
            return [{"action": legal[0], "value": 0.0, "reason": _reason("only")}]
        for action in legal:
            if len(action.cards) == len(view.hand):
                return [{"action": action, "value": 100.0, "reason": _reason("out")}]
        short = self._shortlist(view, legal)
        rand = self.decision_rng(view)
        worlds = sample_worlds(view, rand, max(6, self.rollouts // len(short)))
        if not worlds or len(short) == 1:
            return [{"action": a, "value": -cost, "reason": _reason("plan")} for cost, a, _ in short]
        me = view.seat
        mine = counts_of(view.hand)
        dealt = [[mine if s == me else counts_of(hand) for s, hand in enumerate(hands)]
                 for hands in held_now(view, worlds)]
        planners = {"self": (me,), "all": (0, 1, 2), "none": ()}[self.plan]
        policy = PlanPolicy(planners) if planners else None
        results = []
        for cost, action, combo in short:
            total = 0.0
            move = combo_move(combo)
            for world in dealt:
                counts = [list(c) for c in world]
                remove(counts[me], move)
                played = list(view.has_played)
                played[me] = True
                total += rollout(counts, played, move, me, view.top is not None, 0, (me + 1) % 3,
                                 policy)[me]
            mean = total / len(worlds)
            results.append({"action": action, "value": mean,
                            "reason": _reason("mean", mean=Signed(round(mean, 1)), deals=len(worlds), cost=round(cost, 1))})
        results.sort(key=lambda d: -d["value"])
        return results

    def choose(self, game: Game, view: PaoDeKuaiView, legal: Sequence[Action]) -> Action:
        """The move with the best mean rollout score."""
        return self._analyse(view, legal)[0]["action"]

    def explain(self, game: Game, view: PaoDeKuaiView, legal: Sequence[Action]) -> list[dict[str, Any]]:
        """Per short-listed move: id, mean sampled score, the reason in English and as a message."""
        return [explanation(d["action"], d["value"], d["reason"]) for d in self._analyse(view, legal)]


__all__ = ["HighPlayer", "LowPlayer", "plan_cost"]
