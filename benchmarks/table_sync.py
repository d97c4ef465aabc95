"""Table sync figures: bytes of synced state per update and Python time per click (AI time excluded).

Plays whole games of each game at the table through its message handler, capturing what the widget
sends to the front end (a patched comm) and timing each intent minus the players' thinking time.
Run: python benchmarks/table_sync.py [--n 3] [--level low]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cardavia_nb.ui import Settings, Table


class Recorder:
    """A stand-in comm that records the size of every message the widget sends."""

    comm_id = "benchmark"
    kernel = "benchmark"

    def __init__(self):
        self.sizes: list[int] = []

    def close(self, *args, **kwargs):
        """Nothing to close."""

    def on_msg(self, callback):
        """Messages from the front end come through ``send_intent`` here."""

    def send(self, data=None, metadata=None, buffers=None):
        """Record one outgoing message's JSON size."""
        self.sizes.append(len(json.dumps(data, separators=(",", ":"))))


def intent(table: Table, turn: int) -> dict:
    """A legal intent chosen from the view (a checked selection for selection games)."""
    view = table.view
    select = view["select"]
    plays = [c["action"] for c in view["hand"] if c["action"]] + [a["id"] for a in view["actions"]]
    if select and (select["presets"] or not plays):
        cards = select["presets"][0]["cards"] if select["presets"] else \
            list(next(a for a in table.game.legal_actions(table.state) if a.kind == "play").cards)
        table.send_intent({"type": "select", "cards": cards})
        return {"type": "act", "id": table.selection["action"]}
    return {"type": "act", "id": plays[turn % len(plays)]}


def measure(name: str, games: int, level: str) -> None:
    """Print per-update sizes and per-click Python time for ``games`` games of ``name``."""
    sizes, times, steps = [], [], []
    for seed in range(games):
        table = Table(name, level=level, seed=seed, settings=Settings(), delay=0)
        recorder = Recorder()
        table.comm = recorder
        for turn in range(2000):
            if table.view["over"]:
                break
            content = intent(table, turn)
            recorder.sizes.clear()
            began = time.perf_counter()
            table.send_intent(content)
            times.append(time.perf_counter() - began - table.thinking)
            sizes.append(sum(recorder.sizes))
            steps.append(len(table.steps))
    q = statistics.quantiles
    print(f"{name:13} {level:4} updates={len(sizes):5} bytes/update median={statistics.median(sizes):7.0f} "
          f"p95={q(sizes, n=20)[-1]:7.0f} max={max(sizes):7d} | steps/update mean={statistics.mean(steps):4.1f} | "
          f"python ms/click median={1000 * statistics.median(times):6.2f} p95={1000 * q(times, n=20)[-1]:6.2f}")


def main() -> None:
    """Parse flags and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=3, help="games per game kind")
    parser.add_argument("--level", default="low", choices=("low", "high"))
    args = parser.parse_args()
    for name in ("truco", "pao_de_kuai", "french_tarot"):
        measure(name, args.n, args.level)


if __name__ == "__main__":
    main()
