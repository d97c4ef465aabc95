"""Truco (Argentine, two players, no Flor, match to 30): the complete rules engine.

A state is one ``TrucoState`` NamedTuple (immutable, compared by value). A match is the game:
``new(seed)`` deals the first deal; when a deal ends the phase is ``DEAL_OVER`` and the next mano
(the current dealer) must choose ``next_deal``; ``MATCH_OVER`` ends the game. Point sources in
events and items: ``envido`` (accepted or refused envido), ``truco`` (deal won on tricks, at the
accepted stake), ``refusal`` (a truco-family call refused) and ``fold`` (going to the deck).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, NamedTuple

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action, Event, Game, IllegalAction, Item, Result
from cardavia_nb.core.rng import check_seed, derive, rng
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import translate

TARGET = 30
PARDA = -1
CARDS = tuple(c.id for c in deck("spanish40"))
CARD_SET = frozenset(CARDS)
SUIT = {c.id: c.suit for c in deck("spanish40")}
_TOP = {"1E": 14, "1B": 13, "7E": 12, "7O": 11}
_RANK_POWER = {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}
POWER = {c.id: _TOP.get(c.id, _RANK_POWER[c.rank]) for c in deck("spanish40")}
ENVIDO_CARD = {c.id: (c.rank if c.rank <= 7 else 0) for c in deck("spanish40")}

AWAIT_PLAY = "AWAIT_PLAY"
AWAIT_ENVIDO = "AWAIT_ENVIDO_RESPONSE"
AWAIT_TRUCO = "AWAIT_TRUCO_RESPONSE"
DEAL_OVER = "DEAL_OVER"
MATCH_OVER = "MATCH_OVER"

ENVIDO_CALLS = ("envido", "real_envido", "falta_envido")
CODE = {"envido": "E", "real_envido": "R", "falta_envido": "F"}
TRUCO_CALLS = ("truco", "retruco", "vale_cuatro")  # index = accepted level - 1
SOURCES = ("envido", "truco", "refusal", "fold")

ACTIONS: dict[str, Action] = {f"play:{c}": Action(f"play:{c}", "play", (c,)) for c in CARDS}
for _name in ENVIDO_CALLS + TRUCO_CALLS:
    ACTIONS[f"call:{_name}"] = Action(f"call:{_name}", "call")
for _name in ("quiero", "no_quiero"):
    ACTIONS[f"answer:{_name}"] = Action(f"answer:{_name}", "answer")
ACTIONS["fold"] = Action("fold", "fold")
ACTIONS["next_deal"] = Action("next_deal", "next_deal")
PLAY = {c: ACTIONS[f"play:{c}"] for c in CARDS}
QUIERO, NO_QUIERO = ACTIONS["answer:quiero"], ACTIONS["answer:no_quiero"]
FOLD, NEXT_DEAL = ACTIONS["fold"], ACTIONS["next_deal"]
ENVIDO_ACTIONS = tuple(ACTIONS[f"call:{n}"] for n in ENVIDO_CALLS)
TRUCO_ACTIONS = tuple(ACTIONS[f"call:{n}"] for n in TRUCO_CALLS)


@lru_cache(maxsize=None)
def envido_value(hand: tuple[str, ...]) -> int:
    """Envido value of a three-card hand (§8.1): 20 + best two of a shared suit, else best single."""
    best = 0
    for i, a in enumerate(hand):
        best = max(best, ENVIDO_CARD[a])
        for b in hand[i + 1:]:
            if SUIT[a] == SUIT[b]:
                best = max(best, 20 + ENVIDO_CARD[a] + ENVIDO_CARD[b])
    return best


def chain_accepted(chain: tuple[str, ...], scores: tuple[int, int]) -> int:
    """Points of an accepted envido chain (§8.4): the sum of E=2/R=3, or falta if F is in it."""
    if "F" in chain:
        return TARGET - max(scores)
    return sum(2 if c == "E" else 3 for c in chain)


def chain_refused(chain: tuple[str, ...], scores: tuple[int, int]) -> int:
    """Points of a refused envido chain: 1 for one call, else the chain without its last call."""
    return 1 if len(chain) == 1 else chain_accepted(chain[:-1], scores)


def trick_winner(lead: tuple[int, str], follow: tuple[int, str]) -> int:
    """The seat winning a trick of two (seat, card) plays, or PARDA when powers are equal."""
    a, b = POWER[lead[1]], POWER[follow[1]]
    return PARDA if a == b else (lead[0] if a > b else follow[0])


def deal_winner(results: tuple[int, ...], mano: int) -> int | None:
    """The deal winner from the trick results so far (§7), or None while undecided."""
    if len(results) < 2:
        return None
    first, second = results[0], results[1]
    if len(results) == 2:
        if first == second:
            return None if first == PARDA else first
        if PARDA in (first, second):
            return first if second == PARDA else second
        return None
    third = results[2]
    if third != PARDA:
        return third
    return first if first != PARDA else mano


def _six_cards(key: int) -> list[str]:
    """Six different cards drawn from a 63-bit key (mixed radix 40·39·…·35, bias below 1e-9):
    the deal's shuffle, as cheap as one hash; the 34 other cards stay undealt in pack order."""
    pool = list(CARDS)
    out = []
    for size in range(40, 34, -1):
        key, index = divmod(key, size)
        out.append(pool.pop(index))
    return out


