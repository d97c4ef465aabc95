"""What the page may ask of a table, each checked with the engine before anything changes: play a move, check a
selection of cards, deal a new game or a typed deal code, switch the computers' level, ask for a hint, skip the
animation. A refused intent raises ``Refusal`` (its sentence becomes the table's notice) and changes nothing."""

from __future__ import annotations

import re
from typing import Any

from cardavia_nb.core.game import IllegalAction
from cardavia_nb.core.rng import check_seed
from cardavia_nb.core.text import Msg
from cardavia_nb.store.errors import Refused
from cardavia_nb.ui.refusal import Refusal

LEVELS = ("low", "high")
MAX_SELECTION = 30
HINT_ROWS = 5


def deal_code(typed: Any) -> int | None:
    """The seed of a typed deal code (digits, spaces allowed; a JSON number too), None for a fresh deal.

    Codes travel as text: JavaScript numbers lose digits above 2**53.
    """
    if typed is None or (isinstance(typed, str) and not typed.strip()):
        return None
    if isinstance(typed, str) and len(typed) <= 40 and re.fullmatch(r"[0-9 ]+", typed.strip()):
        typed = int(typed.replace(" ", ""))
    try:
        return check_seed(typed)
    except ValueError:
        raise Refusal(Msg.of("ui.notice.bad_seed")) from None


class Intents:
    """The table's intent handlers (mixed into ``Table``: they read its seat's turn and move its session)."""

    def _act(self, content: dict) -> None:
        """Play the action with this id for the human seat, then the computer turns after it."""
        action_id = content.get("id")
        if not isinstance(action_id, str) or len(action_id) > 400:
            raise Refusal(Msg.of("ui.notice.bad_id"))
        turn = self._turn
        if turn.over:
            raise Refusal(Msg.of("core.game_over"))
        if not turn.allows(action_id):
            raise Refusal(Msg.of("core.not_your_turn"))
        try:
            self.session.play(self.human, action_id)  # this seat's reading of it: ``moved``
        except (IllegalAction, Refused) as err:  # Refused: a room's, as another kernel's move came first
            raise Refusal(err.msg) from None

    def _select(self, content: dict) -> None:
        """Tell the front end whether the selected cards make a legal move, and which."""
        cards = content.get("cards")
        if (not isinstance(cards, list) or len(cards) > MAX_SELECTION
                or not all(isinstance(c, str) for c in cards) or len(set(cards)) != len(cards)):
            raise Refusal(Msg.of("ui.notice.bad_cards"))
        if self._turn.to_act != self.human or not self.view.get("select"):
            raise Refusal(Msg.of("ui.notice.no_selection"))
        action_id, text = self.adapter.check(self._turn.state, tuple(cards), self.lang)
        self._commit(selection={"cards": cards, "ok": action_id is not None, "action": action_id, "text": text})

    def _new(self, content: dict) -> None:
        """A new game (a new deal in single-deal games): the deal of a typed code, or a fresh one."""
        self._alone()
        self._start(deal_code(content.get("seed")))

    def _level(self, content: dict) -> None:
        """Switch the computer players' level (Low / High): new players from their next move, said in the log."""
        level = content.get("level")
        if level not in LEVELS:
            raise Refusal(Msg.of("ui.notice.bad_level"))
        self._alone()
        self._set_level(level)
        self.session.seat_players(self._players)  # from the next move of the game in play
        self._keep([Msg.of("ui.log.level", level=Msg.of(f"ui.level.{level}"))])
        self._clear_notice()
        self._render()

    def _hint(self, content: dict) -> None:
        """Rank the human's legal moves with the High player, from the human's view only."""
        turn = self._turn
        if turn.to_act != self.human:
            raise Refusal(Msg.of("core.not_your_turn"))
        adviser = self._make_player("high", self.human)  # the High player, seated where the human sits
        rows = adviser.explain(self.game, turn.view, turn.legal)[:HINT_ROWS]  # best first: High's own choice
        self.hints += 1
        hint = [{"id": r["id"], "label": self.adapter.label(self.game.action(r["id"]), self.lang),
                 "reason": r["message"].text(self.lang)} for r in rows]
        self._clear_notice()
        self._commit(hint=hint, view={**self.view, "hints": self._words().hints_text()})

    def _skip(self, content: dict) -> None:
        """The player skipped the animation: nothing left to animate."""
        self._commit(steps=[])

    def _alone(self) -> None:
        """Refuse an intent that would change the game for every person sharing it."""
        if len(self.session.humans) > 1:
            raise Refusal(Msg.of("ui.notice.shared_game"))
