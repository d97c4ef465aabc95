"""The Pao De Kuai lesson panels without a browser: each demo reacts to clicks as the engine says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardavia_nb import i18n
from cardavia_nb.games.pao_de_kuai import classify
from cardavia_nb.ui.lessons import pao_de_kuai as lesson
from cardavia_nb.ui.panel import Prose
from cardavia_nb.ui.settings import Settings
from tests.blocks import block_text

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "02-pao-de-kuai.ipynb"
STEPS = [f"pao_de_kuai.lesson.s{n}.text" for n in range(1, 6)]


def send(panel, content: dict) -> None:
    """Deliver one message as the browser would."""
    panel._on_msg(panel, content, [])


def press(panel, id_: str) -> None:
    """A button press."""
    send(panel, {"type": "press", "id": id_})


def pick(panel, card: str, block: str = "shape-hand") -> None:
    """A click on a card."""
    send(panel, {"type": "pick", "block": block, "card": card})


def notes(panel) -> list[tuple[str, str]]:
    """The (tone, text) of every feedback line."""
    return [(b["tone"], block_text(b)) for b in panel.blocks if b["type"] == "note"]


def words(panel) -> str:
    """Every text of the panel, joined."""
    return json.dumps(panel.blocks, ensure_ascii=False)


def rows(panel) -> list[list[str]]:
    """The rows of the panel's table."""
    return next(b["rows"] for b in panel.blocks if b["type"] == "table")


def button_ids(panel) -> list[list[str]]:
    """The ids of each row of buttons."""
    return [[i["id"] for i in b["items"]] for b in panel.blocks if b["type"] == "buttons"]


@pytest.fixture
def settings():
    """A private settings object, so language changes stay in the test."""
    return Settings()


def test_every_step_and_lesson_key_exists_in_english():
    keys = i18n.catalog("en")
    for key in [*STEPS, "pao_de_kuai.lesson.intro.text", "pao_de_kuai.lesson.intro.glossary",
                "pao_de_kuai.lesson.opponents.text", "pao_de_kuai.lesson.play.text", "pao_de_kuai.rules.full"]:
        assert key in keys, key
    for n, key in enumerate(STEPS, 1):
        assert keys[key].strip().startswith(f"## {n}. ")


def test_every_panel_renders_without_missing_keys(settings):
    panels = [lesson.Intro(settings=settings), lesson.RaceDemo(settings), lesson.DeckDemo(settings),
              lesson.MustBeatDemo(settings), lesson.ShapeDemo(settings), lesson.BombDemo(settings),
              lesson.SettleDemo(settings), lesson.ExplainDemo(settings),
              *(lesson.quiz(q, settings) for q in lesson.QUIZZES), *(Prose(k, settings=settings) for k in STEPS)]
    for panel in panels:
        assert panel.blocks and "pao_de_kuai.lesson." not in words(panel), type(panel).__name__


