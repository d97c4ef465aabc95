"""Truco on the common table: played cards in front of each seat, calls as buttons, malas/buenas."""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.game import Action
from cardavia_nb.games.truco import DEAL_SOURCES, TRUCO_CALLS, malas_buenas
from cardavia_nb.i18n import Readers, Seat, translate
from cardavia_nb.ui.table.adapters import Adapter, t


class GameAdapter(Adapter):
    """Reads a ``TrucoView``: the deal's plays per seat, tricks, calls, envido values, scores."""

    def center(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """One column per trick of the deal, its plays in order, titled with its winner or parda."""
        columns = []
        for number, trick in enumerate(view.tricks, 1):
            title = (t("truco.trick_parda", lang, n=number) if trick.parda else
                     t("truco.trick_won", lang, n=number, name=self.who(trick.winner, view, lang, True)))
            columns.append({"seat": None, "title": title, "plays": [(p.seat, p.card) for p in trick.plays]})
        if view.trick_cards:
            columns.append({"seat": None, "title": t("truco.trick_now", lang, n=len(view.tricks) + 1),
                            "plays": [(p.seat, p.card) for p in view.trick_cards]})
        return columns

    def info(self, view: Any, lang: str) -> list[str]:
        """Deal number, trick results, the stake, pending calls and announced envido values."""
        lines = [t("truco.deal", lang, n=view.deal_no)]
        for number, trick in enumerate(view.tricks, 1):
            if trick.parda:
                lines.append(t("truco.trick_parda", lang, n=number))
            else:
                lines.append(t("truco.trick_won", lang, n=number, name=self.who(trick.winner, view, lang, True)))
        lines.append(t("truco.stake", lang, n=view.truco_level))
        if view.pending_truco is not None:
            caller, level = view.pending_truco
            lines.append(t("truco.pending", lang, name=self.who(caller, view, lang),
                           call=translate("truco.label." + TRUCO_CALLS[level - 2], lang)))
        if view.envido_state == "pending":
            chain = ", ".join(translate("truco.label." + c, lang) for c in view.envido_chain)
            lines.append(t("truco.envido_pending", lang, chain=chain))
        if view.envido_values is not None:
            mine, theirs = view.envido_values[view.seat], view.envido_values[1 - view.seat]
            lines.append(t("truco.envido_values", lang, mine=mine, theirs=theirs))
        else:
            lines.append(t("truco.envido_mine", lang, n=view.envido_value))
        return lines

    def scores(self, view: Any, lang: str) -> list[str]:
        """Each score in points and as malas/buenas."""
        return [t("truco.score", lang, n=s, words=malas_buenas(s, lang)) for s in view.scores]

    def tags(self, view: Any, lang: str) -> dict[int, str]:
        """Who deals and who is mano."""
        return {view.dealer: t("truco.dealer", lang), view.mano: t("truco.mano", lang)}

    running_score = True

    def verdict(self, view: Any, result: Any, points: Sequence[Any], lang: str, reader: Readers) -> str:
        """Who won the match and by how much, else who won the deal."""
        if result is not None:
            winner = result.winners[0]
            return translate("ui.summary.truco_match", lang, reader=reader, seat=Seat(winner),
                             a=view.scores[winner], b=view.scores[1 - winner])
        won = [p.seat for p in points if p.source in DEAL_SOURCES]
        if not won:
            return t("table.deal_done", lang)
        return translate("ui.summary.truco_deal", lang, reader=reader, seat=Seat(won[-1]))

    def pause(self, legal: Sequence[Action]) -> Action | None:
        """'Next deal' waits for the human's click even when the computer deals next."""
        return legal[0] if len(legal) == 1 and legal[0].kind == "next_deal" else None

    def result(self, state: Any, lang: str, reader: Readers = 0) -> dict[str, Any] | None:
        """The match result with the final scores as a title line."""
        out = super().result(state, lang, reader)
        if out is not None:
            out["title"] = t("truco.match_score", lang, a=state.scores[0], b=state.scores[1])
        return out
