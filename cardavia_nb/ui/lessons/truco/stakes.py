"""Truco steps 7 and 9: the truco stakes played on both seats, and what the computer players consider."""

from __future__ import annotations

from typing import Any, Sequence

from cardavia_nb.core.record import replay, replayed
from cardavia_nb.games.truco import TrucoState
from cardavia_nb.games.truco import AWAIT_TRUCO, DEAL_OVER, TRUCO_CALLS
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from cardavia_nb.ui.lessons.kit import bullets
from cardavia_nb.ui.lessons.truco.common import (
    GAME, PACK, fixture, fixture_states, hands_and_tricks, log_line, points_after, role_of, say, seat_name, status,
    trick_rows,
)
from cardavia_nb.ui.panel import Panel, buttons, cards, md, note, table
from cardavia_nb.ui.settings import Settings


STAKE_HANDS = ("1E 7C 5C", "3O 3B 12C")


class TrucoStakes(Panel):
    """Play both seats: call, accept or refuse, play cards; the engine says the stake and who may raise."""

    def __init__(self, settings: Settings | None = None):
        self.moves: list[str] = []
        super().__init__(settings)

    def state(self) -> TrucoState:
        """The deal after the moves so far."""
        return fixture_states(STAKE_HANDS, self.moves)[-1]

    def render(self, lang: str) -> list[dict]:
        """The hands and tricks, the stake facts, what refusing or folding would pay, the moves and the log."""
        s = self.state()
        out = [md(say("stakes.intro", lang)), *hands_and_tricks(s, lang, pick=True), bullets(self._facts(s, lang))]
        if s.to_act is not None and s.phase != DEAL_OVER:
            who = seat_name(s.to_act, lang)
            moves = [(a.id, say("stakes.move", lang, name=who, move=GAME.label(a, lang)))
                     for a in GAME.legal_actions(s) if a.kind != "play"]
            out.append(note(status(s, lang), "info"))
            out.append(buttons(moves))
        else:
            out.append(note(status(s, lang), "ok"))
        lines = [log_line(e, lang) for s_ in fixture_states(STAKE_HANDS, self.moves)[1:] for e in s_.events]
        if lines:
            out.append(bullets(lines))
        out.append(buttons([("restart", say("stakes.restart", lang))]))
        return out

    def _facts(self, s: TrucoState, lang: str) -> list[str]:
        """Stake, right to raise, a pending call and what refusing or folding would give."""
        level = s.truco_level
        facts = [say("stakes.level", lang, n=level)]
        if s.phase == AWAIT_TRUCO:
            refused = points_after(s, "answer:no_quiero")
            caller, proposed = s.pending_truco
            facts.append(say("stakes.pending", lang, name=seat_name(caller, lang),
                             call=GAME.label(f"call:{TRUCO_CALLS[proposed - 2]}", lang), n=int(refused.amount)))
        elif level == 4:
            facts.append(say("stakes.top", lang))
        elif level == 1:
            facts.append(say("stakes.anyone", lang))
        else:
            facts.append(say("stakes.holder", lang, name=seat_name(s.raise_holder, lang),
                             call=GAME.label(f"call:{TRUCO_CALLS[level - 1]}", lang)))
        legal = {a.id for a in GAME.legal_actions(s)}
        if "fold" in legal:
            folded = points_after(s, "fold")
            facts.append(say("stakes.fold", lang, name=seat_name(folded.seat, lang), n=int(folded.amount)))
        return facts

    def handle(self, intent: str, content: dict) -> None:
        """A call, an answer, going to the deck, a card of the seat to play, or a fresh start."""
        s = self.state()
        legal = {a.id for a in GAME.legal_actions(s)}
        if intent == "press" and content["id"] == "restart":
            self.moves = []
        elif intent == "press" and content["id"] in legal:
            self.moves.append(content["id"])
        elif intent == "pick" and f"play:{content['card']}" in legal:
            self.moves.append(f"play:{content['card']}")


# --- step 9: what the computer players consider ----------------------------------------------------------

POSITIONS = (
    fixture(("5B 4B 3C", "7O 6O 1E"), dealer=0),
    fixture(("1B 7E 4O", "3O 2C 5E"), moves=("call:truco",)),
    fixture(("7O 6O 12E", "3B 2B 1C"), moves=("call:envido", "answer:quiero", "play:7O")),
)
PLAYERS = {"high": HighPlayer, "low": LowPlayer}


class ExplainView(Panel):
    """For a seeded position, every move the computer considered with its value and reason, and its choice."""

    def __init__(self, settings: Settings | None = None):
        self.at, self.level = 0, "high"
        super().__init__(settings)

    def state(self) -> TrucoState:
        """The position shown now (the computer is the seat to act)."""
        return replay(GAME, POSITIONS[self.at])

    def render(self, lang: str) -> list[dict]:
        """Position and level buttons, what the computer sees, its table of moves, its choice."""
        states = list(replayed(GAME, POSITIONS[self.at]))
        s = states[-1]
        seat = s.to_act
        view = GAME.observe(s, seat)
        out = [md(say("explain.intro", lang)),
               buttons([(f"pos:{i}", say(f"explain.pos{i}", lang)) for i in range(len(POSITIONS))],
                       pressed=f"pos:{self.at}"),
               buttons([(f"level:{k}", say(f"explain.{k}", lang)) for k in PLAYERS], pressed=f"level:{self.level}"),
               md(say("explain.sees", lang, name=seat_name(seat, lang), role=role_of(s, seat, lang),
                      envido=view.envido_value, a=view.scores[0], b=view.scores[1])),
               cards(view.hand, PACK, lang, block="explain-hand"),
               *trick_rows(s, lang)]
        seen = [log_line(e, lang) for later in states[1:] for e in later.events]
        if seen:
            out.append(bullets(seen))
        return out + self._considered(view, GAME.legal_actions(s), lang)

    def _considered(self, view: Any, legal: Sequence[Any], lang: str) -> list[dict]:
        """The player's own explanation as a table, and the move it chooses."""
        player = PLAYERS[self.level](seed=1)
        rows = player.explain(GAME, view, legal)
        chosen = player.choose(GAME, view, legal)
        labels = {a.id: GAME.label(a, lang) for a in legal}
        head = [say("col.move", lang), say(f"col.value_{self.level}", lang), say("col.reason", lang)]
        return [table(head, [[labels[r["id"]], f"{r['value']:.3f}", r["message"].text(lang)] for r in rows]),
                note(say("explain.chooses", lang, name=seat_name(view.seat, lang), move=labels[chosen.id]), "ok")]

    def handle(self, intent: str, content: dict) -> None:
        """Another position or the other level."""
        key = content.get("id", "")
        if intent != "press":
            return
        if key.startswith("pos:") and key[4:].isdigit() and int(key[4:]) < len(POSITIONS):
            self.at = int(key[4:])
        elif key.startswith("level:") and key[6:] in PLAYERS:
            self.level = key[6:]


