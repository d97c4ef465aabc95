"""Truco lesson panels: one demo or quiz per rule step, every rule answered by the engine.

The panels only choose positions (the spec's worked examples), keep the learner's clicks and put
the engine's answers into words of the page language: trick winners, envido values, the points of
an envido chain or a truco call, who may raise, the end of a match, and the High player's reasons.
Demo seats are "Player A" (seat 0) and "Player B" (seat 1); both hands are shown face up.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from cardavia_nb import i18n
from cardavia_nb.core.cards import deck
from cardavia_nb.core.game import Event
from cardavia_nb.games.truco import (
    PARDA, POWER, Truco, TrucoState, chain_accepted, chain_refused, deal_winner, envido_value,
    malas_buenas, trick_winner,
)
from cardavia_nb.games.truco.engine import AWAIT_TRUCO, DEAL_OVER
from cardavia_nb.i18n.cards import card_name
from cardavia_nb.players.truco import HighPlayer, LowPlayer
from cardavia_nb.traditions import by_game
from cardavia_nb.ui.panel import Panel, Quiz, buttons, cards, md, note, number, table
from cardavia_nb.ui.settings import Settings

GAME = Truco()
PACK = "spanish"
DECK = tuple(c.id for c in deck("spanish40"))
SUIT = {c.id: c.suit for c in deck("spanish40")}
SEATS = ("a", "b")
STEPS = 9
TOP_SCORE = 29  # the highest score a deal can start with


def say(key: str, lang: str, **params: Any) -> str:
    """A lesson text of Truco in ``lang`` (``card*`` parameters become card names)."""
    return i18n.translate(f"truco.lesson.{key}", lang, **params)


def seat_name(seat: int, lang: str) -> str:
    """A demo seat's name: Player A (seat 0) or Player B (seat 1)."""
    return say(f"seat_{SEATS[seat]}", lang)


def log_line(event: Event, lang: str) -> str:
    """The engine's sentence for an event, with "Seat N" replaced by the demo seat's name."""
    word = i18n.translate("ui.log.seat_word", lang)
    pattern = re.compile(r"(?<!\w)" + re.escape(word) + r" ([01])(?!\w)", re.IGNORECASE)
    return pattern.sub(lambda m: seat_name(int(m.group(1)), lang), GAME.describe(event, lang))


def bullets(lines: Sequence[str]) -> dict:
    """A Markdown bullet list block."""
    return md("\n".join(f"- {line}" for line in lines))


def play_out(setup: dict[str, Any], ids: Sequence[str]) -> list[TrucoState]:
    """Every state of a deal from its setup through each move id (the engine checks each move)."""
    states = [GAME.new(**setup)]
    for action_id in ids:
        states.append(GAME.apply(states[-1], action_id))
    return states


def points_event(state: TrucoState) -> Event | None:
    """The points award among the events of the last move, if it gave points."""
    return next((e for e in state.events if e.kind == "points"), None)


def points_after(state: TrucoState, action_id: str) -> Event | None:
    """The points event the engine would produce if ``action_id`` were played now."""
    return points_event(GAME.apply(state, action_id))


def fixture(hands: tuple[str, str], scores: tuple[int, int] = (0, 0), dealer: int = 1) -> dict[str, Any]:
    """A deal setup: two hands written as "1E 7C 5C", the scores, the dealer (Player B by default)."""
    return {"seed": 0, "hands": [h.split() for h in hands], "dealer": dealer, "scores": list(scores)}


# --- the board of a demo deal ------------------------------------------------------------------

def seat_title(state: TrucoState, seat: int, lang: str, score: bool = True) -> str:
    """"**Player A** · mano · score 12 (12 malas)", or without the score."""
    name, role = seat_name(seat, lang), role_of(state, seat, lang)
    if not score:
        return say("seat_role", lang, name=name, role=role)
    n = state.scores[seat]
    return say("seat_title", lang, name=name, role=role, n=n, words=malas_buenas(n, lang))


def role_of(state: TrucoState, seat: int, lang: str) -> str:
    """"mano" or "dealer (pie)"."""
    return say("mano" if seat == state.mano else "dealer", lang)


