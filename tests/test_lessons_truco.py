"""The Truco lesson panels without a browser: each demo answers clicks with the engine's verdicts."""

from __future__ import annotations

import json

import pytest

from cardavia_nb import i18n
from cardavia_nb.games.truco import POWER
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.lessons import truco as lesson
from tests.blocks import block_text
from cardavia_nb.ui.markdown import to_html
from cardavia_nb.ui.rules import Rules

TABLE_SEED = 13  # Player 0 is mano in deal 1 (the browser test plays this deal too)


def send(panel, **content) -> None:
    """Deliver one message as the browser would."""
    panel._on_msg(panel, content, [])


def texts(panel, kind: str | None = None) -> list[str]:
    """The texts of a panel's md and note blocks (or of one kind)."""
    return [block_text(b) for b in panel.blocks if b["type"] in ((kind,) if kind else ("md", "note"))]


def last_note(panel) -> str:
    """The text of the panel's last note block."""
    return texts(panel, "note")[-1]


def button_ids(panel) -> list[str]:
    """Every button id of the panel, in order."""
    return [i["id"] for b in panel.blocks if b["type"] == "buttons" for i in b["items"]]


def every_panel(settings: Settings) -> list:
    """One of each panel and quiz the notebook shows."""
    return [
        lesson.Intro(settings=settings), *(lesson.step(n, settings) for n in range(1, 10)),
        lesson.Heading("play", settings), lesson.ScoreWords(settings=settings), lesson.Deck(settings=settings),
        lesson.Dealing(settings=settings), lesson.Ranking(settings=settings), lesson.trick_replay(settings),
        lesson.deal_replay(settings), lesson.EnvidoCalc(settings=settings), lesson.EnvidoQuiz(settings=settings),
        lesson.EnvidoChain(settings=settings), lesson.TrucoStakes(settings=settings),
        lesson.ExplainView(settings=settings), lesson.quiz_score(settings),
        lesson.quiz_rank("7O", "3C", "rank1", settings), lesson.quiz_rank("7C", "7B", "rank2", settings),
        lesson.quiz_tricks(settings), lesson.quiz_chain_refused(settings), lesson.quiz_chain_accepted(settings),
        lesson.quiz_raise(settings), lesson.quiz_refuse(settings), lesson.quiz_end(settings), lesson.quiz_ai(settings),
    ]


@pytest.fixture
def settings() -> Settings:
    """A private settings object (the page's shared one is left alone)."""
    return Settings()


# --- texts ------------------------------------------------------------------------------------

def test_every_step_has_its_title_and_text(settings):
    titles = ["Objective", "Setup", "Playing a turn", "Tricks and ties", "Envido bets", "Answering envido",
              "Truco bets and folding", "Scoring and ending", "AI difficulty"]
    for n, title in enumerate(titles, 1):
        assert i18n.has(f"truco.lesson.step{n}.title") and i18n.has(f"truco.lesson.step{n}.text")
        step = lesson.step(n, settings)
        assert texts(step)[0] == f"{n}. {title}" and step.blocks[0]["html"].startswith("<h3>")
    with pytest.raises(ValueError):
        lesson.step(10, settings)


def test_no_panel_shows_a_missing_key(settings):
    for panel in every_panel(settings):
        shown = json.dumps(panel.blocks)
        assert "truco.lesson." not in shown and "truco.rules." not in shown, type(panel).__name__


def test_full_rules_cover_the_nine_sections():
    rules = i18n.translate("truco.rules.full")
    for n in range(1, 10):
        assert f"\n## {n}. " in rules
    html = Rules("truco", settings=Settings()).blocks[0]["html"]
    assert html == to_html(rules) and html.count("<h3>") == 9


def test_intro_names_the_tradition_and_the_pack(settings):
    intro = " ".join(texts(lesson.Intro(settings=settings)))
    assert "South American Catalan" in intro and "50 cards" in intro and "uses 40" in intro
    assert "Parda" in intro and "Mano" in intro


