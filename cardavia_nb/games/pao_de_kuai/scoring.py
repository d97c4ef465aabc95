"""Pao De Kuai settlement (spec §7): the one statement of who pays whom, with its amounts named, so
that the engine's events, its result and the players' fast simulations all pay the same."""

from __future__ import annotations

from cardavia_nb.core.game import Item
from cardavia_nb.games.pao_de_kuai.rules import SEATS, bombs_in
from cardavia_nb.games.pao_de_kuai.state import PaoDeKuaiState
from cardavia_nb.i18n import Seat

CARD_CHARGE = 1  # a loser pays this per card left in hand
NEVER_PLAYED_FACTOR = 2  # ... times this when it never played (the card part only, §12 D3)
TWO_CHARGE = 10  # for the 2♠ left in a loser's hand
BOMB_CHARGE = 10  # for each bomb left in a loser's hand
BOMB_BONUS = 20  # won by the owner of a response bomb that stays on top
BOMB_BONUS_PAID = 10  # paid towards it by each of the two other seats


def card_charge(cards_left: int, played: bool) -> int:
    """What a loser pays for the cards left in hand: doubled when it never played."""
    return cards_left * CARD_CHARGE * (1 if played else NEVER_PLAYED_FACTOR)


def penalty_items(hand: tuple[str, ...], seat: int, played: bool) -> list[Item]:
    """What a loser pays (§7.1), itemised: cards left (doubled if it never played), 2♠, bombs."""
    items = [Item("pao_de_kuai.item.cards", seat, -card_charge(len(hand), played),
                  (("count", len(hand)), ("doubled", not played)))]
    if "2S" in hand:
        items.append(Item("pao_de_kuai.item.two_of_spades", seat, -TWO_CHARGE))
    for bomb in bombs_in(hand):
        items.append(Item("pao_de_kuai.item.bomb", seat, -BOMB_CHARGE, (("cards", bomb),)))
    return items


def bonus_amount(owner: int, seat: int) -> int:
    """What one bomb bonus of ``owner`` does to ``seat``'s score: +20 for the owner, −10 for the others."""
    return BOMB_BONUS if seat == owner else -BOMB_BONUS_PAID


def settle(state: PaoDeKuaiState) -> tuple[tuple[int, ...], tuple[Item, ...]]:
    """Scores per seat and the itemised settlement (§7): bonuses, then each loser's payment."""
    items: list[Item] = []
    for owner in state.bonuses:
        items.append(Item("pao_de_kuai.item.bonus", owner, BOMB_BONUS))
        items.extend(Item("pao_de_kuai.item.bonus_paid", s, bonus_amount(owner, s), (("seat", Seat(owner)),))
                     for s in range(SEATS) if s != owner)
    winner = state.winner
    if winner is not None:
        for loser in range(SEATS):
            if loser == winner:
                continue
            paid = penalty_items(state.hands[loser], loser, state.has_played[loser])
            items.extend(paid)
            items.append(Item("pao_de_kuai.item.collect", winner, -sum(i.amount for i in paid),
                              (("seat", Seat(loser)),)))
    scores = [0] * SEATS
    for item in items:
        scores[item.seat] += item.amount
    return tuple(scores), tuple(items)
