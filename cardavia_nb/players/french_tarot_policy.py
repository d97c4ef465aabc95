"""French Tarot heuristics shared by both computer levels: hand count for bids, discard, card play, playouts.

They work on raw card tuples so the Low player (from its view) and the High player's playouts (on
sampled worlds) use the very same policy.
"""

from __future__ import annotations

from cardavia_nb.games.french_tarot import rules as R
from cardavia_nb.games.french_tarot.scoring import TAKER_SHARE, Tally, count_deal, settle_facts

EX, PETIT, MONDE = R.EX, R.PETIT, R.MONDE
SUIT, RANK, POINTS, KEY = R.SUIT, R.RANK, R.POINTS, R.KEY
BID_THRESHOLDS = ((80, "garde_contre"), (70, "garde_sans"), (56, "garde"), (41, "prise"))


def hand_count(hand) -> int:
    """A classic bidding count: oudlers, honours, trump length and strength, voids and singletons."""
    trumps = [c for c in hand if SUIT[c] == "T"]
    n = 10 * (MONDE in hand) + 8 * (EX in hand)
    if PETIT in hand:
        n += 9 if len(trumps) >= 6 else 6 if len(trumps) == 5 else 0
    n += 2 * len(trumps) + sum(2 for c in trumps if RANK[c] >= 16)
    n += sum(2 for _ in range(max(0, len(trumps) - 4)))
    for suit in R.SUITS:
        cards = [c for c in hand if SUIT[c] == suit]
        ranks = {RANK[c] for c in cards}
        n += 6 * (14 in ranks) + (3 if 13 in ranks and 14 in ranks else 2 if 13 in ranks else 0)
        n += (1 if 12 in ranks else 0)
        n += 6 if not cards else 3 if len(cards) == 1 else 0
        n += 2 * max(0, len(cards) - 4)
    return n


def low_bid(hand, highest: str) -> str:
    """The contract a simple count of ``hand`` supports, if higher than ``highest``, else "pass"."""
    count = hand_count(hand)
    floor = R.CONTRACTS.index(highest)
    for threshold, contract in BID_THRESHOLDS:
        if count >= threshold and R.CONTRACTS.index(contract) > floor:
            return contract
    return "pass"


def low_discard(hand24, void_order=None) -> tuple[str, ...]:
    """Six cards to discard: short suits first (to make voids), dearer cards first within a suit; trumps
    (the lowest) only when the rules demand them. ``void_order`` forces an order of suits to empty."""
    ords = R.ordinary(hand24)
    if len(ords) <= 6:
        trumps = sorted(R.discard_trump_pool(hand24), key=RANK.__getitem__)
        return ords + tuple(trumps[:6 - len(ords)])
    length = {s: sum(1 for c in hand24 if SUIT[c] == s) for s in R.SUITS}
    order = void_order or sorted(R.SUITS, key=lambda s: (length[s], s))
    rank_of = {s: i for i, s in enumerate(order)}
    chosen = sorted(ords, key=lambda c: (rank_of[SUIT[c]], -POINTS[c], -RANK[c]))
    return tuple(chosen[:6])


def _safe_for_defence(trick, leader: int, taker: int, seat: int, winner_pos: int) -> bool:
    """Whether a defender's partner is winning ``trick`` and the taker has already played to it."""
    if seat == taker:
        return False
    taker_pos = (taker - leader) % 4
    return taker_pos < len(trick) and (leader + winner_pos) % 4 != taker


def low_play(hand, trick, leader: int, seat: int, taker: int) -> str:
    """A simple card choice: lead Kings or a long suit, win cheaply, feed a partner who surely wins,
    otherwise play the cheapest card; keep the Petit out of danger and the Excuse out of the last trick."""
    lg = R.legal(hand, trick)
    if len(lg) == 1:
        return lg[0]
    if EX in lg and len(hand) == 2:
        return EX
    if not trick or trick == (EX,):
        return _lead([c for c in lg if c != EX])
    return low_follow(lg, trick, leader, seat, taker)


def low_follow(lg, trick, leader: int, seat: int, taker: int) -> str:
    """``low_play``'s answer to a started ``trick`` from its legal cards ``lg`` (more than one, the hand
    not down to its last two cards): it depends on nothing else."""
    cards = [c for c in lg if c != EX]
    n = len(trick)
    win_pos = R.best_card(trick)
    if _safe_for_defence(trick, leader, taker, seat, win_pos):
        if PETIT in cards:
            return PETIT
        return max(cards, key=lambda c: (POINTS[c] if c not in R.OUDLERS else -1, -RANK[c] if SUIT[c] == "T" else RANK[c]))
    winners = [c for c in cards if R.best_card(trick + (c,)) == n]
    if winners:
        if n == 3:
            if PETIT in winners:
                return PETIT
            return min(winners, key=lambda c: (c == MONDE, -POINTS[c] if SUIT[c] != "T" else 0, RANK[c]))
        safe = [c for c in winners if c != PETIT]
        if safe:
            return min(safe, key=lambda c: (SUIT[c] == "T", RANK[c]) if SUIT[c] == "T" else (False, -RANK[c]))
    return _cheapest(cards)


def _cheapest(cards) -> str:
    """The card losing least: fewest points, lowest rank, never the Petit or the 21 when avoidable."""
    keep = [c for c in cards if c not in R.OUDLERS] or list(cards)
    return min(keep, key=lambda c: (POINTS[c], SUIT[c] == "T", RANK[c]))


def _lead(cards) -> str:
    """A lead: a King, else the lowest card of the longest plain suit, else the lowest trump but the Petit."""
    kings = [c for c in cards if c in R.KINGS]
    if kings:
        return kings[0]
    plain = [c for c in cards if SUIT[c] in R.SUITS]
    if plain:
        length = {}
        for c in plain:
            length[SUIT[c]] = length.get(SUIT[c], 0) + 1
        suit = max(length, key=lambda s: (length[s], s))
        return min((c for c in plain if SUIT[c] == suit), key=RANK.__getitem__)
    trumps = [c for c in cards if c != PETIT]
    if trumps:
        return min(trumps, key=RANK.__getitem__)
    return cards[0] if cards else EX


def playout(hands, trick, leader: int, taker: int, contract: str, history, discard, chien) -> Tally:
    """Play the deal to its end with ``low_play`` for everybody and count it.

    ``hands`` holds the 4 hands, ``trick`` the cards of the current trick, ``history`` the finished
    tricks as (leader, cards, winner)."""
    hands = [tuple(h) for h in hands]
    trick = tuple(trick)
    history = list(history)
    winners = [w for _, _, w in history]
    while len(history) < 18:
        who = (leader + len(trick)) % 4
        hand = hands[who]
        card = low_play(hand, trick, leader, who, taker)
        i = hand.index(card)
        hands[who] = hand[:i] + hand[i + 1:]
        trick += (card,)
        if len(trick) == 4:
            no = len(history) + 1
            slam = no == 18 and R.excuse_slam_lead(trick, no, leader, taker, tuple(winners))
            winner = R.trick_winner(trick, leader, slam)
            history.append((leader, trick, winner))
            winners.append(winner)
            leader, trick = winner, ()
    return count_deal(tuple(history), taker, contract, tuple(discard), tuple(chien))


def score(t: Tally, contract: str, bonuses, chelem: bool, taker: int, seat: int) -> float:
    """``seat``'s final score for a counted deal."""
    d = settle_facts(contract, t.n_oudlers, t.points, t.pab, bonuses, chelem, t.taker_all, t.defence_all).d
    return TAKER_SHARE * d if seat == taker else -d