def test_language_switch_rerenders_every_panel(settings):
    panels = every_panel(settings)
    for panel in panels:
        panel.blocks = []
    settings.lang = "pt"
    assert all(panel.blocks for panel in panels)
    assert all(panel.lang == "pt" for panel in panels)


def test_a_malformed_message_changes_nothing(settings):
    ranking = lesson.Ranking(settings=settings)
    before = ranking.blocks
    send(ranking, type="pick")
    assert ranking.notice and ranking.blocks == before
    send(ranking, type="pick", block="rank", card="8E")  # not a Truco card: ignored
    assert ranking.picked == []


# --- step 1 and 2 ----------------------------------------------------------------------------------

def test_score_words_follow_the_number_field(settings):
    panel = lesson.ScoreWords(settings=settings)
    send(panel, type="number", id="score", value=21)
    assert last_note(panel) == "21 points are said: 6 buenas."
    send(panel, type="number", id="score", value=15)
    assert last_note(panel) == "15 points are said: 15 malas."
    send(panel, type="number", id="score", value=99)
    assert panel.score == 30


def test_deck_shows_forty_cards_and_the_ten_removed(settings):
    blocks = lesson.Deck(settings=settings).blocks
    rows = {b["id"]: [c["id"] for c in b["cards"]] for b in blocks if b["type"] == "cards"}
    suits = [rows[f"suit-{s}"] for s in "EBOC"]
    assert sum(len(r) for r in suits) == 40 and all(len(r) == 10 for r in suits)
    assert sorted(rows["removed"]) == sorted(["8E", "9E", "8B", "9B", "8O", "9O", "8C", "9C", "JO1", "JO2"])


def test_dealing_alternates_the_dealer(settings):
    panel = lesson.Dealing(settings=settings)
    first = panel.state.dealer
    send(panel, type="press", id="next")
    assert panel.state.dealer == 1 - first and panel.state.deal_no == 2
    assert "Deal 2:" in texts(panel, "note")[0]
    send(panel, type="press", id="shuffle")
    assert panel.state.deal_no == 1 and panel.match == 8


# --- step 3: ranking ----------------------------------------------------------------------------------

@pytest.mark.parametrize("a,b,winner", [
    ("1E", "1B", "1E"), ("7E", "7O", "7E"), ("7O", "3C", "7O"), ("3B", "3O", None), ("1C", "1O", None),
    ("7C", "7B", None), ("12E", "12B", None), ("7B", "6E", "7B"), ("1O", "12E", "1O"), ("2C", "1O", "2C"),
    ("4E", "4B", None),
])
def test_ranking_compares_two_picked_cards_K1_to_K11(settings, a, b, winner):
    panel = lesson.Ranking(settings=settings)
    send(panel, type="pick", block="rank", card=a)
    assert last_note(panel) == "Cards still to pick: 1."
    send(panel, type="pick", block="rank", card=b)
    verdict = last_note(panel)
    if winner is None:
        assert verdict.endswith("are equally strong: the trick is a parda.")
    else:
        loser = b if winner == a else a
        assert verdict == f"{lesson.card_name(winner, 'spanish')} beats {lesson.card_name(loser, 'spanish')}."


def test_ranking_ladder_is_ordered_and_a_third_pick_starts_again(settings):
    panel = lesson.Ranking(settings=settings)
    ladder = next(b for b in panel.blocks if b.get("id") == "rank")["cards"]
    powers = [POWER[c["id"]] for c in ladder]
    assert powers == sorted(powers, reverse=True) and ladder[0]["mark"] == "1" and ladder[-1]["mark"] == "14"
    for card in ("1E", "1B", "4C"):
        send(panel, type="pick", block="rank", card=card)
    assert panel.picked == ["4C"]
    send(panel, type="pick", block="rank", card="4C")
    assert panel.picked == []