def trick_rows(state: TrucoState, lang: str) -> list[dict]:
    """The tricks of the deal so far as a table (who played what, who won), if any card was played."""
    view = GAME.observe(state, 0)
    rows = []
    for n, trick in enumerate(view.tricks, 1):
        result = say("parda", lang) if trick.parda else seat_name(trick.winner, lang)
        rows.append(_trick_row(n, trick.plays, result, lang))
    if view.trick_cards:
        rows.append(_trick_row(view.trick_no, view.trick_cards, "…", lang))
    if not rows:
        return []
    head = [say("col.trick", lang), say("col.led", lang), seat_name(0, lang), seat_name(1, lang),
            say("col.result", lang)]
    return [table(head, rows)]


def _trick_row(n: int, plays: Sequence[Any], result: str, lang: str) -> list[str]:
    """One row of the tricks table."""
    played = {p.seat: card_name(p.card, PACK, lang) for p in plays}
    return [str(n), seat_name(plays[0].seat, lang), played.get(0, ""), played.get(1, ""), result]


def board(state: TrucoState, lang: str, pick: bool = False, score: bool = True) -> list[dict]:
    """Both seats with their cards face up and the tricks; the seat to play may pick a card."""
    can_play = pick and any(a.kind == "play" for a in GAME.legal_actions(state))
    out: list[dict] = []
    for seat in (0, 1):
        out.append(md(seat_title(state, seat, lang, score)))
        out.append(cards(state.hands[seat], PACK, lang, block=f"hand-{seat}", pick=can_play and state.to_act == seat))
    return out + trick_rows(state, lang)


def status(state: TrucoState, lang: str) -> str:
    """Who acts now, or how the deal or match ended."""
    if state.to_act is None:
        return say("status.match_over", lang, a=state.scores[0], b=state.scores[1])
    if state.phase == DEAL_OVER:
        return say("status.deal_over", lang)
    return say("status.to_act", lang, name=seat_name(state.to_act, lang))


# --- introduction and steps --------------------------------------------------------------------

class Intro(Panel):
    """What Truco is, its card tradition, players, length, and a glossary of the words used."""

    def render(self, lang: str) -> list[dict]:
        """Title, tradition with a few of its cards, and the glossary."""
        tradition = by_game("truco")
        return [
            md(say("intro.text", lang, tradition=tradition.name(lang), place=tradition.place(lang),
                   count=tradition.card_count, used=len(DECK))),
            cards(tradition.sample, PACK, lang, block="tradition"),
            md(say("intro.glossary", lang)),
        ]


class Step(Panel):
    """A numbered rule step: its title and a short explanation."""

    def __init__(self, n: int, settings: Settings | None = None):
        if not 1 <= n <= STEPS:
            raise ValueError(f"Truco has steps 1 to {STEPS}, not {n!r}.")
        self.n = n
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Heading and text of the step."""
        return [md(f"## {self.n}. {say(f'step{self.n}.title', lang)}"), md(say(f"step{self.n}.text", lang))]


def step(n: int, settings: Settings | None = None) -> Step:
    """The text of rule step ``n`` (1-9, the sections of the seed text)."""
    return Step(n, settings)


class Heading(Panel):
    """A section heading and text that is not a numbered step (e.g. the table at the end)."""

    def __init__(self, name: str, settings: Settings | None = None):
        self.name = name
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Heading and text."""
        return [md(f"## {say(f'{self.name}.title', lang)}"), md(say(f"{self.name}.text", lang))]


# --- step 1: malas and buenas ------------------------------------------------------------------

