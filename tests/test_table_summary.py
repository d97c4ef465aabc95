"""The felt tells the story: deal and match summaries that say who won, status and chips agreeing
with who acts, the last Pao De Kuai round to review, seats, hints."""

from __future__ import annotations

from cardavia_nb.games.pao_de_kuai.rules import Play
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.table.adapters.pao_de_kuai import last_round
from tests.test_ui_table import send


def play_first(table: Table) -> None:
    """The human's first playable card, else the first button."""
    cards = [c["action"] for c in table.view["hand"] if c["action"]]
    send(table, {"type": "act", "id": cards[0] if cards else table.view["actions"][0]["id"]})


def test_every_truco_deal_end_is_a_summary_whoever_deals_next():
    table = Table("truco", seed=7, settings=Settings(), delay=0)
    ends = 0
    for _ in range(200):
        if table.view["over"] or ends == 4:
            break
        view = table.view
        if view["summary"] is None:
            play_first(table)
            continue
        ends += 1
        assert view["status"] == "The deal is over: read the summary, then go on."
        assert not any(s["turn"] for s in view["seats"]) and not view["mine"]
        assert view["summary"]["go"]["id"] == "next_deal"
        summary = view["summary"]
        assert summary["title"] in ("You won the deal", "Computer 1 won the deal"), summary
        assert [r["name"] for r in summary["rows"]] == ["You", "Computer 1"]
        assert [r["score"] for r in summary["rows"]] == [s["score"] for s in view["seats"]]
        winner = 0 if summary["title"].startswith("You") else 1
        assert set(summary["sources"]) & {"deal won", "refused call", "went to the deck"}
        assert summary["rows"][winner]["total"].startswith("+") and not summary["notes"]
        send(table, {"type": "act", "id": "next_deal"})
        assert table.notice == ""
    assert ends == 4


def test_hint_ranks_legal_moves_in_the_page_language_and_is_counted():
    settings = Settings()
    table = Table("truco", seed=13, settings=settings, delay=0)
    legal = {c["action"] for c in table.view["hand"] if c["action"]} | {a["id"] for a in table.view["actions"]}
    send(table, {"type": "hint"})
    rows = table.frame["hint"]
    assert rows and {r["id"] for r in rows} <= legal and all(r["reason"] and r["label"] for r in rows)
    english = rows[0]["reason"]
    settings.lang = "pt"
    send(table, {"type": "hint"})
    assert table.frame["hint"][0]["reason"] != english
    assert table.view["hints"].endswith("2")
    play_first(table)
    assert table.frame["hint"] == [], "a hint is shown on request only, for the position it was asked in"


def test_a_whole_deal_on_hints_then_a_hint_is_refused():
    table = Table("pao_de_kuai", seed=3, settings=Settings(), delay=0)
    while table.view["mine"]:
        send(table, {"type": "hint"})
        send(table, {"type": "act", "id": table.frame["hint"][0]["id"]})
        assert table.notice == ""
    assert table.view["over"] and table.view["summary"]["go"] is None
    before = table.frame
    send(table, {"type": "hint"})
    assert table.notice and table.frame == before


def test_tarot_discard_marks_kings_and_oudlers_and_names_them_first():
    table = Table("french_tarot", seed=1, settings=Settings(), delay=0)
    send(table, {"type": "act", "id": "bid:garde"})
    marked = {c["id"]: c["why"] for c in table.view["hand"] if c["why"]}
    assert {"T20", "T3"} <= set(marked)  # trumps, while 16 ordinary cards are held (seed 1's deal)
    kings = [c["id"] for c in table.view["hand"] if c["id"].startswith("K")]
    send(table, {"type": "select", "cards": [kings[0]]})
    assert table.selection["ok"] is False
    assert "Kings and oudlers" in table.selection["text"] and "exactly six" not in table.selection["text"]


def test_pao_de_kuai_says_what_you_may_do_when_facing_a_play():
    table = Table("pao_de_kuai", seed=24, settings=Settings(), delay=0)
    seen = set()
    while table.view["mine"] and len(seen) < 2:
        if table.view["help"]:
            seen.add("must" if "must beat" in table.view["help"] else "pass" if "must pass" in table.view["help"] else "")
        send(table, {"type": "hint"})
        send(table, {"type": "act", "id": table.frame["hint"][0]["id"]})
    assert seen & {"must", "pass"}


