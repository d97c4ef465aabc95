"""Class tournaments: the CLI on a folder of good and misbehaving bots, the sandbox, the leaderboard."""

from __future__ import annotations

import gc
import json
import textwrap

import pytest

pytest.importorskip("tqdm")
from cardavia_nb import arena  # noqa: E402
from cardavia_nb.arena.__main__ import main  # noqa: E402
from cardavia_nb.core.arena import play  # noqa: E402
from cardavia_nb.games import get  # noqa: E402
from cardavia_nb.players.base import RandomPlayer  # noqa: E402

BOTS = {
    "good.py": """
        class First:
            name = "First"
            def choose(self, game, view, legal):
                return legal[0]
        bot = First()
    """,
    "crash.py": """
        class Crash:
            name = "Crash"
            def choose(self, game, view, legal):
                raise RuntimeError("boom")
        bot = Crash()
    """,
    "illegal.py": """
        class Illegal:
            name = "Illegal"
            def choose(self, game, view, legal):
                return "call:vale_cuatro"
        bot = Illegal()
    """,
    "slow.py": """
        class Slow:
            name = "Slow"
            def choose(self, game, view, legal):
                while True:
                    pass
        bot = Slow()
    """,
    "broken.py": "bot = (\n",
}


@pytest.fixture
def folder(tmp_path):
    bots = tmp_path / "bots"
    bots.mkdir()
    for name, text in BOTS.items():
        (bots / name).write_text(textwrap.dedent(text))
    return bots


def test_cli_plays_the_round_robin_and_forfeits_every_misbehaving_bot(folder, tmp_path, capsys):
    out = tmp_path / "out"
    assert main([str(folder), "--game", "truco", "--deals", "2", "--move-time", "0.5", "--out", str(out),
                 "--no-progress"]) == 0
    printed = capsys.readouterr()
    data = json.loads((out / "leaderboard.json").read_text())
    rows = {r["name"]: r for r in data["standings"]}
    assert set(rows) == {"First", "Crash", "Illegal", "Slow"}
    assert rows["First"]["rank"] == 1 and rows["First"]["win_rate"] == 1.0 and rows["First"]["forfeits"] == 0
    # each pair meets on 2 deals in both seats: 3 opponents x 4 games; a bad bot forfeits against First
    assert all(rows[n]["games"] == 12 for n in rows)
    reasons = {(f["bot"], f["kind"]) for f in data["forfeits"]}
    assert {("Crash", "crash"), ("Illegal", "illegal"), ("Slow", "timeout")} <= reasons
    crash = next(f["reason"] for f in data["forfeits"] if f["bot"] == "Crash")
    assert crash == "the bot raised RuntimeError: boom (line 5 of crash.py)"
    slow = next(f["reason"] for f in data["forfeits"] if f["bot"] == "Slow")
    illegal = next(f["reason"] for f in data["forfeits"] if f["bot"] == "Illegal")
    assert slow == "no answer within 0.5 s" and illegal.startswith("it played 'call:vale_cuatro': ")
    assert "broken.py" in data["excluded"] and "SyntaxError" in data["excluded"]["broken.py"]
    assert (out / "leaderboard.csv").read_text().splitlines()[0].startswith("rank,name,origin,games")
    assert "95% interval" in printed.out and "Slow forfeited" in printed.out
    assert "did not enter" in printed.err


def test_cli_needs_two_bots(tmp_path, capsys):
    (tmp_path / "one.py").write_text(textwrap.dedent(BOTS["good.py"]))
    assert main([str(tmp_path), "--no-progress", "--out", str(tmp_path)]) == 2
    assert "at least two bots" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(tmp_path / "nowhere"), "--lang", "pt"])
    assert "não é uma pasta" in capsys.readouterr().err


SPY = """
import gc
from cardavia_nb.games.truco import TrucoState

class Spy:
    name = "Spy"
    def choose(self, game, view, legal):
        states = [o for o in gc.get_objects() if isinstance(o, TrucoState)]
        if states:
            raise LookupError(f"found {len(states)} hidden states")
        if hasattr(view, "__dict__") or any(not isinstance(getattr(view, f), (int, str, tuple, type(None)))
                                            for f in view.__slots__):
            raise LookupError("the view holds more than plain facts")
        return legal[0]
bot = Spy()
"""


def test_a_bot_gets_only_a_view_gc_tricks_find_no_state(tmp_path):
    (tmp_path / "spy.py").write_text(SPY)
    (tmp_path / "good.py").write_text(textwrap.dedent(BOTS["good.py"]))
    entrants, excluded = arena.load_folder(tmp_path)
    leaderboard = arena.tournament("truco", entrants, deals=2, progress=False)
    assert not excluded and not leaderboard.forfeits and {r.standing.name for r in leaderboard.rows} == {"Spy", "First"}
    # the same spy playing in the engine's own process would find the state: the sandbox is what hides it
    namespace: dict = {}
    exec(SPY, namespace)
    with pytest.raises(LookupError, match="hidden states"):
        play(get("truco"), [namespace["bot"], RandomPlayer(1)], seed=1)
    gc.collect()


def test_reading_a_missing_field_of_the_view_forfeits_with_the_reason():
    class Peek:
        name = "Peek"

        def choose(self, game, view, legal):
            return view.state

    leaderboard = arena.tournament("truco", [Peek(), RandomPlayer(1)], deals=1, progress=False)
    reasons = {f["reason"].text().split(" (")[0] for f in leaderboard.forfeits}
    assert reasons == {"the bot raised AttributeError: 'TrucoView' object has no attribute 'state'"}
    assert leaderboard.forfeits[0]["reason"].text("fr").startswith("le robot a levé AttributeError")


def test_notebook_bots_travel_and_the_leaderboard_renders(tmp_path):
    class Lowest:
        name = "Lowest"

        def choose(self, game, view, legal):
            return legal[-1]

    leaderboard = arena.tournament("pao_de_kuai", [Lowest(), RandomPlayer(2)], deals=2, progress=False)
    assert len(leaderboard.played) == 2 * 6  # 2 deals, each bot alone in each of 3 seats
    assert sum(r.standing.games for r in leaderboard.rows) == 2 * 6 * 3
    assert "<table" in leaderboard._repr_html_() and "Lowest" in leaderboard.text("fr")
    assert leaderboard.plot().get_xlim() == (0, 1)
    csv_path, json_path = leaderboard.write(tmp_path)
    assert csv_path.exists() and json.loads(json_path.read_text())["game"] == "pao_de_kuai"


def test_round_robin_lineups():
    assert arena.round_robin(2, 3) == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    assert arena.round_robin(3, 2) == [(0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]


def test_a_bot_that_ends_its_process_forfeits_and_the_next_game_gets_a_new_one():
    class Quitter:
        name = "Quitter"

        def choose(self, game, view, legal):
            import os

            os._exit(3)

    leaderboard = arena.tournament("truco", [Quitter(), RandomPlayer(1)], deals=2, progress=False)
    assert len(leaderboard.forfeits) == 4
    assert {f["reason"].text() for f in leaderboard.forfeits} == {"the bot's process ended (exit code 3)"}
