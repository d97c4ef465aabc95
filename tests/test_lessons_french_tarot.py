"""The French Tarot lesson panels without a browser: each demo reacts to clicks with the engine's answers."""

from __future__ import annotations

import re

import pytest

from cardavia_nb import i18n
from cardavia_nb.games.french_tarot import FrenchTarot, card_points, settle_facts
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.players.french_tarot import HighPlayer
from cardavia_nb.ui import Settings
from cardavia_nb.ui.lessons import french_tarot as L
from tests.blocks import block_text

SEED_TITLES = ["Objective", "Setup", "Chien and discards", "Declarations before your first card",
               "Playing a trick", "Handling the Excuse", "Card points and bonuses", "Scoring and ending"]


@pytest.fixture
def settings():
    """A private settings object, so a language switch touches only this test's panels."""
    return Settings()


def send(panel, **content):
    """Deliver one front-end message to a panel, as the browser would."""
    panel._on_msg(panel, content, [])
    return panel.blocks


def notes(panel) -> list[tuple[str, str]]:
    """The (tone, text) of every feedback line of a panel."""
    return [(b["tone"], block_text(b)) for b in panel.blocks if b["type"] == "note"]


def last_note(panel) -> tuple[str, str]:
    """The last feedback line."""
    return notes(panel)[-1]


def row(panel, block: str) -> list[dict]:
    """The cards of one card row of a panel."""
    return next(b for b in panel.blocks if b["type"] == "cards" and b["id"] == block)["cards"]


def words(blocks) -> str:
    """Every string inside the blocks, joined."""
    out = []
    stack = [blocks]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return "\n".join(out)


def every_panel(settings):
    """One of each panel of the page."""
    return [L.Intro(settings), *(L.step(n, settings) for n in range(1, 9)), L.TargetDemo(settings),
            L.target_quiz(settings), L.PackDemo(settings), L.AuctionDemo(settings), L.auction_quiz(settings),
            L.DiscardDemo(settings), L.discard_quiz(settings), L.PoigneeDemo(settings), L.poignee_quiz(settings),
            L.TrickDemo(settings), L.trick_quiz(settings), L.ExcuseDemo(settings), L.excuse_quiz(settings),
            L.PileDemo(settings), L.pile_quiz(settings), L.bonuses(settings), L.SettleDemo(settings),
            L.words("ai.text", settings=settings), L.ExplainDemo(settings), L.play_text(settings)]


# --- texts ---------------------------------------------------------------------------------------

def test_one_step_per_seed_section_in_order():
    titles = [re.match(r"## (\d)\. (.+)", i18n.translate(f"french_tarot.lesson.step{n}.text")).groups()
              for n in range(1, 9)]
    assert titles == [(str(n), title) for n, title in enumerate(SEED_TITLES, start=1)]


def test_every_text_key_exists_and_no_key_leaks_into_a_panel(settings):
    for n in range(1, 9):
        assert i18n.has(f"french_tarot.lesson.step{n}.text")
    assert i18n.has("french_tarot.rules.full")
    for panel in every_panel(settings):
        shown = words(panel.blocks)
        assert "french_tarot." not in shown and "{" not in shown, (type(panel).__name__, shown[:200])


def test_full_rules_state_the_seed_numbers():
    rules = i18n.translate("french_tarot.rules.full")
    for fact in ("78 cards", "56", "51", "41", "36", "×1", "×2", "×4", "×6", "10 trumps", "13", "15",
                 "+400", "−200", "+200", "58", "174", "counterclockwise"):
        assert fact in rules, fact


def test_intro_names_the_tradition(settings):
    shown = words(L.Intro(settings).blocks)
    assert "French tarot" in shown and "78 cards" in shown and "Oudlers" in shown


def test_language_switch_renders_again(settings):
    panels = [L.TargetDemo(settings), L.SettleDemo(settings), L.target_quiz(settings)]
    before = [p.blocks for p in panels]
    settings.lang = "pt"
    assert all(p.lang == "pt" for p in panels)
    assert all(p.blocks is not b and p.blocks == p.render("pt") for p, b in zip(panels, before))


def test_a_malformed_message_changes_nothing(settings):
    demo = L.PileDemo(settings)
    before = demo.blocks
    send(demo, type="pick")
    assert demo.notice and demo.blocks == before and demo.pile == []


# --- step 1 and 2 ----------------------------------------------------------------------------------

def test_target_demo_gives_the_engine_target(settings):
    demo = L.TargetDemo(settings)
    assert "41" in last_note(demo)[1]
    send(demo, type="press", id="n3")
    assert "36" in last_note(demo)[1]
    send(demo, type="press", id="n0")
    assert "56" in last_note(demo)[1]


