"""The French Tarot engine: deal and redeals, auction, chien and discard, chelem, poignées, play, settlement.

Action ids: ``bid:pass|prise|garde|garde_sans|garde_contre``, ``discard:<6 cards joined by +>``,
``chelem:yes|no``, ``poignee:<10, 13 or 15 cards joined by +>`` and ``play:<card>``.

Whole-set actions (decision of spec §13): a discard or a poignée is ONE action naming its whole set.
``legal_actions`` is exact: in the discard phase, and at a player's first turn when it may show a poignée,
it returns an ``ActionList`` (a lazy, ordered sequence: the card plays first, then every valid set in a
fixed combination order, unranked on demand) whose membership test is the rule check; everywhere else it
returns a plain tuple. The UI takes ready-made sets from ``presets`` (``discard_offer`` /
``poignee_offers``) and checks a hand-picked selection with ``check_selection`` (``check_discard`` /
``check_poignee``). Declining a poignée is simply playing a card (no separate "none" action).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from cardavia_nb.core import later_deals
from cardavia_nb.core.game import Action, Event, Game, Result
from cardavia_nb.core.rng import check_seed, rng
from cardavia_nb.core.text import Msg
from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot import scoring, words
from cardavia_nb.games.french_tarot.rules import BID, CHELEM, CHELEM_YES, DISCARD, OVER, PLAY, parse_action, set_action
from cardavia_nb.games.french_tarot.state import FrenchTarotState, FrenchTarotView, observe

_ALL_PASS = ("bid:pass",) * 4  # a deal's bidding where everybody passed
_REDEAL = {"hands": "[four hands]", "chien": "[six cards]"}  # one of a setup's redeals

_PLAY_EVENTS = tuple({c: Event("play", s, (c,)) for c in R.CARDS} for s in range(4))


def _deal(seed: int, deal_no: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Four hands of 18 and a chien of 6 from the seeded shuffle of deal ``deal_no``."""
    order = list(R.CARDS)
    rng(R.DEAL_DOMAIN, seed, deal_no).shuffle(order)
    hands = tuple(R.sort_cards(order[18 * s:18 * s + 18]) for s in range(4))
    return hands, R.sort_cards(order[72:])


def fill_deal(fixed: Mapping[int, Sequence[str]], chien: Sequence[str] = (), order: Sequence[str] | None = None,
              allow: Mapping[int, Callable[[str], bool]] | None = None):
    """A fixture deal holding the ``fixed`` cards of some seats and the given ``chien`` cards: each other
    card, in ``order`` (the pack's by default), goes to the seat with most room among those ``allow``
    lets take it (a void, a trump limit), else to the chien. (hands, chien), or None when that leaves a
    place short."""
    allow = allow or {}
    hands = {s: list(fixed.get(s, ())) for s in range(4)}
    pile = list(chien)
    taken = {c for cs in hands.values() for c in cs} | set(pile)
    for card in (c for c in (R.CARDS if order is None else order) if c not in taken):
        room = [s for s in range(4) if len(hands[s]) < 18 and allow.get(s, lambda c: True)(card)]
        if room:
            hands[max(room, key=lambda s: (18 - len(hands[s]), -s))].append(card)
        elif len(pile) < 6:
            pile.append(card)
    if any(len(h) != 18 for h in hands.values()) or len(pile) != 6:
        return None
    return tuple(tuple(hands[s]) for s in range(4)), tuple(pile)


def _dealt(seed: int, deal_no: int, redeals: tuple) -> tuple[Any, Any, tuple]:
    """Deal ``deal_no``: the first of the given ``redeals`` while any are left, else the seeded shuffle's;
    with the redeals left."""
    (hands, chien), left = later_deals.next_deal(redeals, lambda: _deal(seed, deal_no))
    return hands, chien, left


def _start(seed: int, deal_no: int, dealer: int, hands, chien, events: tuple[Event, ...],
           redeals: tuple = ()) -> FrenchTarotState:
    """The first deal from ``deal_no`` on that is not petit sec, in the bidding phase (§4)."""
    while True:
        events += (Event("deal", dealer, data=(("deal_no", deal_no),)),)
        sec = next((s for s in range(4) if R.is_petit_sec(hands[s])), None)
        if sec is None:
            first = (dealer + 1) % 4
            return FrenchTarotState(seed, deal_no, dealer, BID, first, hands, chien, (), (), None, None, False,
                                    (), first, (), (), events, redeals)
        events += (Event("cancel", sec, (R.PETIT,), source="petit_sec"),)
        deal_no, dealer = deal_no + 1, (dealer + 1) % 4
        hands, chien, redeals = _dealt(seed, deal_no, redeals)


