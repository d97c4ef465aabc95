"""Truco computer players: Low (plain hand strength) and High (samples hidden hands and solves).

Both see only a ``TrucoView``. High reasons in *match-win probability*: every candidate action gets
the expected chance of winning the match after it, from sampled opponent hands that agree with
everything public (cards seen, announced envido values), weighted by what the opponent's calls
suggest, with the rest of the deal solved exactly card by card in each sampled world.
"""

from __future__ import annotations

import random
from functools import cached_property, partial
from typing import Any, Sequence

from cardavia_nb.core.game import Action, Game
from cardavia_nb.core.rng import rng
from cardavia_nb.core.text import Msg
from cardavia_nb.games.truco import (
    AWAIT_ENVIDO, CHAIN_NAMES, CODE, DEAL_OVER, POWER, TARGET, chain_accepted, chain_refused,
    envido_value, envido_winner, refused_stake, seen_by_seat, stake, trick_result,
)
from cardavia_nb.players.base import BasePlayer, explanation, reason, remembered
from cardavia_nb.players.truco_model import OpponentModel
from cardavia_nb.players.truco_worlds import WORLDS, Position, powers, sample_worlds

EDGE = 0.58  # share of deals High expects to win against its usual opponents


# --- match equity --------------------------------------------------------------------------
def _equity_table(edge: float = EDGE) -> list[list[float]]:
    """P(win match) by points still needed (mine, theirs): deals worth 1-5 points, won by me with
    probability ``edge`` (High expects to outplay its opponent, so it avoids needless gambles)."""
    dist = ((1, 0.35), (2, 0.33), (3, 0.17), (4, 0.1), (5, 0.05))
    table = [[0.0] * (TARGET + 1) for _ in range(TARGET + 1)]
    for mine in range(TARGET + 1):
        for theirs in range(TARGET + 1):
            if mine == 0:
                table[mine][theirs] = 1.0
                continue
            if theirs == 0:
                continue
            table[mine][theirs] = sum(
                p * (edge * table[max(mine - x, 0)][theirs] + (1 - edge) * table[mine][max(theirs - x, 0)])
                for x, p in dist)
    return table


_EQUITY = _equity_table()


def equity(mine: int, theirs: int) -> float:
    """Chance to win the match from scores (mine, theirs) — the unit of every High value."""
    return _EQUITY[max(TARGET - mine, 0)][max(TARGET - theirs, 0)]


def match_chance(game: Game, state: Any, seat: int) -> float:
    """What a finished deal is worth to ``seat`` in the review's unit: its chance to win the match from there."""
    return equity(state.scores[seat], state.scores[1 - seat])


# --- shared player plumbing -------------------------------------------------------------------------
_reason = partial(reason, "truco")  # an explanation as the message ``truco.ai.<key>``


class _Base(BasePlayer):
    """Truco's common part: choose = best of the evaluated candidates, explain them."""

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        """The legal action with the highest estimated value (ties: first in legal order)."""
        if len(legal) == 1:
            return legal[0]
        rows = self.evaluate(view, legal)
        best = max(range(len(rows)), key=lambda i: (rows[i][1], -i))
        return rows[best][0]

    def explain(self, game: Game, view: Any, legal: Sequence[Action]) -> list[dict]:
        """Per legal action, best first as ``choose`` ranks them (ties in legal order): id, estimated
        value, a short reason in English and as a message (any language)."""
        rows = sorted(self.evaluate(view, legal), key=lambda row: -row[1])  # stable: ties keep legal order
        return [explanation(a, round(v, 4), r) for a, v, r in rows]

    def evaluate(self, view: Any, legal: Sequence[Action]) -> list[tuple[Action, float, Msg]]:
        """(action, value, reason) for every legal action."""
        raise NotImplementedError


# --- Low ------------------------------------------------------------------------------------------
ENVIDO_OPEN = {"falta_envido": 33, "real_envido": 30, "envido": 27}
ENVIDO_ACCEPT = {"E": 26, "R": 28, "F": 30}


