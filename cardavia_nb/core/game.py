"""The game protocol every engine follows: immutable states, legal actions, apply, observe, result.

A ``Game`` holds only rules and options; a state is an immutable value. ``apply`` returns a new
state or raises ``IllegalAction`` with a sentence a learner understands, leaving its input alone.
``Game`` is generic over its state and view types (``Game[TrucoState, TrucoView]``); the words of a
game (``label``, ``describe``), its card-selection check and its ready-made selections are part of
the protocol, with defaults that suit a plain trick game.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Mapping, Sequence, TypeVar

from cardavia_nb import i18n
from cardavia_nb.core.cards import family
from cardavia_nb.core.text import Msg

S = TypeVar("S")  # a game's state type
V = TypeVar("V")  # a game's view type


@dataclass(frozen=True, slots=True)
class Action:
    """A move: a stable string id (``"play:1E"``, ``"call:envido"``), its kind and the cards it uses."""

    id: str
    kind: str
    cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.id


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for the table's animation and the log.

    ``kind`` names it (``"play"``, ``"call"``, ``"points"`` ...); point awards carry ``amount`` and
    ``source`` (``"envido"``, ``"truco"``, ``"fold"`` ...); ``data`` holds extra named facts.
    """

    kind: str
    seat: int | None = None
    cards: tuple[str, ...] = ()
    amount: float = 0
    source: str = ""
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        """The value of one named fact in ``data``."""
        for key, value in self.data:
            if key == name:
                return value
        return default


@dataclass(frozen=True, slots=True)
class Item:
    """One line of an itemised result: what, for whom, how much, with named details."""

    key: str
    seat: int | None
    amount: float
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Result:
    """How a finished game ended: payoff per seat (summing to 0 in zero-sum games), winners, items."""

    payoffs: tuple[float, ...]
    winners: tuple[int, ...]
    items: tuple[Item, ...] = ()
    scores: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class World:
    """One way the cards a seat cannot see may lie, as a deal and the moves since: what samplers return.

    ``setup`` holds the keyword arguments of ``Game.new`` that deal it (``hands``, and the chien, dealer,
    scores ... the game needs); ``moves`` the action ids played since, the hidden ones (a Tarot
    discard) as this world has them. Dealt and replayed, a world gives the seat its very view, which
    ``core.testing.check_sampler`` checks with the engine itself, never with the sampler's own logic.
    """

    setup: Mapping[str, Any]
    moves: tuple[str, ...]


class IllegalAction(ValueError):
    """Raised by ``apply`` for a move the rules forbid; ``str()`` is the English sentence."""

    def __init__(self, msg: Msg):
        self.msg = msg
        super().__init__(str(msg))

    def text(self, lang: str = "en") -> str:
        """The reason in ``lang``."""
        return self.msg.text(lang)