def _written(deal) -> dict[str, list]:
    """A deal as (hands, chien) written as one of a setup's ``redeals``."""
    hands, chien = deal
    return {"hands": [list(h) for h in hands], "chien": list(chien)}


def _replace_hand(hands, seat: int, hand: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """``hands`` with seat's hand replaced."""
    return hands[:seat] + (hand,) + hands[seat + 1:]


class FrenchTarot(Game[FrenchTarotState, FrenchTarotView]):
    """French Tarot for four players, one deal (rules spec: shared/rules/french_tarot.md)."""

    name = "french_tarot"
    num_players = 4
    zero_sum = True
    pack = "tarot78"
    later_key = "redeals"
    # the moves that use no card, by id (every other move names its cards)
    cardless = ("bid:pass", "bid:prise", "bid:garde", "bid:garde_sans", "bid:garde_contre", "chelem:yes", "chelem:no")
    defaults: dict[str, Any] = {}
    # A deal everybody passes is dealt again, and the rules put no end to it. Beside a player who always
    # passes, the three computers at High all pass in 46% of deals (Low: 37%): 50 in a row happen about once
    # in 10^17 deals, so more is no real game. A played deal has 4 bids, the discard, the chelem, 4 poignées
    # and 72 cards (82 moves; twice that for a margin); each cancelled deal 4 passes.
    max_redeals = 50
    max_moves = 2 * (4 + 1 + 1 + 4 + 72) + 4 * max_redeals

    @staticmethod
    def redeals(actions: Sequence[str]) -> int:
        """How many deals ``actions`` cancel first: the rounds of four passes they begin with."""
        cancelled = 0
        while actions[4 * cancelled:4 * cancelled + 4] == _ALL_PASS:
            cancelled += 1
        return cancelled

    def __init__(self, **options: Any):
        super().__init__(**options)
        self._memo: tuple[Any, Any] = (None, None)

    # --- setup ---------------------------------------------------------------------------
    def new(self, seed: int, hands=None, chien=None, dealer=None, deal_no: int = 0, redeals=(),
            **setup: Any) -> FrenchTarotState:
        """A deal from ``seed``, or the explicit deal ``hands`` (4 × 18 ids) and ``chien`` (6); ``dealer``
        and ``deal_no`` (how many deals were cancelled before it) place it in the game; ``redeals`` (each
        ``{"hands": ..., "chien": ...}``) are the deals dealt in turn, instead of the shuffle's, after it."""
        check_seed(seed)
        if setup:
            raise ValueError(f"french_tarot has no setup {', '.join(sorted(setup))}; "
                             "use hands, chien, dealer, deal_no, redeals.")
        if not isinstance(deal_no, int) or deal_no < 0:
            raise ValueError(f"The deal number counts the cancelled deals before it: 0 or more, not {deal_no!r}.")
        if dealer is None:
            dealer = (rng(R.DEALER_DOMAIN, seed).randrange(4) + deal_no) % 4
        if dealer not in range(4):
            raise ValueError(f"The dealer must be a seat from 0 to 3, not {dealer!r}.")
        if hands is None:
            if chien is not None:
                raise ValueError("A chien is dealt with the hands: give both, or neither.")
            dealt_hands, dealt_chien = _deal(seed, deal_no)
        else:
            dealt_hands, dealt_chien = R.check_deal(hands, chien)
        later = later_deals.checked(redeals, "redeals", 2 * self.max_redeals, _REDEAL, R.check_deal)
        return _start(seed, deal_no, dealer, dealt_hands, dealt_chien, (), later)

    # --- legal moves -----------------------------------------------------------------------
    def legal_actions(self, state: FrenchTarotState):
        """Exactly the legal moves (an ``ActionList`` when whole sets are possible, else a tuple)."""
        memo_state, memo = self._memo
        if memo_state is state:
            return memo
        out = R.legal_actions(state)
        self._memo = (state, out)
        return out

    def action(self, action_id: str) -> Action:
        """The action with this id (see the module docstring for the id forms)."""
        return parse_action(action_id)

    def explain_illegal(self, state: FrenchTarotState, action: Action) -> Msg | None:
        """Why ``action`` is not allowed now, in the rules' words, or None if it is legal."""
        return R.illegal_reason(state, action)

    def check_discard(self, state: FrenchTarotState, cards) -> tuple[Action | None, Msg | None]:
        """The discard action for a selection of cards, or None and the reason it is refused."""
        return self._check(state, "discard", tuple(cards))

    def check_poignee(self, state: FrenchTarotState, cards) -> tuple[Action | None, Msg | None]:
        """The poignée action for a selection of cards by the seat to act, or None and the reason."""
        return self._check(state, "poignee", tuple(cards))

    @staticmethod
    def _check(state: FrenchTarotState, kind: str, cards: tuple[str, ...]) -> tuple[Action | None, Msg | None]:
        """(the set action, None) if the rules allow these cards now, else (None, the reason); the
        reason reads the cards in the order they were selected, so it names the first one at fault."""
        reason = R.illegal_reason(state, Action(kind, kind, cards))
        return (None, reason) if reason else (set_action(kind, cards), None)

    def check_selection(self, state: FrenchTarotState, cards) -> tuple[Action | None, Msg | None]:
        """The selection is a discard in the discard phase, else a poignée to show."""
        check = self.check_discard if state.phase == DISCARD else self.check_poignee
        return check(state, cards)

    def presets(self, state: FrenchTarotState) -> tuple[Action, ...]:
        """The ready-made discard, or the poignée per level the seat to act may show."""
        offer = self.discard_offer(state)
        return (offer,) if offer is not None else tuple(a for _, a in self.poignee_offers(state))

    def poignee_offers(self, state: FrenchTarotState) -> tuple[tuple[str, Action], ...]:
        """The ready-made poignée per level the seat to act may show now: (level name, action) (D22)."""
        seat = state.to_act
        if seat is None or not R.may_declare(state, seat):
            return ()
        offers = R.poignee_offers(state.hands[seat], R.public_discard(state), R.four_kings_open(state, seat))
        return tuple((R.POIGNEE_NAME[n], set_action("poignee", cards)) for n, cards in offers)

    def discard_offer(self, state: FrenchTarotState) -> Action | None:
        """A ready-made valid discard (the six cheapest allowed cards), or None outside the discard."""
        if state.phase != DISCARD:
            return None
        fam = R.discard_family(state.hands[state.taker])
        cheapest = sorted(fam.pool, key=lambda c: (R.POINTS[c], R.RANK[c], R.KEY[c]))[:fam.k]
        return set_action("discard", fam.fixed + tuple(cheapest))

    # --- transitions -----------------------------------------------------------------------
    def _apply(self, state: FrenchTarotState, action: Action) -> FrenchTarotState:
        kind = action.kind
        if kind == "play":
            return self._play(state, action.cards[0])
        if kind == "bid":
            return self._bid(state, action.id[4:])
        if kind == "discard":
            return self._discard(state, action.cards)
        if kind == "chelem":
            return self._chelem(state, action.id == CHELEM_YES.id)
        return self._poignee(state, action.cards)

    def _bid(self, s: FrenchTarotState, bid: str) -> FrenchTarotState:
        seat = s.to_act
        bids = s.bids + ((seat, bid),)
        events = (Event("bid", seat, source=bid),)
        if len(bids) < 4:
            return s._replace(to_act=(seat + 1) % 4, bids=bids, events=events)
        best = max(bids, key=lambda b: R.CONTRACTS.index(b[1]))
        if best[1] == "pass":
            events += (Event("cancel", None, source="all_pass"),)
            dealer = (s.dealer + 1) % 4
            hands, chien, redeals = _dealt(s.seed, s.deal_no + 1, s.redeals)
            return _start(s.seed, s.deal_no + 1, dealer, hands, chien, events, redeals)
        taker, contract = best
        events += (Event("contract", taker, source=contract),)
        if R.chien_shown(contract):
            hands = _replace_hand(s.hands, taker, R.sort_cards(s.hands[taker] + s.chien))
            events += (Event("chien", taker, s.chien),)
            return s._replace(phase=DISCARD, to_act=taker, hands=hands, bids=bids, contract=contract,
                              taker=taker, events=events)
        return s._replace(phase=CHELEM, to_act=taker, bids=bids, contract=contract, taker=taker,
                          events=events)

    def _discard(self, s: FrenchTarotState, cards: tuple[str, ...]) -> FrenchTarotState:
        taker = s.taker
        hand = tuple(c for c in s.hands[taker] if c not in cards)
        shown = tuple(c for c in cards if R.SUIT[c] == "T")
        events = (Event("discard", taker, shown, amount=len(cards)),)
        return s._replace(phase=CHELEM, hands=_replace_hand(s.hands, taker, hand), discard=R.sort_cards(cards),
                          events=events)

    def _chelem(self, s: FrenchTarotState, announced: bool) -> FrenchTarotState:
        leader = s.taker if announced else (s.dealer + 1) % 4
        events = (Event("chelem", s.taker, data=(("announced", announced),)),)
        return s._replace(phase=PLAY, to_act=leader, chelem=announced, leader=leader, events=events)

    def _poignee(self, s: FrenchTarotState, cards: tuple[str, ...]) -> FrenchTarotState:
        seat = s.to_act
        events = (Event("poignee", seat, cards, amount=R.POIGNEE_BONUS[len(cards)],
                        source=R.POIGNEE_NAME[len(cards)]),)
        return s._replace(poignees=s.poignees + ((seat, cards),), events=events)

    def _play(self, s: FrenchTarotState, card: str) -> FrenchTarotState:
        seat = s.to_act
        hand = s.hands[seat]
        i = hand.index(card)
        hands = s.hands[:seat] + (hand[:i] + hand[i + 1:],) + s.hands[seat + 1:]
        trick = s.trick + (card,)
        event = _PLAY_EVENTS[seat][card]
        if len(trick) < 4:
            return FrenchTarotState(s.seed, s.deal_no, s.dealer, PLAY, (seat + 1) % 4, hands, s.chien, s.discard,
                                    s.bids, s.contract, s.taker, s.chelem, s.poignees, s.leader, trick, s.history,
                                    (event,))
        no = len(s.history) + 1
        slam = R.excuse_slam_lead(trick, no, s.leader, s.taker, tuple(w for _, _, w in s.history))
        winner = R.trick_winner(trick, s.leader, slam)
        history = s.history + ((s.leader, trick, winner),)
        events = (event, Event("trick", winner, trick, amount=R.card_points(trick), data=(("trick_no", no),)))
        if R.EX in trick:
            to_taker, moved = scoring.excuse_fate(trick, s.leader, winner, s.taker, no, slam)
            owner = (s.leader + trick.index(R.EX)) % 4
            events += (Event("excuse", owner, (R.EX,), amount=moved,
                             data=(("to_taker", to_taker), ("trick_no", no))),)
        if no < 18:
            return FrenchTarotState(s.seed, s.deal_no, s.dealer, PLAY, winner, hands, s.chien, s.discard,
                                    s.bids, s.contract, s.taker, s.chelem, s.poignees, winner, (), history, events)
        final = FrenchTarotState(s.seed, s.deal_no, s.dealer, OVER, None, hands, s.chien, s.discard, s.bids,
                                 s.contract, s.taker, s.chelem, s.poignees, s.leader, (), history, ())
        return final._replace(events=events + self._point_events(final))

    # --- scoring -----------------------------------------------------------------------------
    def _point_events(self, state: FrenchTarotState) -> tuple[Event, ...]:
        """One "points" event per seat and scoring source of the settlement."""
        sources = {"french_tarot.item.base": "contract", "french_tarot.item.pab_taker": "petit_au_bout",
                   "french_tarot.item.pab_defence": "petit_au_bout", "french_tarot.item.poignee": "poignee",
                   "french_tarot.item.chelem": "chelem"}
        out = []
        for item in scoring.settlement(state).items:
            source = sources.get(item.key)
            if source is None:
                continue
            for seat in range(4):
                amount = scoring.TAKER_SHARE * item.amount if seat == state.taker else -item.amount
                out.append(Event("points", seat, amount=amount, source=source))
        return tuple(out)

    def result(self, state: FrenchTarotState) -> Result | None:
        """Scores (taker 3D, each defender −D), the contract's winners and the itemised settlement."""
        if state.phase != OVER:
            return None
        st = scoring.settlement(state)
        scores, items = scoring.spread(st, state.taker)
        winners = (state.taker,) if st.made else tuple(s for s in range(4) if s != state.taker)
        return Result(scores, winners, items, scores)

    def observe(self, state: FrenchTarotState, seat: int) -> FrenchTarotView:
        """What ``seat`` may see now (see ``FrenchTarotView``)."""
        return observe(state, seat)

    def deal_setup(self, state: FrenchTarotState) -> dict[str, Any]:
        """The four hands, the chien, the dealer and the number of cancelled deals before it, and the redeals
        it was given (if any); ``state`` must be at the start of its auction."""
        if state.phase != R.BID or state.bids:
            raise ValueError("Only a deal before its first bid can be written as a deal.")
        setup = {"hands": [list(h) for h in state.hands], "chien": list(state.chien), "dealer": state.dealer,
                 "deal_no": state.deal_no}
        return later_deals.with_deals(setup, self.later_key, state.redeals, _written)

    def played_setup(self, first: FrenchTarotState, last: FrenchTarotState) -> dict[str, Any]:
        """``first``'s deal and, as ``redeals``, every deal dealt after it up to ``last``'s (after four passes
        or a petit sec), as they were dealt."""
        setup = self.first_deal(self.deal_setup(first))
        dealt = later_deals.dealt_after(first.redeals, last.deal_no - first.deal_no,
                                        lambda k: _deal(first.seed, first.deal_no + k))
        return later_deals.with_deals(setup, self.later_key, dealt, _written)

    # --- conformance hooks ---------------------------------------------------------------------
    def card_places(self, state: FrenchTarotState) -> dict[str, tuple[str, ...]]:
        """Hands, chien (while not taken), discard, current trick and finished tricks."""
        taken = R.chien_shown(state.contract)
        return {"hand0": state.hands[0], "hand1": state.hands[1], "hand2": state.hands[2],
                "hand3": state.hands[3], "chien": () if taken else state.chien, "discard": state.discard,
                "trick": state.trick, "tricks": tuple(c for _, t, _ in state.history for c in t)}

    def shuffle_hidden(self, state: FrenchTarotState, seat: int, rand: random.Random) -> FrenchTarotState:
        """Permute the cards ``seat`` cannot see among the other hands, the hidden chien and the hidden
        part of the discard, keeping sizes and public facts (shown poignées, revealed chien cards,
        discarded trumps; the hidden discard only receives non-King suit cards)."""
        known = set(R.sort_cards(c for _, cs in state.poignees for c in cs))
        taken = R.chien_shown(state.contract)
        if taken:
            known.update(state.chien)
        movable = [[c for c in state.hands[s] if c not in known] if s != seat else [] for s in range(4)]
        chien_hidden = [] if taken else list(state.chien)
        disc_hidden = [] if seat == state.taker else [c for c in state.discard if R.SUIT[c] != "T" and c not in known]
        pool = [c for m in movable for c in m] + chien_hidden + disc_hidden
        eligible = list(R.ordinary(pool))
        rand.shuffle(eligible)
        new_disc = eligible[:len(disc_hidden)]
        rest = [c for c in pool if c not in new_disc]
        rand.shuffle(rest)
        hands = list(state.hands)
        for s in range(4):
            if s == seat:
                continue
            n = len(movable[s])
            hands[s] = R.sort_cards([c for c in state.hands[s] if c in known] + rest[:n])
            rest = rest[n:]
        chien = state.chien if taken else R.sort_cards(rest[:len(chien_hidden)])
        discard = state.discard
        if disc_hidden:
            discard = R.sort_cards([c for c in state.discard if c not in disc_hidden] + new_disc)
        return state._replace(hands=tuple(hands), chien=chien, discard=discard)

    # --- words ------------------------------------------------------------------------------
    def label(self, action: Action | str, lang: str = "en") -> str:
        """Short button text for an action."""
        return words.label(self.coerce(action), lang)

    def describe(self, event: Event) -> Msg:
        """One log line for an event, its seat as data."""
        return words.describe(event)
