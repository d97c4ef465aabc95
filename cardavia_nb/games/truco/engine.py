"""Truco (Argentine, two players, no Flor, match to 30): the ``Game`` playing the rules of ``rules``
and crediting the points of ``scoring``.

A match is the game: ``new(seed)`` deals the first deal; when a deal ends the phase is ``DEAL_OVER``
and the next mano (the current dealer) must choose ``next_deal``; ``MATCH_OVER`` ends the game. Point
sources in events and items: ``envido`` (accepted or refused envido), ``truco`` (deal won on tricks,
at the accepted stake), ``refusal`` (a truco-family call refused) and ``fold`` (going to the deck).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from cardavia_nb.core import later_deals
from cardavia_nb.core.game import Action, Event, Game, IllegalAction, Result
from cardavia_nb.core.rng import check_seed, derive, rng
from cardavia_nb.core.text import Msg
from cardavia_nb.games.truco import words
from cardavia_nb.games.truco.rules import (
    ACTIONS, AWAIT_ENVIDO, AWAIT_PLAY, AWAIT_TRUCO, CARD_SET, CARDS, CODE, DEAL_DOMAIN, DEAL_OVER,
    HAND_SIZE, MATCH_OVER, NO_MOVES, PARDA, TARGET, deal_winner, envido_value, envido_winner, illegal_reason,
    legal_of, may_play, next_leader, trick_winner,
)
from cardavia_nb.games.truco.scoring import (
    NO_AWARDS, chain_accepted, chain_refused, credit, match_winner, refused_stake, settle, stake,
)
from cardavia_nb.games.truco.state import TrucoState, TrucoView, observe


def _six_cards(key: int) -> list[str]:
    """Six different cards drawn from a 63-bit key (mixed radix 40·39·…·35, bias below 1e-9):
    the deal's shuffle, as cheap as one hash; the 34 other cards stay undealt in pack order."""
    pool = list(CARDS)
    out = []
    for size in range(40, 34, -1):
        key, index = divmod(key, size)
        out.append(pool.pop(index))
    return out