class ScoreWords(Panel):
    """Type a score and see how it is said: malas up to 15, buenas after (the engine's words)."""

    def __init__(self, score: int = 17, settings: Settings | None = None):
        self.score = score
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The number field and the score in words."""
        return [md(say("score.intro", lang)),
                number("score", say("score.label", lang), self.score, 0, 30),
                note(say("score.shown", lang, n=self.score, words=malas_buenas(self.score, lang)), "info")]

    def handle(self, intent: str, content: dict) -> None:
        """A new score from 0 to 30."""
        if intent == "number" and content["id"] == "score":
            self.score = min(max(content["value"], 0), 30)


# --- step 2: the deck and the deal --------------------------------------------------------------

class Deck(Panel):
    """The 40 cards, one row per suit, and the ten cards of the full pack that Truco leaves out."""

    def render(self, lang: str) -> list[dict]:
        """Four suit rows, then the removed cards."""
        removed = [c.id for c in deck("spanish50") if c.id not in SUIT]
        out = [md(say("deck.intro", lang, count=len(DECK)))]
        for suit in dict.fromkeys(SUIT.values()):
            out.append(md(f"**{say('deck.suit', lang, suit=i18n.translate(f'cards.spanish.suit.{suit}', lang))}**"))
            out.append(cards([c for c in DECK if SUIT[c] == suit], PACK, lang, block=f"suit-{suit}"))
        out.append(note(say("deck.removed", lang, count=len(removed), full=len(removed) + len(DECK)), "info"))
        out.append(cards(removed, PACK, lang, block="removed",
                         marks={c: say("deck.removed_mark", lang) for c in removed}))
        return out


class Dealing(Panel):
    """Deal after deal from a seeded match: the dealer alternates and the other seat is mano."""

    def __init__(self, seed: int = 7, settings: Settings | None = None):
        self.seed = seed
        self.state = GAME.new(seed)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Who deals, who is mano, both hands, and the buttons."""
        s = self.state
        return [md(say("deal.intro", lang)),
                note(say("deal.now", lang, n=s.deal_no, dealer=seat_name(s.dealer, lang),
                         mano=seat_name(s.mano, lang)), "info"),
                *board(s, lang, score=False),
                buttons([("next", say("deal.next", lang)), ("shuffle", say("deal.shuffle", lang))])]

    def handle(self, intent: str, content: dict) -> None:
        """Next deal (the current one is abandoned by going to the deck) or a new match."""
        if intent != "press":
            return
        if content["id"] == "shuffle":
            self.seed += 1
            self.state = GAME.new(self.seed)
        elif content["id"] == "next":
            after = GAME.apply(self.state, "fold")
            self.state = GAME.apply(after, "next_deal") if after.to_act is not None else GAME.new(self.seed)


# --- step 3: ranking two cards -------------------------------------------------------------------

BY_POWER = tuple(sorted(DECK, key=lambda c: -POWER[c]))
TIERS = {p: i for i, p in enumerate(sorted(set(POWER.values()), reverse=True), 1)}


class Ranking(Panel):
    """All 40 cards from strongest to weakest; pick two and the engine says who wins the trick."""

    def __init__(self, picked: Sequence[str] = (), settings: Settings | None = None):
        self.picked = list(picked)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The ladder (each card marked with its place) and the verdict for two picked cards."""
        marks = {c: str(TIERS[POWER[c]]) for c in DECK}
        out = [md(say("rank.intro", lang)),
               cards(BY_POWER, PACK, lang, block="rank", pick=True, selected=self.picked, marks=marks)]
        if len(self.picked) < 2:
            out.append(note(say("rank.pick", lang, n=2 - len(self.picked)), "info"))
            return out
        a, b = self.picked
        winner = trick_winner((0, a), (1, b))
        if winner == PARDA:
            verdict = say("rank.parda", lang, card_a=a, card_b=b)
        else:
            verdict = say("rank.beats", lang, card_win=(a, b)[winner], card_lose=(a, b)[1 - winner])
        out += [cards(self.picked, PACK, lang, block="rank-pair",
                      marks={a: seat_name(0, lang), b: seat_name(1, lang)}),
                note(verdict, "ok")]
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Pick or unpick a card; a third pick starts a new pair."""
        card = content.get("card")
        if intent != "pick" or card not in POWER:
            return
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) == 2:
            self.picked = [card]
        else:
            self.picked.append(card)


# --- steps 4 and 8: replays of worked examples -------------------------------------------------------

