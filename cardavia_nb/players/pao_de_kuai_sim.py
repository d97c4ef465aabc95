"""Fast Pao De Kuai simulation on rank counts for the High player: Low's policy on counts (the model
of the other seats) and playouts to the end with the §7 settlement.

Suits never matter after the opening play, so a hand is a list of 16 counts indexed by rank
(3..15, 15 = the 2♠); a move is a ``(shape, size, key)`` combination. The must-beat test is the
rules' own ``can_beat`` and every amount comes from ``scoring``; the beaters, passes and settlement
kept here in this fast encoding are checked against the engine by property tests
(``tests/test_pao_de_kuai_sim.py``).
"""

from __future__ import annotations

from cardavia_nb.games.pao_de_kuai.rules import ACE, BOMBS, HEAVENLY, HEAVENLY_STRENGTH, TWO, Combo, can_beat
from cardavia_nb.games.pao_de_kuai.rules import rank_counts as counts_of
from cardavia_nb.games.pao_de_kuai.scoring import TWO_CHARGE, BOMB_CHARGE, bonus_amount, card_charge

Move = tuple  # (shape, size, key)


def is_bomb_rank(c: list[int], r: int) -> bool:
    """Whether rank r of this hand is part of a bomb."""
    return (c[r] == 4) if r < ACE else (r == ACE and c[r] == 3)


def strength(move: Move) -> int:
    """Bomb strength (four of a kind by rank, aces 14, heavenly 99), 0 for ordinary plays."""
    shape = move[0]
    return HEAVENLY_STRENGTH if shape == HEAVENLY else move[2] if shape in BOMBS else 0