def malas_buenas(score: int, lang: str = "en") -> str:
    """A score in words as malas (0-15) or buenas (16-30): "12 malas", "3 buenas"."""
    if score <= 15:
        return translate("truco.score.malas", lang, n=score)
    return translate("truco.score.buenas", lang, n=score - 15)


@lru_cache(maxsize=None)
def _ev(kind: str, seat: int | None, cards: tuple = (), amount: int = 0, source: str = "",
        data: tuple = ()) -> Event:
    """A cached Event (events repeat a lot; building them is the slow part of a move)."""
    return Event(kind, seat, cards, amount, source, data)


def _pair(actions: list[Action]) -> tuple[tuple[Action, ...], frozenset[str]]:
    """Moves with the set of their ids (membership by id is the fast legality check)."""
    return tuple(actions), frozenset(a.id for a in actions)


def _play_suffix(envido_open: bool, truco_call: int) -> tuple[tuple[Action, ...], frozenset[str]]:
    """The non-card moves in AWAIT_PLAY: envido openings, the truco call (index or -1), fold."""
    return _pair([*(ENVIDO_ACTIONS if envido_open else ()),
                  *((TRUCO_ACTIONS[truco_call],) if truco_call >= 0 else ()), FOLD])


def _envido_legal(chain: tuple[str, ...]) -> tuple[tuple[Action, ...], frozenset[str]]:
    """Legal answers to a pending envido chain (§6.4)."""
    out = [QUIERO, NO_QUIERO]
    if chain == ("E",):
        out.append(ENVIDO_ACTIONS[0])
    if chain in (("E",), ("E", "E")):
        out.append(ENVIDO_ACTIONS[1])
    if "F" not in chain:
        out.append(ENVIDO_ACTIONS[2])
    return _pair(out)


_PLAY_SUFFIX = {(env, call): _play_suffix(env, call) for env in (False, True) for call in (-1, 0, 1, 2)}
_ENVIDO_LEGAL = {chain: _envido_legal(chain) for chain in (
    ("E",), ("R",), ("F",), ("E", "E"), ("E", "R"), ("E", "F"), ("R", "F"), ("E", "E", "R"),
    ("E", "E", "F"), ("E", "R", "F"), ("E", "E", "R", "F"))}
_TRUCO_ANSWERS = (_pair([QUIERO, NO_QUIERO]), _pair([QUIERO, NO_QUIERO, *ENVIDO_ACTIONS]))
_NEXT, _NONE = _pair([NEXT_DEAL]), _pair([])
_card_action = PLAY.__getitem__