def trick_preset(a: str, b: str, plays: str) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A §14.3 example: Player A (mano) and Player B hands, and the cards in the order played."""
    return fixture((a, b)), tuple(f"play:{c}" for c in plays.split())


TRICK_PRESETS = {
    "r1": trick_preset("1E 3C 4B", "2O 12B 5E", "1E 2O 3C 12B"),
    "r2": trick_preset("3O 7E 4C", "3C 1B 5E", "3O 3C 7E 1B"),
    "r3": trick_preset("1E 12B 4C", "2O 12E 5E", "1E 2O 12B 12E"),
    "r4": trick_preset("4O 7B 2C", "5C 6E 2E", "4O 5C 6E 7B 2C 2E"),
    "r5": trick_preset("1C 10E 7O", "1O 10B 3B", "1C 1O 10E 10B 7O 3B"),
    "r6": trick_preset("4E 5O 6E", "4B 5C 6C", "4E 4B 5O 5C 6E 6C"),
    "r7": trick_preset("6O 4C 12O", "5O 3E 1B", "6O 5O 4C 3E 1B 12O"),
    "r8": trick_preset("5O 3E 12O", "6O 4C 1B", "5O 6O 4C 3E 12O 1B"),
}

DEAL_PRESETS = {
    "deal": (fixture(("1E 7C 5C", "3O 3B 12C"), (12, 9)),
             ("call:envido", "answer:quiero", "call:truco", "answer:quiero", "play:5C", "call:retruco",
              "answer:quiero", "play:3O", "play:3B", "play:1E", "call:vale_cuatro", "answer:no_quiero")),
    "m1": (fixture(("7O 6O 1E", "5B 4B 3C"), (26, 20)),
           ("call:truco", "call:falta_envido", "answer:quiero")),
    "m2": (fixture(("7O 5O 1E", "7B 6B 2C"), (26, 20)),
           ("call:truco", "call:falta_envido", "answer:quiero", "answer:quiero", "play:1E")),
}


class Replay(Panel):
    """Step through a worked example move by move; the engine plays each move and says what happened."""

    def __init__(self, presets: dict[str, tuple[dict[str, Any], tuple[str, ...]]], prefix: str,
                 settings: Settings | None = None):
        self.presets, self.prefix = presets, prefix
        self.current, self.done = next(iter(presets)), 0
        self._states = {name: play_out(*preset) for name, preset in presets.items()}
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Preset buttons, the example's story, the board, what happened, and Next / Restart."""
        states = self._states[self.current]
        ids = self.presets[self.current][1]
        state = states[self.done]
        choices = [(f"preset:{name}", say(f"{self.prefix}.{name}.label", lang)) for name in self.presets]
        out = [md(say(f"{self.prefix}.intro", lang)), buttons(choices, pressed=f"preset:{self.current}"),
               md(say(f"{self.prefix}.{self.current}.text", lang)), *board(state, lang)]
        lines = [log_line(e, lang) for s in states[1:self.done + 1] for e in s.events]
        if lines:
            out.append(bullets(lines))
        restart = ("restart", say("replay.restart", lang))
        if self.done < len(ids):
            move = say("replay.move", lang, name=seat_name(state.to_act, lang), move=GAME.label(ids[self.done], lang))
            return out + [buttons([("next", say("replay.next", lang, move=move)), restart])]
        end = say(f"{self.prefix}.{self.current}.end", lang)
        return out + [note(f"{status(state, lang)} {end}", "ok"), buttons([restart])]

    def handle(self, intent: str, content: dict) -> None:
        """Choose an example, play its next move, or go back to its start."""
        if intent != "press":
            return
        key = content["id"]
        if key.startswith("preset:") and key[7:] in self.presets:
            self.current, self.done = key[7:], 0
        elif key == "next":
            self.done = min(self.done + 1, len(self.presets[self.current][1]))
        elif key == "restart":
            self.done = 0


def trick_replay(settings: Settings | None = None) -> Replay:
    """Step 4: the eight trick sequences of the spec (R1-R8), pardas included."""
    return Replay(TRICK_PRESETS, "tricks", settings)


def deal_replay(settings: Settings | None = None) -> Replay:
    """Step 8: a complete deal with every kind of call, and envido points ending a match."""
    return Replay(DEAL_PRESETS, "deals", settings)


# --- step 5: the envido of a hand ----------------------------------------------------------------------

def envido_reason(hand: Sequence[str], lang: str) -> str:
    """Why the hand has its value: which suit is shared, or that all three suits differ."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[SUIT[card]] = counts.get(SUIT[card], 0) + 1
    shared = [s for s, n in counts.items() if n > 1]
    if not shared:
        return say("envido.why_single", lang)
    suit = i18n.translate(f"cards.spanish.suit.{shared[0]}", lang)
    return say("envido.why_suit", lang, suit=suit)


def card_points(hand: Sequence[str]) -> dict[str, str]:
    """Each card's own envido points (the engine's value of a one-card hand), as marks."""
    return {c: str(envido_value((c,))) for c in hand}


class EnvidoCalc(Panel):
    """Pick three cards and read their envido value from the engine, with the reason in words."""

    def __init__(self, picked: Sequence[str] = ("7E", "6E", "1B"), settings: Settings | None = None):
        self.picked = list(picked)
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """The 40 cards to pick from, the chosen hand with each card's points, and its value."""
        out = [md(say("envido.intro", lang)),
               cards(DECK, PACK, lang, block="envido-deck", pick=True, selected=self.picked),
               md(f"**{say('envido.hand', lang)}**"),
               cards(self.picked, PACK, lang, block="envido-hand", marks=card_points(self.picked))]
        if len(self.picked) < 3:
            out.append(note(say("envido.pick", lang, n=3 - len(self.picked)), "info"))
        else:
            hand = tuple(self.picked)
            out.append(note(f"{say('envido.value', lang, n=envido_value(hand))} {envido_reason(hand, lang)}", "ok"))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """Pick or unpick a card; a fourth pick replaces the oldest."""
        card = content.get("card")
        if intent != "pick" or card not in SUIT:
            return
        if card in self.picked:
            self.picked.remove(card)
        else:
            self.picked = (self.picked + [card])[-3:]


