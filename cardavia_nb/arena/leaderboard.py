"""A tournament's leaderboard: standings with 95% intervals, forfeits with their reasons, and the
same figures as a terminal table, CSV, JSON, an HTML table and a plot.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from dataclasses import asdict, dataclass
from html import escape
from pathlib import Path
from typing import Any, Sequence

from cardavia_nb.core.arena import PlayedGame, Standing, standings
from cardavia_nb.core.text import Msg
from cardavia_nb.i18n import translate

COLUMNS = ("rank", "name", "origin", "games", "wins", "win_rate", "win_low", "win_high",
           "mean_payoff", "payoff_low", "payoff_high", "forfeits")


@dataclass(frozen=True)
class Row:
    """One entrant's line: its standing, where it came from, and how many games it forfeited."""

    rank: int
    origin: str
    standing: Standing
    forfeits: int

    def values(self) -> dict[str, Any]:
        """The line as named values, in ``COLUMNS`` order."""
        figures = asdict(self.standing)
        return {c: {"rank": self.rank, "origin": self.origin, "forfeits": self.forfeits}.get(c, figures.get(c))
                for c in COLUMNS}


@dataclass(frozen=True)
class Leaderboard:
    """The outcome of a round robin: rows best first, every forfeit, files that could not enter."""

    game: str
    rows: tuple[Row, ...]
    forfeits: tuple[dict[str, Any], ...]
    excluded: dict[str, Msg]
    played: tuple[PlayedGame, ...]

    @classmethod
    def of(cls, game: str, entrants: Sequence[Any], played: Sequence[PlayedGame],
           excluded: dict[str, Msg]) -> "Leaderboard":
        """Rank entrants by win rate (then mean payoff) over the played games."""
        table = standings(entrants, played)
        lost = Counter(g.lineup[g.forfeit.seat] for g in played if g.forfeit)
        order = sorted(range(len(table)), key=lambda i: (-table[i].win_rate, -table[i].mean_payoff))
        rows = tuple(Row(rank, entrants[i].origin, table[i], lost[i]) for rank, i in enumerate(order, 1))
        forfeits = tuple({"seed": g.seed, "seat": g.forfeit.seat, "bot": entrants[g.lineup[g.forfeit.seat]].name,
                          "kind": g.forfeit.kind, "reason": g.forfeit.reason} for g in played if g.forfeit)
        return cls(game, rows, forfeits, dict(excluded), tuple(played))

    def _header(self, lang: str) -> list[str]:
        return [translate(f"bots.leaderboard.{c}", lang) for c in ("rank", "name", "games", "win_rate", "interval",
                                                              "mean_payoff", "forfeits")]

    def _cells(self, row: Row) -> list[str]:
        s = row.standing
        return [str(row.rank), s.name, str(s.games), f"{s.win_rate:.1%}", f"[{s.win_low:.1%}, {s.win_high:.1%}]",
                f"{s.mean_payoff:+.2f} [{s.payoff_low:+.2f}, {s.payoff_high:+.2f}]", str(row.forfeits)]

    def text(self, lang: str = "en") -> str:
        """The leaderboard as an aligned plain-text table, then forfeit reasons and excluded files."""
        lines = [self._header(lang)] + [self._cells(r) for r in self.rows]
        widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
        out = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
        for reason, count in Counter((f["bot"], f["reason"]) for f in self.forfeits).most_common(10):
            out.append(translate("bots.leaderboard.forfeit_line", lang, bot=reason[0], reason=reason[1], count=count))
        for name, reason in self.excluded.items():
            out.append(translate("bots.leaderboard.excluded_line", lang, file=name, reason=reason))
        return "\n".join(out)

    def __str__(self) -> str:
        return self.text()

    def html(self, lang: str = "en") -> str:
        """The leaderboard as an HTML table (for a notebook)."""
        head = "".join(f"<th>{escape(h)}</th>" for h in self._header(lang))
        body = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in self._cells(r)) + "</tr>" for r in self.rows)
        return f'<table class="cardavia-leaderboard"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'

    def _repr_html_(self) -> str:
        return self.html()

    def csv(self) -> str:
        """One line per entrant with every figure (machine-readable column names)."""
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(r.values() for r in self.rows)
        return buffer.getvalue()

    def json(self, lang: str = "en") -> str:
        """Standings, forfeits and excluded files as a JSON text (reasons in ``lang``)."""
        forfeits = [{**f, "reason": f["reason"].text(lang)} for f in self.forfeits]
        excluded = {name: reason.text(lang) for name, reason in self.excluded.items()}
        return json.dumps({"game": self.game, "standings": [r.values() for r in self.rows],
                           "forfeits": forfeits, "excluded": excluded}, indent=2, ensure_ascii=False)

    def write(self, folder: str | Path, lang: str = "en") -> tuple[Path, Path]:
        """Write ``leaderboard.csv`` and ``leaderboard.json`` into ``folder``; their paths."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        paths = folder / "leaderboard.csv", folder / "leaderboard.json"
        paths[0].write_text(self.csv(), encoding="utf-8")
        paths[1].write_text(self.json(lang), encoding="utf-8")
        return paths

    def plot(self, lang: str = "en", ax: Any = None) -> Any:
        """Win rates with their 95% intervals as a horizontal bar chart (matplotlib); the axes."""
        import matplotlib.pyplot as plt

        if ax is None:
            ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(self.rows)))[1]
        rows = self.rows[::-1]
        rates = [r.standing.win_rate for r in rows]
        errors = [[r.standing.win_rate - r.standing.win_low for r in rows],
                  [r.standing.win_high - r.standing.win_rate for r in rows]]
        ax.barh([r.standing.name for r in rows], rates, xerr=errors, capsize=4, color="#6a8caf")
        ax.set_xlim(0, 1)
        ax.set_xlabel(translate("bots.leaderboard.plot_axis", lang))
        ax.set_title(translate("bots.leaderboard.plot_title", lang, game=translate(f"bots.game.{self.game}", lang)))
        return ax
