"""Pao De Kuai rules (spec pao_de_kuai.md): the pack and its ranks, the combinations (classify a set
of cards, compare two plays, generate plays from a hand), the phases, and legality: ``illegal_reason``
says why a move is not allowed, ``legal_actions`` generates exactly the moves it allows.

Pure functions on card ids (``"3H"``, ``"10S"``, ``"2S"``). Generation works on the hand grouped by
rank (a rank-count representation) with one generator per shape, never on subsets of the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain, combinations, product
from typing import Iterable, NamedTuple, Protocol, Sequence

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Action
from cardavia_nb.core.text import Msg

DECK_IDS = tuple(c.id for c in deck("pao_de_kuai48"))
RANK_VALUE = {"J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, **{str(n): n for n in range(3, 11)}}
RANK = {cid: RANK_VALUE[cid[:-1]] for cid in DECK_IDS}
SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}  # canonical order inside a rank (bridge order)
SORT_KEY = {cid: RANK[cid] * 4 + SUIT_ORDER[cid[-1]] for cid in DECK_IDS}
SYMBOL = {**{n: str(n) for n in range(3, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2"}
ACE, TWO = 14, 15

SINGLE, PAIR, TRIPLE, STRAIGHT, PAIR_RUN = "single", "pair", "triple", "straight", "pair_run"
BOMB, ACES, HEAVENLY = "bomb", "aces", "heavenly"
SHAPES = (SINGLE, PAIR, TRIPLE, STRAIGHT, PAIR_RUN, BOMB, ACES, HEAVENLY)
BOMBS = frozenset({BOMB, ACES, HEAVENLY})
HEAVENLY_STRENGTH = 99  # the heavenly bomb's strength, above three aces (14) and every four of a kind

LEAD, RESPOND, OVER = "lead", "respond", "over"  # a round starts; a play is to beat; the deal is over
PHASES = (LEAD, RESPOND, OVER)
DEAL_DOMAIN = "pao_de_kuai-deal"  # the RNG key domain of the shuffle

SEATS = 3
HAND_SIZE = 16

PASS = Action("pass", "pass")
_PLAYS: dict[tuple[str, ...], Action] = {}


def play_action(cards: tuple[str, ...]) -> Action:
    """The (cached) action playing these cards, given in canonical order."""
    action = _PLAYS.get(cards)
    if action is None:
        if len(_PLAYS) > 400_000:
            _PLAYS.clear()
        action = _PLAYS[cards] = Action("play:" + "+".join(cards), "play", cards)
    return action


class Combo(NamedTuple):
    """A classified play: its shape, number of cards and key (the rank that decides comparisons)."""

    shape: str
    size: int
    key: int

    @property
    def is_bomb(self) -> bool:
        """Whether this play is one of the three kinds of bomb."""
        return self.shape in BOMBS

    @property
    def strength(self) -> int:
        """Bomb order: four of a kind by rank (3..13) < three aces (14) < heavenly bomb (99)."""
        return HEAVENLY_STRENGTH if self.shape == HEAVENLY else self.key


def canonical(cards: Iterable[str]) -> tuple[str, ...]:
    """Card ids in the canonical order of action ids: by rank, then clubs, diamonds, hearts, spades."""
    return tuple(sorted(cards, key=SORT_KEY.__getitem__))


def card_ids(cards: str | Iterable[str]) -> tuple[str, ...]:
    """Card ids from a space-separated string or an iterable; unknown or repeated ids raise ValueError."""
    ids = tuple(cards.split()) if isinstance(cards, str) else tuple(cards)
    for cid in ids:
        if cid not in RANK:
            raise ValueError(f"{cid!r} is not a card of the Pao De Kuai pack.")
    if len(set(ids)) != len(ids):
        raise ValueError(f"A play cannot contain the same card twice: {' '.join(ids)}.")
    return ids


def classify_ranks(ranks: list[int], opening: bool = False) -> Combo | None:
    """The combination formed by these ranks (sorted ascending), or None if they form none."""
    n = len(ranks)
    if n == 0:
        return None
    lo, hi = ranks[0], ranks[-1]
    if lo == hi:
        if n == 1:
            return Combo(SINGLE, 1, lo)
        if n == 2:
            return Combo(PAIR, 2, lo)
        if n == 3:
            return Combo(ACES if lo == ACE else TRIPLE, 3, lo)
        return Combo(HEAVENLY if opening and lo == 3 else BOMB, 4, lo)
    if hi == TWO:
        return None
    if n >= 5 and hi - lo == n - 1 and len(set(ranks)) == n:
        return Combo(STRAIGHT, n, hi)
    if n >= 4 and n % 2 == 0:
        firsts = ranks[0::2]
        if firsts == ranks[1::2] and hi - lo == n // 2 - 1 and len(set(firsts)) == n // 2:
            return Combo(PAIR_RUN, n, hi)
    return None


def classify(cards: str | Iterable[str], opening: bool = False) -> Combo | None:
    """The combination these cards form (§4), or None; ``opening`` makes four 3s the heavenly bomb."""
    ids = card_ids(cards)
    return classify_ranks(sorted(RANK[c] for c in ids), opening)


def as_combo(play: Combo | str | Iterable[str]) -> Combo | None:
    """A Combo from a Combo or from cards (classified as a non-opening play)."""
    return play if isinstance(play, Combo) else classify(play)


def beats(candidate: Combo | str | Iterable[str], top: Combo | str | Iterable[str]) -> bool:
    """Whether ``candidate`` beats ``top`` (§4.3); either may be a Combo or cards."""
    a, b = as_combo(candidate), as_combo(top)
    if a is None or b is None or b.shape == HEAVENLY:
        return False
    if a.shape in BOMBS:
        return b.shape not in BOMBS or a.strength > b.strength
    if b.shape in BOMBS:
        return False
    return a.shape == b.shape and a.size == b.size and a.key > b.key


def bombs_in(hand: Iterable[str]) -> list[tuple[str, ...]]:
    """The bombs a hand holds: each rank 3..K held four times, and A♠ A♦ A♣ together."""
    groups = group_by_rank(canonical(hand))
    found = [tuple(groups[r]) for r in range(3, 14) if len(groups[r]) == 4]
    if len(groups[ACE]) == 3:
        found.append(tuple(groups[ACE]))
    return found


# --- generation --------------------------------------------------------------------------------

def group_by_rank(hand: Iterable[str]) -> list[list[str]]:
    """The hand as 16 lists indexed by rank (3..15); ids keep the hand's (canonical) order."""
    groups: list[list[str]] = [[] for _ in range(16)]
    for cid in hand:
        groups[RANK[cid]].append(cid)
    return groups