QUIZ_HANDS = ("3O 2O 7E", "10C 11C 7O", "4C 5B 6O", "7C 5C 3C", "7E 7O 7B", "1E 12E 11E", "7B 1B 12O",
              "12E 11B 10O")


def envido_choices(hand: tuple[str, ...]) -> list[int]:
    """The right value and three tempting wrong ones (forgetting the 20, adding all three cards ...)."""
    right = envido_value(hand)
    points = [envido_value((c,)) for c in hand]
    tempting = [sum(points), 20 + sum(points), max(points), right + 1, right - 1, right + 2, right + 3]
    wrong = [v for v in dict.fromkeys(tempting) if v != right and v >= 0][:3]
    return sorted([right, *wrong])


class EnvidoQuiz(Panel):
    """"What is the envido of this hand?" over the spec's example hands, with the reason after an answer."""

    def __init__(self, settings: Settings | None = None):
        self.at, self.given = 0, None
        super().__init__(settings)

    @property
    def hand(self) -> tuple[str, ...]:
        """The hand asked about now."""
        return tuple(QUIZ_HANDS[self.at].split())

    def render(self, lang: str) -> list[dict]:
        """Question, the three cards, the answer buttons, feedback, and Another hand."""
        right = envido_value(self.hand)
        choices = [(f"value:{v}", str(v)) for v in envido_choices(self.hand)]
        out = [md(say("envido_quiz.question", lang)), cards(self.hand, PACK, lang, block="envido-quiz"),
               buttons(choices, pressed=None if self.given is None else f"value:{self.given}")]
        if self.given is not None:
            ok = self.given == right
            verdict = i18n.translate("ui.quiz.right" if ok else "ui.quiz.wrong", lang)
            out.append(note(f"{verdict} {say('envido_quiz.explain', lang, n=right)} {envido_reason(self.hand, lang)}",
                            "ok" if ok else "bad"))
        out.append(buttons([("another", say("envido_quiz.another", lang))]))
        return out

    def handle(self, intent: str, content: dict) -> None:
        """An answer, or the next hand."""
        key = content.get("id", "")
        if intent != "press":
            return
        if key == "another":
            self.at, self.given = (self.at + 1) % len(QUIZ_HANDS), None
        elif key.startswith("value:") and key[6:].isdigit():
            self.given = int(key[6:])


# --- step 6: an envido chain at a chosen score -----------------------------------------------------------

CHAIN_HANDS = ("7O 5O 1E", "7B 6B 2C")
ENVIDO_IDS = ("call:envido", "call:real_envido", "call:falta_envido")


