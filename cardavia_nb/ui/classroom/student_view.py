"""The class panel's words: what a student reads under the table, built from the panel's state as blocks.

Names are the students' own text: they go into table cells (drawn as text) or, in a sentence, with every
Markdown sign escaped, so that a name is always shown as typed and never as markup.
"""

from __future__ import annotations

from typing import Any, Callable

from cardavia_nb import i18n
from cardavia_nb.ui.addresses import page_beside, student_link
from cardavia_nb.ui.markdown import literal
from cardavia_nb.ui.panel import buttons, field, link, md, note, table
from cardavia_nb.ui.review.reviewing import outcome, scaled


def results_blocks(rows: list[dict[str, Any]], lang: str, t: Callable[..., str]) -> list[dict]:
    """The class's results of one deal, best first: rank, name, score, share of the class beaten."""
    def share(value: float | None) -> str:
        return "–" if value is None else f"{i18n.number(round(100 * value), lang)}%"

    rows_out = [[str(rank), row["name"] + (f" {t('classplay.you_mark')}" if row.get("you") else ""),
                 i18n.number(i18n.Signed(row["score"]) if row["score"] else 0, lang), share(row["beaten"])]
                for rank, row in enumerate(rows, start=1)]
    return [table([t("classplay.rank"), t("classplay.name"), t("classplay.score"), t("classplay.beaten")], rows_out)]


def mine_line(rows: list[dict[str, Any]], deal: int, deals: int, lang: str, t: Callable[..., str]) -> str:
    """Your score on the deal and the share of those who finished it that you beat."""
    mine = next((row for row in rows if row.get("you")), None)
    if mine is None:
        return ""
    score = i18n.number(i18n.Signed(mine["score"]) if mine["score"] else 0, lang)
    if mine["beaten"] is None:
        return t("classplay.your_score_alone", n=deal + 1, deals=deals, score=score)
    return t("classplay.your_score", n=deal + 1, deals=deals, score=score,
             share=i18n.number(round(100 * mine["beaten"]), lang))


def review_line(found: Any, lang: str, t: Callable[..., str]) -> str:
    """The review of the deal: running, failed, or its mistakes and High's score on the same cards."""
    if found is None:
        return t("classplay.review_running")
    if found == "failed":
        return t("classplay.review_failed")
    unit = found.unit
    key = "ui.review.cost_chance" if unit == "match_chance" else "ui.review.cost_points"
    line = (t("classplay.review_done", count=len(found.mistakes), cost=i18n.translate(key, lang, n=scaled(unit, found.cost)))
            if found.mistakes else t("classplay.review_clean"))
    if found.high_score is not None and found.score is not None:
        line += " " + t("classplay.high", high=outcome(unit, found.high_score, lang), you=outcome(unit, found.score, lang))
    return line


def blocks(panel: Any, lang: str) -> list[dict]:
    """The whole panel in ``lang`` from what ``panel`` (a ``ClassPlay``) knows now."""
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    if panel.problem is None and panel.cls is None:
        return []  # not a class page
    out = [md(f"## {t('classplay.title')}")]
    if panel.problem == "wrong":
        return [*out, note(t("classplay.wrong_code"), "bad")]
    if panel.problem == "store":
        return [*out, note(t("classplay.no_store"), "bad")]
    if panel.problem == "new_token":
        return [*out, note(t("classplay.new_token"), "bad")]
    cls = panel.cls
    game = t(f"games.{cls.game}.title")
    if panel.problem == "other_game":
        return [*out, md(t("classplay.other_game", game=game, link=student_link(None, cls.game, cls.code)))]
    out.append(md(t("classplay.set_line", game=game, count=cls.deals, level=t(f"ui.level.{cls.level}"))))
    if cls.closed:
        out.append(note(t("classplay.closed"), "info"))
        for deal, rows in sorted(panel.results.items()):
            out += [md(f"### {t('classplay.deal_title', n=deal + 1)}"), *results_blocks(rows, lang, t)]
        return out
    if panel.token is None:
        return out
    if panel.name is None:
        return [*out, md(t("classplay.name_ask")),
                field("name", t("classplay.name_label"), t("classplay.name_button"), max_length=40)]
    out.append(md(t("classplay.joined_as", name=literal(panel.name))))
    if panel.room is not None:  # the teacher seated this student at a table: the game page of that room
        out += [note(t("classplay.table_text"), "ok"),
                link(page_beside(None, cls.game, f"room={panel.room}"), t("classplay.table_link"), "class-table",
                     follow=True)]
    deal = panel.deal
    if deal is not None and not panel.over:
        return [*out, note(t("classplay.playing", n=deal + 1, deals=cls.deals))]
    if deal is not None:
        rows = panel.results.get(deal)
        if rows is None:
            out.append(note(t("classplay.not_written") if deal in panel.waiting else t("classplay.writing", n=deal + 1)))
        else:
            out += [md(f"### {t('classplay.deal_title', n=deal + 1)}"), note(mine_line(rows, deal, cls.deals, lang, t), "ok"),
                    *results_blocks(rows, lang, t)]
        out.append(note(review_line(panel.reviews.get(deal), lang, t)))
    if panel.remaining():
        return [*out, buttons([("next", t("classplay.next"))])]
    out.append(note(t("classplay.all_played"), "ok"))
    if cls.kind == "open":
        out += [md(t("classplay.download_text")), buttons([("download", t("classplay.download"))])]
    return out


__all__ = ["blocks", "mine_line", "results_blocks", "review_line"]
