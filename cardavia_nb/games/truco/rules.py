"""Truco rules (spec truco.md): the cards' powers, the vocabularies of calls and phases, the pure
rule functions, and legality written once (``illegal_reason`` is the rule; the legal moves are the
actions it finds no reason against).

The functions here read a ``state.TrucoState``; ``state`` imports this module for the rules its
view applies, so the state type is named in the docstrings rather than imported.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action
from cardavia_nb.core.text import Msg

TARGET = 30
PARDA = -1
DEAL_DOMAIN = "truco-deal"  # the RNG key domain of a deal's shuffle
CARDS = tuple(c.id for c in deck("spanish40"))
CARD_SET = frozenset(CARDS)
SUIT = {c.id: c.suit for c in deck("spanish40")}
_TOP = {"1E": 14, "1B": 13, "7E": 12, "7O": 11}
_RANK_POWER = {3: 10, 2: 9, 1: 8, 12: 7, 11: 6, 10: 5, 7: 4, 6: 3, 5: 2, 4: 1}
POWER = {c.id: _TOP.get(c.id, _RANK_POWER[c.rank]) for c in deck("spanish40")}
ENVIDO_CARD = {c.id: (c.rank if c.rank <= 7 else 0) for c in deck("spanish40")}
HAND_SIZE = 3

AWAIT_PLAY = "AWAIT_PLAY"
AWAIT_ENVIDO = "AWAIT_ENVIDO_RESPONSE"
AWAIT_TRUCO = "AWAIT_TRUCO_RESPONSE"
DEAL_OVER = "DEAL_OVER"
MATCH_OVER = "MATCH_OVER"
PHASES = (AWAIT_PLAY, AWAIT_ENVIDO, AWAIT_TRUCO, DEAL_OVER, MATCH_OVER)

ENVIDO_CALLS = ("envido", "real_envido", "falta_envido")
CODE = {"envido": "E", "real_envido": "R", "falta_envido": "F"}  # envido call -> chain code
CHAIN_NAMES = {code: name for name, code in CODE.items()}
TRUCO_CALLS = ("truco", "retruco", "vale_cuatro")  # index = accepted level - 1
MAX_LEVEL = len(TRUCO_CALLS) + 1  # vale cuatro accepted: no call left

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


def envido_winner(values: tuple[int, int], mano: int) -> int:
    """The seat winning an accepted envido with these values by seat (§8.2): the higher, mano on a tie."""
    return mano if values[mano] >= values[1 - mano] else 1 - mano


def trick_result(lead: int, follow: int) -> int:
    """A trick of two powers: 0 when the lead wins, 1 when the follow wins, PARDA when they are equal."""
    return PARDA if lead == follow else int(follow > lead)


def trick_winner(lead: tuple[int, str], follow: tuple[int, str]) -> int:
    """The seat winning a trick of two (seat, card) plays, or PARDA when powers are equal."""
    won = trick_result(POWER[lead[1]], POWER[follow[1]])
    return PARDA if won == PARDA else (lead, follow)[won][0]


def next_leader(leader: int, winner: int) -> int:
    """Who leads the next trick (§6.6): its winner, or after a parda the same leader again."""
    return leader if winner == PARDA else winner


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


def can_open_envido(s: Any, p: int) -> bool:
    """§6.2 in TrucoState ``s``: trick 1, p has not played, envido never called, no truco call accepted."""
    return not s.results and len(s.hands[p]) == HAND_SIZE and s.envido_state == 0 and s.truco_level == 1


def may_play(s: Any) -> bool:
    """Whether the seat to act in TrucoState ``s`` may play a card of its hand (no call awaits an answer)."""
    return s.phase == AWAIT_PLAY


# --- legality, written once -------------------------------------------------------------------
def illegal_reason(s: Any, action: Action) -> Msg | None:
    """Why ``action`` breaks the rules in TrucoState ``s`` (most specific reason first), or None if legal."""
    if s.to_act is None:
        return Msg.of("core.game_over")
    kind = action.kind
    if s.phase == DEAL_OVER:
        return None if kind == "next_deal" else Msg.of("truco.illegal.deal_over")
    if kind == "next_deal":
        return Msg.of("truco.illegal.deal_not_over")
    pending = not may_play(s)
    if kind == "answer":
        return None if pending else Msg.of("truco.illegal.nothing_to_answer")
    if kind == "play":
        if pending:
            return Msg.of("truco.illegal.answer_first")
        return None if action.cards[0] in s.hands[s.to_act] else \
            Msg.of("truco.illegal.not_in_hand", card=action.cards[0])
    if kind == "fold":
        return Msg.of("truco.illegal.fold_pending") if pending else None
    name = action.id[5:]
    if name in CODE:
        return _envido_reason(s, name)
    return _truco_reason(s, name)


def _envido_reason(s: Any, name: str) -> Msg | None:
    """Why an envido-family call is not allowed now (§6.2, §6.4), or None."""
    if s.phase == AWAIT_ENVIDO:
        chain = s.envido_chain
        if "F" in chain:
            return Msg.of("truco.illegal.falta_final")
        if name == "falta_envido" or (name == "envido" and chain == ("E",)) \
                or (name == "real_envido" and chain in (("E",), ("E", "E"))):
            return None
        if name == "envido" and "R" in chain:
            return Msg.of("truco.illegal.envido_after_real")
        if name == "envido":
            return Msg.of("truco.illegal.envido_twice")
        return Msg.of("truco.illegal.real_once")
    if can_open_envido(s, s.to_act):
        return None
    if s.envido_state:
        return Msg.of("truco.illegal.envido_once")
    if s.truco_level > 1:
        return Msg.of("truco.illegal.envido_closed")
    if s.results:
        return Msg.of("truco.illegal.envido_first_trick")
    return Msg.of("truco.illegal.envido_after_card")


def _truco_reason(s: Any, name: str) -> Msg | None:
    """Why a truco-family call is not allowed now (§6.3, §6.5), or None."""
    if s.phase == AWAIT_ENVIDO:
        return Msg.of("truco.illegal.answer_envido_first")
    if s.phase == AWAIT_TRUCO:
        return Msg.of("truco.illegal.no_counter_raise")
    if s.truco_level >= MAX_LEVEL:
        return Msg.of("truco.illegal.truco_max")
    if s.truco_level > 1 and s.raise_holder != s.to_act:
        return Msg.of("truco.illegal.not_raise_holder")
    expected = TRUCO_CALLS[s.truco_level - 1]
    return None if name == expected else Msg.of("truco.illegal.wrong_call", call=Msg.of("truco.label." + expected))


# Every move that is not a card, in the stable order of the legal list.
OTHER_ACTIONS = (QUIERO, NO_QUIERO, *ENVIDO_ACTIONS, *TRUCO_ACTIONS, FOLD, NEXT_DEAL)
_OTHER_LEGAL: dict[tuple, tuple[tuple[Action, ...], frozenset[str]]] = {}
NO_MOVES: tuple[tuple[Action, ...], frozenset[str]] = ((), frozenset())
_PLAY_OF = PLAY.__getitem__  # card id -> its play action


def legal_of(s: Any) -> tuple[tuple[Action, ...], frozenset[str]]:
    """The legal moves of TrucoState ``s`` and the ids of those that are not cards: the cards of the
    hand when ``may_play``, then every other move ``illegal_reason`` accepts. The second part depends
    only on the fields in ``key`` (the fields ``illegal_reason`` reads), so it is computed once per key."""
    p = s.to_act
    if p is None:
        return NO_MOVES
    key = (s.phase, s.envido_chain, s.envido_state, s.truco_level, s.raise_holder == p,
           not s.results and len(s.hands[p]) == HAND_SIZE)  # with the two fields above: can_open_envido
    other = _OTHER_LEGAL.get(key)
    if other is None:
        moves = tuple(a for a in OTHER_ACTIONS if illegal_reason(s, a) is None)
        other = _OTHER_LEGAL[key] = (moves, frozenset(a.id for a in moves))
    if may_play(s):
        return tuple(map(_PLAY_OF, s.hands[p])) + other[0], other[1]
    return other


def legal_actions(s: Any) -> tuple[Action, ...]:
    """The legal moves of TrucoState ``s`` in their stable order: the actions ``illegal_reason`` accepts."""
    return legal_of(s)[0]
