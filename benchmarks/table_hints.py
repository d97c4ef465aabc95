"""Hint latency, kernel side: from the Hint intent until the table's frame holds the ranking.

Plays whole deals of each game at the table (the human's move: the hint's first choice) and times
every Hint request. The Hint is the High player's ``explain`` on the human's view, so this is the
figure a player waits for after clicking Hint (plus the page's own round trip, see table_clicks.py).

    python benchmarks/table_hints.py --moves 40
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardavia_nb.ui import Settings, Table  # noqa: E402
from benchmarks.table_clicks import percentile  # noqa: E402

GAMES = ("truco", "pao_de_kuai", "french_tarot")


def hint_times(game: str, moves: int, seed: int) -> list[float]:
    """Seconds per Hint over ``moves`` human decisions (new deals as needed)."""
    table = Table(game, seed=seed, settings=Settings(), delay=0)
    times: list[float] = []
    while len(times) < moves:
        if table.view["over"]:
            seed += 1
            table.send_intent({"type": "new", "seed": str(seed)})
            continue
        if not table.view["mine"]:
            table.send_intent({"type": "act", "id": table.view["summary"]["go"]["id"]})
            continue
        began = time.perf_counter()
        table.send_intent({"type": "hint"})
        times.append(time.perf_counter() - began)
        best = table.frame["hint"][0]["id"]
        table.send_intent({"type": "act", "id": best})
        assert table.notice == "", table.notice
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    print(f"{'game':<14}{'hints':>7}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for game in GAMES:
        ms = [t * 1000 for t in hint_times(game, args.moves, seed=11)]
        print(f"{game:<14}{len(ms):>7}{statistics.median(ms):>10.1f}{percentile(ms, 95):>10.1f}{max(ms):>10.1f}")


if __name__ == "__main__":
    main()
