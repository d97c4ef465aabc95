"""A tournament on a real local Dask cluster (scheduler and two worker processes) equals the serial run."""

from __future__ import annotations

import pytest

distributed = pytest.importorskip("distributed")
from cardavia_nb import arena  # noqa: E402
from cardavia_nb.players.base import RandomPlayer  # noqa: E402
from cardavia_nb.players.truco import LowPlayer  # noqa: E402


def test_dask_cluster_plays_the_same_games_deal_for_deal():
    games = arena.matches("truco", [arena.entrant(LowPlayer(1)), arena.entrant(RandomPlayer(2))], deals=4)
    serial = arena.play_all(games, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        with client.get_executor(pure=False) as executor:
            spread = arena.play_all(games, executor, progress=False)
        workers = client.run(lambda: 1)
    assert len(workers) == 2
    assert [(g.seed, g.lineup, g.record.actions, g.result.payoffs) for g in spread] == \
           [(g.seed, g.lineup, g.record.actions, g.result.payoffs) for g in serial]
    assert len({g.record.actions for g in serial}) == len(serial)