class LowPlayer(_Base):
    """Plays on the plain strength of its own cards: own envido value, own trick powers, the card
    on the table. No card tracking, no use of announcements."""

    level = "low"
    default_name = "Truco low"

    def evaluate(self, view: Any, legal: Sequence[Action]) -> list[tuple[Action, float, Msg]]:
        """Scores each action with fixed thresholds on own envido and hand power."""
        env = view.envido_value
        strength = sum(POWER[c] for c in view.hand) / max(len(view.hand), 1)
        top = max((POWER[c] for c in view.hand), default=0)
        won = sum(1 for t in view.tricks if t.winner == view.seat)
        chain = tuple(CODE[c] for c in view.envido_chain)
        table = view.trick_cards[0].card if view.trick_cards and view.trick_cards[0].seat != view.seat else None
        rows = []
        for a in legal:
            name = a.id.split(":")[-1]
            if a.kind == "play":
                rows.append((a, *self._card(a.cards[0], view.hand, table)))
            elif view.phase == AWAIT_ENVIDO and a.kind == "answer":
                need = ENVIDO_ACCEPT["F" if "F" in chain else ("R" if "R" in chain else "E")]
                ok = (env >= need) == (name == "quiero")
                rows.append((a, 0.6 if ok else 0.1, _reason("low_envido", value=env)))
            elif name in CODE:
                ok = env >= ENVIDO_OPEN[name] + (1 if view.phase == AWAIT_ENVIDO else 0)
                rows.append((a, 0.7 + ENVIDO_OPEN[name] / 100 if ok else 0.0, _reason("low_envido", value=env)))
            elif a.kind == "answer":
                accept = top >= 10 + view.truco_level - 1 or strength >= 8 or (won and top >= 9)
                ok = accept == (name == "quiero")
                rows.append((a, 0.6 if ok else 0.1, _reason("low_power", power=top)))
            elif a.kind == "call":
                strong = (top >= 12 and strength >= 8) or (won and top >= 10) or strength >= 10
                rows.append((a, 0.65 if strong else 0.0, _reason("low_power", power=top)))
            else:
                rows.append((a, -1.0 if a.kind == "fold" else 1.0, _reason(a.kind)))
        return rows

    @staticmethod
    def _card(card: str, hand: Sequence[str], table: str | None) -> tuple[float, str]:
        """Lowest card that beats the table card, else the lowest card; lead with the highest."""
        power = POWER[card]
        if table is None:
            return 0.3 + power / 100, _reason("low_lead")
        if trick_result(POWER[table], power) == 1:
            return 0.5 - power / 100, _reason("low_beat", card=table)
        return 0.2 - power / 100, _reason("low_cheap")


# --- High ------------------------------------------------------------------------------------------
class HighPlayer(_Base):
    """Samples the opponent's possible hands from the view, solves the rest of the deal in each, and
    picks the action with the best expected match-win chance; bluffs a little."""

    level = "high"
    default_name = "Truco high"
    bluff_rate = 0.08
    worlds = WORLDS  # opponent hands sampled per decision

    def __init__(self, seed: int = 0, name: str | None = None):
        """A High player with an empty memory of its opponents' habits (one model per seat it plays)."""
        super().__init__(seed, name)
        self.models: dict[int, OpponentModel] = {}

    def choose(self, game: Game, view: Any, legal: Sequence[Action]) -> Action:
        """Remember the view (public facts only) for the opponent model, then decide."""
        self.models.setdefault(view.seat, OpponentModel()).observe(view)
        return super().choose(game, view, legal)

    @remembered
    def evaluate(self, view: Any, legal: Sequence[Action]) -> list[tuple[Action, float, Msg]]:
        """Match-win probability of each legal action (see the module docstring); kept for ``explain`` right after
        ``choose`` on the same view (the review asks both of one adviser)."""
        if view.phase == DEAL_OVER:
            return [(a, 1.0, _reason("next_deal")) for a in legal]
        rand = self.decision_rng(view)
        me, opp = view.seat, 1 - view.seat
        dealt = [w.setup["hands"][opp] for w in sample_worlds(view, rand, self.worlds)]  # its plays, then its hand
        shown = len(seen_by_seat(view)[opp])
        model = self.models.setdefault(view.seat, OpponentModel())
        weights = [model.call_weight(view, d) for d in dealt]
        total = sum(weights) or 1.0
        weights = [x / total for x in weights]
        pos = Position(view)
        theirs = [powers(d[shown:]) for d in dealt]
        deal = pos.values(theirs)
        opp_env = [envido_value(d) for d in dealt]
        ctx = _Context(view, me, weights, deal, opp_env, theirs, dealt, model)
        bluff = rand.random() < self.bluff_rate
        rows = []
        for a in legal:
            name = a.id.split(":")[-1]
            if a.kind == "play":
                outcome = pos.outcomes_after(a.cards[0], theirs)
                value = ctx.deal_value(outcome, ctx.stake)
                p = ctx.mean(outcome)
                rows.append((a, value + POWER[a.cards[0]] * -1e-4, _reason("high_card", p=f"{p:.0%}")))
            elif a.kind == "fold":
                rows.append((a, equity(view.scores[me], view.scores[opp] + ctx.stake) - 1e-3,
                             _reason("fold")))
            elif name in CODE:
                rows.append((a, ctx.envido_call(CODE[name]), _reason("high_envido", p=f"{ctx.envido_p():.0%}")))
            elif view.phase == AWAIT_ENVIDO:
                rows.append((a, ctx.envido_answer(name == "quiero"), _reason("high_envido", p=f"{ctx.envido_p():.0%}")))
            elif a.kind == "answer":
                rows.append((a, ctx.truco_answer(name == "quiero"), _reason("high_truco", p=f"{ctx.mean(deal):.0%}")))
            else:
                value = ctx.truco_call()
                if bluff and view.trick_no == 1:
                    value += 0.05
                rows.append((a, value, _reason("high_truco", p=f"{ctx.mean(deal):.0%}")))
        return rows


PLAYOUT_WORLDS = 40  # a High that plays a review's worlds on samples fewer hands: five times as fast


