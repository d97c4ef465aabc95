"""The playable table: one anywidget for every game, a view of one seat of a session (``seat_view``), driven by
the engine and an adapter; its intents, practice, resumption and frame parts are mixed in from their modules.

Python is the only source of truth. The browser sends intents (``act``, ``select``, ``new``,
``level``, ``skip``, ``hint``) that Python checks with the engine, and writes no trait (see
``assets.Widget``). Each engine state is read once into a ``Turn`` record (``ui/table/turns.py``); the
felt is a pure function of it (``ui/table/snapshot.py``). Computer turns are computed at once and sent as a
list of ``steps`` (one snapshot and the log lines of its move) that the front end animates: the
kernel never sleeps. A refused intent sets a translated ``notice`` and changes nothing else.
``hint`` asks the High player to rank the human's legal moves from the human's view only.

Deals are fair: a new game draws a 64-bit seed from the operating system, and the browser learns
the deal code (the seed) only when the game is over ("Replay this deal: …"), or when the player typed it.
"""

from __future__ import annotations

from typing import Any, Callable

import traitlets

from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Game
from cardavia_nb.core.rng import check_seed, fresh_seed
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get as get_game
from cardavia_nb.players.seats import computer
from cardavia_nb.players.session import Session
from cardavia_nb.ui.table.adapters import Adapter, adapter_for
from cardavia_nb.ui.table.companion import Companion
from cardavia_nb.ui.assets import Widget, module
from cardavia_nb.ui.table.snapshot import snapshot
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.review.reviewing import Reviewing
from cardavia_nb.ui.settings import Settings, ui_texts
from cardavia_nb.ui.table.summary import final_result
from cardavia_nb.ui.table.intents import LEVELS, Intents, deal_code
from cardavia_nb.ui.table.frame_parts import FrameParts
from cardavia_nb.ui.table.practice import Practice
from cardavia_nb.ui.table.resuming import Resuming
from cardavia_nb.ui.table.seat_view import LOG_LINES, SeatView
from cardavia_nb.ui.table.render_context import RenderContext



def default_opponents(game: Game) -> Callable[[str, int], Any]:
    """``(level, seat) -> player``: the level's player seeded by its seat (``seats.computer``, the one
    table of levels, so that a record names these players exactly as they are rebuilt)."""
    return lambda level, seat: computer(game.name, level, seat)


class Table(SeatView, Intents, Practice, Resuming, FrameParts, Widget):
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

    _esm = module("table/model.js", "table/felt.js", "review/review.js", "table/table.js")

    # One trait for everything the felt and the log draw: ``{seq, view, log, steps, selection, hint}``.
    # A single value changes at once, so the order of keys in a message can never change what is drawn.
    frame = traitlets.Dict().tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    tone = traitlets.Enum(("bad", "info"), "bad").tag(sync=True)  # the notice's: a refusal, or news (a game is back)
    texts = traitlets.Dict().tag(sync=True)
    level = traitlets.Unicode("low").tag(sync=True)
    bar = traitlets.Bool(True).tag(sync=True)  # the level switch, deal code and New game; a class deal hides them
    delay = traitlets.Int(550, min=0, max=3000).tag(sync=True)
    # --- after the deal (ui/review/reviewing.py), {} until a review is asked for: the replay (and the summary's line
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
        # what follows the table's game (ui/table/companion.py): the review (record files, the replay, the
        # judgements), then, attached by the page, the store's keeper and the class panel
        self.companions: list[Companion] = []
        self.reviewing = Reviewing(self, self._set_review)
        self.attach(self.reviewing)
        self.hints = 0  # hints asked for in the game in play
        self._set_level(level)
        if session is not None:
            self._join(session)
        elif state is None:
            self._start(seed)
        else:
            self._begin(state, None if seed is None else check_seed(seed), Msg.of("ui.log.new_game"))
        self.settings.follow(self._on_settings)
        if keeper is not None:  # attached once the first deal is dealt: that deal is kept once the page's token comes
            self.attach(keeper)

    # --- public API --------------------------------------------------------------------------
    @property
    def result(self) -> dict[str, Any] | None:
        """The finished game's itemised result in the human's words (kernel side: the page draws the summary)."""
        return final_result(self._turn, self._words())

    @property
    def lang(self) -> str:
        """The language every word is rendered in (the settings' language)."""
        return self._lang

    def tell(self, msg: Msg, tone: str = "bad") -> None:
        """Show a notice that follows later language changes: a refusal, or ``tone="info"`` for news."""
        self._set_notice(msg, tone)

    def attach(self, part: Companion) -> None:
        """Let ``part`` follow this table (``Companion``): told of its games, shown every intent first, and
        handed the intents it owns (a type the table or another part already handles is a mistake)."""
        taken = set(self._handlers).intersection(part.intents())
        if taken:
            raise ValueError(f"intents {', '.join(sorted(taken))} are already handled at this table")
        self._handlers.update(part.intents())
        self.companions.append(part)
        part.attached(self)

    def sit(self, session: Session, seat: int) -> None:
        """Sit at the person's ``seat`` of a game several people share, from its state now (a room's, which the
        page joins once it has told its room code and its token): the table shows that seat only from here on."""
        before = self.human
        self.human = seat
        try:
            self._join(session)
        except ValueError:
            self.human = before
            raise

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
            if not any(part.gate(kind, content) for part in self.companions):
                handler(content)
        except Refusal as refusal:
            self._set_notice(refusal.msg)

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
        self._begin(state, None, Msg.of("ui.log.new_game"), secret=True)

    def _begin(self, state: Any, code: int | None, opening: Msg, secret: bool = False) -> None:
        """Start a game at ``state`` (deal code ``code``, None when unknown; ``secret``: its seeds never leave,
        a class set's deal) with the log's first line."""
        self.session = Session(self.game, state, dict(self._players), frozenset({self.human}), seed=code,
                               secret=secret, pause=self.adapter.pause, watchers=[self])
        self.reviewing.reset()  # after the deal: a new game forgets the last review
        self._log, self._lines = [], []
        self._keep([opening])
        self.hints = 0
        self.session.start()

    def _following(self) -> list[Companion]:
        """The parts told of the game in play: during a practice deal, only those that follow practice."""
        practising = self.reviewing.practising
        return [part for part in self.companions if part.follows_practice or not practising]

    # --- rendering -----------------------------------------------------------------------------
    def _words(self) -> RenderContext:
        """What the snapshot needs besides the record, as the table stands now (at a shared table, the people's
        seats as they are now: a room's computers sit down at its start)."""
        humans = self.session.humans
        self.adapter.people = frozenset(humans) if len(humans) > 1 else frozenset()
        return RenderContext(self.game, self.adapter, self.human, self.lang, self.level, self.hints,
                             None if self.seed is None else str(self.seed))

    def _render(self) -> None:
        """Re-render the current state (after a language or level change), without animation."""
        self._commit(view=snapshot(self._turn, self._words()), log=self._lines[-LOG_LINES:], steps=[], hint=[])

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

    # --- after the deal: practice from a move of the replay (ui/review/reviewing.py) -------------------
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


__all__ = ["LEVELS", "Table", "deal_code", "default_opponents"]