class Game(ABC, Generic[S, V]):
    """Rules of one game with its options. Subclasses implement the abstract methods.

    Class attributes: ``name`` (registry and record name), ``num_players``, ``zero_sum`` (payoffs
    sum to zero), ``pack`` (the deck name every state's cards add up to), ``max_moves`` and
    ``max_redeals`` (the most moves and cancelled deals a record of a real game holds, with a margin),
    ``match`` (a game of several deals whose scores run on, as Truco's match; else one deal is the game),
    ``later_key`` (the setup key under which ``new`` takes the deals dealt after the first: Tarot's
    ``redeals``, Truco's ``deals``; ``core.later_deals``),
    ``cardless`` (the ids of the moves that use no card: every other move names its cards).
    """

    name: ClassVar[str]
    num_players: ClassVar[int]
    zero_sum: ClassVar[bool] = True
    pack: ClassVar[str]
    defaults: ClassVar[Mapping[str, Any]] = {}
    max_moves: ClassVar[int]
    max_redeals: ClassVar[int] = 0
    match: ClassVar[bool] = False
    later_key: ClassVar[str | None] = None
    cardless: ClassVar[tuple[str, ...]] = ()

    @staticmethod
    def redeals(actions: Sequence[str]) -> int:
        """How many deals ``actions`` cancel before one is played (everybody passed): none in most games."""
        return 0

    def __init__(self, **options: Any):
        unknown = set(options) - set(self.defaults)
        if unknown:
            raise ValueError(
                f"{self.name} has no option {', '.join(sorted(unknown))}; "
                f"its options are: {', '.join(self.defaults) or 'none'}."
            )
        self.options = {**self.defaults, **options}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.options.items())})"

    # --- the protocol ---------------------------------------------------------------------
    @abstractmethod
    def new(self, seed: int, **setup: Any) -> S:
        """A new game from ``seed``; ``setup`` fixes hands, dealer, scores ... for fixtures."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[Action]:
        """Exactly the legal moves of the seat to act, in a stable order (empty when over)."""

    @abstractmethod
    def _apply(self, state: S, action: Action) -> S:
        """The next state after a move already known to be legal."""

    @abstractmethod
    def observe(self, state: S, seat: int) -> V:
        """What ``seat`` may see: its own cards and public facts, as an immutable view."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The itemised result once the game is over, else None."""

    @abstractmethod
    def action(self, action_id: str) -> Action:
        """The action with this id; raises IllegalAction when no such move exists in this game."""

    @abstractmethod
    def deal_setup(self, state: S) -> dict[str, Any]:
        """The keyword arguments of ``new`` that deal ``state``'s deal again as it was dealt (every
        seat's hand, the chien, dealer, scores ...): what a record keeps so that no change of shuffle
        changes a recorded deal. A game may require ``state`` to be at the start of its deal."""

    def played_setup(self, first: S, last: S) -> dict[str, Any]:
        """``deal_setup(first)`` with every deal dealt after ``first``'s up to ``last`` (a later state of the
        game), for a game that deals again from its seed (Tarot's ``redeals``, Truco's ``deals``): what a record
        keeps."""
        return self.deal_setup(first)

    def first_deal(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A setup without the deals it gives to be dealt after its first one: the first deal alone."""
        return {key: value for key, value in setup.items() if key != self.later_key}

    # --- conformance hooks ----------------------------------------------------------------
    @abstractmethod
    def card_places(self, state: S) -> dict[str, tuple[str, ...]]:
        """Where every card of the pack is (hands, tricks, stock ...): they add up to the pack."""

    @abstractmethod
    def shuffle_hidden(self, state: S, seat: int, rng: random.Random) -> S:
        """The same state but with the cards ``seat`` cannot see permuted among hidden places."""

    # --- provided -------------------------------------------------------------------------
    def to_act(self, state: S) -> int | None:
        """The seat whose decision it is, or None when nobody acts (game over)."""
        return state.to_act

    def deal_over(self, state: S) -> bool:
        """Whether the deal ``state`` is in has ended; in a one-deal game, whether the game has."""
        return state.to_act is None

    def deal_points(self, state: S) -> tuple[float, ...]:
        """Each seat's points in the finished deal: in a one-deal game its payoffs."""
        return tuple(self.result(state).payoffs)

    def deal_score(self, state: S, seat: int) -> float:
        """One number for how the finished deal went for ``seat`` (a class ranks students by it)."""
        return float(self.deal_points(state)[seat])

    def deal_moves(self, state: S) -> tuple[str, ...] | None:
        """The moves of the deal in play when a game holds several deals (a record of that deal alone),
        None for a one-deal game, whose deal is the whole game."""
        return None

    def match_scores(self, state: S) -> tuple[int, ...] | None:
        """The running scores of a match (a game of several deals), None for a one-deal game."""
        return None

    def explain_illegal(self, state: S, action: Action) -> Msg | None:
        """Why ``action`` is illegal in ``state`` as a message, or None if legal.

        The default only knows membership; games override it with reasons in the rules' words.
        """
        if state.to_act is None:
            return Msg.of("core.game_over")
        if action in self.legal_actions(state):
            return None
        return Msg.of("core.illegal_generic")

    def why_illegal(self, state: S, action: Action | str, lang: str = "en") -> str | None:
        """A sentence saying why the move is not allowed, or None if it is."""
        try:
            action = self.coerce(action)
        except IllegalAction as err:
            return err.text(lang)
        msg = self.explain_illegal(state, action)
        return None if msg is None else msg.text(lang)

    def coerce(self, action: Action | str) -> Action:
        """An Action from an Action or its id; a bad id or type raises IllegalAction."""
        if isinstance(action, Action):
            return action
        if not isinstance(action, str):
            raise IllegalAction(Msg.of("core.unknown_action", id=repr(action)))
        return self.action(action)

    def apply(self, state: S, action: Action | str) -> S:
        """The state after ``action``; raises IllegalAction (state untouched) if it is not legal."""
        action = self.coerce(action)
        msg = self.explain_illegal(state, action)
        if msg is not None:
            raise IllegalAction(msg)
        return self._apply(state, action)

    def is_over(self, state: S) -> bool:
        """Whether nobody has a move left."""
        return state.to_act is None

    # --- selections: moves made of a set of chosen cards ------------------------------------
    def check_selection(self, state: S, cards: Sequence[str]) -> tuple[Action | None, Msg | None]:
        """Whether the cards a player selected make a legal move now: (that action, None), or
        (None, the reason). The default finds the legal action using exactly these cards."""
        if state.to_act is None:
            return None, Msg.of("core.game_over")
        chosen = sorted(cards)
        for action in self.legal_actions(state):
            if action.cards and sorted(action.cards) == chosen:
                return action, None
        return None, Msg.of("core.illegal_generic")

    def presets(self, state: S) -> tuple[Action, ...]:
        """Ready-made selections the engine offers the seat to act (a suggested discard ...)."""
        return ()

    # --- words ------------------------------------------------------------------------------
    def card_names(self, cards: Sequence[str], lang: str = "en") -> str:
        """Cards of this game's pack named in words and joined as prose."""
        pack = family(self.pack)
        return i18n.join([i18n.card_name(c, pack, lang) for c in cards], lang)

    # The defaults speak with the table's generic words (``ui.action.*``, ``ui.log.*``): they are
    # what a page shows for a game without words of its own.
    def label(self, action: Action | str, lang: str = "en") -> str:
        """Short button text for a move; the default names the cards it plays, else its id."""
        action = self.coerce(action)
        if action.cards:
            return i18n.translate("ui.action.play", lang, cards=self.card_names(action.cards, lang))
        return action.id

    def describe(self, event: Event) -> Msg:
        """One log line for an event, its seat and cards as data (the reader's page names them)."""
        seat = i18n.Seat(event.seat) if event.seat is not None else None
        if event.kind == "play":
            return Msg.of("ui.log.play", seat=seat, cards=i18n.Cards(tuple(event.cards), family(self.pack)))
        return Msg.of("ui.log.event", seat=seat, kind=event.kind)


def jsonable(value: Any) -> Any:
    """Plain JSON data (dicts, lists, str, numbers, None) from dataclasses, tuples and mappings."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = [jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


__all__ = ["Action", "Event", "Game", "IllegalAction", "Item", "Result", "S", "V", "World", "jsonable"]
