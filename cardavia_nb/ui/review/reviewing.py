"""The table after a deal: the deal's record as a file, a record opened from a file, the replay, the review.

Every intent here first checks that the deal in play is over: before that nothing of the record,
the replay or High's judgements is built, so nothing of it can reach the page. A record the page
sends is text only; the kernel parses and replays it (``Record.from_json``, ``core.record.replay``)
and a bad one is refused in one sentence, changing nothing. The review (``cardavia_nb.review``)
runs after the deal in a thread, or between the page's messages where Python has no threads (the static
site: ``ui.background.in_steps``): each judgement is streamed as it is made, so the page stays responsive
and shows progress; a new game or review stops it (a generation counter). The page gets two traits: ``review``
(the replay: its frame, the deal's lines and jumps, High's line on the same cards) and ``judge`` (the
judgements: the mistakes, and apart from them the moves only worth a look, whose loss the worlds could not
settle); a judgement sends ``judge`` alone, since nothing of the replay changes while judging.
Once a deal is over, High also plays it again in the player's seat for the summary (``ui.same_cards``).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any, Callable

from cardavia_nb import i18n
from cardavia_nb.core.record import MAX_BYTES, Record, RecordError, replay, result_data
from cardavia_nb.core.text import Msg
from cardavia_nb.core.steps import Steps
from cardavia_nb.review import Judgement, Review
from cardavia_nb.players.seats import rebuilt, walk
from cardavia_nb.review.judge import playout_level, worst_first
from cardavia_nb.review.report import SameCards, human_seat, reviewing, same_opponents
from cardavia_nb.review.units import UNITS, scaled
from cardavia_nb.review.words import loss_words
from cardavia_nb.ui.background import in_steps
from cardavia_nb.ui.disclosure import leaving, may_leave
from cardavia_nb.ui.review.find_it_yourself import verdict
from cardavia_nb.ui.refusal import Refusal
from cardavia_nb.ui.review.replay import Replay, frame, jumps, lines, replay_of
from cardavia_nb.ui.review import same_cards
from cardavia_nb.ui.review.same_cards import SameCardsLine
from cardavia_nb.ui.table.companion import Companion

log = logging.getLogger("cardavia_nb.ui")

WORLDS = 64  # the most worlds drawn per judged decision at the table (p95 within the targets: benchmarks/review_time.py)
# What practice keeps aside of a review, and gives back as it was.
REVIEW_KEEPS = ("replay", "step", "faceup", "open", "judged", "done", "failed", "decisions", "tried", "revealed", "same")


def deal_record(table: Any) -> Record:
    """The record of the deal just finished: the whole game (Pao De Kuai, Tarot), or the last deal of
    the Truco match (its deal written out, its moves; no seed, which would tell the next deals)."""
    game, state = table.game, table.state
    if not game.deal_over(state):
        raise Refusal(Msg.of("ui.review.not_over"))
    record = table.record()
    moves = game.deal_moves(state)
    if moves is not None:  # a match: its last deal alone
        record = replace(record, seed=0, actions=moves, setup=game.deal_setup(state), result=result_data(game, state))
    return record


def opened(table: Any, text: Any) -> Record:
    """A record the page sent as text, parsed and replayed under the table's game (a finished deal)."""
    if not isinstance(text, str):
        raise Refusal(Msg.of("record.not_json"))
    if len(text) > MAX_BYTES:
        raise Refusal(Msg.of("record.too_big", size=len(text)))
    try:
        record = Record.from_json(text)
        final = replay(table.game, record)
    except RecordError as err:
        raise Refusal(err.msg) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # a deal the engine cannot read
        raise Refusal(Msg.of("record.bad_deal")) from None
    if not table.game.deal_over(final):
        raise Refusal(Msg.of("ui.review.unfinished"))
    return record


def file_name(game: str, when: datetime) -> str:
    """The record file's name: the game and the date and time (UTC)."""
    return f"cardavia-{game}-{when:%Y-%m-%d-%H%M}.json"