class EnvidoChain(Panel):
    """Set the two scores, build a chain of envido calls, and see what Quiero and No quiero would pay."""

    def __init__(self, scores: tuple[int, int] = (10, 18), settings: Settings | None = None):
        self.scores, self.calls = list(scores), []
        super().__init__(settings)

    def state(self) -> TrucoState:
        """The deal after the calls so far, at the chosen scores."""
        return play_out(fixture(CHAIN_HANDS, tuple(self.scores)), self.calls)[-1]

    def render(self, lang: str) -> list[dict]:
        """Score fields, both hands and values, the chain, the outcomes, and the call buttons."""
        s = self.state()
        out = [md(say("chain.intro", lang)),
               number("score_a", say("chain.score", lang, name=seat_name(0, lang)), self.scores[0], 0, TOP_SCORE),
               number("score_b", say("chain.score", lang, name=seat_name(1, lang)), self.scores[1], 0, TOP_SCORE)]
        for seat in (0, 1):
            value = say("chain.value", lang, n=envido_value(s.original[seat]))
            out += [md(f"{seat_title(s, seat, lang)} · {value}"),
                    cards(s.hands[seat], PACK, lang, block=f"chain-{seat}")]
        out.append(md(say("chain.falta", lang, n=GAME.observe(s, 0).falta)))
        if self.calls:
            said = [f"{seat_name(i % 2, lang)}: {GAME.label(c, lang)}" for i, c in enumerate(self.calls)]
            out += [md(say("chain.so_far", lang, chain=" → ".join(said))), self._outcomes(s, lang)]
        raises = [a.id for a in GAME.legal_actions(s) if a.id in ENVIDO_IDS]
        who = seat_name(s.to_act, lang)
        items = [(a, say("chain.call", lang, name=who, call=GAME.label(a, lang))) for a in raises]
        if not raises:
            out.append(note(say("chain.no_raise", lang), "info"))
        out.append(buttons(items + [("restart", say("chain.restart", lang))]))
        return out

    def _outcomes(self, s: TrucoState, lang: str) -> dict:
        """What each answer would pay, from the engine's points events."""
        lines = []
        for answer in ("answer:quiero", "answer:no_quiero"):
            after = GAME.apply(s, answer)
            points = points_event(after)
            line = say("chain.outcome", lang, answer=GAME.label(answer, lang), n=points.get("value"),
                       name=seat_name(points.seat, lang))
            if points.amount != points.get("value"):
                line += " " + say("chain.capped", lang, n=int(points.amount))
            if after.to_act is None:
                line += " " + say("chain.match_ends", lang)
            lines.append(line)
        return bullets(lines)

    def handle(self, intent: str, content: dict) -> None:
        """A new score (the chain is kept), a call, or a fresh start."""
        if intent == "number" and content["id"] in ("score_a", "score_b"):
            self.scores["ab".index(content["id"][-1])] = min(max(content["value"], 0), TOP_SCORE)
        elif intent == "press":
            key = content["id"]
            if key == "restart":
                self.calls = []
            elif key in {a.id for a in GAME.legal_actions(self.state())} and key in ENVIDO_IDS:
                self.calls.append(key)


# --- step 7: truco stakes, hot seat ------------------------------------------------------------------------

STAKE_HANDS = ("1E 7C 5C", "3O 3B 12C")
STAKE_NAMES = ("", "truco", "retruco", "vale_cuatro")


class TrucoStakes(Panel):
    """Play both seats: call, accept or refuse, play cards; the engine says the stake and who may raise."""

    def __init__(self, settings: Settings | None = None):
        self.moves: list[str] = []
        super().__init__(settings)

    def state(self) -> TrucoState:
        """The deal after the moves so far."""
        return play_out(fixture(STAKE_HANDS), self.moves)[-1]

    def render(self, lang: str) -> list[dict]:
        """The board, the stake facts, what refusing or folding would pay, the moves and the log."""
        s = self.state()
        out = [md(say("stakes.intro", lang)), *board(s, lang, pick=True), bullets(self._facts(s, lang))]
        if s.to_act is not None and s.phase != DEAL_OVER:
            who = seat_name(s.to_act, lang)
            moves = [(a.id, say("stakes.move", lang, name=who, move=GAME.label(a, lang)))
                     for a in GAME.legal_actions(s) if a.kind != "play"]
            out.append(note(status(s, lang), "info"))
            out.append(buttons(moves))
        else:
            out.append(note(status(s, lang), "ok"))
        lines = [log_line(e, lang) for s_ in play_out(fixture(STAKE_HANDS), self.moves)[1:] for e in s_.events]
        if lines:
            out.append(bullets(lines))
        out.append(buttons([("restart", say("stakes.restart", lang))]))
        return out

    def _facts(self, s: TrucoState, lang: str) -> list[str]:
        """Stake, right to raise, a pending call and what refusing or folding would give."""
        level = s.truco_level
        facts = [say("stakes.level", lang, n=level)]
        if s.phase == AWAIT_TRUCO:
            refused = points_after(s, "answer:no_quiero")
            caller, proposed = s.pending_truco
            facts.append(say("stakes.pending", lang, name=seat_name(caller, lang),
                             call=GAME.label(f"call:{STAKE_NAMES[proposed - 1]}", lang), n=int(refused.amount)))
        elif level == 4:
            facts.append(say("stakes.top", lang))
        elif level == 1:
            facts.append(say("stakes.anyone", lang))
        else:
            facts.append(say("stakes.holder", lang, name=seat_name(s.raise_holder, lang),
                             call=GAME.label(f"call:{STAKE_NAMES[level]}", lang)))
        legal = {a.id for a in GAME.legal_actions(s)}
        if "fold" in legal:
            folded = points_after(s, "fold")
            facts.append(say("stakes.fold", lang, name=seat_name(folded.seat, lang), n=int(folded.amount)))
        return facts

    def handle(self, intent: str, content: dict) -> None:
        """A call, an answer, going to the deck, a card of the seat to play, or a fresh start."""
        s = self.state()
        legal = {a.id for a in GAME.legal_actions(s)}
        if intent == "press" and content["id"] == "restart":
            self.moves = []
        elif intent == "press" and content["id"] in legal:
            self.moves.append(content["id"])
        elif intent == "pick" and f"play:{content['card']}" in legal:
            self.moves.append(f"play:{content['card']}")


