"""French Tarot on the common table: bids, the chien, a six-card discard by selection, poignées,
chelem, tricks and the itemised settlement."""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.game import Action
from cardavia_nb.games.french_tarot.rules import DISCARD, ActionList
from cardavia_nb.i18n import Readers, Seat, translate
from cardavia_nb.ui.table.adapters import Adapter, t


class GameAdapter(Adapter):
    """Reads a ``FrenchTarotView``; discards and poignées are whole-set actions checked by the engine."""

    def listed(self, legal: Sequence[Action]) -> Sequence[Action]:
        """Only the listed head of an ``ActionList`` (the set families are chosen by selection)."""
        return legal.head if isinstance(legal, ActionList) else legal

    def center(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """The trick being played, or the last finished trick with its winner."""
        if view.trick:
            return [{"seat": s, "cards": [c], "note": ""} for s, c in view.trick]
        if not view.history:
            return []
        last = view.history[-1]
        note = t("tarot.trick_winner", lang)
        return [{"seat": (last.leader + i) % 4, "cards": [c], "note": note if (last.leader + i) % 4 == last.winner else ""}
                for i, c in enumerate(last.cards)]

    def extras(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """The chien while the taker discards (once the discard is made it has left the felt), the
        last trick during the next one, the discard the human may see (the taker's own as a small
        strip), and every poignée shown."""
        out = []
        if view.chien and view.phase == DISCARD:
            out.append({"label": t("tarot.chien", lang), "cards": list(view.chien)})
        if view.trick and view.history:
            last = view.history[-1]
            out.append({"label": t("tarot.last_trick", lang, name=self.who(last.winner, view, lang, True)),
                        "cards": list(last.cards), "small": True})
        if view.discard:
            mine = view.seat == view.taker
            out.append({"label": t("tarot.your_discard" if mine else "tarot.discard", lang),
                        "cards": list(view.discard), "small": mine})
        for seat, cards in view.poignees:
            out.append({"label": t("tarot.poignee", lang, name=self.who(seat, view, lang, True)), "cards": list(cards)})
        return out

    def info(self, view: Any, lang: str) -> list[str]:
        """Bids, contract and taker, chelem, and how many tricks each side has."""
        lines = []
        for seat, bid in view.bids:
            lines.append(t("tarot.bid", lang, name=self.who(seat, view, lang),
                           bid=translate(f"french_tarot.label.bid_{bid}", lang)))
        if view.contract is not None:
            lines.append(t("tarot.contract", lang, name=self.who(view.taker, view, lang),
                           contract=translate(f"french_tarot.contract.{view.contract}", lang)))
        if view.chelem:
            lines.append(t("tarot.chelem", lang))
        if view.history:
            lines.append(t("tarot.tricks", lang, n=len(view.history)))
        return lines

    def scores(self, view: Any, lang: str) -> list[str]:
        """Final scores when over, else the tricks each seat has won."""
        if view.scores is not None:
            return [t("tarot.score", lang, n=s) for s in view.scores]
        return [t("score.tricks", lang, n=n) for n in view.tricks_won]

    def tags(self, view: Any, lang: str) -> dict[int, str]:
        """Dealer and taker."""
        tags = {view.dealer: t("tarot.dealer", lang)}
        if view.taker is not None:
            tags[view.taker] = t("tarot.taker", lang)
        return tags

    def buttons(self, legal: Sequence[Action]) -> list[Action]:
        """Bids and the chelem choice (cards are clicked, set actions selected)."""
        return [a for a in legal if a.kind in ("bid", "chelem")]

    def selecting(self, view: Any, legal: Sequence[Action], lang: str) -> dict[str, str] | None:
        """Select six cards to discard, or the trumps of a poignée before the first card."""
        if view.phase == DISCARD:
            return {"confirm": t("tarot.confirm_discard", lang), "hint": t("tarot.hint_discard", lang)}
        if isinstance(legal, ActionList) and legal.families:
            return {"confirm": t("tarot.confirm_poignee", lang), "hint": t("tarot.hint_poignee", lang)}
        return None

    def preset_label(self, action: Action, lang: str) -> str:
        """The engine's discard is "Suggested discard"; a poignée offer says its level."""
        return t("tarot.suggested_discard", lang) if action.kind == "discard" else self.label(action, lang)

    def verdict(self, view: Any, result: Any, points: Sequence[Any], lang: str, reader: Readers) -> str:
        """Whether the taker made the contract."""
        if result is None or view.taker is None:
            return super().verdict(view, result, points, lang, reader)
        key = "tarot_made" if view.taker in result.winners else "tarot_lost"
        return translate(f"ui.summary.{key}", lang, reader=reader, seat=Seat(view.taker))

    def notes(self, result: dict[str, Any]) -> list[dict[str, Any]]:
        """The count of the contract; each seat's score is already in the points table."""
        return [item for item in result["items"] if item["seat"] is None]
