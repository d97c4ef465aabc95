"""What follows a table (the review, the keeper, the class panel) is told of its games through one protocol,
``Companion``: began, moved, deal ended, the intents it owns; a practice deal is told only to the review."""

from __future__ import annotations

import pytest

from cardavia_nb.core.text import Msg
from cardavia_nb.ui import Settings
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.table import Table
from cardavia_nb.ui.table.companion import Companion
from tests.support import quick_tarot_high_here  # noqa: F401  (autouse: Tarot High on few plays)


class Told(Companion):
    """A part that writes down what the table tells it, owns the intent ``wave`` and refuses ``level``."""

    def __init__(self):
        self.said: list[tuple] = []
        self.table = None

    def attached(self, table):
        self.table = table
        self.said.append(("attached",))

    def intents(self):
        return {"wave": lambda content: self.said.append(("wave", content.get("n")))}

    def gate(self, kind, content):
        if kind == "level":
            raise Refusal(Msg.of("classplay.no_level"))
        return False

    def began(self, table):
        self.said.append(("began",))

    def moved(self, table):
        self.said.append(("moved", len(table.moves)))

    def deal_ended(self, table):
        self.said.append(("deal_ended", len(table.moves)))


def finish(table: Table) -> None:
    """The human plays the first legal move until the game is over."""
    while table.state.to_act is not None:
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})


@pytest.mark.parametrize("game", ["pao_de_kuai", "french_tarot"])
def test_a_part_is_told_of_each_game_move_and_end_and_owns_its_intents(game):
    table = Table(game, seed=3, delay=0, settings=Settings())
    told = Told()
    table.attach(told)
    assert told.said == [("attached",)] and told.table is table
    table.send_intent({"type": "wave", "n": 2})
    table.send_intent({"type": "level", "level": "high"})
    assert told.said[-1] == ("wave", 2) and table.notice and table.level == "low"
    told.said.clear()
    finish(table)
    moves = [entry for entry in told.said if entry[0] == "moved"]
    assert moves and [n for _, n in moves] == sorted(n for _, n in moves)
    assert told.said[-1] == ("deal_ended", len(table.moves)) and told.said.count(("deal_ended", len(table.moves))) == 1
    told.said.clear()
    table.send_intent({"type": "new"})
    assert told.said[0] == ("began",) and told.said[1][0] == "moved"


def test_a_practice_deal_is_told_to_the_review_only():
    table = Table("pao_de_kuai", seed=3, delay=0, settings=Settings())
    told = Told()
    table.attach(told)
    finish(table)
    table.send_intent({"type": "review"})
    table.reviewing.wait()
    step = table.reviewing.done.decisions[0].step
    told.said.clear()
    table.send_intent({"type": "take_over", "step": step})
    assert table.reviewing.practising
    finish(table)
    assert told.said == []
    table.send_intent({"type": "back_to_review"})
    table.send_intent({"type": "new"})
    assert told.said[0] == ("began",)


def test_an_intent_two_parts_claim_is_refused_when_the_second_attaches():
    table = Table("truco", seed=3, delay=0, settings=Settings())
    table.attach(Told())
    with pytest.raises(ValueError, match="wave"):
        table.attach(Told())
    with pytest.raises(ValueError, match="review"):
        table.attach(type("Reviews", (Companion,), {"intents": lambda self: {"review": print}})())


class Failing(Companion):
    """A part whose every call raises."""

    def began(self, table):
        raise RuntimeError("began")

    def moved(self, table):
        raise RuntimeError("moved")

    def deal_ended(self, table):
        raise RuntimeError("deal_ended")


def test_a_part_that_fails_is_logged_and_play_and_the_other_parts_go_on(caplog):
    table = Table("pao_de_kuai", seed=3, delay=0, settings=Settings())
    told = Told()
    table.attach(Failing())
    table.attach(told)
    finish(table)
    table.send_intent({"type": "new"})
    assert ("deal_ended", 0) not in told.said and any(entry[0] == "deal_ended" for entry in told.said)
    assert told.said[-2:][0] == ("began",) and not table.notice
    assert {"began", "moved", "deal_ended"} <= {r.exc_info[1].args[0] for r in caplog.records if r.exc_info}