def _sets(groups: list[list[str]], k: int, lo: int, hi: int, out: list) -> None:
    """Every k cards of one rank, for ranks lo..hi (singles, pairs, triples)."""
    for r in range(lo, hi + 1):
        cs = groups[r]
        if len(cs) >= k:
            out.extend(combinations(cs, k) if k > 1 else ((c,) for c in cs))


def _streaks(groups: list[list[str]], k: int) -> list[int]:
    """For each rank 3..A, how many consecutive ranks ending there hold at least k cards."""
    streak = [0] * (ACE + 1)
    for r in range(3, ACE + 1):
        streak[r] = streak[r - 1] + 1 if len(groups[r]) >= k else 0
    return streak


def _runs(groups: list[list[str]], k: int, length: int, min_top: int, out: list,
          streak: list[int] | None = None) -> None:
    """Every run of ``length`` consecutive ranks (3..A) taking k cards of each, topped ≥ min_top."""
    streak = streak or _streaks(groups, k)
    for top in range(max(min_top, 2 + length), ACE + 1):
        if streak[top] >= length:
            ranks = range(top - length + 1, top + 1)
            if k == 1:
                out.extend(product(*(groups[r] for r in ranks)))
            else:
                parts = [list(combinations(groups[r], k)) for r in ranks]
                out.extend(tuple(chain.from_iterable(p)) for p in product(*parts))


def _bombs(groups: list[list[str]], above: int, out: list) -> None:
    """Every bomb of the hand stronger than ``above`` (0 = any)."""
    for r in range(max(3, above + 1), 14):
        if len(groups[r]) == 4:
            out.append(tuple(groups[r]))
    if above < ACE and len(groups[ACE]) == 3:
        out.append(tuple(groups[ACE]))