class TrucoState(NamedTuple):
    """One moment of a match. ``legal`` is derived from the other fields (it never changes equality).

    ``played`` lists every (seat, card) of the deal in order (trick k = plays 2k-2 and 2k-1);
    ``results`` holds trick winners or PARDA; ``envido_state`` is 0 not called / 1 pending / 2 done;
    ``envido_return`` is the phase the envido opener returns to; ``awards`` are this match's points
    per seat and source (SOURCES order); ``calls`` the deal's (seat, action id) of calls and answers.
    """

    seed: int
    deal_no: int
    scores: tuple[int, int]
    dealer: int
    phase: str
    to_act: int | None
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    original: tuple[tuple[str, ...], tuple[str, ...]]
    played: tuple[tuple[int, str], ...]
    results: tuple[int, ...]
    trick_leader: int
    envido_state: int
    envido_chain: tuple[str, ...]
    envido_caller: int | None
    envido_opener: int | None
    envido_return: str | None
    envido_values: tuple[int, int] | None
    truco_level: int
    raise_holder: int | None
    pending_truco: tuple[int, int] | None
    calls: tuple[tuple[int, str], ...]
    awards: tuple[tuple[int, ...], tuple[int, ...]]
    events: tuple[Event, ...]
    legal: tuple[Action, ...]
    legal_ids: frozenset[str]  # ids of the legal moves that are not card plays

    @property
    def mano(self) -> int:
        """The non-dealer: leads trick 1, wins envido ties and the all-parda deal."""
        return 1 - self.dealer

    @property
    def trick_no(self) -> int:
        """The current trick, 1 to 3."""
        return min(len(self.results) + 1, 3)

    @property
    def trick_cards(self) -> tuple[tuple[int, str], ...]:
        """The (seat, card) plays of the unfinished trick."""
        return self.played[2 * len(self.results):]


def legal_of(s: TrucoState) -> tuple:
    """The legal moves of a state and their ids, from its rule fields (§6.3-§6.5)."""
    p = s.to_act
    if p is None:
        return _NONE
    if s.phase == AWAIT_PLAY:
        level = s.truco_level
        call = level - 1 if level == 1 or (level < 4 and s.raise_holder == p) else -1
        suffix, ids = _PLAY_SUFFIX[can_open_envido(s, p), call]
        return tuple(map(_card_action, s.hands[p])) + suffix, ids
    if s.phase == AWAIT_ENVIDO:
        return _ENVIDO_LEGAL[s.envido_chain]
    if s.phase == AWAIT_TRUCO:
        return _TRUCO_ANSWERS[can_open_envido(s, p)]
    return _NEXT


def can_open_envido(s: TrucoState, p: int) -> bool:
    """§6.2: trick 1, p has not played, envido never called, no truco call accepted."""
    return not s.results and len(s.hands[p]) == 3 and s.envido_state == 0 and s.truco_level == 1


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


