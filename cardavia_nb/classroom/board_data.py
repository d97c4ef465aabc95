"""The teacher's board as plain data, built from the rows of one set, and its CSV export.

Only finished deals are ranked: a student's share beaten on a deal is the share of the others who finished
it with a lower score. Deals begun and not finished are shown as playing, or as left once idle for ten
minutes, and never ranked.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter, defaultdict
from datetime import datetime, timedelta
from typing import Any, Iterable

from cardavia_nb.core.text import Msg

IDLE = timedelta(minutes=10)
TOP_MISTAKES = 10


def beaten_shares(scores: dict[Any, float]) -> dict[Any, float | None]:
    """For each key, the share of the others with a lower score (None when nobody else finished)."""
    if len(scores) < 2:
        return {key: None for key in scores}
    return {key: sum(other < mine for other in scores.values()) / (len(scores) - 1) for key, mine in scores.items()}


def student_state(done: int, deals: int, playing: int | None, seen: datetime, now: datetime) -> str:
    """"finished" (every deal), "joined" (nothing begun), "left" (idle ten minutes) or "playing"."""
    if done >= deals:
        return "finished"
    if done == 0 and playing is None:
        return "joined"
    return "left" if now - seen > IDLE else "playing"


def _first(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the class played at its first decisions: per decision number, each move's count."""
    counts: dict[int, Counter] = defaultdict(Counter)
    for result in results:
        for k, move in enumerate(result["first"], start=1):
            counts[k][move] += 1
    return [{"decision": k, "moves": dict(counts[k].most_common())} for k in sorted(counts)]


def _mistakes(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The mistakes most students made, most common first, each with a result and step to open it at."""
    groups: dict[tuple, dict[str, Any]] = {}
    for result in sorted(results, key=lambda r: r["id"]):
        for mistake in result["mistakes"] or ():
            step = mistake["step"]
            decision = result["steps"].index(step) + 1 if step in result["steps"] else None
            key = (decision, mistake["played"], mistake["best"])
            group = groups.setdefault(key, {"decision": decision, "played": mistake["played"],
                                            "best": mistake["best"], "count": 0, "result": result["id"],
                                            "step": step})
            group["count"] += 1
    ranked = sorted(groups.values(), key=lambda g: (-g["count"], g["decision"] or 0, g["played"], g["best"]))
    return ranked[:TOP_MISTAKES]


def _deal(index: int, high: float | None, results: list[dict[str, Any]],
          unfinished: list[tuple[str, str]]) -> dict[str, Any]:
    """One deal's column of the board: the finished rows ranked, then who is still on it or left it."""
    shares = beaten_shares({r["id"]: r["score"] for r in results})
    rows = [{"name": r["name"], "score": r["score"], "status": "over", "beaten": shares[r["id"]],
             "mistakes": None if r["mistakes"] is None else len(r["mistakes"]), "cost": r["cost"], "result": r["id"]}
            for r in sorted(results, key=lambda r: (-r["score"], r["name"]))]
    rows += [{"name": name, "score": None, "status": status, "beaten": None, "mistakes": None, "cost": None,
              "result": None} for name, status in sorted(unfinished)]
    return {"index": index, "high": high, "rows": rows, "first": _first(results), "mistakes": _mistakes(results)}


def build(head: dict[str, Any], students: Iterable[dict[str, Any]], results: Iterable[dict[str, Any]],
          highs: dict[int, float], now: datetime) -> dict[str, Any]:
    """The board of a set from its rows: students (id, name, playing, seen), results (id, student, deal,
    score, first, steps, mistakes, cost; JSON already read) and High's scores by deal."""
    students, results = list(students), list(results)
    names = {s["id"]: s["name"] for s in students}
    for result in results:
        result["name"] = names[result["student"]]
    done = Counter(r["student"] for r in results)
    finished = {(r["student"], r["deal"]) for r in results}
    states = {s["id"]: student_state(done[s["id"]], head["deals"], s["playing"], s["seen"], now) for s in students}
    board_students = [{"name": s["name"], "state": states[s["id"]], "done": done[s["id"]]}
                      for s in sorted(students, key=lambda s: s["name"])]
    deals = []
    for index in range(head["deals"]):
        mine = [r for r in results if r["deal"] == index]
        unfinished = [(s["name"], "left" if states[s["id"]] == "left" else "playing") for s in students
                      if s["playing"] == index and (s["id"], index) not in finished]
        deals.append(_deal(index, highs.get(index), mine, unfinished))
    totals = []
    for student in students:
        mine = [r for r in results if r["student"] == student["id"]]
        if mine:
            known = [highs.get(r["deal"]) for r in mine]
            totals.append({"name": student["name"], "score": sum(r["score"] for r in mine),
                           "high": None if None in known else sum(known), "deals": len(mine)})
    totals.sort(key=lambda t: (-t["score"], t["name"]))
    return {"set": head, "students": board_students, "deals": deals, "totals": totals}


def read_json(text: str | None) -> Any:
    """A JSON column's value (None stays None)."""
    return None if text is None else json.loads(text)


def _cell(value: Any) -> Any:
    """A value a spreadsheet shows as text: a name that starts like a formula gets a leading quote."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return "" if value is None else value


def board_csv(board: dict[str, Any], lang: str) -> str:
    """The board as CSV: one line per student and deal, then one total line per student."""
    word = lambda key: Msg.of(f"classes.csv.{key}").text(lang)  # noqa: E731
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([word(k) for k in ("name", "deal", "status", "score", "high", "beaten", "mistakes", "cost")])
    for deal in board["deals"]:
        for row in deal["rows"]:
            beaten = None if row["beaten"] is None else round(100 * row["beaten"])
            writer.writerow([_cell(row["name"]), deal["index"] + 1, word(row["status"]), _cell(row["score"]),
                             _cell(deal["high"]), _cell(beaten), _cell(row["mistakes"]), _cell(row["cost"])])
    for total in board["totals"]:
        writer.writerow([_cell(total["name"]), word("total"), f"{total['deals']}/{board['set']['deals']}",
                         total["score"], _cell(total["high"]), "", "", ""])
    return out.getvalue()
