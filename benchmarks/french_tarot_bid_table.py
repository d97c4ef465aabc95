"""Make the French Tarot bid table High ships (cardavia_nb/players/french_tarot_bids.json): random
hands played as taker in every contract, averaged by hand class; prints mean score and success rate
per class. Writes the table only with --write.

Run: python3 benchmarks/french_tarot_bid_table.py [--n 2000] [--workers 2] [--write]
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor

from cardavia_nb.players.french_tarot_bidding import BIDS, TABLE, build_table


def merge(parts: list[dict]) -> dict:
    """One table from tables built on disjoint seeds (weighted by their deal counts)."""
    n = sum(p["deals"] for p in parts)
    cells: dict[str, dict[str, list[float]]] = {}
    for p in parts:
        for key, row in p["cells"].items():
            for contract, (k, mean, made) in row.items():
                acc = cells.setdefault(key, {}).setdefault(contract, [0, 0.0, 0.0])
                acc[0] += k
                acc[1] += k * mean
                acc[2] += k * made
    return {"deals": n, "step": parts[0]["step"],
            "overcall": {c: round(sum(p["overcall"][c] * p["deals"] for p in parts) / n, 4) for c in BIDS},
            "cells": {k: {c: [r[0], round(r[1] / r[0], 2), round(r[2] / r[0], 4)] for c, r in v.items()}
                      for k, v in sorted(cells.items(), key=lambda kv: tuple(map(int, kv[0].split(","))))}}


def main() -> None:
    """Build, print and optionally write the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=2000, help="random deals")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    chunks = [args.n // args.workers + (i < args.n % args.workers) for i in range(args.workers)]
    with ProcessPoolExecutor(args.workers) as pool:
        table = merge(list(pool.map(build_table, chunks, range(1000, 1000 + args.workers))))
    print(f"{table['deals']} deals; overcall rate per Low hand: {table['overcall']}")
    print("class (count//5, oudlers): deals, then per contract mean taker score / success rate")
    for key, row in table["cells"].items():
        print(f"  {key:>6}: {row['prise'][0]:5d}  " + "  ".join(
            f"{c} {row[c][1]:+7.1f}/{row[c][2]:.0%}" for c in BIDS))
    if args.write:
        TABLE.write_text(json.dumps(table, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {TABLE}")


if __name__ == "__main__":
    main()
