"""Fast Pao De Kuai simulation on rank counts for the High player: Low's policy on counts (the model
of the other seats), playouts to the end with the §7 settlement, and a sampler of hidden hands
consistent with a view's passes.

Suits never matter after the opening play, so a hand is a list of 16 counts indexed by rank
(3..15, 15 = the 2♠); a move is a ``(shape, size, key)`` combination.
"""

from __future__ import annotations

import random
from typing import Sequence

from cardavia_nb.games.pao_de_kuai.rules import ACE, DECK_IDS, RANK, TWO, Combo
from cardavia_nb.games.pao_de_kuai.state import PaoDeKuaiView

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

Constraint = tuple  # (seat, kind "pass" | "lead" | "answer", the play met or made, counts played since)


def play_constraints(view: PaoDeKuaiView) -> list[Constraint]:
    """What the other seats' plays tell about their hands then (their hand now plus what they played
    since): a pass under must-beat proves no beater of the top (a rule); a lead or an answer is
    expected to be as cheap as Low's (a model: no lower lead, no lower beater of the same shape; the
    opening lead, bound to the 3♥, tells nothing)."""
    found = []
    top, passes = None, 0
    history = view.history
    for i, p in enumerate(history):
        move = None if p.is_pass else (p.shape, p.size, p.key)
        if p.seat != view.seat and i > 0 and (move or top):
            since = counts_of([c for q in history[i:] if q.seat == p.seat for c in q.cards])
            kind = "pass" if move is None else "answer" if top else "lead"
            found.append((p.seat, kind, top if move is None else move, top, since))
        if move:
            top, passes = move, 0
            continue
        passes += 1
        if passes == 2:
            top, passes = None, 0
    return found


def unseen_cards(view: PaoDeKuaiView) -> list[str]:
    """The cards the seat cannot see: not in its hand, not played, not out of play."""
    seen = set(view.hand) | set(view.out_of_play) | {c for p in view.history for c in p.cards}
    return [c for c in DECK_IDS if c not in seen]


def _cheaper_play(now: list[int], since: list[int], kind: str, move: Move, top: Move | None) -> bool:
    """Whether a hand (``now`` plus ``since``) held a play Low prefers to ``move``: for a lead, a card
    below its lowest rank (bomb ranks aside); for an answer of one rank, a lower beater of the same
    shape (bombs kept whole)."""
    if kind == "lead":
        lo, hi, need = 3, lowest_rank(move), 1
    elif top is not None and move[0] == top[0] and move[0] in ("single", "pair", "triple"):
        lo, hi, need = top[2] + 1, move[2], move[1]
    else:
        return False
    held = [a + b for a, b in zip(now, since)]
    return any(held[r] >= need and not is_bomb_rank(held, r) for r in range(lo, hi))


def violations(now: dict[int, list[int]], constraints: list[Constraint]) -> tuple[int, int]:
    """How many rule constraints (passes) and model constraints (Low's lowest leads and cheapest
    answers) a candidate world (rank counts per other seat) breaks."""
    rule = model = 0
    for seat, kind, move, top, since in constraints:
        if kind == "pass":
            rule += has_beater([a + b for a, b in zip(now[seat], since)], top)
        else:
            model += _cheaper_play(now[seat], since, kind, move, top)
    return rule, model


def sample_worlds(view: PaoDeKuaiView, n: int, rand: random.Random, tries: int = 60) -> list[dict[int, list[str]]]:
    """Up to ``n`` deals of the unseen cards to the two other seats (sizes kept): random swaps repair
    each world towards fewer broken constraints (rules first, then the Low model) for ``tries``
    steps; a world still breaking a rule is dropped, one only at odds with the model is kept."""
    x, y = [s for s in range(3) if s != view.seat]
    pool = unseen_cards(view)
    size = view.counts[x]
    constraints = play_constraints(view)
    worlds = []
    for _ in range(n):
        rand.shuffle(pool)
        a, b = pool[:size], pool[size:]
        now = {x: counts_of(a), y: counts_of(b)}
        bad = violations(now, constraints) if constraints else (0, 0)
        step = 0
        while any(bad) and step < tries and a and b:
            step += 1
            i, j = rand.randrange(len(a)), rand.randrange(len(b))
            ra, rb = RANK[a[i]], RANK[b[j]]
            if ra == rb:
                continue
            _move_rank(now, x, y, ra, rb)
            found = violations(now, constraints)
            if found <= bad:
                bad = found
                a[i], b[j] = b[j], a[i]
            else:
                _move_rank(now, x, y, rb, ra)
        if not bad[0]:
            worlds.append({x: list(a), y: list(b)})
    return worlds


def _move_rank(now: dict[int, list[int]], x: int, y: int, rx: int, ry: int) -> None:
    """Rank counts after seat x gives a card of rank rx to seat y for one of rank ry."""
    now[x][rx] -= 1
    now[x][ry] += 1
    now[y][ry] -= 1
    now[y][rx] += 1


def combo_move(combo: Combo) -> Move:
    """A Combo as a rollout move."""
    return (combo.shape, combo.size, combo.key)
