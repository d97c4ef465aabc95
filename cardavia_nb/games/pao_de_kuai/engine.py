"""The Pao De Kuai engine: deal, must-beat rounds, going out, settlement (spec pao_de_kuai.md §3–§7)."""

from __future__ import annotations

import random
from typing import Any, Iterable

from cardavia_nb.core.game import Action, Event, Game, IllegalAction, Item, Result
from cardavia_nb.core.rng import check_seed, rng
from cardavia_nb.core.text import Msg
from cardavia_nb.games.pao_de_kuai import rules, words
from cardavia_nb.games.pao_de_kuai.rules import (
    DEAL_DOMAIN, DECK_IDS, HAND_SIZE, LEAD, OVER, PASS, RANK, RESPOND, SEATS, Combo, Play, canonical, card_ids,
    classify, classify_ranks, combinations_in, play_action,
)
from cardavia_nb.games.pao_de_kuai.scoring import bonus_amount, penalty_items, settle
from cardavia_nb.games.pao_de_kuai.state import PaoDeKuaiState, PaoDeKuaiView, observe

NOBODY = (False, False, False)
SETUP_KEYS = frozenset({"hands", "to_act", "top", "top_owner", "top_response", "passes", "has_played", "opening"})

_IDS: dict[str, Action] = {"pass": PASS}


def _nxt(seat: int) -> int:
    """The seat to the right, who acts next (0 → 1 → 2 → 0)."""
    return (seat + 1) % SEATS


def _with(values: tuple, index: int, value: Any) -> tuple:
    """A copy of a tuple with one element replaced."""
    return values[:index] + (value,) + values[index + 1:]


def _bonus_events(owner: int, cards: tuple[str, ...]) -> list[Event]:
    """The bomb-bonus announcement and its three point awards (+20, −10, −10)."""
    out = [Event("bonus", owner, cards, bonus_amount(owner, owner), "bomb_bonus")]
    out.extend(Event("points", seat, (), bonus_amount(owner, seat), "bomb_bonus") for seat in range(SEATS))
    return out


def check_hands(hands: tuple[tuple[str, ...], ...]) -> None:
    """Hands a deal or a fixture may give, else a ValueError saying what is wrong: three hands of the
    pack's cards, no card twice; hands holding the whole pack are a deal and must hold 16 cards each."""
    if len(hands) != SEATS:
        raise ValueError(f"A Pao De Kuai deal has three hands, not {len(hands)}.")
    seen: set[str] = set()
    for hand in hands:
        twice = seen.intersection(hand)
        if twice:
            raise ValueError(f"The card {min(twice)} is dealt twice.")
        seen.update(hand)
    sizes = [len(h) for h in hands]
    if len(seen) == len(DECK_IDS) and sizes != [HAND_SIZE] * SEATS:
        raise ValueError(f"A whole deal gives each seat 16 cards; these hands hold {', '.join(map(str, sizes))}.")
    if max(sizes) > HAND_SIZE:
        raise ValueError(f"A hand holds at most 16 cards; these hands hold {', '.join(map(str, sizes))}.")