def test_target_quiz_wrong_then_right(settings):
    quiz = L.target_quiz(settings)
    send(quiz, type="press", id="56")
    assert last_note(quiz)[0] == "bad" and "Not quite" in last_note(quiz)[1]
    send(quiz, type="press", id="41")
    assert last_note(quiz)[0] == "ok" and "41" in last_note(quiz)[1]


def test_pack_demo_shows_78_cards_and_says_what_a_card_is(settings):
    demo = L.PackDemo(settings)
    shown = [c for b in demo.blocks if b["type"] == "cards" for c in b["cards"]]
    assert len(shown) == 78 and {c["id"] for c in shown if c["mark"]} == {"T1", "T21", "EX"}
    send(demo, type="pick", block="T", card="T1")
    assert "Trump 1 is an oudler worth 4.5" in notes(demo)[0][1]
    send(demo, type="pick", block="H", card="QH")
    assert "Queen of hearts is a suit card worth 3.5" in notes(demo)[0][1]
    assert "78 cards worth 91" in last_note(demo)[1]


def test_auction_demo_follows_the_engine(settings):
    demo = L.AuctionDemo(settings)
    send(demo, type="press", id="bid:garde")
    allowed = [i["id"] for b in demo.blocks if b["type"] == "buttons" for i in b["items"]]
    assert allowed == ["bid:pass", "bid:garde_sans", "bid:garde_contre", "restart"]
    send(demo, type="press", id="bid:prise")
    assert demo.notice == i18n.translate("french_tarot.illegal.bid_too_low")
    for _ in range(3):
        send(demo, type="press", id="bid:pass")
    assert last_note(demo) == ("ok", "Computer 1 is the taker at Garde (×2); the other three defend together.")
    send(demo, type="press", id="restart")
    for _ in range(4):
        send(demo, type="press", id="bid:pass")
    assert last_note(demo)[0] == "bad" and "Everyone passed" in last_note(demo)[1]
    said = next(block_text(b) for b in demo.blocks if b["type"] == "md" and b["html"].startswith("<ul>"))
    assert said.split("\n") == ["Computer 1: pass", "Computer 2: pass", "Computer 3: pass", "You: pass"]


# --- step 3: discard ----------------------------------------------------------------------------

def pick_all(panel, cards):
    """Click each card once."""
    for card in cards:
        send(panel, type="pick", block="hand", card=card)


def test_discard_demo_refuses_an_oudler_and_accepts_six_ordinary_cards(settings):
    demo = L.DiscardDemo(settings)
    assert {c["id"] for c in row(demo, "chien")} == {"6H", "QD", "9S", "T19", "T11", "KH"}
    assert len(row(demo, "hand")) == 24
    pick_all(demo, ["T21", "3S", "1H", "5D", "5C"])
    assert last_note(demo)[0] == "info" and "Choose 1 more" in last_note(demo)[1]
    pick_all(demo, ["3C"])
    assert last_note(demo) == ("bad", i18n.translate("french_tarot.illegal.discard_protected", card="T21"))
    assert last_note(demo)[1].startswith("Trump 21 may not be discarded")
    pick_all(demo, ["T21", "T3"])
    assert last_note(demo)[0] == "bad" and "must be six of them" in last_note(demo)[1]
    pick_all(demo, ["T3", "2C"])
    assert last_note(demo) == ("ok", "This discard is allowed.")
    assert {c["id"] for c in row(demo, "hand") if c["selected"]} == {"3S", "1H", "5D", "5C", "3C", "2C"}


def test_discard_demo_short_hand_must_add_trumps_which_are_shown(settings):
    demo = L.DiscardDemo(settings)
    send(demo, type="press", id="b")
    pick_all(demo, ["2S", "3S", "4H", "T2", "T3", "T4"])
    assert last_note(demo)[0] == "bad" and "Five of diamonds is missing" in last_note(demo)[1]
    send(demo, type="press", id="clear")
    send(demo, type="press", id="offer")
    tone, said = last_note(demo)
    assert tone == "ok" and "Trump 3 and Trump 2" in said and "shown to everyone" in said


# --- step 4: poignée -------------------------------------------------------------------------------

