"""Round robins between bots: every pair meets on the same deals in every seat (duplicate deals),
on one process, a process pool or a Dask cluster, with a progress bar.
"""

from __future__ import annotations

from concurrent.futures import Executor, as_completed
from contextlib import ExitStack
from pathlib import Path
from typing import Any, Iterable, Sequence

from cardavia_nb.arena.leaderboard import Leaderboard
from cardavia_nb.arena.referee import Entrant, Match, close_idle, play_match
from cardavia_nb.arena.sandbox import BotFailure, Seat
from cardavia_nb.core.arena import PlayedGame, rotations
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get as get_game


def entrant(bot: Any) -> Entrant:
    """An entrant from a bot object (pickled with cloudpickle, so classes written in a notebook travel)."""
    import cloudpickle

    name = str(getattr(bot, "name", type(bot).__name__))
    return Entrant(name, repr(bot), "pickle", cloudpickle.dumps(bot))


def load_folder(folder: str | Path) -> tuple[list[Entrant], dict[str, Msg]]:
    """The bots of every ``*.py`` file in ``folder`` (names starting with ``_`` are skipped).

    Each file is loaded in a sandbox to learn its bot's name; a file that fails to load is left out
    and returned with the reason, by file name.
    """
    found, excluded = [], {}
    for path in sorted(Path(folder).glob("*.py")):
        if path.name.startswith("_"):
            continue
        payload = (path.name, path.read_text(encoding="utf-8"))
        try:
            probe = Seat("source", payload)
        except BotFailure as failure:
            excluded[path.name] = failure.reason
            continue
        probe.close()
        found.append(Entrant(probe.name, path.name, "source", payload))
    return found, excluded


def unique_names(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The entrants with repeated names told apart by their origin."""
    names = [e.name for e in entrants]
    return [e if names.count(e.name) == 1 else Entrant(f"{e.name} ({e.origin})", e.origin, e.kind, e.payload)
            for e in entrants]


def round_robin(n_seats: int, n_entrants: int) -> list[tuple[int, ...]]:
    """Lineups in which each pair of entrants meets with each alone in every seat against copies of the other."""
    lineups: list[tuple[int, ...]] = []
    for a in range(n_entrants):
        for b in range(a + 1, n_entrants):
            for pair in ((a, b), (b, a)):
                for rotation in rotations(n_seats, 2):
                    lineup = tuple(pair[i] for i in rotation)
                    if lineup not in lineups:
                        lineups.append(lineup)
    return lineups


def matches(game: str, entrants: Sequence[Entrant], deals: int, options: dict | None = None,
            move_time: float = 2.0, first_seed: int = 0) -> list[Match]:
    """Every game of the round robin: each lineup on each deal seed."""
    n_seats = get_game(game, **(options or {})).num_players
    lineups = round_robin(n_seats, len(entrants))
    return [Match(game, dict(options or {}), seed, lineup, tuple(entrants), move_time)
            for seed in range(first_seed, first_seed + deals) for lineup in lineups]


def _progress(total: int, show: bool, label: str) -> Any:
    """A tqdm bar (the notebook flavour inside Jupyter), or None."""
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=label, unit="game")


def play_all(games: Sequence[Match], executor: Executor | None = None,
             progress: bool = True, label: str = "") -> list[PlayedGame]:
    """Play the games (on ``executor`` if given) in their order, updating a progress bar."""
    bar = _progress(len(games), progress, label)
    played: list[PlayedGame | None] = [None] * len(games)
    with ExitStack() as stack:
        if bar is not None:
            stack.callback(bar.close)
        if executor is None:
            stack.callback(close_idle)
            for i, match in enumerate(games):
                played[i] = play_match(match)
                if bar is not None:
                    bar.update()
        else:
            futures = {executor.submit(play_match, match): i for i, match in enumerate(games)}
            for future in as_completed(futures):
                played[futures[future]] = future.result()
                if bar is not None:
                    bar.update()
    return played  # type: ignore[return-value]


def tournament(game: str, bots: Iterable[Any], deals: int = 100, *, options: dict | None = None,
               move_time: float = 2.0, executor: Executor | None = None, progress: bool = True,
               excluded: dict[str, Msg] | None = None) -> Leaderboard:
    """A round robin between bots (objects with ``name`` and ``choose``, or entrants from ``load_folder``)."""
    entrants = unique_names([b if isinstance(b, Entrant) else entrant(b) for b in bots])
    if len(entrants) < 2:
        raise ValueError("A tournament needs at least two bots.")
    games = matches(game, entrants, deals, options, move_time)
    played = play_all(games, executor, progress, label=game)
    return Leaderboard.of(game, entrants, played, excluded or {})
