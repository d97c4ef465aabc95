"""Tarot deals dealt again after four passes and the deals of a Truco match: a record holds every deal it
plays, so no change of shuffle changes a recorded game (issue 45, item 7), a class deal's too; version 1 and
2 records, which hold the first deal only, still read and replay."""

from __future__ import annotations

import dataclasses
import json
from types import SimpleNamespace

import pytest

from cardavia_nb.classroom.deals import ClassError, ClassSet, played, set_deal
from cardavia_nb.core.record import Record, replay
from cardavia_nb.games import get
from cardavia_nb.games.french_tarot import engine
from cardavia_nb.games.truco import engine as truco_engine
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Session
from cardavia_nb.ui.classroom.student import ClassPlay
from tests.classroom import student_record


def _played(name: str, seed: int, secret: bool = False) -> Session:
    """A whole game of ``name`` from ``seed`` (a Truco match), Low computers in every seat."""
    game = get(name)
    players = {s: computer(name, "low", seed * 10 + s) for s in range(game.num_players)}
    session = Session(game, game.new(seed), players, humans=frozenset(), secret=secret)
    session.start()
    return session


def _session(seed: int, secret: bool = False) -> Session:
    """A whole Tarot game from ``seed``, four Low computers."""
    return _played("french_tarot", seed, secret)


def _older(session: Session, version: int) -> Record:
    """``session``'s record as version ``version`` wrote it: its first deal alone."""
    game, record = session.game, session.record()
    data = {"format": f"cardavia-record/{version}", "game": game.name, "options": {}, "seed": record.seed,
            "setup": game.deal_setup(session.first), "actions": list(record.actions)}
    if version == 2:
        data.update(engine="0.1.0", players=json.loads(record.to_json())["players"], result=record.result)
    return Record.from_json(json.dumps(data))


@pytest.fixture(scope="module")
def redealt() -> Session:
    """The first seed whose game is dealt again twice after four passes."""
    return next(s for s in map(_session, range(100)) if s.state.deal_no > s.first.deal_no + 1)


def _other_shuffle(monkeypatch) -> None:
    """From now on, the engine's shuffle deals other cards from every seed."""
    dealt = engine._deal
    monkeypatch.setattr(engine, "_deal", lambda seed, deal_no: dealt(seed + 1, deal_no))


def _replays_and_resumes(session: Session, written: str) -> None:
    """``session``'s record as ``written`` (before the shuffle changed) replays and resumes to where it ended."""
    game, record = session.game, Record.from_json(written)
    assert replay(game, record) == session.state
    again = Session.resumed(game, record, dict.fromkeys(range(game.num_players)), humans=frozenset())
    assert again.state == session.state and again.record().setup == record.setup


def test_a_redealt_record_replays_whatever_the_shuffle(redealt, monkeypatch):
    game = redealt.game
    written = redealt.record().to_json()
    assert game.redeals(tuple(redealt.moves)) >= 2
    _other_shuffle(monkeypatch)
    assert game.new(redealt.first.seed).hands != redealt.first.hands  # the shuffle did change
    _replays_and_resumes(redealt, written)


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
    assert replay(redealt.game, _older(redealt, version)) == redealt.state  # its redeals from the seed


def test_a_class_deal_record_holds_its_redeals_too(redealt):
    secret = _session(redealt.first.seed, secret=True)
    assert secret.record().setup == redealt.record().setup
    assert secret.game.first_deal(secret.record().setup) == secret.game.deal_setup(secret.first)
    assert replay(secret.game, secret.record()) == secret.state


def test_a_class_deal_is_found_by_its_first_deal_and_kept_with_its_redeals():
    game, cls = get("french_tarot"), ClassSet(None, "a", "french_tarot", "low", 12, "open", seed=7)
    index, record = next((i, r) for i in range(cls.deals) if game.redeals((r := student_record(cls, i)).actions))
    full = game.played_setup(set_deal(game, cls, index), replay(game, record))
    assert full["redeals"] and game.first_deal(full) == record.setup
    for written in (record, dataclasses.replace(record, setup=full)):  # as kept before, and as written now
        assert played(cls, index, written).record.setup == full
    page = SimpleNamespace(table=SimpleNamespace(game=game), cls=cls)  # what the student's panel asks of itself
    assert ClassPlay._set_deal_of(page, dataclasses.replace(record, setup=full)) == index
    forged = dataclasses.replace(record, setup={**full, "hands": full["redeals"][0]["hands"]})
    assert ClassPlay._set_deal_of(page, forged) is None
    with pytest.raises(ClassError, match="not the cards"):
        played(cls, index, forged)


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


# --- Truco: a match is many deals, each after the first shuffled from the seed unless the record holds it ---

@pytest.fixture(scope="module")
def match() -> Session:
    """A finished Truco match of many deals."""
    return _played("truco", 5)


def _other_truco_shuffle(monkeypatch) -> None:
    """From now on, Truco's shuffle deals other cards for every deal."""
    dealt = truco_engine._six_cards
    monkeypatch.setattr(truco_engine, "_six_cards", lambda key: dealt(key + 1))


def test_a_truco_match_record_replays_whatever_the_shuffle(match, monkeypatch):
    written, second = match.record().to_json(), next(s for s in match.passed if s.deal_no == 2)
    assert match.state.deal_no - match.first.deal_no >= 10
    _other_truco_shuffle(monkeypatch)
    assert match.game.new(5, dealer=second.dealer, deal_no=2).hands != second.original  # the shuffle did change
    _replays_and_resumes(match, written)


def test_a_truco_record_holds_each_later_deal_once(match):
    game = match.game
    setup = match.record().setup
    assert game.first_deal(setup) == game.deal_setup(match.first)
    assert len(setup["deals"]) == match.state.deal_no - match.first.deal_no
    assert game.deal_setup(replay(game, match.record(), upto=0)) == setup
    starts = [s for b, s in zip(match.passed, match.passed[1:]) if s.deal_no != b.deal_no]
    assert setup["deals"] == [{"hands": [list(h) for h in s.original]} for s in starts]


def test_a_truco_match_resumed_from_its_record_plays_on_the_same(match):
    game, half = match.game, len(match.moves) // 2
    setup = game.played_setup(match.first, match.passed[half])  # the record of the match after ``half`` moves
    assert 0 < len(setup["deals"]) < len(match.record().setup["deals"])
    cut = Record("truco", 5, tuple(match.moves[:half]), {}, setup, match.record().players)
    again = Session.resumed(game, Record.from_json(cut.to_json()), dict.fromkeys(range(2)), humans=frozenset())
    assert again.state == match.passed[half]
    again.go_on()  # its later deals from the seed, as they were dealt
    assert again.moves == match.moves and again.state == match.state
    assert again.record().setup == match.record().setup


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_truco_record_still_reads_and_replays(match, version):
    assert replay(match.game, _older(match, version)) == match.state  # its later deals from the seed


@pytest.mark.parametrize("deals", ["x", [{"hands": []}], [{"hands": None}], [[]],
                                   [{"hands": [["1E", "2E", "3E"], ["1E", "4E", "5E"]]}],
                                   [{"hands": [["1E", "2E", "3E"], ["4E", "5E", "6E"]], "chien": []}]])
def test_a_bad_later_truco_deal_is_refused(match, deals):
    setup = {**match.game.deal_setup(match.first), "deals": deals}
    with pytest.raises(ValueError):
        match.game.new(0, **setup)