# --- step 9: what the computer players consider ----------------------------------------------------------

POSITIONS = (
    (fixture(("5B 4B 3C", "7O 6O 1E"), dealer=0), ()),
    (fixture(("1B 7E 4O", "3O 2C 5E")), ("call:truco",)),
    (fixture(("7O 6O 12E", "3B 2B 1C")), ("call:envido", "answer:quiero", "play:7O")),
)
PLAYERS = {"high": HighPlayer, "low": LowPlayer}


class ExplainView(Panel):
    """For a seeded position, every move the computer considered with its value and reason, and its choice."""

    def __init__(self, settings: Settings | None = None):
        self.at, self.level = 0, "high"
        super().__init__(settings)

    def state(self) -> TrucoState:
        """The position shown now (the computer is the seat to act)."""
        return play_out(*POSITIONS[self.at])[-1]

    def render(self, lang: str) -> list[dict]:
        """Position and level buttons, what the computer sees, its table of moves, its choice."""
        states = play_out(*POSITIONS[self.at])
        s = states[-1]
        seat = s.to_act
        view = GAME.observe(s, seat)
        out = [md(say("explain.intro", lang)),
               buttons([(f"pos:{i}", say(f"explain.pos{i}", lang)) for i in range(len(POSITIONS))],
                       pressed=f"pos:{self.at}"),
               buttons([(f"level:{k}", say(f"explain.{k}", lang)) for k in PLAYERS], pressed=f"level:{self.level}"),
               md(say("explain.sees", lang, name=seat_name(seat, lang), role=role_of(s, seat, lang),
                      envido=view.envido_value, a=view.scores[0], b=view.scores[1])),
               cards(view.hand, PACK, lang, block="explain-hand"),
               *trick_rows(s, lang)]
        seen = [log_line(e, lang) for later in states[1:] for e in later.events]
        if seen:
            out.append(bullets(seen))
        return out + self._considered(view, GAME.legal_actions(s), lang)

    def _considered(self, view: Any, legal: Sequence[Any], lang: str) -> list[dict]:
        """The player's own explanation as a table, and the move it chooses."""
        player = PLAYERS[self.level](seed=1)
        rows = player.explain(GAME, view, legal)
        chosen = player.choose(GAME, view, legal)
        labels = {a.id: GAME.label(a, lang) for a in legal}
        head = [say("col.move", lang), say(f"col.value_{self.level}", lang), say("col.reason", lang)]
        return [table(head, [[labels[r["id"]], f"{r['value']:.3f}", r["message"].text(lang)] for r in rows]),
                note(say("explain.chooses", lang, name=seat_name(view.seat, lang), move=labels[chosen.id]), "ok")]

    def handle(self, intent: str, content: dict) -> None:
        """Another position or the other level."""
        key = content.get("id", "")
        if intent != "press":
            return
        if key.startswith("pos:") and key[4:].isdigit() and int(key[4:]) < len(POSITIONS):
            self.at = int(key[4:])
        elif key.startswith("level:") and key[6:] in PLAYERS:
            self.level = key[6:]


# --- quizzes ------------------------------------------------------------------------------------------------

def seat_choice(seat: int) -> str:
    """The choice id naming a seat's answer."""
    return f"seat:{SEATS[seat]}"


SEAT_CHOICES = [("seat:a", "truco.lesson.seat_a"), ("seat:b", "truco.lesson.seat_b")]


def quiz(name: str, choices: list[tuple[str, str]], answer: str, settings: Settings | None = None,
         extra: Callable[[str], list[dict]] | None = None, **params: Any) -> Quiz:
    """A quiz whose texts live under ``truco.lesson.quiz.<name>``."""
    head = f"truco.lesson.quiz.{name}"
    return Quiz(f"{head}.question", choices, answer, f"{head}.explain", settings=settings, extra=extra, **params)


