"""French Tarot computer players: legal, deterministic, explainable, and Low clearly beats Random."""

from cardavia_nb.core.arena import play
from cardavia_nb.core.testing import playout
from cardavia_nb.games import get
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer

G = get("french_tarot")


def test_players_choose_legal_and_deterministic_moves():
    for make in (LowPlayer, HighPlayer):
        for seed in range(2):
            for state, _ in playout(G, seed)[:-1:5]:
                view, legal = G.observe(state, state.to_act), G.legal_actions(state)
                first = make(5).choose(G, view, legal)
                assert first in legal and G.why_illegal(state, first) is None
                assert make(5).choose(G, view, legal) == first


def test_players_finish_games_and_explain():
    for make in (LowPlayer, HighPlayer):
        state, _ = play(G, [make(1), LowPlayer(2), LowPlayer(3), LowPlayer(4)], 11)
        assert G.result(state) is not None
        s = G.new(11)
        rows = make(1).explain(G, G.observe(s, s.to_act), G.legal_actions(s))
        assert rows and all({"id", "value", "reason"} <= set(r) for r in rows)


def test_low_beats_random_on_duplicate_deals():
    diffs = []
    for seed in range(40):
        rivals = [RandomPlayer(100 + s) for s in range(1, 4)]
        low, _ = play(G, [LowPlayer(seed)] + rivals, seed)
        rnd, _ = play(G, [RandomPlayer(seed)] + rivals, seed)
        diffs.append(G.result(low).payoffs[0] - G.result(rnd).payoffs[0])
    assert sum(diffs) / len(diffs) > 50


def test_explanations_are_messages_in_every_phase():
    """Low's and High's reasons are catalog messages, so the explain view follows the page language."""
    from cardavia_nb.core.testing import playout
    from cardavia_nb.games import get
    from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer

    game = get("french_tarot")
    phases = set()
    for state, _ in playout(game, 3)[:-1][:30]:
        view, legal = game.observe(state, state.to_act), game.legal_actions(state)
        phases.add(view.phase)
        for player in (LowPlayer(seed=1), HighPlayer(seed=1)):
            for row in player.explain(game, view, legal):
                assert row["reason"] == row["message"].text("en")
                assert row["message"].text("fr") != row["message"].text("en")
    assert {"bid", "play"} <= phases