def test_poignee_offers_follow_the_engine(settings):
    demo = L.PoigneeDemo(settings)
    assert [c["id"] for c in row(demo, "offer-simple")][-1] == "EX"  # 9 trumps + the Excuse
    for preset, levels in (("p10", ["simple"]), ("p13x", ["simple", "double"]), ("p8x", [])):
        send(demo, type="press", id=preset)
        offered = [b["id"][6:] for b in demo.blocks if b["type"] == "cards" and b["id"].startswith("offer-")]
        assert offered == levels == [lv for lv, _ in L.GAME.poignee_offers(demo.state)]
    assert "may not show any poignée" in last_note(demo)[1]


def test_poignee_excuse_rule_and_a_valid_choice(settings):
    demo = L.PoigneeDemo(settings)
    send(demo, type="press", id="p13x")
    pick_all(demo, [f"T{n}" for n in range(3, 15)] + ["EX"])  # 12 trumps + EX, the 2 hidden
    assert last_note(demo)[0] == "bad" and "Excuse may be shown only when every trump" in last_note(demo)[1]
    send(demo, type="press", id="use-double")
    assert last_note(demo) == ("ok", "A valid double poignée, worth 30 to the side that wins the contract.")
    send(demo, type="press", id="clear")
    pick_all(demo, [f"T{n}" for n in range(2, 12)])
    assert last_note(demo)[0] == "ok" and "simple" in last_note(demo)[1]


# --- step 5: legal cards -------------------------------------------------------------------------

@pytest.mark.parametrize("case", list(L.TRICKS))
def test_trick_demo_marks_exactly_the_engine_legal_cards(settings, case):
    demo = L.TrickDemo(settings)
    send(demo, type="press", id=case)
    state = demo.state
    assert state.to_act == 0 and len(state.trick) == 3 and state.trick == L.TRICKS[case][1]
    marked = [c["id"] for c in row(demo, "hand") if c["mark"]]
    assert marked == list(R.legal(state.hands[0], state.trick))
    legal = marked[0]
    send(demo, type="pick", block="hand", card=legal)
    assert last_note(demo)[0] == "ok" and "Trick won by" in last_note(demo)[1]
    illegal = [c for c in state.hands[0] if c not in marked]
    if illegal:
        send(demo, type="pick", block="hand", card=illegal[0])
        assert last_note(demo)[0] == "bad" and "must" in last_note(demo)[1]


def test_trick_demo_reasons(settings):
    demo = L.TrickDemo(settings)
    send(demo, type="press", id="partner")
    assert [c["id"] for c in row(demo, "hand") if c["mark"]] == ["T16"]
    send(demo, type="pick", block="hand", card="T5")
    assert last_note(demo) == ("bad", i18n.translate("french_tarot.illegal.must_overtrump", card_high="T14"))
    assert "(Trump 14)" in last_note(demo)[1]
    send(demo, type="press", id="excuse")
    send(demo, type="pick", block="hand", card="T7")
    assert "Nine of clubs was led" in last_note(demo)[1]
    send(demo, type="press", id="under")
    trumps = [c["id"] for c in row(demo, "hand") if R.SUIT[c["id"]] == "T"]  # all below the 15: any may go
    assert [c["id"] for c in row(demo, "hand") if c["mark"]] == trumps and {"T4", "T12"} <= set(trumps)


# --- step 6: the Excuse ---------------------------------------------------------------------------

@pytest.mark.parametrize("case, said", [
    ("e1", "Trick won by You. The Excuse ends in the taker's pile. Half a point goes from the taker to the defenders."),
    ("e2", "Trick won by Computer 1. The Excuse ends in the defenders' pile. "
           "Half a point goes from the defenders to the taker."),
    ("e3", "Trick won by Computer 3. The Excuse ends in the defenders' pile. No half point moves."),
    ("e4", "Trick won by You. The Excuse ends in the defenders' pile. No half point moves."),
    ("e5", "Trick won by Computer 1. The Excuse ends in the taker's pile. No half point moves."),
    ("slam", "Trick won by Computer 1. The Excuse ends in the taker's pile. No half point moves."),
])
def test_excuse_demo_cases(settings, case, said):
    demo = L.ExcuseDemo(settings)
    send(demo, type="press", id=case)
    assert last_note(demo) == ("ok", said)


# --- step 7: counting -----------------------------------------------------------------------------

def test_pile_demo_counts_with_halves_and_sets_the_target(settings):
    demo = L.PileDemo(settings)
    send(demo, type="pick", block="S", card="KS")
    send(demo, type="pick", block="H", card="7H")
    assert last_note(demo) == ("info", "Cards: 2 · card points: 5 · oudlers: 0. The target is 56. "
                                       "This pile is 51 short of the target.")
    send(demo, type="pick", block="H", card="7H")
    assert "Cards: 1 · card points: 4.5 ·" in last_note(demo)[1]
    send(demo, type="press", id="example")
    assert "card points: 31 · oudlers: 3. The target is 36" in last_note(demo)[1]
    assert sorted(c["id"] for c in row(demo, "pile")) == sorted(L.EXAMPLE_PILE)
    send(demo, type="press", id="clear")
    assert "empty" in last_note(demo)[1]


