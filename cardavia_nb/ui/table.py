"""The playable table: one anywidget for every game, driven by the engine and an adapter.

Python is the only source of truth. The synced ``view`` is built from the human seat's View (through
the game's adapter); the browser sends intents (``act``, ``select``, ``new``, ``level``, ``skip``)
that Python checks with the engine, and writes no trait (see ``assets.Widget``). Computer turns
are computed at once and sent as a list of ``steps`` (one snapshot and its log lines per move) that
the front end animates: the kernel never sleeps. A refused intent sets a translated ``notice`` and changes nothing else.
``hint`` asks the High player to rank the human's legal moves from the human's view only.

Deals are fair: a new game draws a 64-bit seed from the operating system, and the browser learns
the deal code (the seed) only when the game is over ("Replay this deal: …"), or when the player typed it.
"""

from __future__ import annotations

import re
import time
from functools import lru_cache
from importlib import import_module
from typing import Any, Callable

import traitlets

from cardavia_nb import i18n
from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Event, Game, IllegalAction, jsonable
from cardavia_nb.core.rng import check_seed, fresh_seed
from cardavia_nb.core.text import Msg
from cardavia_nb.games import get as get_game
from cardavia_nb.i18n import card_name
from cardavia_nb.ui.adapters import Adapter, adapter_for, t
from cardavia_nb.ui.assets import Widget, module
from cardavia_nb.ui.settings import Settings, ui_texts

LEVELS = ("low", "high")
LOG_LINES = 80
MAX_SELECTION = 30
MAX_STEPS = 10_000
HINT_ROWS = 5


class Refusal(Exception):
    """An intent the table turns down: carries the message shown as the table's notice."""

    def __init__(self, msg: Msg):
        super().__init__(msg.key)
        self.msg = msg


def default_opponents(game: Game) -> Callable[[str, int], Any]:
    """``(level, seat) -> player`` from ``cardavia_nb.players.<game>`` (LowPlayer / HighPlayer)."""
    module = import_module(f"cardavia_nb.players.{game.name}")
    classes = {"low": module.LowPlayer, "high": module.HighPlayer}
    return lambda level, seat: classes[level](seed=seat)


@lru_cache(maxsize=None)
def _name_pattern(pack: str, family: str, lang: str) -> tuple[re.Pattern, dict[str, str]]:
    """A regex matching the name of any card of ``pack`` in ``lang``, and name -> id."""
    names = {card_name(c.id, family, lang): c.id for c in deck(pack)}
    alternatives = sorted(names, key=len, reverse=True)
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, alternatives)) + r")(?!\w)"), names


def card_ids(value: Any, pack_ids: frozenset[str]) -> set[str]:
    """Every string inside a JSON-like value that is a card id of the pack."""
    found: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in pack_ids:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


_TOKEN = re.compile(r"[A-Za-z0-9]+")
_SUIT_SIGNS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})  # "9♥" is written for 9H
STATIC_TRAITS = frozenset({"texts", "_esm", "_css", "_hub"})


def exposed_cards(table: "Table") -> set[str]:
    """Every card a table's synced state shows, by id or by name (fixed texts excepted).

    Used by the tests and the benchmark to prove that no hidden card ever reaches the browser.
    """
    return cards_shown({k: v for k, v in table.get_state().items() if k not in STATIC_TRAITS}, table)


