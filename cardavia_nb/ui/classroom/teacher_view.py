"""The class board drawn as panel blocks: the set's code, link and QR code, who plays, and deal by deal the
students' scores beside High's, what the class played first, and the mistakes most of them made.

Pure functions of ``Classes.board()``'s plain data and the page language. Students' names only ever go
into table cells and button labels, which the page shows as text (never into Markdown or HTML).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from babel.numbers import format_percent

from cardavia_nb import i18n
from cardavia_nb.core.game import IllegalAction
from cardavia_nb.games import get as get_game
from cardavia_nb.review.units import UNITS
from cardavia_nb.ui.table.adapters import adapter_for
from cardavia_nb.ui.addresses import loopback, student_link
from cardavia_nb.ui.panel import buttons, image, md, note, table, upload
from cardavia_nb.ui.classroom.qr import qr_svg
from cardavia_nb.ui.review.reviewing import amount

UPLOAD = "results"  # the file picker's id
MAX_UPLOAD = 1_000_000  # characters of one results file the page sends at most (the store checks its own limit)


def head(lang: str, *keys: str) -> list[str]:
    """A table's header row from ``board.head.*`` keys."""
    return [i18n.translate(f"board.head.{key}", lang) for key in keys]


@lru_cache(maxsize=4096)
def num(value: Any, lang: str, signed: bool = False) -> str:
    """A number the language's way ("" for none), with its sign when asked (remembered: a board of 30
    students and 12 deals writes some 1,400 numbers, mostly the same few, and Babel takes 0.4 ms each)."""
    if value is None:
        return ""
    return i18n.number(i18n.Signed(value) if signed and value else value, lang)


@lru_cache(maxsize=1024)
def percent(share: float | None, lang: str) -> str:
    """A share of the class as a percentage the language's way ("" for none)."""
    return "" if share is None else format_percent(share, locale=lang)


def set_head(info: dict, origin: str | None, lang: str) -> list[dict]:
    """The set's code, what it is, and how students reach it: the link large and as a QR code (a server
    set), or the code to add to the game's page on Binder or the static site (an open set)."""
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    code = info["code"]
    out = [md(f"## {t('board.code', code=code)}"),
           md(t("board.summary", game=t(f"games.{info['game']}.title"), count=info["deals"],
                level=t(f"ui.level.{info['level']}"), kind=t(f"board.kind.{info['kind']}")))]
    if info["kind"] == "open":
        out += [md(t("board.open_intro", code=code)), image(qr_svg(code), code)]
    else:
        link = student_link(origin, info["game"], code)
        out += [md(t("board.link_intro")), md(f"### [{link}]({link})"), image(qr_svg(link), link)]
        if loopback(origin):
            out.append(note(t("board.loopback"), "bad"))
    actions = [("export", t("board.export"))]
    if info["closed"]:
        out.append(note(t("board.closed"), "info"))
    else:
        actions.insert(0, ("close", t("board.close")))
    return [*out, buttons(actions), upload(UPLOAD, t("board.upload"), ".json", MAX_UPLOAD)]


def students(rows: list[dict], lang: str) -> list[dict]:
    """Who has joined the set, and whether they finished, are playing or left."""
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    out = [md(f"## {t('board.students')}")]
    if not rows:
        return [*out, md(t("board.nobody_yet"))]
    return [*out, table(head(lang, "name", "state", "done"),
                        [[s["name"], t(f"board.state.{s['state']}"), num(s["done"], lang)] for s in rows])]


def deal_blocks(deal: dict, game: str, lang: str) -> list[dict]:
    """One deal: High's score, each student's score against it and the share of the class beaten, the
    first decisions of the class, and the mistakes most made, each with its *Replay* button."""
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    n, high = deal["index"], deal["high"]
    out = [md(f"### {t('board.deal', n=n + 1)}"),
           md(t("board.high", score=num(high, lang)) if high is not None else t("board.high_wait"))]
    if not deal["rows"]:
        return [*out, md(t("board.nobody"))]
    unit = UNITS[game]
    out.append(table(head(lang, "name", "score", "vs_high", "beaten", "mistakes", "cost", "status"), [
        [r["name"], num(r["score"], lang),
         num(r["score"] - high, lang, signed=True) if r["score"] is not None and high is not None else "",
         percent(r["beaten"], lang),
         num(r["mistakes"], lang), amount(unit, r["cost"], lang) if r["cost"] is not None else "",
         t(f"board.status.{r['status']}")] for r in deal["rows"]]))
    label = move_words(game, lang)
    if deal["first"]:
        out += [md(f"#### {t('board.first')}"), md("\n".join(
            "- " + t("board.first_line", n=d["decision"], moves=" · ".join(
                t("board.move_count", move=label(move), count=num(count, lang))
                for move, count in sorted(d["moves"].items(), key=lambda item: -item[1])))
            for d in deal["first"]))]
    if deal["mistakes"]:
        names = {r["result"]: r["name"] for r in deal["rows"]}
        out += [md(f"#### {t('board.mistakes')}"),
                table(head(lang, "move", "played", "best", "count"),
                      [[t("ui.review.move", n=m["step"] + 1), label(m["played"]), label(m["best"]), num(m["count"], lang)]
                       for m in deal["mistakes"]]),
                buttons([(f"replay:{n}:{k}", t("board.replay", n=k + 1, name=names.get(m["result"], "?"), step=m["step"] + 1))
                         for k, m in enumerate(deal["mistakes"])])]
    return out


def move_words(game: str, lang: str) -> Callable[[str], str]:
    """A move id in words, by the game's adapter ("Envido", "Play 4 of cups"); an unknown id as it is."""
    engine = get_game(game)
    adapter = adapter_for(engine)

    def words(move_id: str) -> str:
        try:
            return adapter.label(engine.action(move_id), lang)
        except IllegalAction:
            return move_id
    return words


def totals(rows: list[dict], lang: str) -> list[dict]:
    """Each student's total over the set beside High's on the same deals."""
    if not rows:
        return []
    return [md(f"## {i18n.translate('board.totals', lang)}"),
            table(head(lang, "name", "score", "high", "deals"),
                  [[r["name"], num(r["score"], lang), num(r["high"], lang), num(r["deals"], lang)] for r in rows])]


def board_blocks(data: dict, origin: str | None, lang: str) -> list[dict]:
    """The whole board of one set."""
    game = data["set"]["game"]
    return [*set_head(data["set"], origin, lang), *students(data["students"], lang),
            *[block for deal in data["deals"] for block in deal_blocks(deal, game, lang)], *totals(data["totals"], lang)]