def quiz_score(settings: Settings | None = None) -> Quiz:
    """How is a score of 21 said? (the engine's malas/buenas words decide the answer)."""
    options = {"malas": "21 malas", "six": "6 buenas", "five": "5 buenas"}
    answer = next(k for k, v in options.items() if v == malas_buenas(21, "en"))
    return quiz("score", [(k, f"truco.lesson.quiz.score.{k}") for k in options], answer, settings)


def quiz_rank(card_a: str, card_b: str, name: str, settings: Settings | None = None) -> Quiz:
    """Who wins a trick of two given cards? (the engine's trick comparison decides)."""
    winner = trick_winner((0, card_a), (1, card_b))
    answer = "parda" if winner == PARDA else seat_choice(winner)
    return quiz(name, [*SEAT_CHOICES, ("parda", "truco.lesson.parda")], answer, settings,
                extra=lambda lang: [cards((card_a, card_b), PACK, lang, block=f"quiz-{name}",
                                          marks={card_a: seat_name(0, lang), card_b: seat_name(1, lang)})],
                card_a=card_a, card_b=card_b)


def quiz_tricks(settings: Settings | None = None) -> Quiz:
    """A parda, then Player B wins trick 2: who wins the deal? (the engine's deal rule decides)."""
    winner = deal_winner((PARDA, 1), 0)
    answer = "third" if winner is None else seat_choice(winner)
    return quiz("tricks", [*SEAT_CHOICES, ("third", "truco.lesson.quiz.tricks.third")], answer, settings)


def quiz_chain_refused(settings: Settings | None = None) -> Quiz:
    """Envido, Real envido, Falta envido refused at 10-18: how much for the last caller?"""
    right = chain_refused(("E", "R", "F"), (10, 18))
    return quiz("chain_refused", [(str(v), str(v)) for v in (2, 5, 7, 12)], str(right), settings)


def quiz_chain_accepted(settings: Settings | None = None) -> Quiz:
    """The same chain accepted at 10-18: how much for the envido winner?"""
    right = chain_accepted(("E", "R", "F"), (10, 18))
    return quiz("chain_accepted", [(str(v), str(v)) for v in (5, 12, 20, 30)], str(right), settings)


def quiz_raise(settings: Settings | None = None) -> Quiz:
    """Player A called Truco and Player B accepted: who may call Retruco? (the engine's raise holder)."""
    state = play_out(fixture(STAKE_HANDS), ("call:truco", "answer:quiero"))[-1]
    return quiz("raise", [*SEAT_CHOICES, ("either", "truco.lesson.quiz.raise.either")],
                seat_choice(state.raise_holder), settings)


def quiz_refuse(settings: Settings | None = None) -> Quiz:
    """Truco accepted, then Retruco refused: how many points for the caller? (the engine scores it)."""
    ids = ("call:truco", "answer:quiero", "play:5C", "call:retruco", "answer:no_quiero")
    points = points_event(play_out(fixture(STAKE_HANDS), ids)[-1])
    return quiz("refuse", [(str(v), str(v)) for v in (1, 2, 3)], str(int(points.amount)), settings)


def quiz_end(settings: Settings | None = None) -> Quiz:
    """At 28-20 Player A wins an accepted envido while Truco waits: what happens? (the engine decides)."""
    state = play_out(fixture(("7O 6O 1E", "5B 4B 3C"), (28, 20)),
                     ("call:truco", "call:envido", "answer:quiero"))[-1]
    answer = "ends" if state.to_act is None else "truco"
    return quiz("end", [("ends", "truco.lesson.quiz.end.ends"), ("truco", "truco.lesson.quiz.end.truco"),
                        ("deal", "truco.lesson.quiz.end.deal")], answer, settings)


def quiz_ai(settings: Settings | None = None) -> Quiz:
    """What does the High player never see?"""
    return quiz("ai", [("played", "truco.lesson.quiz.ai.played"), ("announced", "truco.lesson.quiz.ai.announced"),
                       ("hidden", "truco.lesson.quiz.ai.hidden")], "hidden", settings)


__all__ = [
    "Intro", "Step", "step", "Heading", "ScoreWords", "Deck", "Dealing", "Ranking", "Replay", "trick_replay",
    "deal_replay", "EnvidoCalc", "EnvidoQuiz", "EnvidoChain", "TrucoStakes", "ExplainView", "quiz_score",
    "quiz_rank", "quiz_tricks", "quiz_chain_refused", "quiz_chain_accepted", "quiz_raise", "quiz_refuse",
    "quiz_end", "quiz_ai",
]