class Truco(Game):
    """Argentine Truco for two players without Flor, played as one match to 30 points."""

    name = "truco"
    num_players = 2
    zero_sum = True
    pack = "spanish40"
    defaults: dict[str, Any] = {}

    # --- setting up ------------------------------------------------------------------------
    def new(self, seed: int, hands: Any = None, dealer: int | None = None,
            scores: Any = None) -> TrucoState:
        """A new match: first dealer from the seed unless ``dealer`` is given; ``hands`` (two lists
        of three card ids, seat order) and ``scores`` fix the first deal for tests."""
        seed = check_seed(seed)
        if dealer is None:
            dealer = rng("truco-dealer", seed).randrange(2)
        if dealer not in (0, 1):
            raise ValueError(f"The dealer must be seat 0 or 1, not {dealer!r}.")
        score_pair = (0, 0) if scores is None else tuple(scores)
        if len(score_pair) != 2 or not all(isinstance(x, int) and 0 <= x < TARGET for x in score_pair):
            raise ValueError(f"Scores must be two whole numbers from 0 to 29, not {scores!r}.")
        if hands is not None:
            hands = tuple(tuple(h) for h in hands)
            flat = [c for h in hands for c in h]
            if len(hands) != 2 or any(len(h) != 3 for h in hands) or len(set(flat)) != 6 \
                    or not CARD_SET.issuperset(flat):
                raise ValueError(f"Hands must be two lists of three different Truco cards, not {hands!r}.")
        return self._deal(seed, 1, dealer, score_pair, ((0,) * 4, (0,) * 4), hands, ())

    def _deal(self, seed: int, deal_no: int, dealer: int, scores: tuple[int, int],
              awards: tuple, hands: tuple | None, events: tuple[Event, ...]) -> TrucoState:
        """The start of a deal: shuffle (unless hands are given), mano to play."""
        if hands is None:
            order = _six_cards(derive("truco-deal", seed, deal_no))
            mano = 1 - dealer
            dealt = [(), ()]
            dealt[mano], dealt[dealer] = tuple(order[0:3]), tuple(order[3:6])
            hands = tuple(dealt)
        mano = 1 - dealer
        events = events + (_ev("deal", dealer, data=(("deal_no", deal_no), ("mano", mano))),)
        s = TrucoState(seed, deal_no, scores, dealer, AWAIT_PLAY, mano, hands, hands, (), (), mano,
                       0, (), None, None, None, None, 1, None, None, (), awards, events, (), _NONE[1])
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
        """None for a legal move, else the rule it breaks in words."""
        known = ACTIONS.get(action.id)
        if known is action or known == action:
            if action.kind == "play":
                if state.phase == AWAIT_PLAY and action.cards[0] in state.hands[state.to_act]:
                    return None
            elif action.id in state.legal_ids:
                return None
        return _reason(state, action)

    def _apply(self, s: TrucoState, action: Action) -> TrucoState:
        """Dispatch a legal move to its handler."""
        kind = action.kind
        if kind == "play":
            return self._play(s, action.cards[0])
        if kind == "call":
            return self._call(s, action.id[5:])
        if kind == "answer":
            return self._answer(s, action.id == "answer:quiero")
        if kind == "fold":
            return self._end_deal(s, 1 - s.to_act, s.truco_level, "fold",
                                  (_ev("fold", s.to_act),))
        return self._deal(s.seed, s.deal_no + 1, 1 - s.dealer, s.scores, s.awards, None, ())

    def _play(self, s: TrucoState, card: str) -> TrucoState:
        """Play a card; complete the trick and maybe the deal (§6.6, §7)."""
        p = s.to_act
        hands = (tuple(c for c in s.hands[0] if c != card), s.hands[1]) if p == 0 else \
            (s.hands[0], tuple(c for c in s.hands[1] if c != card))
        played = s.played + ((p, card),)
        events = (_ev("play", p, (card,)),)
        if len(played) % 2:
            return _with(s, hands=hands, played=played, to_act=1 - p, events=events)
        winner = trick_winner(played[-2], played[-1])
        results = s.results + (winner,)
        trick_no = len(results)
        if winner == PARDA:
            events += (_ev("parda", None, data=(("trick", trick_no),)),)
        else:
            events += (_ev("trick_won", winner, data=(("trick", trick_no),)),)
        leader = s.trick_leader if winner == PARDA else winner
        decided = deal_winner(results, s.mano)
        if decided is not None:
            t = _set(s, hands=hands, played=played, results=results, trick_leader=leader)
            return self._end_deal(t, decided, s.truco_level, "truco", events)
        return _with(s, hands=hands, played=played, results=results, trick_leader=leader,
                     to_act=leader, events=events)

    def _call(self, s: TrucoState, name: str) -> TrucoState:
        """An envido-family call (opening or raise) or a truco-family call."""
        p = s.to_act
        calls = s.calls + ((p, "call:" + name),)
        events = (_ev("call", p, data=(("call", name),)),)
        if name in CODE:
            if s.envido_state == 0:
                return _with(s, phase=AWAIT_ENVIDO, to_act=1 - p, envido_state=1,
                             envido_chain=(CODE[name],), envido_caller=p, envido_opener=p,
                             envido_return=s.phase, calls=calls, events=events)
            return _with(s, to_act=1 - p, envido_chain=s.envido_chain + (CODE[name],),
                         envido_caller=p, calls=calls, events=events)
        return _with(s, phase=AWAIT_TRUCO, to_act=1 - p, pending_truco=(p, s.truco_level + 1),
                     calls=calls, events=events)

    def _answer(self, s: TrucoState, yes: bool) -> TrucoState:
        """Quiero / No quiero to the pending envido chain or truco call."""
        r = s.to_act
        calls = s.calls + ((r, "answer:quiero" if yes else "answer:no_quiero"),)
        events = (_ev("answer", r, data=(("quiero", yes),)),)
        if s.phase == AWAIT_ENVIDO:
            return self._settle_envido(_set(s, calls=calls), yes, events)
        caller, level = s.pending_truco
        if yes:
            return _with(s, phase=AWAIT_PLAY, to_act=caller, truco_level=level, raise_holder=r,
                         pending_truco=None, calls=calls, events=events)
        return self._end_deal(_set(s, calls=calls), caller, level - 1, "refusal", events)

    def _settle_envido(self, s: TrucoState, yes: bool, events: tuple[Event, ...]) -> TrucoState:
        """Credit the envido at once (§8.5); the match may end; else return to the opener."""
        values = None
        if yes:
            mano = s.mano
            values = (envido_value(s.original[0]), envido_value(s.original[1]))
            best = max(values)
            winner = mano if values[mano] == best else 1 - mano
            amount = chain_accepted(s.envido_chain, s.scores)
            events += (_ev("envido_values", None, data=(("values", values), ("order", (mano, 1 - mano)))),)
        else:
            winner, amount = s.envido_caller, chain_refused(s.envido_chain, s.scores)
        scores, awards, events = _credit(s, winner, amount, "envido", events, yes)
        t = _set(s, scores=scores, awards=awards, envido_state=2, envido_values=values)
        if scores[winner] >= TARGET:
            return _over(t, events)
        return _with(t, phase=s.envido_return, to_act=s.envido_opener, events=events)

    def _end_deal(self, s: TrucoState, winner: int, amount: int, source: str,
                  events: tuple[Event, ...]) -> TrucoState:
        """Credit the deal's points and stop: DEAL_OVER (next mano to act) or MATCH_OVER."""
        scores, awards, events = _credit(s, winner, amount, source, events, True)
        t = _set(s, scores=scores, awards=awards, pending_truco=None)
        if scores[winner] >= TARGET:
            return _over(t, events)
        events += (_ev("deal_over", winner, data=(("next_dealer", 1 - s.dealer),)),)
        return _set(t, phase=DEAL_OVER, to_act=s.dealer, events=events, legal=_NEXT[0], legal_ids=_NEXT[1])

    # --- observation and result -------------------------------------------------------------
    def observe(self, s: TrucoState, seat: int) -> Any:
        """What ``seat`` may see (see ``TrucoView``)."""
        from cardavia_nb.games.truco.view import build_view

        return build_view(s, seat)

    def result(self, s: TrucoState) -> Result | None:
        """Payoffs +1/-1 for the match winner, final scores, points per seat and source."""
        if s.phase != MATCH_OVER:
            return None
        winner = 0 if s.scores[0] >= TARGET else 1
        items = tuple(Item(f"truco.item.{src}", seat, s.awards[seat][i])
                      for seat in (0, 1) for i, src in enumerate(SOURCES) if s.awards[seat][i])
        payoffs = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        return Result(payoffs, (winner,), items, tuple(float(x) for x in s.scores))

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
        action = self.coerce(action)
        if action.kind == "play":
            return translate("truco.label.play", lang, card=action.cards[0])
        return translate("truco.label." + action.id.split(":")[-1], lang)

    def describe(self, event: Event, lang: str = "en") -> str:
        """One log line for an event, with the seat as ``{seat}`` filled in as a number."""
        from cardavia_nb.games.truco.view import describe_event

        return describe_event(event, lang)


