"""Tarot deals dealt again after four passes: a record holds every deal it plays, so no change of shuffle
changes a recorded game (issue 45, item 7); version 1 and 2 records, which hold the first deal only, still
read and replay."""

from __future__ import annotations

import json

import pytest

from cardavia_nb.core.record import Record, replay
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot import engine
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Session


def _session(seed: int, secret: bool = False) -> Session:
    """A whole Tarot game from ``seed``, four Low computers."""
    game = get("french_tarot")
    players = {s: computer("french_tarot", "low", seed * 10 + s) for s in range(4)}
    session = Session(game, game.new(seed), players, humans=frozenset(), secret=secret)
    session.start()
    return session


@pytest.fixture(scope="module")
def redealt() -> Session:
    """The first seed whose game is dealt again twice after four passes."""
    return next(s for s in map(_session, range(100)) if s.state.deal_no > s.first.deal_no + 1)


def _other_shuffle(monkeypatch) -> None:
    """From now on, the engine's shuffle deals other cards from every seed."""
    dealt = engine._deal
    monkeypatch.setattr(engine, "_deal", lambda seed, deal_no: dealt(seed + 1, deal_no))


def test_a_redealt_record_replays_whatever_the_shuffle(redealt, monkeypatch):
    game = redealt.game
    record = Record.from_json(redealt.record().to_json())
    assert game.redeals(record.actions) >= 2
    _other_shuffle(monkeypatch)
    assert game.new(record.seed).hands != redealt.first.hands  # the shuffle did change
    assert replay(game, record) == redealt.state
    again = Session.resumed(game, record, dict.fromkeys(range(4)), humans=frozenset())
    assert again.state == redealt.state and again.record().setup == record.setup


def test_a_record_holds_each_deal_once_and_a_deal_without_redeal_as_before(redealt):
    game = redealt.game
    setup = redealt.record().setup
    first = {k: v for k, v in setup.items() if k != "redeals"}
    assert first == game.deal_setup(redealt.first)
    assert len(setup["redeals"]) == redealt.state.deal_no - redealt.first.deal_no
    assert game.deal_setup(replay(game, redealt.record(), upto=0)) == setup
    plain = next(s for s in map(_session, range(40)) if s.state.deal_no == s.first.deal_no)
    assert plain.record().setup == game.deal_setup(plain.first)


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_record_with_a_redeal_still_reads_and_replays(redealt, version):
    game, record = redealt.game, redealt.record()
    data = {"format": f"cardavia-record/{version}", "game": "french_tarot", "options": {}, "seed": record.seed,
            "setup": game.deal_setup(redealt.first), "actions": list(record.actions)}
    if version == 2:
        data.update(engine="0.1.0", players=json.loads(record.to_json())["players"], result=record.result)
    older = Record.from_json(json.dumps(data))
    assert replay(game, older) == redealt.state  # its redeals come from the seed, as they were dealt


def test_a_class_deal_record_keeps_the_set_deal_alone(redealt):
    secret = _session(redealt.first.seed, secret=True)
    assert secret.record().setup == secret.game.deal_setup(secret.first)
    assert replay(secret.game, secret.record()) == secret.state


@pytest.mark.parametrize("redeals", ["x", [{"hands": [], "chien": []}], [{"hands": None}], [[]]])
def test_a_bad_redeal_is_refused(redealt, redeals):
    setup = {**redealt.game.deal_setup(redealt.first), "redeals": redeals}
    with pytest.raises((TypeError, ValueError)):
        redealt.game.new(0, **setup)


def test_a_petit_sec_between_two_redeals_is_written_and_replayed(monkeypatch):
    game = get("french_tarot")
    plain = [c for c in engine.R.CARDS if c not in engine.R.TRUMPS + ("EX",)]
    sec = engine.fill_deal({1: ["T1"] + plain[:17]})  # seat 1's only trump is the Petit
    dealt = engine._deal
    monkeypatch.setattr(engine, "_deal", lambda seed, deal_no: sec if deal_no == 1 else dealt(seed, deal_no))
    first = state = game.new(3, **game.deal_setup(game.new(3)))
    for _ in range(4):
        state = game.apply(state, "bid:pass")
    assert state.deal_no == 2 and any(e.source == "petit_sec" for e in state.events)
    setup = game.played_setup(first, state)
    assert [d["hands"][1] for d in setup["redeals"]][0] == list(sec[0][1])
    _other_shuffle(monkeypatch)
    again = game.new(3, **setup)
    for _ in range(4):
        again = game.apply(again, "bid:pass")
    assert again == state