def test_notebook_has_one_step_per_seed_section_in_order_and_the_table_last():
    sources = ["".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"]]
    at = [next(i for i, s in enumerate(sources) if f"lesson.step({n})" in s) for n in range(1, len(STEPS) + 1)]
    assert at == sorted(at)
    assert 'Table("pao_de_kuai", level="low"' in sources[-4] and 'Rules("pao_de_kuai")' in sources[-2]
    assert 'Nav("pao_de_kuai")' in sources[-1]
    assert all(not c.get("outputs") for c in json.loads(NOTEBOOK.read_text())["cells"])


def test_race_demo_walks_to_the_seat_going_out(settings):
    race = lesson.RaceDemo(settings)
    assert not notes(race)
    for _ in lesson.RACE_MOVES:
        press(race, "next")
    assert notes(race) == [("ok", i18n.translate("pao_de_kuai.lesson.race.over", name="Player B"))]
    assert button_ids(race) == [["restart"]]
    press(race, "next")  # nothing left: ignored
    assert race.at == len(lesson.RACE_MOVES)
    press(race, "restart")
    assert race.at == 0 and "Next move" in words(race)


def test_deck_demo_marks_the_six_removed_cards_and_the_opener(settings):
    demo = lesson.DeckDemo(settings)
    pack = next(b for b in demo.blocks if b["type"] == "cards" and b["id"] == "pack")
    assert {c["id"] for c in pack["cards"] if c["mark"]} == {"2H", "2D", "2C", "AH", "BJ", "RJ"}
    assert len(pack["cards"]) == 54
    ranks = next(b for b in demo.blocks if b["type"] == "cards" and b["id"] == "ranks")
    assert [c["id"] for c in ranks["cards"]][0] == "3S" and [c["id"] for c in ranks["cards"]][-2:] == ["AS", "2S"]
    before = words(demo)
    press(demo, "deal:3")
    holder = next(b for b in demo.blocks if b["type"] == "cards" and b["id"] == "holder")
    assert demo.deal == 3 and words(demo) != before
    assert [c["mark"] for c in holder["cards"] if c["id"] == "3H"] == ["opens"]
    press(demo, "deal:99")
    assert demo.deal == 3


def test_must_beat_forces_a_play_and_refuses_the_pass(settings):
    demo = lesson.MustBeatDemo(settings)
    assert notes(demo) == [("info", "You have 2 legal plays, and passing is not one of them.")]
    assert button_ids(demo)[1] == ["play:10D", "play:4C+4D+4H+4S", "pass"]
    press(demo, "pass")
    assert notes(demo)[-1] == ("bad", i18n.translate("pao_de_kuai.illegal.must_beat"))
    press(demo, "play:10D")
    assert notes(demo)[-1] == ("ok", "Allowed. You answer with single 10: 10♦.")
    press(demo, "pos:bomb")
    assert button_ids(demo)[1] == ["play:AC+AD+AS", "pass"] and demo.tried is None


def test_must_beat_lets_you_pass_only_when_nothing_beats(settings):
    demo = lesson.MustBeatDemo(settings)
    press(demo, "pos:pass")
    assert notes(demo)[0][1] == "Nothing in your hand beats it: passing is your only move."
    press(demo, "play:8D")
    assert notes(demo)[-1][0] == "bad" and "single 9" in notes(demo)[-1][1]
    press(demo, "pass")
    assert notes(demo)[-1] == ("ok", "Allowed. You pass.")
    press(demo, "pos:lead")
    press(demo, "pass")
    assert notes(demo)[-1] == ("bad", i18n.translate("pao_de_kuai.illegal.leader_pass"))


def test_shape_demo_classifies_a_selection_and_lists_answers(settings):
    demo = lesson.ShapeDemo(settings)
    pick(demo, "5H")
    pick(demo, "5S")
    assert notes(demo)[0] == ("ok", "A legal play: pair of 5s.")
    text = words(demo)
    assert "pair of 6s: 6♣ 6♠" in text and "bomb of four 10s" in text
    pick(demo, "4C")
    pick(demo, "4D")
    assert notes(demo)[0] == ("ok", "A legal play: run of 2 pairs 4 to 5.")
    press(demo, "clear")
    for card in ("9C", "9D", "9S", "8H"):
        pick(demo, card)
    assert notes(demo)[0] == ("bad", i18n.translate("pao_de_kuai.illegal.triple_attachment"))
    pick(demo, "8H")  # a second click deselects
    assert notes(demo)[0] == ("ok", "A legal play: three 9s.")
    pick(demo, "KH")  # not in the hand: ignored
    assert demo.selected == ["9C", "9D", "9S"]
    press(demo, "clear")
    pick(demo, "2S")
    assert words(demo).count("bomb of four 10s") == 1  # only a bomb beats the 2 of spades
    press(demo, "clear")
    for card in ("AC", "AD", "AS"):
        pick(demo, card)
    assert "Nothing in their hand beats it" in words(demo)


def test_shape_demo_says_why_a_2_cannot_join_a_straight(settings):
    demo = lesson.ShapeDemo(settings)
    for card in ("AS", "2S"):
        pick(demo, card)
    assert notes(demo)[0] == ("bad", i18n.translate("pao_de_kuai.illegal.two_alone"))


def test_bomb_demo_compares_with_the_engine(settings):
    demo = lesson.BombDemo(settings)
    assert notes(demo) == [("ok", "Yes: bomb of three aces beats bomb of four Ks.")]
    press(demo, "top:heavenly")
    assert notes(demo)[0][0] == "bad"
    press(demo, "cand:heavenly")  # the heavenly bomb is only ever a lead
    assert demo.challenger == "aces"
    press(demo, "top:two")
    press(demo, "cand:threes")
    assert notes(demo) == [("ok", "Yes: bomb of four 3s beats single 2.")]
    ladder = next(block_text(b) for b in demo.blocks if b["type"] == "md" and b["html"].startswith("<ol>"))
    assert ladder.index("four 3s") < ladder.index("four 7s") < ladder.index("four Ks") < ladder.index("three aces") \
        < ladder.index("heavenly")


@pytest.mark.parametrize("ending, totals", [
    ("charges", ["-15", "-52", "+67"]), ("bombs", ["+22", "-11", "-11"]), ("spring", ["+114", "-72", "-42"]),
])
def test_settle_demo_shows_the_engine_settlement(settings, ending, totals):
    demo = lesson.SettleDemo(settings)
    press(demo, f"end:{ending}")
    assert [r[2] for r in rows(demo) if r[1] == "total"] == totals
    assert notes(demo) == [("info", i18n.translate("pao_de_kuai.lesson.settle.sum", total=0))]


def test_settle_demo_itemises_doubling_two_of_spades_and_bombs(settings):
    table = rows(lesson.SettleDemo(settings))
    assert ["Player B", "16 cards left (×2: never played)", "-32"] in table
    assert ["Player A", "2 of spades not played", "-10"] in table
    assert sum(1 for r in table if r[1].startswith("unplayed bomb")) == 2


def test_explain_demo_shows_high_choice_from_its_own_view(settings):
    demo = lesson.ExplainDemo(settings)
    assert demo.rows and lesson.GAME.label(demo.rows[0]["id"]) == lesson.GAME.label(demo.chosen)
    assert len(rows(demo)) == len(demo.rows)
    assert all(not r[2].startswith("mean score") for r in rows(demo))
    hand = next(b for b in demo.blocks if b["type"] == "cards" and b["id"] == "explain-hand")
    assert tuple(c["id"] for c in hand["cards"]) == demo.view.hand == demo.position.hands[demo.view.seat]


def test_explain_reasons_follow_the_page_language():
    state = lesson.explain_position()
    view, legal = lesson.GAME.observe(state, state.to_act), lesson.GAME.legal_actions(state)
    rows = lesson.HighPlayer(seed=1).explain(lesson.GAME, view, legal) + lesson.LowPlayer().explain(lesson.GAME, view, legal)
    for row in rows:
        assert row["reason"] == row["message"].text("en")
        assert row["message"].text("nl") != row["message"].text("en")


def test_quiz_answers_agree_with_the_engine():
    assert classify("5S 5H 5D 7C") is None
    assert lesson.QUIZZES["settle"][1]() == "13"
    assert lesson.QUIZZES["pass"][1]() == "pair"


def test_language_switch_re_renders_and_bad_messages_change_nothing(settings):
    demo = lesson.MustBeatDemo(settings)
    seen = []
    original = demo.render
    demo.render = lambda lang: seen.append(lang) or original(lang)
    settings.lang = "pt"
    assert seen == ["pt"] and demo.lang == "pt" and demo.blocks == original("pt")
    before = demo.blocks
    send(demo, {"type": "shout"})
    assert demo.notice and demo.blocks == before