# --- steps 4 and 8: replays -----------------------------------------------------------------------

def play_to_end(panel, preset: str) -> None:
    """Choose a preset and press Next until the example is over."""
    send(panel, type="press", id=f"preset:{preset}")
    while "next" in button_ids(panel):
        send(panel, type="press", id="next")


@pytest.mark.parametrize("preset,winner", [("r1", "A"), ("r2", "B"), ("r3", "A"), ("r4", "B"), ("r5", "A"),
                                           ("r6", "A"), ("r7", "B"), ("r8", "B")])
def test_trick_replays_R1_to_R8_end_with_the_spec_winner(settings, preset, winner):
    panel = lesson.trick_replay(settings)
    play_to_end(panel, preset)
    log = texts(panel, "md")[-1]
    assert f"Player {winner} wins the deal and scores 1." in log
    assert last_note(panel).startswith("The deal is over.")
    send(panel, type="press", id="restart")
    assert panel.done == 0 and "next" in button_ids(panel)


def test_trick_replay_R2_leader_after_a_parda_leads_again(settings):
    panel = lesson.trick_replay(settings)
    play_to_end(panel, "r2")
    tricks = next(b for b in panel.blocks if b["type"] == "table")["rows"]
    assert tricks[0][1:] == ["Player A", "Three of coins", "Three of cups", "Parda"]
    assert tricks[1][1] == "Player A"


def test_deal_replays_14_8_and_M1_M2(settings):
    panel = lesson.deal_replay(settings)
    play_to_end(panel, "deal")
    assert panel._states["deal"][-1].scores == (17, 9)
    assert "Player A scores 3: the call was refused." in texts(panel, "md")[-1]
    play_to_end(panel, "m1")
    assert last_note(panel).startswith("The match is over: 30 to 20.")
    play_to_end(panel, "m2")
    assert panel._states["m2"][-1].scores == (26, 24)
    assert "Player B scores 4 for the envido." in texts(panel, "md")[-1]


def test_replay_next_button_names_the_coming_move(settings):
    panel = lesson.deal_replay(settings)
    labels = [i["label"] for b in panel.blocks if b["type"] == "buttons" for i in b["items"]]
    assert "Next → Player A: Envido" in labels


# --- step 5: envido ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand,value", [
    ("7E 6E 1B", 33), ("12O 11O 5C", 20), ("4C 5B 6O", 6), ("12E 11B 10O", 0), ("7C 5C 3C", 32),
    ("1E 12E 11E", 21), ("7B 1B 12O", 28), ("3O 2O 7E", 25), ("10C 11C 7O", 20), ("7E 7O 7B", 7),
    ("1E 5C 3O", 5),
])
def test_envido_calculator_V1_to_V11(settings, hand, value):
    panel = lesson.EnvidoCalc(picked=(), settings=settings)
    for card in hand.split():
        send(panel, type="pick", block="envido-deck", card=card)
    assert last_note(panel).startswith(f"Envido of this hand: {value}.")


def test_envido_calculator_marks_points_and_replaces_the_oldest(settings):
    panel = lesson.EnvidoCalc(settings=settings)
    hand = next(b for b in panel.blocks if b.get("id") == "envido-hand")["cards"]
    assert [(c["id"], c["mark"]) for c in hand] == [("7E", "7"), ("6E", "6"), ("1B", "1")]
    assert "Cards of one suit (swords)" in last_note(panel)
    send(panel, type="pick", block="envido-deck", card="12O")
    assert panel.picked == ["6E", "1B", "12O"]
    assert "Three different suits" in last_note(panel)
    send(panel, type="pick", block="envido-deck", card="12O")
    assert last_note(panel) == "Cards still to pick: 1."


