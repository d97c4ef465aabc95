"""French Tarot bidding from a shipped table: what each contract scores for a taker with such a hand.

The table (french_tarot_bids.json beside this module) was made offline by ``benchmarks/
french_tarot_bid_table.py``: many random hands, each played as taker in every contract (Low discard,
Low playouts), averaged by hand class (classic point count in steps of 5, and oudlers). A bid is
worth its mean score (plus High's card-play edge) times the chance nobody after us outbids it;
passing is worth 0. The same hand
always gets the same bid, whatever the seed.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.players.french_tarot_policy import hand_count, low_bid, low_discard, playout, score

TABLE = Path(__file__).with_name("french_tarot_bids.json")
BIDS = R.CONTRACTS[1:]
STEP = 5
SHRINK = 20  # pseudo-deals pulling a sparse (count, oudlers) cell towards its count-only class
# Taker score per unit of contract multiplier that High's own card play adds over the Low playouts
# the table was made with. Against 20, on deals 10000-13999 (paired, only the deals whose bids change
# are played, as benchmarks/french_tarot_tuning.py does): 30 changes 3 bids (+0.19 per deal), 40 changes
# 95 (+1.28 [+0.12, +2.45]), 55 changes 467 (-0.75 [-3.51, +2.01]). High makes its contracts more often
# than the Low-played table predicts, so the edge is large.
PLAY_EDGE = 40


def hand_class(hand) -> tuple[int, int]:
    """(point-count step, oudlers) of an 18-card hand: the table's key."""
    return min(hand_count(hand) // STEP, 24), R.oudlers(hand)


def taker_scores(hand, others, chien, first: int) -> dict[str, float]:
    """Seat 0's score as taker of each contract with ``hand`` (others in seats 1-3), played out."""
    out = {}
    for contract in BIDS:
        mine, discard = tuple(hand), ()
        if R.chien_shown(contract):
            discard = low_discard(mine + tuple(chien))
            mine = tuple(c for c in mine + tuple(chien) if c not in discard)
        t = playout([mine, *others], (), first, 0, contract, (), discard, chien)
        out[contract] = score(t, contract, (), False, 0, 0)
    return out


def random_deal(rand: random.Random) -> tuple[tuple[str, ...], list[tuple[str, ...]], tuple[str, ...], int]:
    """A shuffled deal without petit sec: seat 0's hand, the three others, the chien, the first bidder."""
    while True:
        order = list(R.CARDS)
        rand.shuffle(order)
        hands = [tuple(order[18 * s:18 * s + 18]) for s in range(4)]
        if not any(R.is_petit_sec(h) for h in hands):
            return hands[0], hands[1:], tuple(order[72:]), rand.randrange(4)


def build_table(n: int, seed: int) -> dict:
    """Mean taker score and success rate per hand class and contract over ``n`` random deals, and
    how often one random hand's Low count bids above each contract (the overcall rate)."""
    rand = random.Random(seed)
    cells: dict[str, dict[str, list[float]]] = {}
    above = {c: 0 for c in BIDS}
    for _ in range(n):
        hand, others, chien, first = random_deal(rand)
        key = "%d,%d" % hand_class(hand)
        for contract, value in taker_scores(hand, others, chien, first).items():
            row = cells.setdefault(key, {}).setdefault(contract, [0, 0.0, 0])
            row[0] += 1
            row[1] += value
            row[2] += value > 0
        bid = low_bid(hand, "pass")
        for contract in BIDS:
            above[contract] += R.CONTRACTS.index(bid) > R.CONTRACTS.index(contract)
    return {"deals": n, "step": STEP, "overcall": {c: above[c] / n for c in BIDS},
            "cells": {k: {c: [r[0], round(r[1] / r[0], 2), round(r[2] / r[0], 4)] for c, r in v.items()}
                      for k, v in sorted(cells.items())}}


@lru_cache(maxsize=1)
def table() -> dict:
    """The shipped table."""
    return json.loads(TABLE.read_text(encoding="utf-8"))


def predict(hand, contract: str) -> tuple[float, float]:
    """(mean taker score, chance of making the contract) for this hand, from the table."""
    cells = table()["cells"]
    step, oudlers = hand_class(hand)
    pooled = [cells[k][contract] for k in cells if int(k.split(",")[0]) == step and contract in cells[k]]
    n_all = sum(r[0] for r in pooled)
    if not n_all:
        nearest = min(cells, key=lambda k: abs(int(k.split(",")[0]) - step))
        return tuple(cells[nearest][contract][1:])  # type: ignore[return-value]
    mean_all = sum(r[0] * r[1] for r in pooled) / n_all
    made_all = sum(r[0] * r[2] for r in pooled) / n_all
    n, mean, made = cells.get(f"{step},{oudlers}", {}).get(contract, (0, 0.0, 0.0))
    return ((n * mean + SHRINK * mean_all) / (n + SHRINK), (n * made + SHRINK * made_all) / (n + SHRINK))


def bid_values(hand, highest: str, later: int) -> list[tuple[str, float, float]]:
    """(contract, value, chance of making it) for every bid above ``highest``; ``later`` is how many
    players still bid after us (each may outbid with the table's overcall rate). The value counts
    High's card-play edge over the table's Low playouts (PLAY_EDGE)."""
    overcall = table()["overcall"]
    floor = R.CONTRACTS.index(highest)
    out = []
    for contract in BIDS:
        if R.CONTRACTS.index(contract) <= floor:
            continue
        mean, made = predict(hand, contract)
        value = (mean + PLAY_EDGE * R.MULTIPLIER[contract]) * (1 - overcall[contract]) ** later
        out.append((contract, value, made))
    return out


__all__ = ["bid_values", "build_table", "hand_class", "predict", "random_deal", "taker_scores"]
