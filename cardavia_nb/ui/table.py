"""The playable table: one anywidget for every game, driven by the engine and an adapter.

Python is the only source of truth. The browser sends intents (``act``, ``select``, ``new``,
``level``, ``skip``, ``hint``) that Python checks with the engine, and writes no trait (see
``assets.Widget``). Each engine state is read once into a ``Turn`` record (``ui/turns.py``); the
felt is a pure function of it (``ui/frame.py``). Computer turns are computed at once and sent as a
list of ``steps`` (one snapshot and the log lines of its move) that the front end animates: the
kernel never sleeps. A refused intent sets a translated ``notice`` and changes nothing else.
``hint`` asks the High player to rank the human's legal moves from the human's view only.

Deals are fair: a new game draws a 64-bit seed from the operating system, and the browser learns
the deal code (the seed) only when the game is over ("Replay this deal: …"), or when the player typed it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import traitlets

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Game, IllegalAction
from cardavia_nb.core.record import Record
from cardavia_nb.core.rng import check_seed, fresh_seed
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get as get_game
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Moment, Session
from cardavia_nb.ui.adapters import Adapter, adapter_for
from cardavia_nb.ui.assets import Widget, module
from cardavia_nb.ui.frame import snapshot
from cardavia_nb.ui.leaks import STATIC_TRAITS, card_ids, cards_shown, exposed_cards
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.reviewing import Reviewing
from cardavia_nb.ui.settings import Settings, ui_texts
from cardavia_nb.ui.summary import final_result
from cardavia_nb.ui.turns import Turn, event_lines, read
from cardavia_nb.ui.words import Words

LEVELS = ("low", "high")
LOG_LINES = 80
MAX_SELECTION = 30
HINT_ROWS = 5


@dataclass(frozen=True)
class Aside:
    """The game in play set aside while the player practises from a move of the review, given back unchanged:
    its session, this seat's reading of it and log, the hints, the frame; the keeper too, so that a practice
    deal is never kept or counted."""

    session: Session
    turn: Any
    log: list
    lines: list
    hints: int
    keeper: Any
    frame: dict


def default_opponents(game: Game) -> Callable[[str, int], Any]:
    """``(level, seat) -> player``: the level's player seeded by its seat (``seats.computer``, the one
    table of levels, so that a record names these players exactly as they are rebuilt)."""
    return lambda level, seat: computer(game.name, level, seat)


def deal_code(typed: Any) -> int | None:
    """The seed of a typed deal code (digits, spaces allowed; a JSON number too), None for a fresh deal.

    Codes travel as text: JavaScript numbers lose digits above 2**53.
    """
    if typed is None or (isinstance(typed, str) and not typed.strip()):
        return None
    if isinstance(typed, str) and len(typed) <= 40 and re.fullmatch(r"[0-9 ]+", typed.strip()):
        typed = int(typed.replace(" ", ""))
    try:
        return check_seed(typed)
    except ValueError:
        raise Refusal(Msg.of("ui.notice.bad_seed")) from None


class Table(Widget):
    """A card table for one game, a view of one person's seat: by default the person sits at seat 0 and computer
    players at the others.

    ``Table("truco", level="high", seed=7)``; ``game`` is a registry name or a ``Game``;
    ``state=`` starts the table at that engine state instead of a new deal (its deal code is
    ``seed``, if given); ``opponents(level, seat)`` makes the computer players (default: the
    game's Low/High players); ``players={1: my_bot}`` puts given player objects in computer seats,
    whatever the level; ``settings`` defaults to the page's shared ``Settings``. ``session=`` and ``seat=``
    sit the table at a person's seat of a game several people share (``players.session.Session``): each
    person's table shows its own seat and sends its moves to the one game.
    """

    _esm = module("felt.js", "review.js", "table.js")

    # One trait for everything the felt and the log draw: ``{seq, view, log, steps, selection, hint}``.
    # A single value changes at once, so the order of keys in a message can never change what is drawn.
    frame = traitlets.Dict().tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    tone = traitlets.Enum(("bad", "info"), "bad").tag(sync=True)  # the notice's: a refusal, or news (a game is back)
    texts = traitlets.Dict().tag(sync=True)
    level = traitlets.Unicode("low").tag(sync=True)
    bar = traitlets.Bool(True).tag(sync=True)  # the level switch, deal code and New game; a class deal hides them
    delay = traitlets.Int(550, min=0, max=3000).tag(sync=True)
    # --- after the deal (ui/reviewing.py), {} until a review is asked for: the replay (and the summary's line
    # of High on the same cards), and apart from it the judgements, which stream in while the replay stays
    review = traitlets.Dict().tag(sync=True)
    judge = traitlets.Dict().tag(sync=True)

    def __init__(self, game: str | Game = "truco", *, level: str = "low", seed: int | None = None,
                 state: Any = None, settings: Settings | None = None,
                 opponents: Callable[[str, int], Any] | None = None,
                 players: dict[int, Any] | None = None, delay: int = 550, keeper: Any = None,
                 session: Session | None = None, seat: int = 0, **kwargs: Any):
        super().__init__(delay=delay, **kwargs)
        self.game = get_game(game) if isinstance(game, str) else game
        self.adapter: Adapter = adapter_for(self.game)
        self.human = seat
        self._make_player = opponents or default_opponents(self.game)
        self._fixed = dict(players or {})
        computers = sorted(set(range(self.game.num_players)) - {seat})
        if not set(self._fixed) <= set(computers):
            raise ValueError(f"players= takes computer seats {', '.join(map(str, computers))}, not {sorted(self._fixed)}.")
        self._pack_ids = frozenset(c.id for c in deck(self.game.pack))
        self._notice: Msg | None = None
        self._log: list[Msg] = []  # every log line of the game in play, as data (kept once, at its step)
        self._lines: list[str] = []  # the same lines in the page language
        self.settings = settings or Settings.shared()
        self._lang = self.settings.lang
        self._handlers = {"act": self._act, "select": self._select, "new": self._new,
                          "level": self._level, "skip": self._skip, "hint": self._hint}
        # --- after the deal: record files, the replay, the review (ui/reviewing.py)
        self.reviewing = Reviewing(self, self._set_review)
        self._handlers.update(self.reviewing.intents())
        # a page's other widgets (ui/classroom/student.py): gates see each intent first (raise Refusal to refuse it
        # in words, return True when they handled it); observers are told after every committed move
        self.gates: list[Callable[[str, dict], bool]] = []
        self.observers: list[Callable[[Table], None]] = []
        self.hints = 0  # hints asked for in the game in play
        self._set_level(level)
        if session is not None:
            self._join(session)
        elif state is None:
            self._start(seed)
        else:
            self._begin(state, None if seed is None else check_seed(seed), Msg.of("ui.log.new_game"))
        self.settings.follow(self._on_settings)
        self.keeper = keeper  # the store's link (ui/keeping.py): told after every committed move
        if keeper is not None:
            keeper.attach(self)

    # --- public API --------------------------------------------------------------------------
    @property
    def view(self) -> dict[str, Any]:
        """The human seat's snapshot now (the frame's ``view``)."""
        return self.frame.get("view", {})

    @property
    def log(self) -> list[str]:
        """The last log lines in the page language."""
        return self.frame.get("log", [])

    @property
    def steps(self) -> list[dict[str, Any]]:
        """The snapshots the page animates for the last update (empty when there is nothing to animate)."""
        return self.frame.get("steps", [])

    @property
    def seq(self) -> int:
        """The commit counter: bumped once per new table state (the page animates when it changes)."""
        return self.frame.get("seq", 0)

    @property
    def selection(self) -> dict[str, Any]:
        """The engine's verdict on the cards the player picked (``{cards, ok, action, text}``)."""
        return self.frame.get("selection", {})

    @property
    def result(self) -> dict[str, Any] | None:
        """The finished game's itemised result in the human's words (kernel side: the page draws the summary)."""
        return final_result(self._turn, self._words())

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves played at this table since its game began (server side only)."""
        return tuple(self.session.moves)

    @property
    def seed(self) -> int | None:
        """The deal code of the game in play: server side, told to the page only at the end (None: never)."""
        return self.session.seed

    @seed.setter
    def seed(self, code: int | None) -> None:
        self.session.seed = code

    @property
    def thinking(self) -> float:
        """Seconds the computer players spent choosing during the last intent."""
        return self.session.thinking

    @property
    def state(self) -> Any:
        """The engine state (server side only: it is never synced)."""
        return self._turn.state

    @property
    def turn(self) -> Turn:
        """The record of the state in play (server side only)."""
        return self._turn

    def record(self) -> Record:
        """The game in play as a record (``Session.record``)."""
        return self.session.record()

    @property
    def lang(self) -> str:
        """The language every word is rendered in (the settings' language)."""
        return self._lang

    def tell(self, msg: Msg, tone: str = "bad") -> None:
        """Show a notice that follows later language changes: a refusal, or ``tone="info"`` for news."""
        self._set_notice(msg, tone)

    def send_intent(self, content: Any) -> None:
        """Handle one intent as if the browser had sent it (used by notebooks and tests)."""
        self._on_msg(self, content, [])

    # --- intents ------------------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Dispatch one browser message; a refusal only sets the notice."""
        kind = content.get("type") if isinstance(content, dict) else None
        handler = self._handlers.get(kind) if isinstance(kind, str) else None
        try:
            if handler is None:
                raise Refusal(Msg.of("ui.notice.bad_message", type=str(kind)[:40]))
            if not any(gate(kind, content) for gate in self.gates):
                handler(content)
        except Refusal as refusal:
            self._set_notice(refusal.msg)

    def _act(self, content: dict) -> None:
        """Play the action with this id for the human seat, then the computer turns after it."""
        action_id = content.get("id")
        if not isinstance(action_id, str) or len(action_id) > 400:
            raise Refusal(Msg.of("ui.notice.bad_id"))
        turn = self._turn
        if turn.over:
            raise Refusal(Msg.of("core.game_over"))
        if not turn.allows(action_id):
            raise Refusal(Msg.of("core.not_your_turn"))
        try:
            self.session.play(self.human, action_id)  # this seat's reading of it: ``moved``
        except IllegalAction as err:
            raise Refusal(err.msg) from None

    def _select(self, content: dict) -> None:
        """Tell the front end whether the selected cards make a legal move, and which."""
        cards = content.get("cards")
        if (not isinstance(cards, list) or len(cards) > MAX_SELECTION
                or not all(isinstance(c, str) for c in cards) or len(set(cards)) != len(cards)):
            raise Refusal(Msg.of("ui.notice.bad_cards"))
        if self._turn.to_act != self.human or not self.view.get("select"):
            raise Refusal(Msg.of("ui.notice.no_selection"))
        action_id, text = self.adapter.check(self._turn.state, tuple(cards), self.lang)
        self._commit(selection={"cards": cards, "ok": action_id is not None, "action": action_id, "text": text})

    def _new(self, content: dict) -> None:
        """A new game (a new deal in single-deal games): the deal of a typed code, or a fresh one."""
        self._alone()
        self._start(deal_code(content.get("seed")))

    def _level(self, content: dict) -> None:
        """Switch the computer players' level (Low / High): new players from their next move, said in the log."""
        level = content.get("level")
        if level not in LEVELS:
            raise Refusal(Msg.of("ui.notice.bad_level"))
        self._alone()
        self._set_level(level)
        self.session.seat_players(self._players)  # from the next move of the game in play
        self._keep([Msg.of("ui.log.level", level=Msg.of(f"ui.level.{level}"))])
        self._clear_notice()
        self._render()

    def _hint(self, content: dict) -> None:
        """Rank the human's legal moves with the High player, from the human's view only."""
        turn = self._turn
        if turn.to_act != self.human:
            raise Refusal(Msg.of("core.not_your_turn"))
        adviser = self._make_player("high", self.human)  # the High player, seated where the human sits
        rows = adviser.explain(self.game, turn.view, turn.legal)[:HINT_ROWS]  # best first: High's own choice
        self.hints += 1
        hint = [{"id": r["id"], "label": self.adapter.label(self.game.action(r["id"]), self.lang),
                 "reason": r["message"].text(self.lang)} for r in rows]
        self._clear_notice()
        self._commit(hint=hint, view={**self.view, "hints": self._words().hints_text()})

    def _skip(self, content: dict) -> None:
        """The player skipped the animation: nothing left to animate."""
        self._commit(steps=[])

    # --- the game ------------------------------------------------------------------------------
    def _set_level(self, level: str) -> None:
        """Make the computer players of ``level`` (for the next game the table begins)."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}.")
        self.level = level
        self._players = {s: self._fixed[s] if s in self._fixed else self._make_player(level, s)
                         for s in range(self.game.num_players) if s != self.human}

    def _start(self, seed: int | None) -> None:
        """Deal a new game and play the computer turns up to the human's first decision.

        ``seed`` None draws a fresh deal whose code stays in the kernel until the game is over.
        """
        code = fresh_seed() if seed is None else check_seed(seed)
        opening = Msg.of("ui.log.new_game") if seed is None else Msg.of("ui.log.new_game_code", code=str(seed))
        self._begin(self.game.new(code), code, opening)

    def deal(self, state: Any, players: dict[int, Any], level: str) -> None:
        """Start a game at ``state`` against the given computer ``players`` at ``level``, with no deal code:
        the page is never told one, not even at the end (a class set's deal, ui/classroom/student.py)."""
        self._set_level(level)
        self._players.update({s: p for s, p in players.items() if s not in self._fixed})
        self._begin(state, None, Msg.of("ui.log.new_game"))

    def _begin(self, state: Any, code: int | None, opening: Msg) -> None:
        """Start a game at ``state`` (deal code ``code``, None when unknown) with the log's first line."""
        self.session = Session(self.game, state, dict(self._players), frozenset({self.human}), seed=code,
                               pause=self.adapter.pause, watchers=[self])
        self.reviewing.reset()  # after the deal: a new game forgets the last review
        self._turn, self._log, self._lines = None, [], []
        self._keep([opening])
        self.hints = 0
        self.session.start()

    def _read(self, state: Any, before: Turn | None) -> Turn:
        """The record of ``state`` for the human seat, following the record ``before``."""
        return read(self.game, self.adapter, state, self.human, before)

    def _join(self, session: Session) -> None:
        """Sit at a person's seat of a game others share (one table per person, each a view of its own seat)."""
        if session.game.name != self.game.name or self.human not in session.humans:
            raise ValueError(f"This table's seat {self.human} is not a person's seat of that {session.game.name} game.")
        self.session, self._players, self.bar = session, dict(session.players), False
        self._turn, self._log, self._lines = None, [], []
        self._keep([Msg.of("ui.log.new_game")])
        session.watchers.append(self)
        self.moved(session, [session.now()])

    def _alone(self) -> None:
        """Refuse an intent that would change the game for every person sharing it."""
        if len(self.session.humans) > 1:
            raise Refusal(Msg.of("ui.notice.shared_game"))

    def began(self, session: Session) -> None:
        """A game begins at this table's session (the table has started it itself)."""

    def moved(self, session: Session, moments: Sequence[Moment]) -> None:
        """The session moved through ``moments``: this seat reads each, the page animates them as steps."""
        turn, steps = self._turn, []
        for moment in moments:
            turn = read(self.game, self.adapter, moment.state, self.human, turn, (moment.legal, moment.pause))
            steps.append(self._step(turn))
        self._turn = turn
        self.reviewing.reset()  # play goes on (Truco's next deal): a review of the last deal is gone
        with self.hold_sync():
            self._clear_notice()
            self._commit(view=steps[-1]["view"], log=self._lines[-LOG_LINES:], steps=steps if len(steps) > 1 else [],
                         selection={}, hint=[], seq=self.seq + 1)
        self.reviewing.deal_ended()  # a deal over: High plays it again for the summary (ui/same_cards.py)
        if self.keeper is not None:
            self.keeper.moved(self)
        for observer in self.observers:
            observer(self)

    def _step(self, turn: Turn) -> dict[str, Any]:
        """One animation step: the human's snapshot after a transition and its log lines (the deal
        code last, once the game is over), each line rendered once, here."""
        msgs = event_lines(turn, self.game)
        if turn.over and self.seed is not None:
            msgs.append(Msg.of("ui.log.replay", code=str(self.seed)))
        return {"view": snapshot(turn, self._words()), "lines": self._keep(msgs)}

    def _keep(self, msgs: list[Msg]) -> list[str]:
        """Add lines to the game's log; their words in the page language."""
        words = self._words()
        lines = [words.text(msg) for msg in msgs]
        self._log += msgs
        self._lines += lines
        return lines

    # --- resuming a kept game (the store's link, ui/keeping.py) ----------------------------------
    keeper: Any = None  # the class's default: the first deal is played before __init__ sets it

    def resume(self, record: Record) -> None:
        """Go on with ``record``'s game where it stopped: the same deal, moves and computer players,
        rebuilt and walked through the moves so that their memories are as they were."""
        seats = record.players
        if record.game != self.game.name or len(seats) != self.game.num_players or seats[self.human].kind != "human":
            raise ValueError(f"This record is not a {self.game.name} game with the player at seat {self.human}.")
        self.reviewing.reset()
        self._set_level(next((p.kind for p in seats if p.kind in LEVELS), self.level))
        session = Session.resumed(self.game, record, self._players, humans=frozenset({self.human}),
                                  pause=self.adapter.pause, watchers=[self])
        session.players.update(self._fixed)
        self._players, self.session = dict(session.players), session
        self._log, self._lines, self.hints = [], [], 0
        # the log as the page had it, read move by move from the human's seat; the last move's lines come with its step
        turn, said = None, [Msg.of("store.resumed_log")]
        for state in [session.first, *self._states(record)][:-1]:
            turn = self._read(state, turn)
            said += event_lines(turn, self.game)
        self._turn = turn
        self._keep(said)
        session.go_on()

    def _states(self, record: Record) -> list[Any]:
        """Each state after one of ``record``'s moves, from the session's first state."""
        states, state = [], self.session.first
        for action_id in record.actions:
            state = self.game.apply(state, action_id)
            states.append(state)
        return states

    # --- rendering -----------------------------------------------------------------------------
    def _words(self) -> Words:
        """What the snapshot needs besides the record, as the table stands now."""
        return Words(self.game, self.adapter, self.human, self.lang, self.level, self.hints,
                     None if self.seed is None else str(self.seed))

    def _render(self) -> None:
        """Re-render the current state (after a language or level change), without animation."""
        self._commit(view=snapshot(self._turn, self._words()), log=self._lines[-LOG_LINES:], steps=[], hint=[])

    def _commit(self, **parts: Any) -> None:
        """Replace parts of the frame in one trait change (the page's one commit signal)."""
        self.frame = {**self.frame, **parts}

    def _on_settings(self, look: dict[str, Any], lang_changed: bool) -> None:
        """Follow the shared settings; a new language re-renders every word."""
        self.look = look
        if not lang_changed:
            return
        self._lang = look["lang"]
        words = self._words()
        self._lines = [words.text(msg) for msg in self._log]
        with self.hold_sync():
            self.texts = ui_texts("table", self.lang)
            self._render()
            self.reviewing.render()  # after the deal: the review in the new language
            if self._notice is not None:
                self.notice = self._notice.text(self.lang)
            if self.selection and self.view.get("select"):
                self._select({"cards": self.selection["cards"]})

    # --- after the deal: practice from a move of the replay (ui/reviewing.py) -------------------
    def practise(self, state: Any, players: dict[int, Any], opening: Msg) -> Aside:
        """Play on from ``state`` against ``players`` (practice); returns the game in play, set aside."""
        self._alone()
        aside = Aside(self.session, self._turn, self._log, self._lines, self.hints, self.keeper, self.frame)
        self._players, self.keeper = players, None
        self._begin(state, None, opening)
        return aside

    def unpractise(self, aside: Aside) -> None:
        """Back from practice: the game set aside by ``practise`` is the game in play again, as it was."""
        self.session, self._turn, self._log, self._lines = aside.session, aside.turn, aside.log, aside.lines
        self.hints, self.keeper, self._players = aside.hints, aside.keeper, dict(aside.session.players)
        with self.hold_sync():
            self._clear_notice()
            self._commit(**{**aside.frame, "steps": [], "seq": self.seq + 1})

    def _set_review(self, **traits: dict[str, Any]) -> None:
        """After the deal: ``review`` (the replay) and ``judge`` (the judgements), those given, in one message."""
        with self.hold_sync():
            for name, value in traits.items():
                self.set_trait(name, value)

    def _set_notice(self, msg: Msg, tone: str = "bad") -> None:
        """Show a refusal (or, with ``tone="info"``, news) on the table."""
        self._notice = msg
        with self.hold_sync():
            self.tone, self.notice = tone, msg.text(self.lang)

    def _clear_notice(self) -> None:
        """Remove the notice after an accepted intent."""
        self._notice = None
        with self.hold_sync():
            self.tone, self.notice = "bad", ""


__all__ = ["LEVELS", "STATIC_TRAITS", "Refusal", "Table", "card_ids", "cards_shown", "deal_code",
           "default_opponents", "exposed_cards"]
