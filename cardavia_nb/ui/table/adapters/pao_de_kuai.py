"""Pao De Kuai on the common table: select cards, Python says at once whether they make a legal play."""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.game import Action
from cardavia_nb.games.pao_de_kuai.rules import Play
from cardavia_nb.games.pao_de_kuai.words import shape_text
from cardavia_nb.i18n import Cards, Readers, Seat, translate
from cardavia_nb.ui.table.adapters import Adapter, t


def last_round(history: Sequence[Play]) -> list[Play]:
    """The plays and passes of the last finished round (a round ends on the second pass in a row)."""
    done: list[Play] = []
    current: list[Play] = []
    passes = 0
    for play in history:
        current.append(play)
        passes = passes + 1 if play.is_pass else 0
        if passes == 2:
            done, current, passes = current, [], 0
    return done


class GameAdapter(Adapter):
    """Reads a ``PaoDeKuaiView``: the play to beat and its owner, passes, card counts, bomb bonuses."""

    click_plays = False

    def center(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """The play to beat (or, once the deal is over, the winning last play)."""
        top = view.top
        if top is None:
            return []
        return [{"seat": top.seat, "cards": list(top.cards), "note": shape_text(top.combo, lang)}]

    def extras(self, view: Any, lang: str) -> list[dict[str, Any]]:
        """The last finished round, to review: who played what, and who won the lead."""
        plays = last_round(view.history)
        if not plays or view.winner is not None:
            return []
        winner = [p.seat for p in plays if not p.is_pass][-1]
        return [{"label": t("pdk.last_round", lang, name=self.who(winner, view, lang, True)), "cards": [],
                 "plays": [(p.seat, list(p.cards), t("pdk.passes", lang) if p.is_pass else shape_text(p.combo, lang))
                           for p in plays]}]

    def verdict(self, view: Any, result: Any, points: Sequence[Any], lang: str, reader: Readers) -> str:
        """Who went out first."""
        if view.winner is None:
            return super().verdict(view, result, points, lang, reader)
        return translate("ui.summary.pdk_out", lang, reader=reader, seat=Seat(view.winner))

    def info(self, view: Any, lang: str) -> list[str]:
        """Who leads, who passed, whether 3♥ must open, the bomb bonuses so far."""
        lines = []
        if view.opening:
            lines.append(t("pdk.opening", lang))
        elif view.top is None and view.to_act is not None:
            lines.append(t("pdk.new_round", lang, name=self.who(view.to_act, view, lang, True)))
        for seat, passed in enumerate(view.passed):
            if passed:
                lines.append(t("pdk.passed", lang, name=self.who(seat, view, lang)))
        for seat in view.bonuses:
            lines.append(t("pdk.bonus", lang, name=self.who(seat, view, lang, True)))
        if view.winner is not None:
            lines.append(t("pdk.out", lang, name=self.who(view.winner, view, lang)))
        return lines

    def scores(self, view: Any, lang: str) -> list[str]:
        """No running score in a single deal: the settlement comes at the end."""
        return []

    def tags(self, view: Any, lang: str) -> dict[int, str]:
        """The leader of the round, and which seats have not played yet (their penalty doubles)."""
        tags = {s: t("pdk.not_played", lang) for s, played in enumerate(view.has_played) if not played}
        tags[view.leader] = t("pdk.leader", lang)
        return tags

    def card_of(self, action: Action) -> str | None:
        """No single-click plays: cards are selected, then played together."""
        return None

    def buttons(self, legal: Sequence[Action]) -> list[Action]:
        """Only Pass is a button (and only when it is legal)."""
        return [a for a in legal if a.kind == "pass"]

    def help(self, view: Any, legal: Sequence[Action], lang: str) -> str:
        """Facing a play: you must beat it when you can (then passing is not allowed), else you pass."""
        if view.top is None or view.top.seat == view.seat:
            return ""
        shape = shape_text(view.top.combo, lang)
        plays = [a for a in legal if a.kind == "play"]
        if plays:  # a single answer is named: it is hard to find in 16 cards, and they are the player's own
            only = Cards(plays[0].cards if len(plays) == 1 else (), self.pack)
            return t("pdk.must_beat", lang, shape=shape, n=len(plays), cards=only)
        return t("pdk.cannot_beat", lang, shape=shape)

    def selecting(self, view: Any, legal: Sequence[Action], lang: str) -> dict[str, str] | None:
        """Select-and-play whenever some play is legal."""
        if not any(a.kind == "play" for a in legal):
            return None
        return {"confirm": t("pdk.play", lang), "hint": t("pdk.hint", lang)}
