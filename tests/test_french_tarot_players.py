"""French Tarot computer players: legal, deterministic, explainable, and Low clearly beats Random."""

from cardavia_nb.core.arena import play
from cardavia_nb.core.testing import playout
from cardavia_nb.games import get
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.players.french_tarot import HighPlayer, LowPlayer
from tests.support import quick_tarot_high

G = get("french_tarot")


def test_players_choose_legal_and_deterministic_moves():
    """High on a small budget: the same code chooses, only fewer deals are played out."""
    for make in (LowPlayer, quick_tarot_high):
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


def test_high_explains_its_card_choice_first_and_studies_finalists_longer():
    for state, _ in playout(G, 5)[:-1]:
        view, legal = G.observe(state, state.to_act), G.legal_actions(state)
        if view.phase != "play" or len({a.id for a in legal}) < 5:
            continue
        high = HighPlayer(2)
        rows = high.explain(G, view, legal)
        assert rows[0]["id"] == high.choose(G, view, legal).id
        worlds = [dict(r["message"].params)["n"] for r in rows]
        assert len(rows) > high.finalists and worlds[0] == max(worlds) > worlds[-1]
        assert [r["value"] for r in rows[:high.finalists]] == sorted((r["value"] for r in rows[:high.finalists]), reverse=True)
        return
    raise AssertionError("no position with five distinct cards to play")


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


def test_high_compares_its_discards_on_the_same_many_worlds():
    """Every candidate discard (Low's, and one voiding each suit first) is played out on the same
    ``discard_worlds`` worlds: with a dozen, the choice between them was mostly noise."""
    from cardavia_nb.players.french_tarot import HighPlayer
    from cardavia_nb.players.french_tarot_policy import low_discard

    state = G.new(5)
    while state.phase == "bid":
        state = G.apply(state, "bid:garde" if state.to_act == 2 else "bid:pass")
    view, legal = G.observe(state, 2), G.legal_actions(state)
    rows = HighPlayer(seed=7).explain(G, view, legal)
    assert len(rows) >= 2 and len({r["id"] for r in rows}) == len(rows)
    assert HighPlayer.discard_worlds >= 40
    assert {dict(r["message"].params)["n"] for r in rows} == {HighPlayer.discard_worlds}
    assert any(set(G.action(r["id"]).cards) == set(low_discard(view.hand)) for r in rows)
    assert rows == sorted(rows, key=lambda r: -r["value"])


def _deal_with_contract(make, seed: int, taker: int, contract: str):
    """A whole deal where ``taker`` bids ``contract``, the others pass, and a ``make`` player in seat 0
    with three Lows does the rest."""
    players = [make(seed * 4)] + [LowPlayer(seed * 4 + s) for s in range(1, 4)]
    state = G.new(seed)
    while state.to_act is not None:
        seat = state.to_act
        if state.phase == "bid":
            state = G.apply(state, f"bid:{contract}" if seat == taker else "bid:pass")
            continue
        state = G.apply(state, players[seat].choose(G, G.observe(state, seat), G.legal_actions(state)))
    return state


def test_defenders_see_only_the_public_discard_trumps_to_the_end():
    """§12.2: the non-trump part of the discard stays the taker's secret, end of deal included."""
    from cardavia_nb.games.french_tarot import SUIT

    for make, seeds in ((LowPlayer, (3, 4)), (quick_tarot_high, (5,))):
        for seed in seeds:
            for contract in ("prise", "garde", "garde_sans", "garde_contre"):
                for taker in (0, 1):  # the human (seat 0) as taker, then as defender
                    final = _deal_with_contract(make, seed, taker, contract)
                    assert final.phase == "over" and final.taker == taker
                    public = tuple(c for c in final.discard if SUIT[c] == "T")
                    assert G.observe(final, taker).discard == final.discard
                    for seat in range(4):
                        if seat != taker:
                            view = G.observe(final, seat)
                            assert view.discard == public == view.discard_trumps


def test_explain_right_after_choose_on_the_same_view_does_not_search_again(monkeypatch):
    game, high = get("french_tarot"), HighPlayer(seed=4)
    state = game.new(11)
    while game.observe(state, state.to_act).phase != "play":
        state = game.apply(state, LowPlayer(seed=1).choose(game, game.observe(state, state.to_act), game.legal_actions(state)))
    searched = []
    real = HighPlayer._plays
    monkeypatch.setattr(HighPlayer, "_plays", lambda self, view, legal: searched.append(1) or real(self, view, legal))
    seat, legal = state.to_act, game.legal_actions(state)
    chosen = high.choose(game, game.observe(state, seat), legal)
    rows = high.explain(game, game.observe(state, seat), legal)  # an equal view, built again
    assert len(searched) == 1 and rows[0]["id"] == chosen.id
    after = game.apply(state, chosen)
    high.choose(game, game.observe(after, after.to_act), game.legal_actions(after))  # another view: searched
    assert len(searched) == 2
    assert HighPlayer(seed=4).explain(game, game.observe(state, seat), legal) == rows  # what a fresh player finds


def test_high_plays_lows_move_where_no_world_fits_the_view(monkeypatch):
    """The world sampler may find no deal consistent with a view (each draw leaves a petit sec, say): High then
    makes Low's move and says so, in every phase that plays worlds out, rather than averaging over no world (a
    crash in the middle of a game)."""
    import cardavia_nb.players.french_tarot as module
    from cardavia_nb.core.playing import play_out

    game = get("french_tarot")
    low, high = LowPlayer(5), HighPlayer(5)
    monkeypatch.setattr(module, "sample_world", lambda *args, **kwargs: None)
    phases = set()
    for seed in range(40):  # Low players' deals until one has a discard
        for decision in play_out(game, game.new(seed), [LowPlayer(s) for s in range(4)]):
            view, legal = decision.view, decision.legal
            if view.phase == "bid":
                continue  # bids come from the bid table, not from worlds
            chosen = high.choose(game, view, legal)
            assert chosen == low.choose(game, view, legal) and chosen in legal
            if len(legal) > 1:  # (a single card is played as the only one, with no world needed)
                assert high.explain(game, view, legal)[0]["reason"] == low.explain(game, view, legal)[0]["reason"]
            phases.add(view.phase)
        if "discard" in phases:
            break
    assert {"discard", "chelem", "play"} <= phases