def test_envido_quiz_feedback_and_next_hand(settings):
    panel = lesson.EnvidoQuiz(settings=settings)
    assert panel.hand == ("3O", "2O", "7E")
    send(panel, type="press", id="value:7")
    assert last_note(panel).startswith("Not quite. Its envido is 25.")
    send(panel, type="press", id="value:25")
    assert last_note(panel).startswith("Right! Its envido is 25.")
    send(panel, type="press", id="another")
    assert panel.hand == ("10C", "11C", "7O") and panel.given is None
    choices = [i for i in button_ids(panel) if i.startswith("value:")]
    assert "value:20" in choices and len(choices) == 4


# --- step 6: envido chains -------------------------------------------------------------------------------

CHAIN_IDS = {"E": "call:envido", "R": "call:real_envido", "F": "call:falta_envido"}


@pytest.mark.parametrize("chain,accepted,refused,caller", [
    ("E", 2, 1, "A"), ("EE", 4, 2, "B"), ("ER", 5, 2, "B"), ("EER", 7, 4, "A"), ("R", 3, 1, "A"),
    ("F", 12, 1, "A"), ("EF", 12, 2, "B"), ("RF", 12, 3, "B"), ("ERF", 12, 5, "A"), ("EERF", 12, 7, "B"),
    ("EEF", 12, 4, "A"),
])
def test_envido_chain_C1_to_C11_at_10_18(settings, chain, accepted, refused, caller):
    panel = lesson.EnvidoChain(settings=settings)
    for code in chain:
        send(panel, type="press", id=CHAIN_IDS[code])
    outcomes = texts(panel, "md")[-1]
    ends = " That ends the match." if "F" in chain else ""  # B has 18 and wins the falta (12)
    assert outcomes == (f"Quiero: Player B scores {accepted}.{ends}\n"
                        f"No quiero: Player {caller} scores {refused}.")


def test_envido_chain_rejects_illegal_raises_C12(settings):
    panel = lesson.EnvidoChain(settings=settings)
    send(panel, type="press", id="call:real_envido")
    assert set(button_ids(panel)) == {"call:falta_envido", "restart"}
    send(panel, type="press", id="call:envido")
    assert panel.calls == ["call:real_envido"]
    send(panel, type="press", id="call:falta_envido")
    assert button_ids(panel) == ["restart"] and last_note(panel).startswith("Nothing can be added")
    send(panel, type="press", id="restart")
    assert panel.calls == []


def test_envido_chain_follows_the_scores_and_caps_at_30(settings):
    panel = lesson.EnvidoChain(settings=settings)
    send(panel, type="number", id="score_b", value=27)
    assert "worth 3" in " ".join(texts(panel))
    send(panel, type="press", id="call:envido")
    send(panel, type="press", id="call:real_envido")
    assert texts(panel, "md")[-1].splitlines()[0] == (
        "Quiero: Player B scores 5. (Only 3 are added: scores stop at 30.) That ends the match.")
    send(panel, type="number", id="score_a", value=40)
    assert panel.scores == [29, 27] and len(panel.calls) == 2


# --- step 7: truco stakes -------------------------------------------------------------------------------

def test_truco_stakes_S3_right_to_raise_and_refusal(settings):
    panel = lesson.TrucoStakes(settings=settings)
    assert "either player may call Truco" in texts(panel, "md")[-1]
    send(panel, type="press", id="call:truco")
    assert set(button_ids(panel)) >= {"answer:quiero", "answer:no_quiero", "call:envido"}
    assert "No quiero would end the deal and give Player A 1." in " ".join(texts(panel))
    send(panel, type="press", id="answer:quiero")
    assert "call:retruco" not in button_ids(panel)  # the caller may not raise: Player B holds the raise
    send(panel, type="pick", block="hand-1", card="3O")  # not Player B's turn: ignored
    assert panel.moves == ["call:truco", "answer:quiero"]
    send(panel, type="pick", block="hand-0", card="5C")
    assert "call:retruco" in button_ids(panel)
    send(panel, type="press", id="call:retruco")
    send(panel, type="press", id="answer:no_quiero")
    shown = " ".join(texts(panel))
    assert "Player B scores 2: the call was refused." in shown and "The deal is over." in shown