def _shuffled(seed: int, deal_no: int, dealer: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Deal ``deal_no``'s two hands from the seed's shuffle, the mano's three cards dealt first."""
    order = _six_cards(derive(DEAL_DOMAIN, seed, deal_no))
    mano = 1 - dealer
    dealt = [(), ()]
    dealt[mano], dealt[dealer] = tuple(order[0:3]), tuple(order[3:6])
    return tuple(dealt)


def _written(hands: tuple) -> dict[str, list]:
    """A deal's two hands written as one of a setup's ``deals``."""
    return {"hands": [list(h) for h in hands]}


_LATER = {"hands": "[two hands of three cards]"}  # one of a setup's deals


def _checked_deal(hands: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Two hands as tuples once they make a real Truco deal (two hands of three cards of the
    Spanish 40-card pack, no card twice), else a ValueError saying what is wrong."""
    try:
        hands = tuple(tuple(h) for h in hands)
    except TypeError:
        raise ValueError(f"A Truco deal is two lists of card ids, not {hands!r}.") from None
    if len(hands) != 2:
        raise ValueError(f"A Truco deal is two hands, seat 0's and seat 1's, not {len(hands)}: {hands!r}.")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise ValueError(f"Seat {seat}'s hand must hold {HAND_SIZE} cards, not {len(hand)}: {hand!r}.")
        for card in hand:
            if card not in CARD_SET:
                raise ValueError(f"{card!r} in seat {seat}'s hand is not a card of the Spanish 40-card pack.")
    flat = hands[0] + hands[1]
    twice = sorted({c for c in flat if flat.count(c) > 1})
    if twice:
        raise ValueError(f"A card is dealt only once, but {', '.join(twice)} appears twice in {hands!r}.")
    return hands


@lru_cache(maxsize=None)
def _ev(kind: str, seat: int | None, cards: tuple = (), amount: int = 0, source: str = "",
        data: tuple = ()) -> Event:
    """A cached Event (events repeat a lot; building them is the slow part of a move)."""
    return Event(kind, seat, cards, amount, source, data)


_INDEX = {name: i for i, name in enumerate(TrucoState._fields)}
_LEGAL = _INDEX["legal"]
_LEGAL_IDS = _INDEX["legal_ids"]
_new_tuple = tuple.__new__


def _set(s: TrucoState, **changes: Any) -> TrucoState:
    """A copy of ``s`` with ``changes`` (a much faster ``_replace``: this is the hot path)."""
    values = list(s)
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return _new_tuple(TrucoState, values)


def _with(s: TrucoState, **changes: Any) -> TrucoState:
    """A copy of ``s`` with ``changes`` and its legal moves recomputed."""
    values = list(s)
    for name, value in changes.items():
        values[_INDEX[name]] = value
    t = _new_tuple(TrucoState, values)
    values[_LEGAL], values[_LEGAL_IDS] = legal_of(t)
    return _new_tuple(TrucoState, values)


class Truco(Game[TrucoState, TrucoView]):
    """Argentine Truco for two players without Flor, played as one match to 30 points."""

    name = "truco"
    num_players = 2
    match = True
    later_key = "deals"
    zero_sum = True
    pack = "spanish40"
    # the moves that use no card, by id (every other move names its cards): a fixed action space's words
    cardless = ("call:envido", "call:real_envido", "call:falta_envido", "call:truco", "call:retruco",
                "call:vale_cuatro", "answer:quiero", "answer:no_quiero", "fold", "next_deal")
    defaults: dict[str, Any] = {}
    # The longest match: every deal scores at least one point, so at most 59 deals (29–29, then one more), of
    # at most 19 moves each (6 cards; envido, envido, real envido, falta envido and the answer; truco,
    # retruco, vale cuatro and their three answers; a fold; the next deal). Twice that: a margin.
    max_moves = 2 * (2 * (TARGET - 1) + 1) * (2 * HAND_SIZE + 5 + 6 + 2)

    # --- setting up ------------------------------------------------------------------------
    def new(self, seed: int, hands: Any = None, dealer: int | None = None,
            scores: Any = None, deal_no: int = 1, deals: Any = ()) -> TrucoState:
        """A new match, or a match from its deal ``deal_no`` on: first dealer from the seed unless
        ``dealer`` is given; ``hands`` (two lists of three card ids, seat order) and ``scores`` (at
        the start of that deal) fix the deal; ``deals`` (each ``{"hands": ...}``) are the deals dealt in
        turn, instead of the shuffle's, after it; once they run out, the seed shuffles as usual."""
        seed = check_seed(seed)
        if dealer is None:
            dealer = rng("truco-dealer", seed).randrange(2)
        if dealer not in (0, 1):
            raise ValueError(f"The dealer must be seat 0 or 1, not {dealer!r}.")
        score_pair = (0, 0) if scores is None else tuple(scores)
        if len(score_pair) != 2 or not all(isinstance(x, int) and 0 <= x < TARGET for x in score_pair):
            raise ValueError(f"Scores must be two whole numbers from 0 to 29, not {scores!r}.")
        if isinstance(deal_no, bool) or not isinstance(deal_no, int) or deal_no < 1:
            raise ValueError(f"The deal number must be a whole number from 1 on, not {deal_no!r}.")
        hands = _shuffled(seed, deal_no, dealer) if hands is None else _checked_deal(hands)
        # every deal scores a point at least: a match has at most 2 · 29 deals after its first
        later = later_deals.checked(deals, "deals", 2 * (TARGET - 1), _LATER, _checked_deal)
        return self._deal(seed, deal_no, dealer, score_pair, NO_AWARDS, hands, later)

    def _deal(self, seed: int, deal_no: int, dealer: int, scores: tuple[int, int],
              awards: tuple, hands: tuple, later: tuple) -> TrucoState:
        """The start of a deal of ``hands``, mano to play; ``later`` the deals given to be dealt next."""
        mano = 1 - dealer
        events = (_ev("deal", dealer, data=(("deal_no", deal_no), ("mano", mano))),)
        s = TrucoState(seed, deal_no, scores, dealer, AWAIT_PLAY, mano, hands, hands, (), (), mano,
                       0, (), None, None, None, None, 1, None, None, (), awards, scores, (), events,
                       (), NO_MOVES[1], later)
        return _with(s)

    # --- actions ---------------------------------------------------------------------------
    def action(self, action_id: str) -> Action:
        """The cached Action with this id."""
        found = ACTIONS.get(action_id) if isinstance(action_id, str) else None
        if found is None:
            raise IllegalAction(Msg.of("core.unknown_action", id=str(action_id)))
        return found

    def legal_actions(self, state: TrucoState) -> tuple[Action, ...]:
        """The legal moves, in a stable order: cards, envido calls, truco call, fold / answers."""
        return state.legal

    def explain_illegal(self, state: TrucoState, action: Action) -> Msg | None:
        """None for a legal move, else the rule it breaks in words (``rules.illegal_reason``; the
        state's legal ids, which derive from that rule, answer the common case quickly)."""
        known = ACTIONS.get(action.id)
        if known is not action and known != action:
            return Msg.of("core.unknown_action", id=action.id)
        if action.id in state.legal_ids or (action.kind == "play" and may_play(state)
                                            and action.cards[0] in state.hands[state.to_act]):
            return None
        return illegal_reason(state, action)

    def _apply(self, s: TrucoState, action: Action) -> TrucoState:
        """Dispatch a legal move to its handler."""
        kind = action.kind
        if kind == "next_deal":
            dealer = 1 - s.dealer
            hands, later = later_deals.next_deal(s.deals, lambda: _shuffled(s.seed, s.deal_no + 1, dealer))
            return self._deal(s.seed, s.deal_no + 1, dealer, s.scores, s.awards, hands, later)
        moves = s.moves + (action.id,)
        if kind == "play":
            return self._play(s, action.cards[0], moves)
        if kind == "call":
            return self._call(s, action.id[5:], moves)
        if kind == "answer":
            return self._answer(s, action.id == "answer:quiero", moves)
        return self._end_deal(s, 1 - s.to_act, stake(s.truco_level), "fold", (_ev("fold", s.to_act),),
                              moves=moves)

    def _play(self, s: TrucoState, card: str, moves: tuple[str, ...]) -> TrucoState:
        """Play a card; complete the trick and maybe the deal (§6.6, §7)."""
        p = s.to_act
        hands = (tuple(c for c in s.hands[0] if c != card), s.hands[1]) if p == 0 else \
            (s.hands[0], tuple(c for c in s.hands[1] if c != card))
        played = s.played + ((p, card),)
        events = (_ev("play", p, (card,)),)
        if len(played) % 2:
            return _with(s, hands=hands, played=played, to_act=1 - p, moves=moves, events=events)
        winner = trick_winner(played[-2], played[-1])
        results = s.results + (winner,)
        trick_no = len(results)
        if winner == PARDA:
            events += (_ev("parda", None, data=(("trick", trick_no),)),)
        else:
            events += (_ev("trick_won", winner, data=(("trick", trick_no),)),)
        leader = next_leader(s.trick_leader, winner)
        decided = deal_winner(results, s.mano)
        if decided is not None:
            t = _set(s, hands=hands, played=played, results=results, trick_leader=leader, moves=moves)
            return self._end_deal(t, decided, stake(s.truco_level), "truco", events)
        return _with(s, hands=hands, played=played, results=results, trick_leader=leader,
                     to_act=leader, moves=moves, events=events)

    def _call(self, s: TrucoState, name: str, moves: tuple[str, ...]) -> TrucoState:
        """An envido-family call (opening or raise) or a truco-family call."""
        p = s.to_act
        calls = s.calls + ((p, "call:" + name),)
        events = (_ev("call", p, data=(("call", name),)),)
        if name in CODE:
            if s.envido_state == 0:
                return _with(s, phase=AWAIT_ENVIDO, to_act=1 - p, envido_state=1,
                             envido_chain=(CODE[name],), envido_caller=p, envido_opener=p,
                             envido_return=s.phase, calls=calls, moves=moves, events=events)
            return _with(s, to_act=1 - p, envido_chain=s.envido_chain + (CODE[name],),
                         envido_caller=p, calls=calls, moves=moves, events=events)
        return _with(s, phase=AWAIT_TRUCO, to_act=1 - p, pending_truco=(p, s.truco_level + 1),
                     calls=calls, moves=moves, events=events)

    def _answer(self, s: TrucoState, yes: bool, moves: tuple[str, ...]) -> TrucoState:
        """Quiero / No quiero to the pending envido chain or truco call."""
        r = s.to_act
        calls = s.calls + ((r, "answer:quiero" if yes else "answer:no_quiero"),)
        events = (_ev("answer", r, data=(("quiero", yes),)),)
        if s.phase == AWAIT_ENVIDO:
            return self._settle_envido(_set(s, calls=calls, moves=moves), yes, events)
        caller, level = s.pending_truco
        if yes:
            return _with(s, phase=AWAIT_PLAY, to_act=caller, truco_level=level, raise_holder=r,
                         pending_truco=None, calls=calls, moves=moves, events=events)
        return self._end_deal(_set(s, calls=calls, moves=moves), caller, refused_stake(level), "refusal", events)

    def _settle_envido(self, s: TrucoState, yes: bool, events: tuple[Event, ...]) -> TrucoState:
        """Credit the envido at once (§8.5); the match may end; else return to the opener."""
        values = None
        if yes:
            mano = s.mano
            values = (envido_value(s.original[0]), envido_value(s.original[1]))
            winner = envido_winner(values, mano)
            amount = chain_accepted(s.envido_chain, s.scores)
            events += (_ev("envido_values", None, data=(("values", values), ("order", (mano, 1 - mano)))),)
        else:
            winner, amount = s.envido_caller, chain_refused(s.envido_chain, s.scores)
        scores, awards, events = _credit(s, winner, amount, "envido", events, yes)
        t = _set(s, scores=scores, awards=awards, envido_state=2, envido_values=values)
        if match_winner(scores) is not None:
            return _over(t, events)
        return _with(t, phase=s.envido_return, to_act=s.envido_opener, events=events)

    def _end_deal(self, s: TrucoState, winner: int, amount: int, source: str,
                  events: tuple[Event, ...], **changes: Any) -> TrucoState:
        """Credit the deal's points and stop: DEAL_OVER (next mano to act) or MATCH_OVER; ``changes``
        are other fields the ending move sets."""
        scores, awards, events = _credit(s, winner, amount, source, events, True)
        t = _set(s, scores=scores, awards=awards, pending_truco=None, **changes)
        if match_winner(scores) is not None:
            return _over(t, events)
        events += (_ev("deal_over", winner, data=(("next_dealer", 1 - s.dealer),)),)
        return _with(t, phase=DEAL_OVER, to_act=s.dealer, events=events)

    # --- observation and result -------------------------------------------------------------
    def observe(self, s: TrucoState, seat: int) -> TrucoView:
        """What ``seat`` may see (see ``TrucoView``)."""
        return observe(s, seat)

    def result(self, s: TrucoState) -> Result | None:
        """Payoffs +1/-1 for the match winner, final scores, points per seat and source."""
        if s.phase != MATCH_OVER:
            return None
        scores, items = settle(s)
        winner = match_winner(scores)
        payoffs = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        return Result(payoffs, (winner,), items, tuple(float(x) for x in scores))

    def deal_over(self, s: TrucoState) -> bool:
        """Whether the deal has ended (the match goes on with the next one unless it is over too)."""
        return s.phase in (DEAL_OVER, MATCH_OVER)

    def deal_points(self, s: TrucoState) -> tuple[float, ...]:
        """The points each seat made in this deal (not the match's score)."""
        return tuple(now - then for now, then in zip(s.scores, s.start_scores))

    def deal_score(self, s: TrucoState, seat: int) -> float:
        """The points ``seat`` made in the deal minus those it conceded."""
        points = self.deal_points(s)
        return float(points[seat] - points[1 - seat])

    def deal_moves(self, s: TrucoState) -> tuple[str, ...]:
        """The moves of this deal alone."""
        return tuple(s.moves)

    def match_scores(self, s: TrucoState) -> tuple[int, ...]:
        """The match's running scores."""
        return tuple(s.scores)

    def deal_setup(self, s: TrucoState) -> dict[str, Any]:
        """The deal ``s`` is in, as dealt: both hands, the dealer, the scores it began at, its number, and the
        deals it was given to deal next (if any; any moment of the deal will do: the state keeps the dealt
        hands and the starting scores)."""
        setup = {"hands": [list(h) for h in s.original], "dealer": s.dealer, "scores": list(s.start_scores),
                 "deal_no": s.deal_no}
        return later_deals.with_deals(setup, self.later_key, s.deals, _written)

    def played_setup(self, first: TrucoState, last: TrucoState) -> dict[str, Any]:
        """``first``'s deal and, as ``deals``, every deal of the match dealt after it up to ``last``'s, as they
        were dealt."""
        setup = self.first_deal(self.deal_setup(first))
        dealt = later_deals.dealt_after(first.deals, last.deal_no - first.deal_no,
                                        lambda k: _shuffled(first.seed, first.deal_no + k, (first.dealer + k) % 2))
        return later_deals.with_deals(setup, self.later_key, dealt, _written)

    def card_places(self, s: TrucoState) -> dict[str, tuple[str, ...]]:
        """Hands, cards played this deal, and the undealt stock."""
        played = tuple(c for _, c in s.played)
        used = set(s.hands[0]) | set(s.hands[1]) | set(played)
        return {"hand0": s.hands[0], "hand1": s.hands[1], "played": played,
                "stock": tuple(c for c in CARDS if c not in used)}

    def shuffle_hidden(self, s: TrucoState, seat: int, rand: random.Random) -> TrucoState:
        """Swap the opponent's unplayed cards with undealt ones at random (announcements kept)."""
        other = 1 - seat
        pool = list(s.hands[other]) + list(self.card_places(s)["stock"])
        rand.shuffle(pool)
        fresh = dict(zip(s.hands[other], pool))
        hands = list(s.hands)
        original = list(s.original)
        hands[other] = tuple(fresh[c] for c in s.hands[other])
        original[other] = tuple(fresh.get(c, c) for c in s.original[other])
        return _with(s, hands=tuple(hands), original=tuple(original))

    # --- words ------------------------------------------------------------------------------
    def label(self, action: Action | str, lang: str = "en") -> str:
        """Short button text for a move ("Envido", "Play Ace of swords")."""
        return words.label(self.coerce(action), lang)

    def describe(self, event: Event) -> Msg:
        """One log line for an event, its seats as data."""
        return words.describe(event)


def _credit(s: TrucoState, winner: int, amount: int, source: str, events: tuple[Event, ...],
            accepted: bool) -> tuple[tuple[int, int], tuple, tuple[Event, ...]]:
    """Credit ``amount`` to ``winner`` (``scoring.credit``): new scores, awards and a points event."""
    scores, awards, credited = credit(s.scores, s.awards, winner, amount, source)
    data = (("value", amount),) if source != "envido" else (("value", amount), ("accepted", accepted))
    return scores, awards, events + (_ev("points", winner, amount=credited, source=source, data=data),)


def _over(s: TrucoState, events: tuple[Event, ...]) -> TrucoState:
    """The match is over: nobody acts any more."""
    winner = match_winner(s.scores)
    events += (_ev("match_over", winner, data=(("scores", s.scores),)),)
    return _with(s, phase=MATCH_OVER, to_act=None, pending_truco=None, events=events)


__all__ = ["Truco"]