class PaoDeKuai(Game[PaoDeKuaiState, PaoDeKuaiView]):
    """Pao De Kuai (Run Fast): three players, 48 cards, 16 each; first to empty the hand wins.

    Action ids: ``"pass"`` and ``"play:" + "+".join(cards)`` with the cards in canonical order
    (rank, then clubs, diamonds, hearts, spades), e.g. ``"play:3H+3S"``. Event kinds: ``deal``
    (seat = 3♥ holder), ``play`` (data: shape, size, key, response), ``pass``, ``round_end`` (seat
    = next leader), ``bonus``, ``points`` (source ``bomb_bonus`` or ``penalty``) and ``out``.
    """

    name = "pao_de_kuai"
    num_players = SEATS
    zero_sum = True
    pack = "pao_de_kuai48"
    cardless = ("pass",)  # the moves that use no card, by id (every other move names its cards)
    defaults: dict[str, Any] = {}
    # Every play takes at least one of the 48 cards, and at most two passes follow it before the trick is
    # won: 144 moves at the very most. Twice that: a margin.
    max_moves = 2 * SEATS * HAND_SIZE * SEATS

    # --- setup ------------------------------------------------------------------------------
    def new(self, seed: int, **setup: Any) -> PaoDeKuaiState:
        """A deal from ``seed``, an explicit deal, or a fixture (a position part-way through a deal).

        ``hands`` (three lists or space-separated strings of card ids) holding the whole pack is an
        explicit deal: 16 cards each, no card twice, else a ValueError says what is wrong; the 3♥
        holder opens, as after the shuffle. Hands holding fewer cards, with the other keys (all
        optional, JSON-able), are a fixture: the rest of the pack counts as already played; ``top``
        (cards on the table to beat), ``top_owner`` (its seat), ``top_response`` (it answered another
        play; default False), ``passes`` (passes made since the top, 0 or 1), ``has_played`` (three
        booleans; default: all True unless the deal is at its opening), ``opening`` (default: 3♥ is in
        a hand and no top), ``to_act`` (default: the 3♥ holder at the opening, the seat after the top's
        owner and its passes, else 0). A hand given empty ends the deal at once with that seat as winner.
        """
        check_seed(seed)
        unknown = set(setup) - SETUP_KEYS
        if unknown:
            raise ValueError(f"Unknown setup {', '.join(sorted(unknown))}; use {', '.join(sorted(SETUP_KEYS))}.")
        if "hands" not in setup:
            order = list(DECK_IDS)
            rng(DEAL_DOMAIN, seed).shuffle(order)
            hands = tuple(canonical(order[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(SEATS))
            setup = {**setup, "hands": hands}
        return self._fixture(setup)

    def _fixture(self, setup: dict[str, Any]) -> PaoDeKuaiState:
        """Build and validate a state from setup values."""
        hands = tuple(canonical(card_ids(h)) for h in setup["hands"])
        check_hands(hands)
        top_cards = canonical(card_ids(setup.get("top") or ()))
        used = [c for h in hands for c in h] + list(top_cards)
        if len(set(used)) != len(used):
            raise ValueError("A card appears twice in the hands and the top.")
        top, history = None, ()
        if top_cards:
            combo = classify(top_cards)
            owner = int(setup.get("top_owner", 0))
            if combo is None or owner not in range(SEATS):
                raise ValueError("top must be a combination and top_owner a seat 0, 1 or 2.")
            top = Play(owner, top_cards, *combo, bool(setup.get("top_response", False)))
            history = (top,)
        passes = int(setup.get("passes", 0))
        if passes not in (0, 1) or (passes and top is None):
            raise ValueError("passes must be 0 or 1, and 1 only with a top.")
        passed = tuple(top is not None and 0 < (s - top.seat) % SEATS <= passes for s in range(SEATS))
        history += tuple(Play(s, (), "pass", 0, 0) for s in range(SEATS) if passed[s])
        opening = bool(setup.get("opening", top is None and any("3H" in h for h in hands)))
        has_played = tuple(bool(x) for x in setup.get("has_played", (not opening,) * SEATS))
        winners = [s for s in range(SEATS) if not hands[s]]
        if opening:
            default_to_act = next(s for s in range(SEATS) if "3H" in hands[s])
        elif top is not None:
            default_to_act = (top.seat + 1 + passes) % SEATS
        else:
            default_to_act = 0
        to_act = int(setup.get("to_act", default_to_act))
        if len(has_played) != SEATS or to_act not in range(SEATS) or len(winners) > 1:
            raise ValueError("has_played needs three values, to_act a seat, and at most one hand may be empty.")
        winner = winners[0] if winners else None
        out = tuple(c for c in DECK_IDS if c not in set(used))
        phase = OVER if winner is not None else LEAD if top is None else RESPOND
        return PaoDeKuaiState(phase, hands, has_played, opening, top, passes, passed,
                              top.seat if top else to_act, None if winner is not None else to_act,
                              history, (), winner, out, (Event("deal", to_act),))

    # --- moves ------------------------------------------------------------------------------
    def legal_actions(self, state: PaoDeKuaiState) -> tuple[Action, ...]:
        """Every legal play of the seat to act (exact card sets), or ``pass`` alone if nothing beats."""
        return rules.legal_actions(state)

    def action(self, action_id: str) -> Action:
        """Parse ``"pass"`` or ``"play:<ids joined by +>"`` (any order; canonicalised)."""
        found = _IDS.get(action_id) if isinstance(action_id, str) else None
        if found is not None:
            return found
        if isinstance(action_id, str) and action_id.startswith("play:"):
            parts = action_id[5:].split("+")
            if all(p in RANK for p in parts) and len(set(parts)) == len(parts):
                found = play_action(canonical(parts))
                if len(_IDS) < 100_000:
                    _IDS[action_id] = found
                return found
        raise IllegalAction(Msg.of("core.unknown_action", id=str(action_id)))

    def check_selection(self, state: PaoDeKuaiState, cards: str | Iterable[str]) -> tuple[Action | None, Msg | None]:
        """Whether these selected cards are a legal play now: (the action, None) or (None, the reason)."""
        if state.to_act is None:
            return None, Msg.of("core.game_over")
        try:
            action = play_action(canonical(card_ids(cards)))
        except ValueError:
            return None, Msg.of("pao_de_kuai.illegal.unknown_card")
        reason = rules.illegal_reason(state, action)
        return (None, reason) if reason is not None else (action, None)

    def explain_illegal(self, state: PaoDeKuaiState, action: Action) -> Msg | None:
        """The reason in shape words (``rules.illegal_reason``), or None."""
        return rules.illegal_reason(state, action)

    def _apply(self, state: PaoDeKuaiState, action: Action) -> PaoDeKuaiState:
        """The state after a legal play or pass."""
        seat = state.to_act
        if action.kind == "pass":
            return self._pass(state, seat)
        cards = action.cards
        combo = classify_ranks(sorted(RANK[c] for c in cards), state.opening)
        response = state.top is not None
        play = Play(seat, cards, combo.shape, combo.size, combo.key, response)
        gone = set(cards)
        hand = tuple(c for c in state.hands[seat] if c not in gone)
        hands = _with(state.hands, seat, hand)
        has_played = _with(state.has_played, seat, True)
        events = [Event("play", seat, cards, data=(("shape", combo.shape), ("size", combo.size),
                                                   ("key", combo.key), ("response", response)))]
        leader = state.leader if response else seat
        if hand:
            return PaoDeKuaiState(RESPOND, hands, has_played, False, play, 0, state.round_passed, leader, _nxt(seat),
                                  state.history + (play,), state.bonuses, None, state.out_of_play, tuple(events))
        bonuses = state.bonuses
        if response and combo.is_bomb:
            bonuses += (seat,)
            events += _bonus_events(seat, cards)
        events.append(Event("out", seat))
        for loser in range(SEATS):
            if loser != seat:
                paid = -sum(i.amount for i in penalty_items(hands[loser], loser, has_played[loser]))
                events += [Event("points", loser, (), -paid, "penalty"), Event("points", seat, (), paid, "penalty")]
        return PaoDeKuaiState(OVER, hands, has_played, False, play, 0, state.round_passed, leader, None,
                              state.history + (play,), bonuses, seat, state.out_of_play, tuple(events))

    def _pass(self, state: PaoDeKuaiState, seat: int) -> PaoDeKuaiState:
        """A pass: the round ends after the second one (with a bonus for a surviving response bomb)."""
        history = state.history + (Play(seat, (), "pass", 0, 0),)
        events = [Event("pass", seat)]
        top = state.top
        if state.passes == 0:
            return PaoDeKuaiState(RESPOND, state.hands, state.has_played, False, top, 1,
                                  _with(state.round_passed, seat, True), state.leader, _nxt(seat), history,
                                  state.bonuses, None, state.out_of_play, tuple(events))
        bonuses = state.bonuses
        if top.response and top.shape in ("bomb", "aces", "heavenly"):
            bonuses += (top.seat,)
            events += _bonus_events(top.seat, top.cards)
        events.append(Event("round_end", top.seat))
        return PaoDeKuaiState(LEAD, state.hands, state.has_played, False, None, 0, NOBODY, top.seat, top.seat,
                              history, bonuses, None, state.out_of_play, tuple(events))

    # --- views and results --------------------------------------------------------------------
    def observe(self, state: PaoDeKuaiState, seat: int) -> PaoDeKuaiView:
        """Seat's own hand plus every public fact (see ``PaoDeKuaiView``)."""
        return observe(state, seat)

    def result(self, state: PaoDeKuaiState) -> Result | None:
        """Payoffs = settlement per seat; the winner is the seat that went out."""
        if state.winner is None:
            return None
        scores, items = settle(state)
        return Result(tuple(float(s) for s in scores), (state.winner,), items, tuple(float(s) for s in scores))

    def settle(self, state: PaoDeKuaiState) -> tuple[tuple[int, ...], tuple[Item, ...]]:
        """Scores per seat and the itemised settlement (§7) of a state (finished or not)."""
        return settle(state)

    def deal_setup(self, state: PaoDeKuaiState) -> dict[str, Any]:
        """The three hands as dealt; ``state`` must be a whole deal before its first play."""
        if state.history or state.out_of_play:
            raise ValueError("Only a whole deal before its first play can be written as a deal.")
        return {"hands": [list(h) for h in state.hands]}

    def card_places(self, state: PaoDeKuaiState) -> dict[str, tuple[str, ...]]:
        """The three hands, the cards played so far, and the cards a fixture put out of play."""
        played = tuple(c for p in state.history for c in p.cards if p.cards)
        return {"hand0": state.hands[0], "hand1": state.hands[1], "hand2": state.hands[2],
                "played": played, "out_of_play": state.out_of_play}

    def shuffle_hidden(self, state: PaoDeKuaiState, seat: int, rand: random.Random) -> PaoDeKuaiState:
        """The other two hands' cards redistributed between them (sizes kept)."""
        others = [s for s in range(SEATS) if s != seat]
        pool = [c for s in others for c in state.hands[s]]
        rand.shuffle(pool)
        hands = list(state.hands)
        first = len(hands[others[0]])
        hands[others[0]], hands[others[1]] = canonical(pool[:first]), canonical(pool[first:])
        return state._replace(hands=tuple(hands))

    # --- words --------------------------------------------------------------------------------
    def label(self, action: Action | str, lang: str = "en") -> str:
        """Short button text: "Pass" or the play in shape words with its cards."""
        return words.label(self.coerce(action), lang)

    def describe(self, event: Event) -> Msg:
        """One log line for an event, its seat as data."""
        return words.describe(event)

    def combinations_in(self, hand: Iterable[str], opening: bool = False) -> list[tuple[Combo, tuple[str, ...]]]:
        """Every combination a hand can lead (only those with 3♥ at the opening)."""
        return combinations_in(hand, opening)