def test_truco_stakes_fold_pays_the_current_stake(settings):
    panel = lesson.TrucoStakes(settings=settings)
    for move in ("call:truco", "answer:quiero"):
        send(panel, type="press", id=move)
    assert "Going to the deck now would give Player B 2." in " ".join(texts(panel))
    send(panel, type="press", id="fold")
    assert "Player B scores 2: the opponent went to the deck." in " ".join(texts(panel))


# --- step 9: explain ---------------------------------------------------------------------------------

def test_explain_view_lists_every_legal_move_and_the_choice(settings):
    panel = lesson.ExplainView(settings=settings)
    for position in range(len(lesson.POSITIONS)):
        send(panel, type="press", id=f"pos:{position}")
        for level in ("high", "low"):
            send(panel, type="press", id=f"level:{level}")
            state = panel.state()
            legal = lesson.GAME.legal_actions(state)
            grid = next(b for b in panel.blocks if b["type"] == "table" and b["head"][0] == "Move")
            assert len(grid["rows"]) == len(legal)
            player = lesson.PLAYERS[level](seed=1)
            chosen = player.choose(lesson.GAME, lesson.GAME.observe(state, state.to_act), legal)
            assert last_note(panel) == f"Player {'AB'[state.to_act]} chooses: {lesson.GAME.label(chosen)}."
    assert grid["head"][1] == "Rule-of-thumb score"
    send(panel, type="press", id="pos:9")
    assert panel.at == len(lesson.POSITIONS) - 1


# --- quizzes ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("factory,right,wrong", [
    (lesson.quiz_score, "six", "malas"),
    (lambda s: lesson.quiz_rank("7O", "3C", "rank1", s), "seat:a", "parda"),
    (lambda s: lesson.quiz_rank("7C", "7B", "rank2", s), "parda", "seat:a"),
    (lesson.quiz_tricks, "seat:b", "third"),
    (lesson.quiz_chain_refused, "5", "7"),
    (lesson.quiz_chain_accepted, "12", "30"),
    (lesson.quiz_raise, "seat:b", "either"),
    (lesson.quiz_refuse, "2", "3"),
    (lesson.quiz_end, "ends", "truco"),
    (lesson.quiz_ai, "hidden", "played"),
])
def test_quizzes_answer_from_the_engine(settings, factory, right, wrong):
    quiz = factory(settings)
    assert quiz.answer == right
    send(quiz, type="press", id=wrong)
    assert last_note(quiz).startswith("Not quite.")
    send(quiz, type="press", id=right)
    assert last_note(quiz).startswith("Right!")


# --- the table at the bottom of the page --------------------------------------------------------

def test_table_deal_with_envido_and_truco_by_clicks():
    """The browser test's click plan, through the table's messages: a whole deal, then the next."""
    table = Table("truco", level="low", seed=TABLE_SEED, settings=Settings(), delay=0)
    assert table.state.mano == 0
    clicked: list[str] = []
    while "next_deal" not in [a["id"] for a in table.view["actions"]]:
        actions = [a["id"] for a in table.view["actions"]]
        cards = [c["action"] for c in table.view["hand"] if c["action"]]
        choice = next((c for c in ("call:envido", "call:truco") if c in actions and c not in clicked), None)
        choice = choice or ("answer:quiero" if "answer:quiero" in actions else cards[0])
        table.send_intent({"type": "act", "id": choice})
        assert table.notice == ""
        clicked.append(choice)
    assert {"call:envido", "call:truco"} <= set(clicked) and sum(c.startswith("play:") for c in clicked) == 3
    assert any("the deal and score" in line for line in table.log)
    table.send_intent({"type": "act", "id": "next_deal"})
    assert table.state.deal_no == 2