def cards_shown(value: Any, table: "Table") -> set[str]:
    """Every card of the table's pack a JSON-like value names, by id or by name in the table's language."""
    found: set[str] = set()
    pattern, names = _name_pattern(table.game.pack, table.adapter.pack, table.lang)
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            plain = item.translate(_SUIT_SIGNS)
            found.update(token for token in _TOKEN.findall(plain) if token in table._pack_ids)
            found.update(names[m.group(1)] for m in pattern.finditer(item))
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


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
    """A card table for one game: the human sits at seat 0, computer players at the other seats.

    ``Table("truco", level="high", seed=7)``; ``game`` is a registry name or a ``Game``;
    ``opponents(level, seat)`` makes the computer players (default: the game's Low/High players);
    ``players={1: my_bot}`` puts given player objects in computer seats, whatever the level;
    ``settings`` defaults to the page's shared ``Settings``.
    """

    _esm = module("table.js")

    # One trait for everything the felt and the log draw: ``{seq, view, log, steps, selection}``.
    # A single value changes at once, so the order of keys in a message can never change what is drawn.
    frame = traitlets.Dict().tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)
    texts = traitlets.Dict().tag(sync=True)
    level = traitlets.Unicode("low").tag(sync=True)
    delay = traitlets.Int(550, min=0, max=3000).tag(sync=True)

    def __init__(self, game: str | Game = "truco", *, level: str = "low", seed: int | None = None,
                 settings: Settings | None = None, opponents: Callable[[str, int], Any] | None = None,
                 players: dict[int, Any] | None = None, delay: int = 550, **kwargs: Any):
        super().__init__(delay=delay, **kwargs)
        self.game = get_game(game) if isinstance(game, str) else game
        self.adapter: Adapter = adapter_for(self.game)
        self.human = 0
        self._make_player = opponents or default_opponents(self.game)
        self._fixed = dict(players or {})
        if not set(self._fixed) <= set(range(1, self.game.num_players)):
            raise ValueError(f"players= takes computer seats 1 to {self.game.num_players - 1}, not {sorted(self._fixed)}.")
        self._pack_ids = frozenset(c.id for c in deck(self.game.pack))
        self._notice: Msg | None = None
        self.seed = 0  # the deal code of the game in play: server side, told to the page only at the end
        self._events: list[Event | Msg] = []
        self._known: set[str] = set()
        self.thinking = 0.0  # seconds spent in players' choose() during the last intent
        self.settings = settings or Settings.shared()
        self._lang = self.settings.lang
        self._handlers = {"act": self._act, "select": self._select, "new": self._new,
                          "level": self._level, "skip": self._skip, "hint": self._hint}
        self.hints = 0  # hints asked for in the game in play
        self._set_level(level)
        self._start(seed)
        self.settings.follow(self._on_settings)

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
        return self._result(self._state) if self._state.to_act is None else None

    @property
    def state(self) -> Any:
        """The engine state (server side only: it is never synced)."""
        return self._state

    @property
    def lang(self) -> str:
        """The language every word is rendered in (the settings' language)."""
        return self._lang

    def tell(self, msg: Msg) -> None:
        """Show a notice that follows later language changes."""
        self._set_notice(msg)

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
            handler(content)
        except Refusal as refusal:
            self._set_notice(refusal.msg)

    def _act(self, content: dict) -> None:
        """Play the action with this id for the human seat, then the computer turns after it."""
        action_id = content.get("id")
        if not isinstance(action_id, str) or len(action_id) > 400:
            raise Refusal(Msg.of("ui.notice.bad_id"))
        waiting = self._state.to_act
        if waiting is None:
            raise Refusal(Msg.of("core.game_over"))
        paused = self._paused(self._state)
        if waiting != self.human and (paused is None or paused.id != action_id):
            raise Refusal(Msg.of("core.not_your_turn"))
        try:
            state = self.game.apply(self._state, action_id)
        except IllegalAction as err:
            raise Refusal(err.msg) from None
        self._play(state)

    def _select(self, content: dict) -> None:
        """Tell the front end whether the selected cards make a legal move, and which."""
        cards = content.get("cards")
        if (not isinstance(cards, list) or len(cards) > MAX_SELECTION
                or not all(isinstance(c, str) for c in cards) or len(set(cards)) != len(cards)):
            raise Refusal(Msg.of("ui.notice.bad_cards"))
        if self._state.to_act != self.human or not self.view.get("select"):
            raise Refusal(Msg.of("ui.notice.no_selection"))
        action_id, text = self.adapter.check(self._state, tuple(cards), self.lang)
        self._commit(selection={"cards": cards, "ok": action_id is not None, "action": action_id, "text": text})

    def _new(self, content: dict) -> None:
        """A new game (a new deal in single-deal games): the deal of a typed code, or a fresh one."""
        self._start(deal_code(content.get("seed")))

    def _level(self, content: dict) -> None:
        """Switch the computer players' level (Low / High): new players from their next move, said in the log."""
        level = content.get("level")
        if level not in LEVELS:
            raise Refusal(Msg.of("ui.notice.bad_level"))
        self._set_level(level)
        self._events.append(Msg.of("ui.log.level", level=Msg.of(f"ui.level.{level}")))
        self._clear_notice()
        self._render()

    def _hint(self, content: dict) -> None:
        """Rank the human's legal moves with the High player, from the human's view only."""
        if self._state.to_act != self.human:
            raise Refusal(Msg.of("core.not_your_turn"))
        legal = self.game.legal_actions(self._state)
        view = self.game.observe(self._state, self.human)
        adviser = self._make_player("high", self.human)  # the High player, seated where the human sits
        rows = adviser.explain(self.game, view, legal)[:HINT_ROWS]  # best first, the first being High's own choice
        self.hints += 1
        self._hint_rows = [{"id": r["id"], "label": self.adapter.label(self.game.action(r["id"]), self.lang),
                            "reason": r["message"].text(self.lang)} for r in rows]
        self._clear_notice()
        self._commit(hint=self._hint_rows, view={**self.view, "hints": self._hints_text()})

    def _hints_text(self) -> str:
        """'Hints used: n' in the page language."""
        return t("table.hints_used", self.lang, n=self.hints)

    def _skip(self, content: dict) -> None:
        """The player skipped the animation: nothing left to animate."""
        self._commit(steps=[])

    # --- the game ------------------------------------------------------------------------------
    def _set_level(self, level: str) -> None:
        """Make the computer players of ``level``."""
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}.")
        self.level = level
        self._players = {s: self._fixed[s] if s in self._fixed else self._make_player(level, s)
                         for s in range(self.game.num_players) if s != self.human}

    def _start(self, seed: int | None) -> None:
        """Deal a new game and play the computer turns up to the human's first decision.

        ``seed`` None draws a fresh deal whose code stays in the kernel until the game is over.
        """
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self._events = [Msg.of("ui.log.new_game") if seed is None else Msg.of("ui.log.new_game_code", code=str(seed))]
        self._known = set()
        self._deal_points: list[Event] = []  # the points events of the deal in play (for its summary)
        self.hints = 0
        self._play(self.game.new(self.seed))

    def _play(self, state: Any) -> None:
        """Commit ``state``, let computers move until the human must act, and sync the steps."""
        steps = [self._step(state)]
        self.thinking = 0.0
        while state.to_act is not None and state.to_act != self.human and len(steps) < MAX_STEPS:
            seat = state.to_act
            legal = self.game.legal_actions(state)
            if self.adapter.pause(legal) is not None:
                break
            view = self.game.observe(state, seat)
            began = time.perf_counter()
            action = self._players[seat].choose(self.game, view, legal)
            self.thinking += time.perf_counter() - began
            state = self.game.apply(state, action)
            steps.append(self._step(state))
        self._state = state
        self._hint_rows = []
        with self.hold_sync():
            self._clear_notice()
            self._commit(view=steps[-1]["view"], log=self._log_lines(), steps=steps if len(steps) > 1 else [],
                         selection={}, hint=[], seq=self.seq + 1)

    def _step(self, state: Any) -> dict[str, Any]:
        """One animation step: the human's snapshot after a transition and its log lines (the deal
        code last, once the game is over)."""
        for event in state.events:  # before the snapshot: its deal summary counts these points
            if event.kind == "deal":
                self._deal_points = []
            elif event.kind == "points":
                self._deal_points.append(event)
        view = self._snapshot(state)
        lines = []
        for event in state.events:
            line = self._line(event)
            if line:
                self._events.append(event)
                lines.append(line)
        if state.to_act is None:
            self._events.append(Msg.of("ui.log.replay", code=str(self.seed)))
            lines.append(self._events[-1].text(self.lang))
        return {"view": view, "lines": lines}

    def _paused(self, state: Any) -> Any:
        """The computer seat's only move left for the human to trigger ('Next deal'), or None."""
        if state.to_act is None or state.to_act == self.human:
            return None
        return self.adapter.pause(self.game.legal_actions(state))

    # --- rendering -----------------------------------------------------------------------------
    def _name(self, seat: int | None) -> str:
        """A seat's name in the current language: "You" for the human, "Computer n" for the others."""
        return "" if seat is None else str(i18n.seat_name(seat, self.lang, reader=self.human))

    def _line(self, event: Event) -> str:
        """A log line for an event, or '' when it would tell a card the human may not see."""
        if not set(event.cards) <= self._known:
            return ""
        text = self.game.describe(event).text(self.lang, reader=self.human)
        pattern, names = _name_pattern(self.game.pack, self.adapter.pack, self.lang)
        if any(names[m.group(1)] not in self._known for m in pattern.finditer(text)):
            return ""
        return text

    def _log_lines(self) -> list[str]:
        """The last log lines in the current language."""
        lines = []
        for item in self._events[-LOG_LINES:]:
            text = item.text(self.lang) if isinstance(item, Msg) else self._line(item)
            if text:
                lines.append(text)
        return lines

    def _snapshot(self, state: Any) -> dict[str, Any]:
        """The whole table as plain JSON from the human's View only."""
        a, lang, game = self.adapter, self.lang, self.game
        view = game.observe(state, self.human)
        self._known |= card_ids(jsonable(view), self._pack_ids)
        mine = state.to_act == self.human
        paused = self._paused(state)
        legal = game.legal_actions(state) if mine else (paused,) if paused is not None else ()
        ending = self.adapter.pause(legal)  # the deal is over: 'Next deal', whoever deals next
        mine = mine and ending is None
        listed = a.listed(legal)
        clicks = {a.card_of(x): x.id for x in listed if a.card_of(x) is not None}
        counts, scores, tags = a.counts(view), a.scores(view, lang), a.tags(view, lang)
        playing = None if ending is not None else state.to_act  # nobody plays between two deals
        seats = [{"seat": s, "name": self._name(s), "level": "" if s == self.human else t(f"level.{self.level}", lang),
                  "count": counts[s], "score": scores[s] if scores else "", "tag": tags.get(s, ""),
                  "turn": playing == s} for s in range(game.num_players)]
        why = self._why_not(state, view, clicks) if mine else {}
        select = self._selecting(state, view, legal) if mine else None
        hand = [{**card, "action": clicks.get(card["id"]), "why": why.get(card["id"], "")}
                for card in a.cards(a.hand(view), lang)]
        center = [self._group(c) for c in a.center(view, lang)]
        extras = [self._extra(e) for e in a.extras(view, lang)]
        over = state.to_act is None
        result = self._result(state) if over else None
        if over:
            status = t("status.over", lang)
        elif ending is not None:
            status = t("status.deal_over", lang)
        elif mine:
            status = t("status.your_turn", lang)
        else:
            status = t("status.waiting", lang, name=self._name(state.to_act))
        return {
            "game": game.name, "pack": a.pack, "me": self.human, "seats": seats, "hand": hand,
            "center": center, "extras": extras, "info": a.info(view, lang), "status": status,
            "actions": [{"id": x.id, "label": a.label(x, lang)} for x in a.buttons(listed)],
            "select": select,
            "over": over,
            "summary": self._summary(state, view, seats, result, ending) if over or ending is not None else None,
            "hints": self._hints_text(), "mine": mine,
            "help": (a.help(view, legal, lang) or ("" if select else next(iter(why.values()), ""))) if mine else "",
        }

    def _group(self, group: dict[str, Any]) -> dict[str, Any]:
        """One group of the middle for the page: cards of a seat, or a trick column (``plays``) with names."""
        out = {"seat": group.get("seat"), "name": group.get("title") or self._name(group.get("seat")),
               "note": group.get("note", ""), "cards": self.adapter.cards(group.get("cards", ()), self.lang)}
        if "plays" in group:
            out["column"] = True
            out["plays"] = [{"name": self._name(seat), "card": self.adapter.cards([card], self.lang)[0]}
                            for seat, card in group["plays"]]
        return out

    def _why_not(self, state: Any, view: Any, clicks: dict[str, str]) -> dict[str, str]:
        """Card id -> the engine's reason it cannot be chosen now, for the human's cards without a move.

        A card played by a click asks the engine why its play is illegal; a selection asks whether
        the card alone is refused for itself (a King in a Tarot discard), not for the count. A reason
        that names a card the human has not seen is left out, even as a word of the rule (the
        page's leak scans cannot tell "the Excuse" of a rule sentence from a revealed card)."""
        reasons: dict[str, Msg] = {}
        selecting = self.adapter.selecting(view, self.game.legal_actions(state), self.lang) is not None
        for card in self.adapter.hand(view):
            if card in clicks:
                continue
            if selecting:
                _, reason = self.game.check_selection(state, (card,))
                if reason is not None and dict(reason.params).get("card") == card:
                    reasons[card] = reason
            elif self.adapter.click_plays:
                reason = self.game.explain_illegal(state, self.game.coerce(f"play:{card}"))
                if reason is not None:
                    reasons[card] = reason
        texts = {card: msg.text(self.lang, reader=self.human) for card, msg in reasons.items()}
        return {card: text for card, text in texts.items() if cards_shown(text, self) <= self._known}

    def _extra(self, extra: dict[str, Any]) -> dict[str, Any]:
        """One public card group beside the middle for the page; a finished round keeps its ``plays``
        (each seat's cards, or a note such as 'passes') so that the player can review it."""
        out = {"label": extra["label"], "cards": self.adapter.cards(extra["cards"], self.lang),
               "small": extra.get("small", False)}
        if "plays" in extra:
            out["plays"] = [{"name": self._name(seat), "cards": self.adapter.cards(cards, self.lang), "note": note}
                            for seat, cards, note in extra["plays"]]
        return out

    def _summary(self, state: Any, view: Any, seats: list[dict[str, Any]], result: dict[str, Any] | None,
                 ending: Any) -> dict[str, Any]:
        """The deal's end told on the felt: who won (the title), a table of each seat's points by
        source (and the running score in a match), the result's remaining items, the hints used,
        the deal code once the game is over, and the one button to go on (``ending``, the
        'Next deal' move, else a new game)."""
        sources: list[str] = []
        points: dict[tuple[int, str], float] = {}
        for event in self._deal_points:
            if event.source not in sources:
                sources.append(event.source)
            points[event.seat, event.source] = points.get((event.seat, event.source), 0) + event.amount
        rows = [{"name": s["name"],
                 "cells": [self._signed(points[s["seat"], src]) if (s["seat"], src) in points else "" for src in sources],
                 "total": self._signed(sum(points.get((s["seat"], src), 0) for src in sources)),
                 "score": s["score"] if self.adapter.running_score else ""} for s in seats]
        names = {s["seat"]: s["name"] for s in seats}
        notes = [{"name": names.get(item["seat"], ""), "label": item["label"], "amount": item["amount"]}
                 for item in (self.adapter.notes(result) if result else [])]
        return {"title": self.adapter.verdict(view, self.game.result(state), self._deal_points, self.lang, self.human),
                "sources": [self._source(src) for src in sources], "rows": rows, "notes": notes,
                "hints": self._hints_text(), "replay": result["replay"] if result else "",
                "go": {"id": ending.id, "label": self.adapter.label(ending, self.lang)} if ending is not None else None}

    def _signed(self, amount: float) -> str:
        """Points won or lost, with their sign (+3, -20), in the page language."""
        return i18n.number(i18n.Signed(amount), self.lang) if amount else "0"

    def _source(self, source: str) -> str:
        """A scoring source's name in the page language (the game's ``<game>.source.*`` words)."""
        key = f"{self.game.name}.source.{source}"
        return i18n.translate(key, self.lang) if i18n.has(key) else source

    def _selecting(self, state: Any, view: Any, legal: Any) -> dict[str, Any] | None:
        """The selection panel's texts and the engine's ready-made selections, when selecting."""
        select = self.adapter.selecting(view, legal, self.lang)
        if select is None:
            return None
        presets = [{"label": p["label"], "cards": list(p["cards"])} for p in self.adapter.presets(state, self.lang)]
        return {**select, "presets": presets}

    def _result(self, state: Any) -> dict[str, Any] | None:
        """The adapter's end-of-game summary in the human's words, and the deal code."""
        result = self.adapter.result(state, self.lang, reader=self.human)
        if result is not None:
            result["replay"] = Msg.of("ui.log.replay", code=str(self.seed)).text(self.lang)
        return result

    def _render(self) -> None:
        """Re-render the current state (after a language or level change), without animation."""
        self._commit(view=self._snapshot(self._state), log=self._log_lines(), steps=[], hint=[])

    def _commit(self, **parts: Any) -> None:
        """Replace parts of the frame in one trait change (the page's one commit signal)."""
        self.frame = {**self.frame, **parts}

    def _on_settings(self, look: dict[str, Any], lang_changed: bool) -> None:
        """Follow the shared settings; a new language re-renders every word."""
        self.look = look
        if not lang_changed:
            return
        self._lang = look["lang"]
        with self.hold_sync():
            self.texts = ui_texts("table", self.lang)
            self._render()
            if self._notice is not None:
                self.notice = self._notice.text(self.lang)
            if self.selection and self.view.get("select"):
                self._select({"cards": self.selection["cards"]})

    def _set_notice(self, msg: Msg) -> None:
        """Show a refusal on the table."""
        self._notice = msg
        self.notice = msg.text(self.lang)

    def _clear_notice(self) -> None:
        """Remove the notice after an accepted intent."""
        self._notice = None
        self.notice = ""