def remove(c: list[int], move: Move) -> None:
    """Take a move's cards out of rank counts."""
    shape, size, key = move
    if shape == "straight":
        for r in range(key - size + 1, key + 1):
            c[r] -= 1
    elif shape == "pair_run":
        for r in range(key - size // 2 + 1, key + 1):
            c[r] -= 2
    else:
        c[key] -= size


def _run_top(c: list[int], k: int, length: int, above: int) -> int:
    """The lowest top rank (> above) of a run of ``length`` ranks with ≥ k cards each, or 0."""
    streak = 0
    for r in range(3, ACE + 1):
        streak = streak + 1 if c[r] >= k else 0
        if streak >= length and r > above:
            return r
    return 0


def bombs_above(c: list[int], level: int) -> list[Move]:
    """The hand's bombs stronger than ``level``, weakest first."""
    if 4 not in c and c[ACE] != 3:
        return []
    out = [("bomb", 4, r) for r in range(max(3, level + 1), ACE) if c[r] == 4]
    if level < ACE and c[ACE] == 3:
        out.append(("aces", 3, ACE))
    return out


def ordinary_beater(c: list[int], top: Move) -> Move | None:
    """The lowest ordinary combination beating ``top`` without breaking a bomb, or None."""
    shape, size, key = top
    if shape in ("single", "pair", "triple"):
        hi = TWO if shape == "single" else ACE if shape == "pair" else 13
        for r in range(key + 1, hi + 1):
            if c[r] >= size and not is_bomb_rank(c, r):
                return (shape, size, r)
        return None
    if shape == "straight":
        r = _run_top(c, 1, size, key)
    elif shape == "pair_run":
        r = _run_top(c, 2, size // 2, key)
    else:
        return None
    return (shape, size, r) if r else None


def set_move(c: list[int], r: int) -> Move:
    """All the hand's cards of rank r as one play (single, pair, triple, or a bomb)."""
    k = c[r]
    return (("single", "pair", "aces" if r == ACE else "triple", "bomb")[k - 1], k, r)


def whole_hand(c: list[int]) -> Move | None:
    """The single combination that empties this hand, if there is one (four 3s are a plain bomb)."""
    ranks = [r for r in range(3, 16) if c[r]]
    lo, hi, k = ranks[0], ranks[-1], c[ranks[0]]
    if lo == hi:
        return set_move(c, lo)
    if hi == TWO or hi - lo + 1 != len(ranks) or any(c[r] != k for r in ranks):
        return None
    if k == 1 and len(ranks) >= 5:
        return ("straight", len(ranks), hi)
    return ("pair_run", 2 * len(ranks), hi) if k == 2 else None


def lowest_rank(move: Move) -> int:
    """The lowest rank a move uses."""
    shape, size, key = move
    return key - size + 1 if shape == "straight" else key - size // 2 + 1 if shape == "pair_run" else key


def breaks_bomb_rank(c: list[int], move: Move) -> bool:
    """Whether an ordinary move takes cards from a bomb of the hand."""
    return any(is_bomb_rank(c, r) for r in range(lowest_rank(move), move[2] + 1))


def _runs_from(c: list[int], r: int, k: int, shortest: int) -> list[Move]:
    """Every straight (k=1, 5+ ranks) or run of pairs (k=2, 2+ ranks) starting at rank r."""
    out, length = [], 0
    while r + length <= ACE and c[r + length] >= k:
        length += 1
        if length >= shortest:
            out.append(("straight", length, r + length - 1) if k == 1 else ("pair_run", 2 * length, r + length - 1))
    return out


def low_lead(c: list[int]) -> Move:
    """The lead Low makes (``players.pao_de_kuai.low_key`` on rank counts): go out if possible, else
    the ordinary play keeping bombs whole, then holding the lowest rank, the most cards, the lowest key."""
    out = whole_hand(c)
    if out:
        return out
    options = []
    for r in range(3, 16):
        if c[r]:
            options += [(("single", "pair", "triple")[k - 1], k, r) for k in range(1, min(c[r], 3) + 1)
                        if not (k == 3 and r == ACE)]
            options += _runs_from(c, r, 1, 5) + _runs_from(c, r, 2, 2)
    return min(options, key=lambda m: (breaks_bomb_rank(c, m), lowest_rank(m), -m[1], m[2]))


def low_respond(c: list[int], top: Move) -> Move | None:
    """The answer Low makes: going out first, else the lowest ordinary beater keeping bombs whole,
    then one breaking a bomb, then the weakest bomb; None (pass) only when nothing beats."""
    shape, size, key = top
    beaters: list[Move] = []
    if shape in ("single", "pair", "triple"):
        hi = TWO if shape == "single" else ACE if shape == "pair" else 13
        beaters = [(shape, size, r) for r in range(key + 1, hi + 1) if c[r] >= size]
    elif shape in ("straight", "pair_run"):
        k = 1 if shape == "straight" else 2
        beaters = [(shape, size, t) for t in range(key + 1, ACE + 1)
                   if all(c[r] >= k for r in range(lowest_rank((shape, size, t)), t + 1))]
    bombs = bombs_above(c, strength(top)) if shape != "heavenly" else []
    total = sum(c)
    out = [m for m in beaters + bombs if m[1] == total]
    whole = [m for m in beaters if not breaks_bomb_rank(c, m)]
    return (out or whole or beaters or bombs or [None])[0]


def settle_counts(counts: list[list[int]], played: list[bool], winner: int, bonus: list[int]) -> list[int]:
    """Final scores (§7) from rank counts, has-played flags, the winner and bonuses so far."""
    scores = list(bonus)
    for s in range(3):
        if s == winner:
            continue
        c = counts[s]
        pay = card_charge(sum(c), played[s]) + (TWO_CHARGE if c[TWO] else 0) + BOMB_CHARGE * len(bombs_above(c, 0))
        scores[s] -= pay
        scores[winner] += pay
    return scores


def control_then_out(counts: list[list[int]], seat: int) -> Move | None:
    """A lead that neither other hand can beat and leaves a hand playable in one go, or None."""
    c = counts[seat]
    for r in range(TWO, 2, -1):
        if not c[r]:
            continue
        move = set_move(c, r)
        if any(can_beat(counts[s], move) for s in range(3) if s != seat):
            continue
        c[r] = 0
        rest = whole_hand(c) if any(c) else None
        c[r] = move[1]
        if rest:
            return move
    return None


def rollout(counts: list[list[int]], played: list[bool], top: Move | None, owner: int, response: bool,
            passes: int, turn: int, policy=None) -> list[int]:
    """Play to the end with Low's policy for every seat; returns the deal scores.

    ``policy`` (an object with ``lead(counts, seat, danger)`` and ``respond(counts, seat, top, danger)``,
    e.g. ``pao_de_kuai_plan.PlanPolicy``) replaces Low's policy."""
    bonus = [0, 0, 0]
    sizes = [sum(c) for c in counts]
    for _ in range(400):
        c = counts[turn]
        danger = sizes[(turn + 1) % 3] == 1
        if top is None:
            move = policy.lead(counts, turn, danger) if policy else low_lead(c)
        else:
            move = policy.respond(counts, turn, top, danger) if policy else low_respond(c, top)
            if move is None:
                passes += 1
                if passes == 2:
                    if response and top[0] in BOMBS:
                        for s in range(3):
                            bonus[s] += bonus_amount(owner, s)
                    top, turn, passes = None, owner, 0
                else:
                    turn = (turn + 1) % 3
                continue
        response = top is not None
        remove(c, move)
        sizes[turn] -= move[1]
        played[turn] = True
        top, owner, passes = move, turn, 0
        if not sizes[turn]:
            if response and move[0] in BOMBS:
                for s in range(3):
                    bonus[s] += bonus_amount(turn, s)
            return settle_counts(counts, played, turn, bonus)
        turn = (turn + 1) % 3
    raise RuntimeError("A rollout did not finish.")


def combo_move(combo: Combo) -> Move:
    """A Combo as a rollout move."""
    return (combo.shape, combo.size, combo.key)


__all__ = [
    "Move", "bombs_above", "breaks_bomb_rank", "combo_move", "control_then_out", "counts_of", "is_bomb_rank",
    "low_lead", "low_respond", "lowest_rank", "ordinary_beater", "remove", "rollout", "set_move", "settle_counts",
    "strength", "whole_hand",
]
