"""The felt tells the story: deal summaries, status and chips agreeing with who acts, seats, hints."""

from __future__ import annotations

from cardavia_nb.ui import Settings, Table
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
        assert any("score" in line for line in view["summary"]["lines"]), view["summary"]
        assert [s["name"] for s in view["summary"]["scores"]] == ["You", "Computer 1"]
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
    assert {"T15", "T3"} <= set(marked)  # trumps while 19 suit cards are held (Kings' reason names the Excuse, unseen here)
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
