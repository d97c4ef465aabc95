"""Fast Pao De Kuai simulation on rank counts for the High player: a rollout policy, playouts to the
end with the §7 settlement (a seat that can lead an unbeatable play and then go out does so),
and a sampler of hidden hands consistent with a view's passes.

Suits never matter after the opening play, so a hand is a list of 16 counts indexed by rank
(3..15, 15 = the 2♠); a move is a ``(shape, size, key)`` combination.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardavia_nb.games.pao_de_kuai.rules import ACE, DECK_IDS, RANK, TWO, Combo
from cardavia_nb.games.pao_de_kuai.view import PdkView

Move = tuple  # (shape, size, key)
BOMB_SHAPES = ("bomb", "aces", "heavenly")


def counts_of(cards: Sequence[str]) -> list[int]:
    """Rank counts of some cards."""
    c = [0] * 16
    for cid in cards:
        c[RANK[cid]] += 1
    return c


def is_bomb_rank(c: list[int], r: int) -> bool:
    """Whether rank r of this hand is part of a bomb."""
    return (c[r] == 4) if r < ACE else (r == ACE and c[r] == 3)


def strength(move: Move) -> int:
    """Bomb strength (four of a kind by rank, aces 14, heavenly 99), 0 for ordinary plays."""
    shape = move[0]
    return 99 if shape == "heavenly" else move[2] if shape in ("bomb", "aces") else 0


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


def has_beater(c: list[int], top: Move) -> bool:
    """Whether a hand (rank counts) holds any combination that beats ``top``."""
    if top[0] == "heavenly":
        return False
    if bombs_above(c, strength(top)):
        return True
    if top[0] in BOMB_SHAPES:
        return False
    shape, size, key = top
    if shape in ("single", "pair", "triple"):
        hi = TWO if shape == "single" else ACE if shape == "pair" else 13
        return any(c[r] >= size and not (shape == "triple" and r == ACE) for r in range(key + 1, hi + 1))
    return ordinary_beater(c, top) is not None


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


def lead_move(c: list[int], danger: bool) -> Move:
    """The rollout lead: go out if possible, else shed the lowest rank in its longest shape.

    With ``danger`` (the next seat has one card left) a single is led only as a last resort, highest.
    """
    out = whole_hand(c)
    if out:
        return out
    ranks = [r for r in range(3, 16) if c[r] and not is_bomb_rank(c, r) and r != TWO]
    if not ranks:
        bombs = bombs_above(c, 0)
        return bombs[0] if bombs else ("single", 1, TWO)
    for r in ranks:
        length = 0
        while r + length <= ACE and c[r + length] >= 1:
            length += 1
        if length >= 5:
            return ("straight", length, r + length - 1)
        if c[r] == 2:
            pairs = 0
            while r + pairs <= ACE and c[r + pairs] >= 2:
                pairs += 1
            if pairs >= 2:
                return ("pair_run", 2 * pairs, r + pairs - 1)
        if c[r] >= 2 or not danger:
            return (("single", "pair", "triple")[c[r] - 1], c[r], r)
    top = max(r for r in range(3, 16) if c[r] and not is_bomb_rank(c, r))
    return ("single", 1, top)


def respond_move(c: list[int], top: Move, danger: bool) -> Move | None:
    """The rollout answer: the lowest ordinary beater (the highest single in danger), else the
    weakest bomb; None (pass) only when nothing beats."""
    if danger and top[0] == "single":
        for r in range(TWO, top[2], -1):
            if c[r] and not is_bomb_rank(c, r):
                return ("single", 1, r)
    move = ordinary_beater(c, top) if top[0] not in BOMB_SHAPES else None
    if move:
        return move
    bombs = bombs_above(c, strength(top)) if top[0] != "heavenly" else []
    return bombs[0] if bombs else None


def settle_counts(counts: list[list[int]], played: list[bool], winner: int, bonus: list[int]) -> list[int]:
    """Final scores (§7) from rank counts, has-played flags, the winner and bonuses so far."""
    scores = list(bonus)
    for s in range(3):
        if s == winner:
            continue
        c = counts[s]
        pay = sum(c) * (1 if played[s] else 2) + (10 if c[TWO] else 0) + 10 * len(bombs_above(c, 0))
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
        if any(has_beater(counts[s], move) for s in range(3) if s != seat):
            continue
        c[r] = 0
        rest = whole_hand(c) if any(c) else None
        c[r] = move[1]
        if rest:
            return move
    return None


def rollout(counts: list[list[int]], played: list[bool], top: Move | None, owner: int, response: bool,
            passes: int, turn: int, policy=None) -> list[int]:
    """Play to the end with the rollout policy for every seat; returns the deal scores.

    ``policy`` (an object with ``lead(counts, seat, danger)`` and ``respond(counts, seat, top, danger)``,
    e.g. ``pao_de_kuai_plan.PlanPolicy``) replaces the simple policy of this module."""
    bonus = [0, 0, 0]
    sizes = [sum(c) for c in counts]
    for _ in range(400):
        c = counts[turn]
        danger = sizes[(turn + 1) % 3] == 1
        if top is None:
            move = (sizes[turn] <= 10 and control_then_out(counts, turn)) or (
                policy.lead(counts, turn, danger) if policy else lead_move(c, danger))
        else:
            move = policy.respond(counts, turn, top, danger) if policy else respond_move(c, top, danger)
            if move is None:
                passes += 1
                if passes == 2:
                    if response and top[0] in BOMB_SHAPES:
                        for s in range(3):
                            bonus[s] += 20 if s == owner else -10
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
            if response and move[0] in BOMB_SHAPES:
                for s in range(3):
                    bonus[s] += 20 if s == turn else -10
            return settle_counts(counts, played, turn, bonus)
        turn = (turn + 1) % 3
    raise RuntimeError("A rollout did not finish.")


# --- sampling hidden hands ---------------------------------------------------------------------

def pass_constraints(view: PdkView) -> list[tuple[int, Move, list[str]]]:
    """For each pass by another seat: (seat, the play it could not beat, cards it played later).

    Under must-beat a pass proves the passer held no beater of the top at that moment; its hand then
    was its current hand plus everything it played afterwards.
    """
    found = []
    top, passes = None, 0
    history = view.history
    for i, p in enumerate(history):
        if not p.is_pass:
            top, passes = (p.shape, p.size, p.key), 0
            continue
        if p.seat != view.seat and top is not None:
            later = [c for q in history[i + 1:] if q.seat == p.seat for c in q.cards]
            found.append((p.seat, top, later))
        passes += 1
        if passes == 2:
            top, passes = None, 0
    return found


def unseen_cards(view: PdkView) -> list[str]:
    """The cards the seat cannot see: not in its hand, not played, not out of play."""
    seen = set(view.hand) | set(view.out_of_play) | {c for p in view.history for c in p.cards}
    return [c for c in DECK_IDS if c not in seen]


def violations(hands: dict[int, list[str]], constraints: list[tuple[int, Move, list[str]]]) -> int:
    """How many pass constraints a candidate world breaks."""
    bad = 0
    for seat, top, later in constraints:
        if has_beater(counts_of(hands[seat] + later), top):
            bad += 1
    return bad


def sample_worlds(view: PdkView, n: int, rand: random.Random, tries: int = 60) -> list[dict[int, list[str]]]:
    """Up to ``n`` deals of the unseen cards to the two other seats (sizes kept) that respect every
    pass; a world that cannot be repaired by swaps within ``tries`` steps is dropped."""
    others = [s for s in range(3) if s != view.seat]
    pool = unseen_cards(view)
    size = view.counts[others[0]]
    constraints = pass_constraints(view)
    worlds = []
    for _ in range(n):
        rand.shuffle(pool)
        hands = {others[0]: pool[:size], others[1]: pool[size:]}
        bad = violations(hands, constraints) if constraints else 0
        step = 0
        while bad and step < tries:
            step += 1
            a, b = hands[others[0]], hands[others[1]]
            if not a or not b:
                break
            i, j = rand.randrange(len(a)), rand.randrange(len(b))
            a[i], b[j] = b[j], a[i]
            now = violations(hands, constraints)
            if now <= bad:
                bad = now
            else:
                a[i], b[j] = b[j], a[i]
        if not bad:
            worlds.append({s: list(h) for s, h in hands.items()})
    return worlds


def combo_move(combo: Combo) -> Move:
    """A Combo as a rollout move."""
    return (combo.shape, combo.size, combo.key)