# --- step 8: settlement ---------------------------------------------------------------------------

def scores(panel) -> list[list[str]]:
    """The rows of the score table (the last table)."""
    return [b for b in panel.blocks if b["type"] == "table"][-1]["rows"]


def test_settle_demo_starts_on_the_seed_example(settings):
    demo = L.SettleDemo(settings)
    lines = [b for b in demo.blocks if b["type"] == "table"][0]["rows"]
    assert ["Contract: (25 + 4) × the multiplier", "58"] in lines
    assert scores(demo) == [["Taker", "+174"], ["Each defender (×3)", "-58"]]
    assert notes(demo)[0] == ("ok", "The contract is made.")


def test_settle_demo_reacts_to_facts(settings):
    demo = L.SettleDemo(settings)
    send(demo, type="number", id="points", value=40)
    assert notes(demo)[0][0] == "bad" and scores(demo)[0] == ["Taker", "-156"]  # (25 + 1) × 2 × 3
    send(demo, type="press", id="half")
    assert scores(demo)[0] == ["Taker", "-156"]  # 40.5 against 41: lost by ⌈0.5⌉ = 1
    send(demo, type="press", id="contract-prise")
    assert scores(demo)[0] == ["Taker", "-78"]  # spec S13
    send(demo, type="press", id="preset-pab")
    assert scores(demo)[0] == ["Taker", "+264"]  # spec S5
    send(demo, type="press", id="pab-defence")
    assert scores(demo)[0] == ["Taker", "+144"]  # spec S6
    send(demo, type="press", id="preset-chelem")
    expected = settle_facts("garde", 3, 91, None, (), True, True, False).d
    assert scores(demo)[0] == ["Taker", f"{3 * expected:+g}"] == ["Taker", "+1680"]  # spec S15
    send(demo, type="press", id="contract-prise")
    send(demo, type="number", id="oudlers", value=1)
    send(demo, type="number", id="points", value=45)
    send(demo, type="press", id="chelem-none")
    send(demo, type="press", id="poignee-20")
    assert scores(demo)[0] == ["Taker", "-153"]  # spec S8
    send(demo, type="number", id="oudlers", value=9)
    assert demo.facts["oudlers"] == 3


# --- the computer players -----------------------------------------------------------------------

def test_explain_demo_shows_what_high_computed(settings):
    demo = L.ExplainDemo(settings)
    state = demo.positions[demo.at]
    game = FrenchTarot()
    view, legal = game.observe(state, L.EXPLAIN_SEAT), game.legal_actions(state)
    explained = HighPlayer(seed=L.EXPLAIN_SEAT).explain(game, view, legal)
    rows = [b for b in demo.blocks if b["type"] == "table"][0]["rows"]
    assert [r[0] for r in rows] == [game.label(e["id"]) for e in explained]
    assert [r[1] for r in rows] == [f"{e['value']:+.2f}" for e in explained]
    chosen = HighPlayer(seed=L.EXPLAIN_SEAT).choose(game, view, legal)
    assert last_note(demo) == ("ok", f"High chooses: {game.label(chosen)}.")
    assert [c["id"] for c in row(demo, "hand")] == list(view.hand)
    send(demo, type="press", id="next")
    assert demo.positions[demo.at] is not state


# --- quizzes ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("factory, wrong, right", [
    (L.auction_quiz, "a", "b"), (L.discard_quiz, "yes", "no"), (L.poignee_quiz, "yes", "no"),
    (L.trick_quiz, "either", "petit"), (L.excuse_quiz, "a", "b"), (L.pile_quiz, "13.5", "13"),
])
def test_quiz_wrong_then_right(settings, factory, wrong, right):
    quiz = factory(settings)
    assert quiz.answer == right
    send(quiz, type="press", id=wrong)
    assert last_note(quiz)[0] == "bad"
    send(quiz, type="press", id=right)
    assert last_note(quiz)[0] == "ok"


def test_quiz_answers_come_from_the_engine(settings):
    assert L.trick_quiz(settings).answer == "petit" and R.legal(("T1", "5S"), ("KD", "T2")) == ("T1",)
    assert L.pile_quiz(settings).answer == f"{card_points(('KS', 'QH', 'T21', '7D')):g}" == "13"
