"""Truco steps 4 and 8: the spec's worked examples as game records, replayed move by move by the engine."""

from __future__ import annotations

from cardavia_nb.core.record import Record, replayed
from cardavia_nb.ui.lessons.kit import bullets
from cardavia_nb.ui.lessons.truco.common import GAME, fixture, hands_and_tricks, log_line, say, seat_name, status
from cardavia_nb.ui.panel import Panel, buttons, md, note
from cardavia_nb.ui.settings import Settings


def trick_example(a: str, b: str, plays: str) -> Record:
    """A §14.3 example: Player A (mano) and Player B hands, and the cards in the order played."""
    return fixture((a, b), moves=tuple(f"play:{c}" for c in plays.split()))


TRICK_EXAMPLES = {
    "r1": trick_example("1E 3C 4B", "2O 12B 5E", "1E 2O 3C 12B"),
    "r2": trick_example("3O 7E 4C", "3C 1B 5E", "3O 3C 7E 1B"),
    "r3": trick_example("1E 12B 4C", "2O 12E 5E", "1E 2O 12B 12E"),
    "r4": trick_example("4O 7B 2C", "5C 6E 2E", "4O 5C 6E 7B 2C 2E"),
    "r5": trick_example("1C 10E 7O", "1O 10B 3B", "1C 1O 10E 10B 7O 3B"),
    "r6": trick_example("4E 5O 6E", "4B 5C 6C", "4E 4B 5O 5C 6E 6C"),
    "r7": trick_example("6O 4C 12O", "5O 3E 1B", "6O 5O 4C 3E 1B 12O"),
    "r8": trick_example("5O 3E 12O", "6O 4C 1B", "5O 6O 4C 3E 12O 1B"),
}

DEAL_EXAMPLES = {
    "deal": fixture(("1E 7C 5C", "3O 3B 12C"), (12, 9), moves=(
        "call:envido", "answer:quiero", "call:truco", "answer:quiero", "play:5C", "call:retruco",
        "answer:quiero", "play:3O", "play:3B", "play:1E", "call:vale_cuatro", "answer:no_quiero")),
    "m1": fixture(("7O 6O 1E", "5B 4B 3C"), (26, 20), moves=("call:truco", "call:falta_envido", "answer:quiero")),
    "m2": fixture(("7O 5O 1E", "7B 6B 2C"), (26, 20),
                  moves=("call:truco", "call:falta_envido", "answer:quiero", "answer:quiero", "play:1E")),
}


def worked_example(name: str) -> Record:
    """A worked example of the rules as a game record: ``r1``-``r8`` (§14.3), ``deal`` (§14.8), ``m1``, ``m2``."""
    examples = {**TRICK_EXAMPLES, **DEAL_EXAMPLES}
    if name not in examples:
        raise ValueError(f"No worked example {name!r}; the examples are {', '.join(examples)}.")
    return examples[name]


class Replay(Panel):
    """Step through a worked example move by move; the engine plays each move and says what happened."""

    def __init__(self, examples: dict[str, Record], prefix: str, settings: Settings | None = None):
        self.examples, self.prefix = examples, prefix
        self.current, self.done = next(iter(examples)), 0
        self._states = {name: list(replayed(GAME, record)) for name, record in examples.items()}
        super().__init__(settings)

    def render(self, lang: str) -> list[dict]:
        """Example buttons, the example's story, the hands and tricks, what happened, and Next / Restart."""
        states = self._states[self.current]
        ids = self.examples[self.current].actions
        state = states[self.done]
        choices = [(f"preset:{name}", say(f"{self.prefix}.{name}.label", lang)) for name in self.examples]
        out = [md(say(f"{self.prefix}.intro", lang)), buttons(choices, pressed=f"preset:{self.current}"),
               md(say(f"{self.prefix}.{self.current}.text", lang)), *hands_and_tricks(state, lang)]
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
        if key.startswith("preset:") and key[7:] in self.examples:
            self.current, self.done = key[7:], 0
        elif key == "next":
            self.done = min(self.done + 1, len(self.examples[self.current].actions))
        elif key == "restart":
            self.done = 0


def trick_replay(settings: Settings | None = None) -> Replay:
    """Step 4: the eight trick sequences of the spec (R1-R8), pardas included."""
    return Replay(TRICK_EXAMPLES, "tricks", settings)


def deal_replay(settings: Settings | None = None) -> Replay:
    """Step 8: a complete deal with every kind of call, and envido points ending a match."""
    return Replay(DEAL_EXAMPLES, "deals", settings)
