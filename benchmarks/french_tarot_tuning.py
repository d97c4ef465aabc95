"""French Tarot High against a variant of itself on the same deals (seat 0, the same three Lows): the
paired gain per deal of one setting, with a 95% interval, printed after every chunk.

A setting of the decisions before the first card (--edge, the card-play edge the bid table adds;
--discard-worlds) changes only the deals where seat 0's bids, discard or chelem change, so only those
are played; a card-play setting (--budget, --read-steps) plays every deal.
Use seeds away from french_tarot_strength.py's (which start at 0) so a setting is not tuned on the
deals it is judged on.

Run (the gain is the variant's over the shipped setting, so a negative gain favours what ships):
     python3 benchmarks/french_tarot_tuning.py   (both settings the shipped ones replaced, in turn)
     python3 benchmarks/french_tarot_tuning.py --edge 20 [--first 10000] [--n 4000]
     python3 benchmarks/french_tarot_tuning.py --discard-worlds 12 [--first 10000] [--n 4000]
     python3 benchmarks/french_tarot_tuning.py --budget 28000 [--first 30000] [--n 1000]
     python3 benchmarks/french_tarot_tuning.py --read-steps 0 [--first 20000] [--n 800]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import cardavia_nb.players.french_tarot_bidding as bidding
from cardavia_nb.core.arena import mean_interval, play
from cardavia_nb.core.playing import play_out
from cardavia_nb.games import get
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer

SHIPPED = {"edge": bidding.PLAY_EDGE, "budget": HighPlayer.play_budget, "discard_worlds": HighPlayer.discard_worlds,
           "read_steps": HighPlayer.read_steps}
BEFORE_PLAY = {"edge", "discard_worlds"}  # settings that act only before the first card


def players(seed: int, setting: dict) -> list:
    """High with ``setting`` in seat 0 and the strength benchmark's three Lows."""
    bidding.PLAY_EDGE = setting["edge"]
    high = HighPlayer(seed)
    high.play_budget, high.discard_worlds = setting["budget"], setting["discard_worlds"]
    high.read_steps = setting["read_steps"]
    return [high] + [LowPlayer(1000 + 4 * seed + s) for s in range(1, 4)]


def seat0_before_play(seed: int, setting: dict) -> tuple[str, ...]:
    """Seat 0's actions on deal ``seed`` (through any redeals) up to the first card."""
    game = get("french_tarot")
    def first_card(state) -> bool:
        return game.observe(state, 0).phase not in ("bid", "discard", "chelem")

    return tuple(d.action.id for d in play_out(game, game.new(seed), players(seed, setting), until=first_card)
                 if d.seat == 0)


def score(seed: int, setting: dict) -> float:
    """Seat 0's score on deal ``seed``."""
    game = get("french_tarot")
    state, _ = play(game, players(seed, setting), seed)
    return game.result(state).payoffs[0]


def paired(job: tuple[int, dict, bool]) -> tuple[float, bool]:
    """(variant's score minus the shipped High's, whether the deal was played) on one deal."""
    seed, variant, before_play = job
    if before_play and seat0_before_play(seed, variant) == seat0_before_play(seed, SHIPPED):
        return 0.0, False
    return score(seed, variant) - score(seed, SHIPPED), True


def measure(variant: dict, first: int, n: int, chunk: int, workers: int) -> None:
    """Print the paired gain of ``variant`` over the shipped setting on deals first .. first + n - 1."""
    before_play = {k for k in variant if variant[k] != SHIPPED[k]} <= BEFORE_PLAY
    changed = ", ".join(f"{k} {SHIPPED[k]} -> {variant[k]}" for k in variant if variant[k] != SHIPPED[k])
    start, rows = time.perf_counter(), []
    with ProcessPoolExecutor(workers) as pool:
        for low in range(first, first + n, chunk):
            seeds = range(low, min(first + n, low + chunk))
            rows += pool.map(paired, [(s, variant, before_play) for s in seeds], chunksize=4)
            gain, lo, hi = mean_interval([d for d, _ in rows])
            print(f"{len(rows)} deals ({sum(p for _, p in rows)} played, {time.perf_counter() - start:.0f} s): "
                  f"{changed}: gain per deal {gain:+.2f} [{lo:+.2f}, {hi:+.2f}] (95% interval)", flush=True)


def main() -> None:
    """Measure the setting given, or with none the settings the shipped ones replaced (edge 20, 12 worlds)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--edge", type=float, help="the bid table's card-play edge to try")
    parser.add_argument("--budget", type=int, help="card plays simulated per card decision to try")
    parser.add_argument("--discard-worlds", type=int, help="worlds each candidate discard is played out on")
    parser.add_argument("--read-steps", type=int, help="swaps repairing each world towards the others' plays")
    parser.add_argument("--first", type=int, default=10000, help="first deal seed")
    parser.add_argument("--n", type=int, default=4000, help="deals")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=500, help="deals between two printed figures")
    args = parser.parse_args()
    given = {k: v for k, v in (("edge", args.edge), ("budget", args.budget),
                               ("discard_worlds", args.discard_worlds), ("read_steps", args.read_steps))
             if v is not None}
    for change in [given] if given else [{"edge": 20}, {"discard_worlds": 12}]:
        variant = {**SHIPPED, **change}
        if variant == SHIPPED:
            parser.error("give a setting that differs from the shipped one (--edge, --budget, --discard-worlds, --read-steps)")
        measure(variant, args.first, args.n, args.chunk, args.workers)


if __name__ == "__main__":
    main()
