"""Golden games: every recorded game (a version 2 record) replays with the same legal moves at every
step and the same result, and its computer seats replay their own moves (a rule change shows here, and
as a diff after ``python -m tests.golden.regenerate``)."""

import json

import pytest

from cardavia_nb.core.game import jsonable
from cardavia_nb.core.record import READS, Record, result_data
from cardavia_nb.games import get
from cardavia_nb.players.seats import rebuilt, walk
from tests.golden.regenerate import CASES, HEAVENLY, HERE, ends_on_envido, legal_ids


def replay_checked(name: str):
    """Replay one golden file, checking each state's legal ids and the result; the final state."""
    text = (HERE / f"{name}.json").read_text(encoding="utf-8")
    data, record = json.loads(text), Record.from_json(text)
    assert data["format"] in READS  # written as version 2, before Tarot's redeals were written out
    game = get(record.game, **record.options)
    assert len(record.players) == game.num_players and record.engine
    state = game.new(record.seed, **(record.setup or {}))
    assert len(data["legal"]) == len(record.actions) + 1
    for step, action_id in enumerate(record.actions):
        assert legal_ids(game.legal_actions(state)) == data["legal"][step], f"{name}, move {step + 1}"
        state = game.apply(state, action_id)
    assert legal_ids(game.legal_actions(state)) == data["legal"][-1] == []
    assert jsonable(game.result(state)) == data["settled"]
    assert record.result == result_data(game, state) is not None
    assert walk(game, record, rebuilt(record)) == state  # every "low" seat's moves are that player's own
    return state, record


def test_every_case_has_its_golden_file():
    assert sorted(p.stem for p in HERE.glob("*.json")) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_game_replays_identically(name):
    replay_checked(name)


def test_rare_rules_are_in_their_golden_games():
    final, _ = replay_checked("truco_envido_cap")
    assert ends_on_envido(final)
    _, record = replay_checked("pao_de_kuai_heavenly")
    pdk = get("pao_de_kuai")
    assert record.actions[0] == HEAVENLY
    assert pdk.apply(pdk.new(record.seed, **record.setup), HEAVENLY).events[0].get("shape") == "heavenly"
    final, _ = replay_checked("french_tarot_chelem")
    chelem = [i for i in get("french_tarot").result(final).items if i.key == "french_tarot.item.chelem"]
    assert dict(chelem[0].params) == {"announced": True, "taker_all": True, "defence_all": False}