def amount(unit: str, value: float, lang: str, signed: bool = False) -> str:
    """A loss in the game's unit as the page writes it (``scaled``), with its sign when asked."""
    shown = scaled(unit, value)
    return i18n.number(i18n.Signed(shown) if signed and shown else shown, lang)


def in_unit(unit: str, value: float, words: Any) -> str:
    """An amount with the game's unit in words: "5.6 points of match chance", "12 points"."""
    key = "ui.review.cost_chance" if unit == "match_chance" else "ui.review.cost_points"
    return words.text(Msg.of(key, n=scaled(unit, value)))


def outcome(unit: str, value: float, lang: str) -> str:
    """What a deal gave: a chance of winning the match as a percent (Truco), else points with their sign."""
    if unit == "match_chance":
        return f"{amount(unit, value, lang)}%"
    return amount(unit, value, lang, signed=True)


class Reviewing(Companion):
    """The review side of one table: its intents, the replay's position, the judgements heard so far. It follows
    practice deals too (their end shows the practice's banner, not a High line)."""

    worlds = WORLDS
    follows_practice = True

    def __init__(self, table: Any, push: Callable[..., None]):
        self.table = table
        self._push = push  # sets the table's ``review`` and ``judge`` traits given by name, in one message
        self._lock = threading.RLock()
        self._generation = 0
        self.thread: threading.Thread | None = None
        self.kept: dict[str, Any] | None = None  # in practice: the game in play and this review, kept aside
        self.same = SameCardsLine(self.render)  # the summary's line of High on the same cards
        self._clear()

    def _clear(self) -> None:
        """Nothing reviewed."""
        self.replay: Replay | None = None
        self.step, self.faceup, self.open = 0, False, False
        self.judged: list[Judgement] = []
        self.done: Review | None = None
        self.failed = False
        self.decisions = 0
        # step -> the move tried there, its verdict, its gain, its loss and that loss's margin (``find_it_yourself``)
        self.tried: dict[int, tuple[str, str, float, float, float]] = {}
        self.revealed: set[int] = set()  # steps whose High move the learner asked to see

    def intents(self) -> dict[str, Callable[[dict], None]]:
        """The table's handlers for the review intents."""
        return {"download": self._download, "open_record": self._open_record, "review": self._review,
                "replay": self._move, "close_review": self._close, "try": self._try, "reveal": self._reveal,
                "take_over": self._take_over, "back_to_review": self._back}

    @property
    def practising(self) -> bool:
        """Whether the table plays a practice deal taken over from the review."""
        return self.kept is not None

    def reset(self) -> None:
        """A new game: forget the review (a running one is no longer heard)."""
        with self._lock:
            self._generation += 1
            self._clear()
            self.same.forget()
            self.render()  # nothing, or the practice's banner

    def deal_ended(self, table: Any) -> None:
        """A deal is over (not a practice deal, and against computer players the record names): High plays it
        again in the player's seat while the summary is read."""
        if not same_cards.wanted() or self.practising or not table.moves:
            return  # a table set at a finished position (a board's replay) has no deal of its own to replay
        try:
            record = deal_record(table)
        except ValueError:  # a table set at a position inside a deal: no whole deal to play again
            return
        if same_opponents(record, table.human):
            self.same.start(record, table.human, table.game.deal_points(table.state))
            self.render()

    # --- intents ------------------------------------------------------------------------------
    def _download(self, content: dict) -> None:
        """Send the page the record of the deal just finished, as a file to save (a class deal's without the
        set's seeds: ``ui.disclosure``)."""
        table = self.table
        may_leave(over=table.game.deal_over(table.state), practice=self.practising)
        # a table set at a finished position (the board's replay of a student's deal) has no deal of its own:
        # its file is the record it opened
        shown = self.replay.record if not table.moves and self.replay is not None else deal_record(table)
        record = leaving(shown, apart=table.session.secret)
        self.table._clear_notice()
        self.table.send({"type": "download", "name": file_name(record.game, datetime.now(timezone.utc)),
                         "text": record.to_json()})

    def _open_record(self, content: dict) -> None:
        """Open a record the player chose or pasted in the review (the deal in play must be over): its replay
        shows the page only what the page sent, a finished deal (``opened``)."""
        may_leave(over=self.table.game.deal_over(self.table.state), practice=self.practising)
        self._start(opened(self.table, content.get("text")))

    def _review(self, content: dict) -> None:
        """Review the deal just finished: the replay at its first move, and the judgements begun. Asked again for
        the same deal, the review made (or being made) opens again at its first move, its tries and reveals
        kept: nothing is judged twice."""
        may_leave(over=self.table.game.deal_over(self.table.state), practice=self.practising)
        record = deal_record(self.table)
        with self._lock:
            if self.replay is not None and self.replay.record == record and not self.failed:
                self.step, self.open = 0, True
                self.table._clear_notice()
                self.render()
                return
        self._start(record, self.table.human)  # at a room's table, this person's own decisions

    def _move(self, content: dict) -> None:
        """Move the replay to a step (``step``) and show or hide the other hands (``faceup``)."""
        self._need_replay()
        step, faceup = content.get("step", self.step), content.get("faceup", self.faceup)
        if type(step) is not int or not 0 <= step <= self.replay.last or type(faceup) is not bool:
            raise Refusal(Msg.of("ui.review.bad_step", last=self.replay.last))
        with self._lock:
            self.step, self.faceup, self.open = step, faceup, True
            self.table._clear_notice()
            self.render()

    def _close(self, content: dict) -> None:
        """Back to the deal's summary (the review is kept for the next Review)."""
        self._need_replay()
        with self._lock:
            self.open = False
            self.table._clear_notice()
            self.render()

    def _mistake(self, content: dict) -> Judgement:
        """The mistake, or the move worth a look, at the intent's ``step`` (refused unless the review has listed
        one there)."""
        self._need_replay()
        step = content.get("step")
        found = [j for j in (*self._mistakes(), *self._looks()) if type(step) is int and j.step == step]
        if not found:
            raise Refusal(Msg.of("ui.review.no_mistake"))
        return found[0]

    def _try(self, content: dict) -> None:
        """Find it yourself first: judge the move the learner tries at a mistake (or a move worth a look), on the
        review's own worlds, with the record's players whose calls those worlds read."""
        mistake = self._mistake(content)
        tried = content.get("id")
        replay, game = self.replay, self.table.game
        state = replay.states[mistake.step]
        if not isinstance(tried, str) or tried not in {a.id for a in game.legal_actions(state)}:
            raise Refusal(Msg.of("ui.review.not_legal"))
        kind, gain, loss, margin = verdict(game, game.observe(state, replay.seat), mistake, tried, self.worlds,
                                           replay.record.seed, rebuilt(replay.record))
        with self._lock:
            self.tried[mistake.step] = (tried, kind, gain, loss, margin)
            self.table._clear_notice()
            self.render()

    def _reveal(self, content: dict) -> None:
        """Show High's move at a mistake or a move worth a look (the learner gave up finding it)."""
        mistake = self._mistake(content)
        with self._lock:
            self.revealed.add(mistake.step)
            self.table._clear_notice()
            self.render()

    def _take_over(self, content: dict) -> None:
        """Take over from a move of the replay: the same cards, the same computer players rebuilt with
        their memories (``seats.walk``), as practice; the game in play and the review wait aside."""
        self._need_replay()
        if not self.open:  # the page offers it in the open review only
            raise Refusal(Msg.of("ui.review.nothing"))
        replay, game, table = self.replay, self.table.game, self.table
        step = content.get("step")
        if type(step) is not int or not 0 <= step <= replay.last or game.deal_over(replay.states[step]):
            raise Refusal(Msg.of("ui.review.bad_step", last=replay.last))
        if self.done is None:
            raise Refusal(Msg.of("ui.review.wait"))
        players = rebuilt(replay.record)
        seats = [s for s in range(game.num_players) if s != table.human]
        if replay.seat != table.human or len(players) != game.num_players or any(players[s] is None for s in seats):
            raise Refusal(Msg.of("ui.review.no_players"))
        try:
            state = walk(game, replay.record, players, upto=step)
        except RecordError as err:
            raise Refusal(err.msg) from None
        mine = {name: getattr(self, name) for name in REVIEW_KEEPS}
        self.kept, self.same = {"from": step}, SameCardsLine(self.render)  # practising from here: no High line at its end
        kept = table.practise(state, {s: players[s] for s in seats}, Msg.of("ui.review.practice_log", n=step))
        self.kept = {"table": kept, "review": mine, "from": step}  # after practise: its new game reset the review
        self.render()

    def _back(self, content: dict) -> None:
        """Back to the review: the practice deal is dropped, the game and the review are as they were."""
        if self.kept is None:
            raise Refusal(Msg.of("ui.review.no_practice"))
        kept, self.kept = self.kept, None
        with self._lock:
            self._generation += 1
            for name, value in kept["review"].items():
                setattr(self, name, value)
            self.open = True
            self.table.unpractise(kept["table"])
            self.render()

    def _need_replay(self) -> None:
        """Refuse a replay intent when no review is open on a finished deal."""
        if self.practising:
            raise Refusal(Msg.of("ui.review.in_practice"))
        if self.replay is None or not self.table.game.deal_over(self.table.state):
            raise Refusal(Msg.of("ui.review.nothing"))

    # --- the review ---------------------------------------------------------------------------
    def _start(self, record: Record, seat: int | None = None) -> None:
        """Show ``record``'s replay at its first move and judge ``seat``'s decisions (by default the seat a person
        played: a record can name several, a room's) in the background."""
        table = self.table
        seat = human_seat(record) if seat is None else seat
        with self._lock:
            self._generation += 1
            self._clear()
            self.replay = replay_of(table.game, table.adapter, record, seat)
            self.decisions = sum(1 for s in self.replay.states[:-1] if s.to_act == seat
                                 and len(table.game.legal_actions(s)) > 1)
            self.open = True
            table._clear_notice()
            self.render()
            generation = self._generation
        self.thread = in_steps(self._judge(record, seat, generation), lambda: generation == self._generation)

    def _judge(self, record: Record, seat: int, generation: int) -> Steps[None]:
        """The review as steps, streaming each judgement while this review is still the table's."""
        def heard(judgement: Judgement) -> None:
            with self._lock:
                if generation == self._generation:
                    self.judged.append(judgement)
                    self._render_judgements()

        try:
            done = yield from reviewing(record, seat=seat, worlds=self.worlds,
                                        duplicate=same_opponents(record, seat),
                                        on_judged=heard, played_again=self.played_again(record))
        except Exception:  # the page hears that the review failed, the server log has why
            log.exception("The review of a %s record failed", record.game)
            done = None
        with self._lock:
            if generation == self._generation:
                self.done, self.failed = done, done is None
                self._render_judgements()

    def played_again(self, record: Record) -> Callable[[], SameCards | None] | None:
        """High's deal on the same cards from the summary's line when that line is of ``record``: a
        review (this one, or the class's, ui/classroom/student.py) waits for it instead of playing the deal a second time."""
        same = self.same
        if same.record != record:
            return None

        def played() -> SameCards | None:
            same.wait()
            return same.high if same.record == record else None
        return played

    def _mistakes(self) -> list[Judgement]:
        """The mistakes known now, worst first (the finished review's, or those judged so far)."""
        if self.done is not None:
            return list(self.done.mistakes)
        return list(worst_first(self.judged))

    def _looks(self) -> list[Judgement]:
        """The moves worth a look known now (a loss above the threshold the worlds could not settle), worst first."""
        if self.done is not None:
            return list(self.done.looks)
        return list(worst_first(self.judged, "look"))

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the running review and High's play on the same cards to finish (notebooks and tests)."""
        if self.thread is not None:
            self.thread.join(timeout)
        self.same.wait(timeout)

    # --- rendering -----------------------------------------------------------------------------
    def render(self) -> None:
        """The ``review`` and ``judge`` traits from what is known now, in the page language."""
        with self._lock:
            if self.kept is not None:
                practice = self.table._words().text(Msg.of("ui.review.practice", n=self.kept["from"]))
                self._push(review={"practice": practice}, judge={})
                return
            words = self.table._words()
            same = self.same.line(words)
            shown = {"same": same} if same else {}  # the summary's line of High on the same cards
            if self.replay is None:
                self._push(review=shown, judge={})
                return
            replay = self.replay
            self._push(review={"open": self.open, "replay": frame(replay, self.step, words, self.faceup),
                               "lines": lines(replay, words), "jumps": jumps(replay, words), **shown},
                       judge=self._judgements(words))

    def _render_judgements(self) -> None:
        """The ``judge`` trait alone, after a judgement or the review's end: the replay shown has not changed."""
        with self._lock:
            if self.kept is None and self.replay is not None:
                self._push(judge=self._judgements(self.table._words()))

    def _judgements(self, words: Any) -> dict[str, Any]:
        """The judgements for the page: progress, the summary line, the mistakes worst first, apart from them the
        moves worth a look (the same rule for what may be shown: High's move only once tried or asked), hindsight."""
        game, lang, unit = self.table.game, words.lang, (self.done.unit if self.done else "")
        unit = unit or UNITS.get(game.name, "points")  # a game of the caller's own judges in points
        done = self.done
        judged = list(done.decisions) if done else self.judged
        mistakes, looks = self._mistakes(), self._looks()
        label = self.table.adapter.label

        def row(j: Judgement, loss: str = "ui.review.loss") -> dict[str, Any]:
            shown = j.step in self.revealed or j.step in self.tried  # High's move only once the learner tried or asked
            tried = self.tried.get(j.step)
            legal = game.legal_actions(self.replay.states[j.step])
            return {"step": j.step, "where": words.text(Msg.of("ui.review.move", n=j.step + 1)),
                    "played": label(game.action(j.played), lang), "best": label(game.action(j.best), lang) if shown else "",
                    "loss": words.text(Msg.of(loss, loss=loss_words(unit, j.loss, j.margin))),
                    "reason": j.reason.text(lang) if j.reason is not None and shown else "",
                    "options": [] if shown else [{"id": a.id, "label": label(a, lang)} for a in legal if a.id != j.played],
                    "tried": words.text(Msg.of(f"ui.review.try_{tried[1]}", gain=in_unit(unit, tried[2], words),
                                               loss=loss_words(unit, tried[3], tried[4]))) if tried else "",
                    "tried_move": label(game.action(tried[0]), lang) if tried else ""}

        progress = Msg.of("ui.notice.failed") if self.failed else Msg.of("ui.review.progress", done=len(judged),
                                                                              total=self.decisions)
        out: dict[str, Any] = {
            "done": done is not None,
            "progress": words.text(progress),
            "mistakes": [row(j) for j in mistakes], "looks": [row(j, "ui.review.look_loss") for j in looks],
            "summary": "", "hindsight": [], "high": "",
            "method": words.text(Msg.of(f"review.method.{done.playout if done else playout_level(game)}"))}
        if done is None:
            return out
        cost = in_unit(unit, done.cost, words)
        out["summary"] = words.text(Msg.of("ui.review.summary", n=len(done.mistakes), cost=cost) if done.mistakes
                                    else Msg.of("ui.review.unsure") if done.looks else Msg.of("ui.review.clean"))
        if done.looks:  # counted apart, never as mistakes
            out["summary"] += " " + words.text(Msg.of("ui.review.looks", n=len(done.looks)))
        out["hindsight"] = [words.text(Msg.of("ui.review.hindsight", move=h.step + 1,
                                              best=outcome(unit, h.best_gave, lang),
                                              played=outcome(unit, h.played_gave, lang)))
                            for h in done.hindsight]
        if done.high_score is not None and done.score is not None:
            out["high"] = words.text(Msg.of(f"ui.review.high_{unit}", high=outcome(unit, done.high_score, lang),
                                            you=outcome(unit, done.score, lang)))
        return out


__all__ = ["Reviewing", "WORLDS", "amount", "deal_record", "file_name", "in_unit", "opened", "outcome", "scaled"]
