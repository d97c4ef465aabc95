"""Pao De Kuai planning playout policy: play the hand as a plan of few plays, keep control, save bombs.

Used by High's rollouts (on rank counts of a sampled world, where "what is out" is known exactly):
a lead sheds the lowest play of the hand's plan that someone can still beat, and cashes unbeatable
plays first when only one beatable play would remain; an answer takes the beater that leaves the
fewest plays, saves the 2♠ and bombs while a plain beater exists (must-beat leaves no other choice
about bombs), and a bomb is never led while a plain play is left.
"""

from __future__ import annotations

from cardavia_nb.games.pao_de_kuai.rules import ACE, BOMBS, TWO, can_beat
from cardavia_nb.players.pao_de_kuai_sim import (
    Move, bombs_above, control_then_out, is_bomb_rank, low_lead, low_respond, ordinary_beater,
    remove, set_move, strength, whole_hand,
)


def plan(c: list[int]) -> list[Move]:
    """A split of the hand into few plays: bombs whole, runs that save plays, then rank groups."""
    c = list(c)
    moves: list[Move] = [set_move(c, r) for r in range(3, ACE + 1) if is_bomb_rank(c, r)]
    for move in moves:
        remove(c, move)
    for k, shortest in ((1, 5), (2, 2)):
        r = 3
        while r <= ACE:
            length = 0
            while r + length <= ACE and c[r + length] >= k:
                length += 1
            saved = sum(1 for x in range(r, r + length) if c[x] == k) - 1
            if length >= shortest and saved > 0:
                move = ("straight", length, r + length - 1) if k == 1 else ("pair_run", 2 * length, r + length - 1)
                remove(c, move)
                moves.append(move)
                r += length
            else:
                r += 1
    moves.extend(set_move(c, r) for r in range(3, TWO + 1) if c[r])
    return moves


def _beatable(counts: list[list[int]], seat: int, move: Move) -> bool:
    """Whether another seat holds something that beats ``move``."""
    return any(can_beat(counts[s], move) for s in range(3) if s != seat)


def plan_lead(counts: list[list[int]], seat: int, danger: bool) -> Move:
    """The planning lead (see the module docstring): going out, or with ten cards or fewer an unbeatable
    play that leaves a hand playable in one go, first; with ``danger`` singles go last, highest first."""
    c = counts[seat]
    out = whole_hand(c) or (sum(c) <= 10 and control_then_out(counts, seat))
    if out:
        return out
    moves = plan(c)
    plain = [m for m in moves if m[0] not in BOMBS]
    loose = [m for m in plain if _beatable(counts, seat, m)]
    safe = [m for m in plain if m not in loose]
    if safe and len(loose) <= 1:
        return max(safe, key=lambda m: (m[1], m[2]))
    if loose:
        pool = [m for m in loose if m[0] != "single"] if danger else loose
        if pool:
            return min(pool, key=lambda m: (m[2] - (m[1] - 1) * 0.5, -m[1]))
        return max(loose, key=lambda m: m[2])
    if safe:
        return min(safe, key=lambda m: m[2])
    return min(moves, key=strength)


def plan_respond(counts: list[list[int]], seat: int, top: Move, danger: bool) -> Move | None:
    """The planning answer: the beater that leaves the hand the fewest plays (the 2♠ counts half a
    play more, lower first), a bomb only when nothing else beats (must-beat); None (pass) only when
    nothing beats."""
    c = counts[seat]
    shape, size, key = top
    if shape not in BOMBS:
        if danger and shape == "single":
            for r in range(TWO, key, -1):
                if c[r] and not is_bomb_rank(c, r):
                    return ("single", 1, r)
        if shape in ("single", "pair", "triple"):
            hi = TWO if shape == "single" else ACE
            found = [(shape, size, r) for r in range(key + 1, hi + 1)
                     if c[r] >= size and not is_bomb_rank(c, r) and not (shape == "triple" and r == ACE)]
            if found:
                return min(found, key=lambda m: (_plays_left(c, m) + (m[2] == TWO) * 0.5, m[2]))
        move = ordinary_beater(c, top)
        if move:
            return move
    bombs = bombs_above(c, strength(top)) if shape != "heavenly" else []
    return bombs[0] if bombs else None


def _plays_left(c: list[int], move: Move) -> int:
    """How many plays the hand's plan needs after ``move``."""
    rest = list(c)
    remove(rest, move)
    return len(plan(rest))


class PlanPolicy:
    """The rollout policy in the shape ``pao_de_kuai_sim.rollout`` calls: planning for the seats in
    ``planners``, Low's policy (``pao_de_kuai_sim.low_lead``/``low_respond``) for the others."""

    def __init__(self, planners: tuple[int, ...] = (0, 1, 2)):
        """Plan for these seats."""
        self.planners = planners

    def lead(self, counts: list[list[int]], seat: int, danger: bool) -> Move:
        """A lead for ``seat``."""
        return plan_lead(counts, seat, danger) if seat in self.planners else low_lead(counts[seat])

    def respond(self, counts: list[list[int]], seat: int, top: Move, danger: bool) -> Move | None:
        """An answer for ``seat`` to ``top``."""
        if seat in self.planners:
            return plan_respond(counts, seat, top, danger)
        return low_respond(counts[seat], top)


__all__ = ["PlanPolicy", "plan", "plan_lead", "plan_respond"]
