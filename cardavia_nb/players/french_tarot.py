"""Computer opponents for French Tarot: ``LowPlayer`` (simple counts and heuristics) and ``HighPlayer``
(determinized playouts on worlds sampled consistently with its view). Both see only their view."""

from __future__ import annotations

from functools import partial
from statistics import fmean
from typing import Any, Sequence

from cardavia_nb.core.game import Action, Game
from cardavia_nb.core.text import Msg
from cardavia_nb.games import kit
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.rules import BIDS, CHELEM_NO, CHELEM_YES, PLAYS, set_action
from cardavia_nb.games.french_tarot.scoring import POIGNEE_BONUS, TAKER_SHARE, Tally
from cardavia_nb.games.french_tarot.state import FrenchTarotView
from cardavia_nb.players.base import BasePlayer, explanation, reason, remembered
from cardavia_nb.players.french_tarot_bidding import bid_values, predict
from cardavia_nb.players.french_tarot_policy import (hand_count, low_bid, low_discard, low_play, playout,
                                                      score)
from cardavia_nb.players.french_tarot_worlds import READ_STEPS, Guess, constraints, sample_world


def poignee_choices(view: FrenchTarotView) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The ready-made poignées this seat may show now (empty when it may not)."""
    seat = view.seat
    if not R.may_show_poignee(view.phase, view.counts[seat], seat, view.poignees):
        return ()
    four_kings = R.four_kings_exception(seat, view.taker, view.contract, view.hand, view.discard_trumps)
    return R.poignee_offers(view.hand, view.discard_trumps, four_kings)


# a loss worth showing: two card points won or lost. A King given to the taker at a prise costs a defender 2.5 to
# 7 deal points where a small card could follow (less where the taker would trump it later anyway): shown
REVIEW_CARD_POINTS = 2


def review_threshold(game: Game, view: FrenchTarotView) -> float:
    """The review's threshold at one decision, in the seat's deal points: what two card points are worth to
    it at the contract (each defender pays the taker once, the taker three times; before the auction ends,
    the game's nominal threshold)."""
    if view.contract is None:
        return kit(game.name).threshold
    share = TAKER_SHARE if view.seat == view.taker else 1
    return REVIEW_CARD_POINTS * R.MULTIPLIER[view.contract] * share


def bonuses(view: FrenchTarotView) -> tuple[int, ...]:
    """The poignée bonuses already declared."""
    return tuple(POIGNEE_BONUS[len(cs)] for _, cs in view.poignees)


_reason = partial(reason, "french_tarot")  # an explanation as the message ``french_tarot.ai.<key>``

LOW_REASON = {R.BID: "low_bid", R.DISCARD: "low_discard", R.CHELEM: "low_chelem", R.PLAY: "low_play"}


class NoWorld(Exception):
    """The sampler found no world consistent with the view: there is nothing to play out."""


class LowPlayer(BasePlayer):
    """Bids from a point count, discards to make voids, plays simple sensible cards, shows poignées."""

    level = "low"
    default_name = "Low"

    def choose(self, game: Game, view: FrenchTarotView, legal: Sequence[Action]) -> Action:
        """The heuristic move for this view."""
        if view.phase == R.BID:
            return BIDS[low_bid(view.hand, R.highest_bid(view.bids))]
        if view.phase == R.DISCARD:
            return set_action("discard", low_discard(view.hand))
        if view.phase == R.CHELEM:
            return CHELEM_NO
        offers = poignee_choices(view)
        if offers:
            return set_action("poignee", offers[-1][1])
        trick = tuple(c for _, c in view.trick)
        return PLAYS[low_play(view.hand, trick, view.leader, view.seat, view.taker)]

    def explain(self, game: Game, view: FrenchTarotView, legal: Sequence[Action]) -> list[dict[str, Any]]:
        """The chosen move with the fact behind it."""
        chosen = self.choose(game, view, legal)
        params = {"count": hand_count(view.hand)} if view.phase == R.BID else {}
        return [explanation(chosen, 1.0, _reason(LOW_REASON[view.phase], **params))]


class HighPlayer(BasePlayer):
    """Samples hidden hands consistent with its view (and with the others' plays read as Low's) and
    evaluates each option by Low-policy playouts."""

    level = "high"
    default_name = "High"
    play_budget = 7000  # card plays simulated per card decision (sets the number of worlds)
    finalists = 3  # cards that get the second half of the budget
    # worlds each candidate discard is played out on (48 against 12: +1.9 points per deal in
    # benchmarks/french_tarot_tuning.py; with 12 the choice was mostly noise)
    discard_worlds = 48
    # swaps repairing each sampled world towards the others' plays read as Low's (against none: +4.7
    # [+0.9, +8.5] points per deal over 800 deals in benchmarks/french_tarot_tuning.py --read-steps 0)
    read_steps = READ_STEPS

    def choose(self, game: Game, view: FrenchTarotView, legal: Sequence[Action]) -> Action:
        """The first option of ``evaluate``'s ranking."""
        return self.evaluate(view, legal)[0][0]

    def explain(self, game: Game, view: FrenchTarotView, legal: Sequence[Action]) -> list[dict[str, Any]]:
        """Every option it evaluated with its mean simulated score, in its order of preference."""
        return [explanation(a, round(v, 2), why) for a, v, why in self.evaluate(view, legal)]

    # --- evaluation ---------------------------------------------------------------------------
    def _worlds(self, view: FrenchTarotView, n: int) -> list[Guess]:
        """``n`` sampled worlds (fewer if the sampler fails; ``NoWorld`` if it found none), reproducible from
        (seed, view)."""
        rand = self.decision_rng(view)
        cons = constraints(view)
        worlds = []
        for _ in range(n):
            w = sample_world(view, rand, cons, read_steps=self.read_steps)
            if w is not None:
                worlds.append(w)
        if not worlds:
            raise NoWorld
        return worlds

    @remembered
    def evaluate(self, view: FrenchTarotView, legal: Sequence[Action]) -> list[tuple[Action, float, Msg]]:
        """(action, mean simulated score, reason) for the options it considers, preferred first; Low's move where
        no world consistent with the view could be sampled (nothing to play out)."""
        try:
            if view.phase == R.PLAY and not poignee_choices(view):
                return self._plays(view, legal)
            if view.phase == R.BID:
                rows = self._bids(view, legal)
            elif view.phase == R.DISCARD:
                rows = self._discards(view)
            elif view.phase == R.CHELEM:
                rows = self._chelem(view)
            else:
                rows = self._poignee(view, poignee_choices(view))
        except NoWorld:
            return [(LowPlayer(self.seed).choose(None, view, legal), 0.0, _reason(LOW_REASON[view.phase]))]
        return sorted(rows, key=lambda r: -r[1])

    def _bids(self, view, legal) -> list[tuple[Action, float, Msg]]:
        """Each contract valued from the shipped bid table (french_tarot_bidding); passing counts 0."""
        later = 3 - (view.seat - view.dealer - 1) % 4
        count, oudlers = hand_count(view.hand), R.oudlers(view.hand)
        out = [(BIDS["pass"], 0.0, _reason("pass"))]
        for contract, value, made in bid_values(view.hand, R.highest_bid(view.bids), later):
            mean = predict(view.hand, contract)[0]
            out.append((BIDS[contract], value, _reason("bid_table", count=count, oudlers=oudlers,
                                                      mean=f"{mean:+.0f}", made=f"{made:.0%}")))
        return out

    def _discards(self, view) -> list[tuple[Action, float, Msg]]:
        """A few discards (voiding each suit first), each played out on the same ``discard_worlds`` worlds."""
        candidates = {low_discard(view.hand)}
        for suit in R.SUITS:
            order = [suit] + [s for s in R.SUITS if s != suit]
            candidates.add(low_discard(view.hand, order))
        worlds = self._worlds(view, self.discard_worlds)
        first = (view.dealer + 1) % 4
        out = []
        for discard in sorted(candidates):
            hand = tuple(c for c in view.hand if c not in discard)
            vals = []
            for w in worlds:
                hands = list(w.hands)
                hands[view.seat] = hand
                t = playout(hands, (), first, view.seat, view.contract, (), discard, view.chien)
                vals.append(score(t, view.contract, (), False, view.seat, view.seat))
            out.append((set_action("discard", discard), fmean(vals), _reason("discard_mean", n=len(vals))))
        return out

    def _chelem(self, view) -> list[tuple[Action, float, Msg]]:
        """Announce only if the playouts, taker leading, win every trick often enough to pay."""
        worlds = self._worlds(view, 12)
        me = view.seat
        yes, no = [], []
        for w in worlds:
            t_yes = playout(list(w.hands), (), me, me, view.contract, (), w.discard, w.chien)
            t_no = playout(list(w.hands), (), (view.dealer + 1) % 4, me, view.contract, (), w.discard, w.chien)
            yes.append(score(t_yes, view.contract, (), True, me, me))
            no.append(score(t_no, view.contract, (), False, me, me))
        return [(CHELEM_NO, fmean(no), _reason("chelem_no")),
                (CHELEM_YES, fmean(yes), _reason("chelem_yes"))]

    def _poignee(self, view, offers) -> list[tuple[Action, float, Msg]]:
        """Show the biggest poignée only when its side wins the contract in most playouts."""
        size, cards = offers[-1]
        worlds = self._worlds(view, 12)
        with_p, without = [], []
        extra = bonuses(view)
        for w in worlds:
            t = self._rollout(view, w, None)
            with_p.append(score(t, view.contract, extra + (POIGNEE_BONUS[size],), view.chelem, view.taker, view.seat))
            without.append(score(t, view.contract, extra, view.chelem, view.taker, view.seat))
        play = self._plays(view, [PLAYS[c] for c in R.legal(view.hand, tuple(c for _, c in view.trick))])
        best_play = play[0]
        gain = fmean(with_p) - fmean(without)
        return [(set_action("poignee", cards), best_play[1] + gain, _reason("poignee_show", bonus=POIGNEE_BONUS[size], gain=f"{gain:+.1f}")),
                (best_play[0], best_play[1], _reason("poignee_hide"))]

    def _rollout(self, view: FrenchTarotView, world: Guess, card: str | None) -> Tally:
        """Play ``card`` (if any) then the rest of the deal with the Low policy in ``world``."""
        trick = tuple(c for _, c in view.trick)
        hands = list(world.hands)
        if card is not None:
            i = hands[view.seat].index(card)
            hands[view.seat] = hands[view.seat][:i] + hands[view.seat][i + 1:]
            trick += (card,)
        history = tuple((t.leader, t.cards, t.winner) for t in view.history)
        leader = view.leader
        if len(trick) == 4:
            no = len(history) + 1
            slam = R.excuse_slam_lead(trick, no, leader, view.taker, tuple(w for _, _, w in history))
            winner = R.trick_winner(trick, leader, slam)
            history += ((leader, trick, winner),)
            leader, trick = winner, ()
        return playout(hands, trick, leader, view.taker, view.contract, history, world.discard, world.chien)

    def _plays(self, view, legal) -> list[tuple[Action, float, Msg]]:
        """Each distinct legal card played out on the same sampled worlds with half the budget, then the
        rest of the budget spent on more worlds for the ``finalists`` best; finalists first, best first."""
        cards = _distinct([a.cards[0] for a in legal if a.kind == "play"])
        if len(cards) == 1:
            return [(PLAYS[cards[0]], 0.0, _reason("only"))]
        plays = self.play_budget // max(4, 4 * len(view.hand))  # whole deals the budget pays for
        final = min(self.finalists, len(cards))
        first = max(4, min(24, plays // (2 * len(cards))))
        worlds = self._worlds(view, max(first, min(48, first + (plays - first * len(cards)) // final)))
        extra = bonuses(view)

        def mean(card: str, part: list[Guess]) -> float:
            return fmean(score(self._rollout(view, w, card), view.contract, extra, view.chelem, view.taker,
                               view.seat) for w in part)
        early = sorted(((mean(c, worlds[:first]), c) for c in cards), reverse=True)
        finals = early[:final] if len(worlds) <= first else [(mean(c, worlds), c) for _, c in early[:final]]
        rows = [(PLAYS[c], m, _reason("play_mean", n=len(worlds))) for m, c in sorted(finals, reverse=True)]
        return rows + [(PLAYS[c], m, _reason("play_mean", n=min(first, len(worlds)))) for m, c in early[final:]]


def _distinct(cards: list[str]) -> list[str]:
    """The cards worth comparing: among 0.5-point cards of one plain suit only the lowest and highest."""
    out, small = [], {}
    for c in cards:
        if R.SUIT[c] in R.SUITS and R.POINTS[c] == 0.5:
            small.setdefault(R.SUIT[c], []).append(c)
        else:
            out.append(c)
    for group in small.values():
        group.sort(key=R.RANK.__getitem__)
        out.extend(dict.fromkeys((group[0], group[-1])))
    return out