def on_hints(table: Table, until) -> None:
    """Play the human seat on the High player's first hint (and 'Next deal') until ``until(table)``."""
    for _ in range(3000):
        if until(table):
            return
        go = (table.view["summary"] or {}).get("go")
        if go:
            send(table, {"type": "act", "id": go["id"]})
            continue
        send(table, {"type": "hint"})
        send(table, {"type": "act", "id": table.frame["hint"][0]["id"]})
        assert table.notice == "", table.notice
    raise AssertionError("never reached")


def test_a_truco_match_end_says_who_won_and_nothing_waits_for_a_move():
    table = Table("truco", seed=5, settings=Settings(), delay=0)
    on_hints(table, lambda t: t.view["over"])
    view, scores = table.view, table.state.scores
    winner = 0 if scores[0] >= 30 else 1
    names = ("You", "Computer 1")
    summary = view["summary"]
    assert summary["title"] == f"{names[winner]} won the match, {scores[winner]} to {scores[1 - winner]}"
    assert view["status"] == "The game is over." and not view["mine"] and view["actions"] == []
    assert not any(s["turn"] for s in view["seats"]) and summary["go"] is None
    assert [r["score"] for r in summary["rows"]] == [s["score"] for s in view["seats"]]
    assert summary["notes"] and all(n["name"] in names for n in summary["notes"])
    assert summary["replay"] == "Replay this deal: 5"
    table.settings.lang = "pt"
    assert table.view["summary"]["title"].startswith(("Você ganhou a partida", "Computador 1 ganhou a partida"))


def test_tarot_summary_says_whether_the_contract_was_made_without_repeating_the_scores():
    table = Table("french_tarot", seed=1, settings=Settings(), delay=0)
    on_hints(table, lambda t: t.view["over"])
    summary, state = table.view["summary"], table.state
    taker_won = state.taker in table.game.result(state).winners
    who = "You" if state.taker == 0 else f"Computer {state.taker}"
    assert summary["title"] == (f"{who} made" if taker_won else f"{who} lost") + (" your contract" if who == "You" else " the contract")
    assert summary["sources"][0] == "contract" and len(summary["rows"]) == 4
    assert [r["total"].lstrip("+") for r in summary["rows"]] == table.result["payoffs"]
    assert all(n["label"] != "Score" for n in summary["notes"]), "each seat's score is said once, in the points table"


def test_pao_de_kuai_summary_names_who_went_out_first():
    table = Table("pao_de_kuai", seed=24, settings=Settings(), delay=0)
    on_hints(table, lambda t: t.view["over"])
    out = table.state.winner
    assert table.view["summary"]["title"] == ("You went out first and won the deal" if out == 0
                                              else f"Computer {out} went out first and won the deal")


def test_last_round_ends_on_the_second_pass_in_a_row():
    lead, answer, pass_ = Play(0, ("3H",), "single", 1, 3), Play(1, ("5S",), "single", 1, 5), Play(0, (), "pass", 0, 0)
    assert last_round([lead, answer]) == []
    assert last_round([lead, pass_, answer, pass_, pass_, lead]) == [lead, pass_, answer, pass_, pass_]


def test_pao_de_kuai_last_round_is_reviewable_from_the_public_history():
    table = Table("pao_de_kuai", seed=3, settings=Settings(), delay=0)
    on_hints(table, lambda t: bool(last_round(t.state.history)))
    rounds = 0
    while not table.view["over"] and rounds < 3:
        plays = last_round(table.state.history)
        review = [x for x in table.view["extras"] if "plays" in x]
        assert len(review) == 1
        winner = [p.seat for p in plays if not p.is_pass][-1]
        assert review[0]["label"] == f"Last round, won by {'you' if winner == 0 else f'Computer {winner}'}"
        shown = review[0]["plays"]
        assert [[c["id"] for c in p["cards"]] for p in shown] == [list(p.cards) for p in plays]
        assert [p["note"] == "passes" for p in shown] == [p.is_pass for p in plays]
        assert [p["name"] for p in shown] == [table._words().name(p.seat) for p in plays]
        on_hints(table, lambda t, seen=len(table.state.history): t.view["over"]
                 or last_round(t.state.history) != plays and len(t.state.history) > seen)
        rounds += 1
    assert rounds == 3