def _credit(s: TrucoState, winner: int, amount: int, source: str, events: tuple[Event, ...],
            accepted: bool) -> tuple[tuple[int, int], tuple, tuple[Event, ...]]:
    """Add ``amount`` (capped at 30) to ``winner``: new scores, awards and a points event."""
    credited = min(amount, TARGET - s.scores[winner])
    scores = (s.scores[0] + credited, s.scores[1]) if winner == 0 else (s.scores[0], s.scores[1] + credited)
    index = SOURCES.index(source)
    row = list(s.awards[winner])
    row[index] += credited
    awards = (tuple(row), s.awards[1]) if winner == 0 else (s.awards[0], tuple(row))
    data = (("value", amount),) if source != "envido" else (("value", amount), ("accepted", accepted))
    return scores, awards, events + (_ev("points", winner, amount=credited, source=source, data=data),)


def _over(s: TrucoState, events: tuple[Event, ...]) -> TrucoState:
    """The match is over: nobody acts any more."""
    winner = 0 if s.scores[0] >= TARGET else 1
    events += (_ev("match_over", winner, data=(("scores", s.scores),)),)
    return _set(s, phase=MATCH_OVER, to_act=None, pending_truco=None, events=events, legal=(), legal_ids=_NONE[1])


def _reason(s: TrucoState, action: Action) -> Msg:
    """Why a move not in ``s.legal`` is illegal, in the rules' words."""
    from cardavia_nb.games.truco.view import illegal_reason

    return illegal_reason(s, action)


__all__ = ["Truco", "TrucoState", "POWER", "envido_value", "deal_winner", "trick_winner",
           "chain_accepted", "chain_refused", "malas_buenas", "PARDA"]