def leads(groups: list[list[str]]) -> list[tuple[str, ...]]:
    """Every combination a leader can play from a rank-grouped hand, shape by shape."""
    out: list[tuple[str, ...]] = []
    _sets(groups, 1, 3, TWO, out)
    _sets(groups, 2, 3, ACE, out)
    _sets(groups, 3, 3, 13, out)
    for k, shortest in ((1, 5), (2, 2)):
        streak = _streaks(groups, k)
        longest = max(streak)
        for length in range(shortest, longest + 1):
            _runs(groups, k, length, 0, out, streak)
    _bombs(groups, 0, out)
    return out


_ORDINARY_GENERATORS = {
    SINGLE: lambda g, top, out: _sets(g, 1, top.key + 1, TWO, out),
    PAIR: lambda g, top, out: _sets(g, 2, top.key + 1, ACE, out),
    TRIPLE: lambda g, top, out: _sets(g, 3, top.key + 1, 13, out),
    STRAIGHT: lambda g, top, out: _runs(g, 1, top.size, top.key + 1, out),
    PAIR_RUN: lambda g, top, out: _runs(g, 2, top.size // 2, top.key + 1, out),
}


def beaters(groups: list[list[str]], top: Combo) -> list[tuple[str, ...]]:
    """Every combination of a rank-grouped hand that beats ``top`` (bombs last, weakest first)."""
    out: list[tuple[str, ...]] = []
    if top.shape == HEAVENLY:
        return out
    if top.shape in BOMBS:
        _bombs(groups, top.strength, out)
    else:
        _ORDINARY_GENERATORS[top.shape](groups, top, out)
        _bombs(groups, 0, out)
    return out


def plays(hand: str | Iterable[str], top: Combo | None = None, opening: bool = False) -> list[tuple[str, ...]]:
    """The legal plays of a hand (canonical tuples): leads if ``top`` is None, else beaters.

    On the opening lead only plays containing 3♥ are kept, and four 3s form the heavenly bomb.
    """
    groups = group_by_rank(canonical(card_ids(hand)))
    if top is not None:
        return beaters(groups, top)
    found = leads(groups)
    return [p for p in found if "3H" in p] if opening else found


def combinations_in(hand: str | Iterable[str], opening: bool = False) -> list[tuple[Combo, tuple[str, ...]]]:
    """Every combination a hand can lead, with its classification (for the UI's suggestions).

    With ``opening`` only plays containing 3♥ are listed, as on the first lead of the deal.
    """
    return [(classify(p, opening), p) for p in plays(hand, None, opening)]


def shape_params(combo: Combo) -> dict[str, object]:
    """Placeholders of a shape sentence: top rank, lowest rank, size and number of pairs."""
    run = combo.size // 2 if combo.shape == PAIR_RUN else combo.size
    low = combo.key - run + 1 if combo.shape in (STRAIGHT, PAIR_RUN) else combo.key
    return {"rank": SYMBOL[combo.key], "low": SYMBOL[low], "size": combo.size, "pairs": combo.size // 2}


def shape_problem(ids: tuple[str, ...]) -> str:
    """Why cards that form no combination fail, as the last part of a message key."""
    ranks = sorted(RANK[c] for c in ids)
    counts = {r: ranks.count(r) for r in set(ranks)}
    if TWO in counts and len(ids) > 1:
        return "two_alone"
    if max(counts.values()) == 4:
        return "bomb_attachment"
    if max(counts.values()) == 3:
        return "airplane" if all(v == 3 for v in counts.values()) else "triple_attachment"
    if all(v == 1 for v in counts.values()):
        if ranks[-1] - ranks[0] == len(ranks) - 1:
            return "straight_short"
        return "straight_gap"
    if all(v == 2 for v in counts.values()):
        return "pairs_gap"
    return "no_shape"


@dataclass(frozen=True, slots=True)
class Play:
    """One entry of the history: a seat's play (cards with their combination) or a pass (no cards).

    ``response`` says whether a play answered another seat's play (False for a lead).
    """

    seat: int
    cards: tuple[str, ...]
    shape: str
    size: int
    key: int
    response: bool = False

    @property
    def combo(self) -> Combo:
        """The combination of this play (meaningless for a pass)."""
        return Combo(self.shape, self.size, self.key)

    @property
    def is_pass(self) -> bool:
        """Whether this entry is a pass."""
        return self.shape == "pass"


# --- legality ----------------------------------------------------------------------------------

class Position(Protocol):
    """What legality reads of a deal (``state.PaoDeKuaiState`` has it; the state imports the rules)."""

    @property
    def to_act(self) -> int | None:
        """The seat to act, None once the deal is over."""

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's cards."""

    @property
    def top(self) -> Play | None:
        """The play to beat, None when a round starts."""

    @property
    def opening(self) -> bool:
        """Whether the first play of the deal is still to come."""


def rank_counts(cards: Iterable[str]) -> list[int]:
    """How many cards of each rank (a list indexed 0..15, ranks 3..15 used)."""
    counts = [0] * 16
    for cid in cards:
        counts[RANK[cid]] += 1
    return counts


def can_beat(counts: Sequence[int], top: tuple) -> bool:
    """Whether a hand given as rank counts holds any combination beating ``top`` (a ``Combo`` or any
    ``(shape, size, key)`` triple): the must-beat test, without generating the beaters."""
    shape, size, key = top
    if shape == HEAVENLY:
        return False
    if 4 in counts or counts[ACE] == 3:  # some bomb is held: is one stronger than the top?
        level = key if shape in BOMBS else 0
        for r in range(max(3, level + 1), ACE):
            if counts[r] == 4:
                return True
        if level < ACE and counts[ACE] == 3:
            return True
    if shape in BOMBS:
        return False
    if shape in (SINGLE, PAIR, TRIPLE):
        for r in range(key + 1, (TWO if shape == SINGLE else ACE if shape == PAIR else 13) + 1):
            if counts[r] >= size:
                return True
        return False
    k, length, streak = (1, size, 0) if shape == STRAIGHT else (2, size // 2, 0)
    for r in range(3, ACE + 1):
        streak = streak + 1 if counts[r] >= k else 0
        if streak >= length and r > key:
            return True
    return False


def legal_actions(state: Position) -> tuple[Action, ...]:
    """Every move ``illegal_reason`` allows, generated by shape: the leads (with 3♥ at the opening),
    or the beaters of the top, or ``pass`` alone when nothing beats it (empty once the deal is over)."""
    seat = state.to_act
    if seat is None:
        return ()
    groups = group_by_rank(state.hands[seat])
    top = state.top
    if top is None:
        found = leads(groups)
        if state.opening:
            found = [p for p in found if "3H" in p]
    else:
        found = beaters(groups, Combo(top.shape, top.size, top.key))
    return tuple(map(play_action, found)) or (PASS,)


def illegal_reason(state: Position, action: Action) -> Msg | None:
    """Why ``action`` is not allowed now, in the rules' words, or None if it is: the one statement of
    legality (a leader may not pass, nobody may pass who can beat, a play must be cards of the hand
    forming one combination, with 3♥ at the opening, beating the top)."""
    seat = state.to_act
    if seat is None:
        return Msg.of("core.game_over")
    top = state.top
    if action.kind == "pass":
        if top is None:
            return Msg.of("pao_de_kuai.illegal.leader_pass")
        if can_beat(rank_counts(state.hands[seat]), top.combo):
            return Msg.of("pao_de_kuai.illegal.must_beat")
        return None
    ids = action.cards
    if any(c not in RANK for c in ids) or len(set(ids)) != len(ids):
        return Msg.of("pao_de_kuai.illegal.unknown_card")
    if not ids:
        return Msg.of("pao_de_kuai.illegal.empty")
    hand = state.hands[seat]
    missing = [c for c in ids if c not in hand]
    if missing:
        return Msg.of("pao_de_kuai.illegal.not_in_hand", card=missing[0])
    combo = classify_ranks(sorted(RANK[c] for c in ids), state.opening)
    if combo is None:
        return Msg.of(f"pao_de_kuai.illegal.{shape_problem(ids)}")
    if state.opening and "3H" not in ids:
        return Msg.of("pao_de_kuai.illegal.opening_3h")
    if top is not None and not beats(combo, top.combo):
        return Msg.of(f"pao_de_kuai.illegal.beat.{top.shape}", **shape_params(top.combo))
    return None