class PlayingOn(HighPlayer):
    """High as it plays on in one of the review's worlds: fewer hands sampled, and its chance drawn by the point of
    the deal, not the view, so the two moves compared in a world meet the same draws (their difference is the
    moves', not luck's)."""

    worlds = PLAYOUT_WORLDS

    def decision_rng(self, view: Any) -> random.Random:
        """The draws of the ``len(view.moves)``-th decision of this deal, whichever move came before."""
        return rng("playing-on", self.seed, view.seat, view.deal_no, len(view.moves))


class _Context:
    """The sampled worlds of one decision and the values computed from them."""

    def __init__(self, view, me, weights, deal, opp_env, theirs, opp_originals, model):
        """Keep the worlds' weights, deal outcomes, opponent envido values and hands, and the model."""
        self.view, self.me, self.opp, self.model = view, me, 1 - me, model
        self.weights, self.deal, self.opp_env, self.theirs = weights, deal, opp_env, theirs
        self.opp_originals = opp_originals
        self.scores = (view.scores[me], view.scores[1 - me])
        self.stake = stake(view.truco_level)  # what the deal is worth as things stand

    def mean(self, values: Sequence[float]) -> float:
        """Weighted mean over the worlds."""
        return sum(w * v for w, v in zip(self.weights, values))

    def eq(self, gain_me: int, gain_opp: int) -> float:
        """Match equity after the given point gains."""
        return equity(self.scores[0] + gain_me, self.scores[1] + gain_opp)

    def deal_value(self, outcome: Sequence[int], points: int) -> float:
        """Equity when the deal is played out for ``points`` (1 = I win it, per world in ``outcome``)."""
        win, lose = self.eq(points, 0), self.eq(0, points)
        return self.mean([win if o else lose for o in outcome])

    @cached_property
    def envido_won(self) -> list[bool]:
        """Per world, whether my envido wins the opponent's (``rules.envido_winner``: mano on a tie)."""
        me, mano, mine = self.me, self.view.mano, self.view.envido_value
        return [envido_winner((mine, theirs) if me == 0 else (theirs, mine), mano) == me for theirs in self.opp_env]

    def envido_p(self) -> float:
        """Chance my envido wins."""
        return self.mean(self.envido_won)

    def _after_envido(self, i: int, gain_me: int, gain_opp: int) -> float:
        """Equity in world i after envido gains, with the deal then played at the current stake."""
        if self.scores[0] + gain_me >= TARGET or self.scores[1] + gain_opp >= TARGET:  # the match is over
            return self.eq(gain_me, gain_opp)
        points = self.stake
        return self.eq(gain_me + points, gain_opp) if self.deal[i] else self.eq(gain_me, gain_opp + points)

    def _settle(self, chain: tuple[str, ...], accepted: bool, i: int, last_me: bool) -> float:
        """Equity in world i once ``chain`` is accepted or refused."""
        scores = (self.view.scores[0], self.view.scores[1])
        if accepted:
            pts = chain_accepted(chain, scores)
            return self._after_envido(i, pts, 0) if self.envido_won[i] else self._after_envido(i, 0, pts)
        pts = chain_refused(chain, scores)
        return self._after_envido(i, pts, 0) if last_me else self._after_envido(i, 0, pts)

    def _opp_accepts(self, chain: tuple[str, ...], i: int) -> float:
        """Chance the opponent accepts the envido chain in world i (its habit in this match)."""
        names = tuple(CHAIN_NAMES[c] for c in chain)
        return self.model.accepts_envido(self.view, names, self.opp_env[i])

    def envido_call(self, code: str) -> float:
        """Equity of making an envido call (opening or raising) given the opponent's model answer."""
        chain = tuple(CODE[c] for c in self.view.envido_chain) + (code,)
        values = []
        for i in range(len(self.weights)):
            accept = self._opp_accepts(chain, i)
            refused = self._settle(chain, False, i, True) if accept < 1 else 0.0
            values.append(accept * self._settle(chain, True, i, True) + (1 - accept) * refused)
        return self.mean(values)

    def envido_answer(self, yes: bool) -> float:
        """Equity of Quiero / No quiero to the pending envido chain."""
        chain = tuple(CODE[c] for c in self.view.envido_chain)
        return self.mean([self._settle(chain, yes, i, False) for i in range(len(self.weights))])

    def truco_answer(self, yes: bool) -> float:
        """Equity of Quiero / No quiero to a pending truco-family call."""
        level = self.view.pending_truco[1]
        if not yes:
            return self.eq(0, refused_stake(level))
        return self.deal_value(self.deal, stake(level))

    def truco_call(self) -> float:
        """Equity of calling the next truco level; the opponent accepts when its hand looks good."""
        level = self.view.truco_level + 1
        points = stake(level)
        win, lose, refused = self.eq(points, 0), self.eq(0, points), self.eq(refused_stake(level), 0)
        values = []
        for i, d in enumerate(self.deal):
            accept = 1.0 if not d else self.model.accepts_truco(self.view, self.opp_originals[i])
            values.append(accept * (win if d else lose) + (1 - accept) * refused)
        return self.mean(values)


__all__ = ["HighPlayer", "LowPlayer", "equity"]
