"""The Pao De Kuai sampler: ways the cards a seat cannot see may lie, consistent with its view.

A world is the whole deal (each seat's 16 cards: the seat's own and every played card as they are,
the unseen ones drawn) and the public moves since, as ``core.game.World``. Passes under must-beat are
rules (a passer had no beater of the top then); the other seats' leads and answers are read as Low's
(nothing lower to lead, no cheaper beater) where the draw allows. ``core.testing.check_sampler`` deals
and replays the worlds with the engine.
"""

from __future__ import annotations

import random

from cardavia_nb.core.game import World
from cardavia_nb.games.pao_de_kuai.rules import DECK_IDS, PASS, RANK, can_beat, play_action
from cardavia_nb.games.pao_de_kuai.state import PaoDeKuaiView
from cardavia_nb.players.pao_de_kuai_sim import Move, counts_of, is_bomb_rank, lowest_rank

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
            rule += can_beat([a + b for a, b in zip(now[seat], since)], top)
        else:
            model += _cheaper_play(now[seat], since, kind, move, top)
    return rule, model


def sample_worlds(view: PaoDeKuaiView, rand: random.Random, n: int, tries: int = 60) -> list[World]:
    """Up to ``n`` ways the unseen cards may lie between the two other seats (sizes kept), each as the
    whole deal and the public moves since: random swaps repair each world towards fewer broken
    constraints (rules first, then the Low model) for ``tries`` steps; a world still breaking a rule
    is dropped, one only at odds with the model is kept. For a fixture's position (cards out of
    play) a world's hands are those each seat held when the recorded history began."""
    me = view.seat
    x, y = [s for s in range(3) if s != me]
    pool = unseen_cards(view)
    size = view.counts[x]
    constraints = play_constraints(view)
    played: list[tuple[str, ...]] = [(), (), ()]
    for p in view.history:
        played[p.seat] += p.cards
    moves = tuple(PASS.id if p.is_pass else play_action(p.cards).id for p in view.history)
    mine = view.hand + played[me]
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
            hands: list[tuple[str, ...]] = [mine, mine, mine]
            hands[x], hands[y] = tuple(a) + played[x], tuple(b) + played[y]
            worlds.append(World({"hands": hands}, moves))
    return worlds


def held_now(view: PaoDeKuaiView, worlds: list[World]) -> list[list[list[str]]]:
    """The cards each seat holds now in each sampled world: its dealt hand less what it has played."""
    gone = {c for p in view.history for c in p.cards}
    return [[[c for c in hand if c not in gone] for hand in world.setup["hands"]] for world in worlds]


def _move_rank(now: dict[int, list[int]], x: int, y: int, rx: int, ry: int) -> None:
    """Rank counts after seat x gives a card of rank rx to seat y for one of rank ry."""
    now[x][rx] -= 1
    now[x][ry] += 1
    now[y][ry] -= 1
    now[y][rx] += 1


__all__ = ["held_now", "play_constraints", "sample_worlds", "unseen_cards", "violations"]
