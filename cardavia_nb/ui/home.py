"""The home page: the card traditions with a few of their cards, a link to each game's page, and a quiet
line for teachers leading to the class board."""

from __future__ import annotations

import sys

from cardavia_nb import i18n
from cardavia_nb.core.cards import family
from cardavia_nb.games import REGISTRY, kit
from cardavia_nb.traditions import TRADITIONS
from cardavia_nb.ui.panel import Panel, cards, md

# Notebook of each game as its kit names it, relative to the home notebook (Voila serves them side by side).
PAGES = {name: kit(name).page for name in REGISTRY}
CLASS_PAGE = "05-class.ipynb"  # the teacher's page: class sets and their live board (ui/classroom/teacher_page.py)


def page_link(game: str, lang: str, tab: str = "") -> str:
    """The relative address of a game's page, keeping the language; ``tab="table"`` opens its table."""
    return f"{PAGES[game]}?lang={lang}" + (f"&tab={tab}" if tab else "")


class Home(Panel):
    """Tagline, the traditions gallery (place, card count, link, cards, games) and the games to play.

    The page's ``h1`` is the title above it (the Voila template's, or the notebook's first cell in
    JupyterLab), so the panel's own headings start one level below.
    """

    def render(self, lang: str) -> list[dict]:
        """The whole home page in ``lang``."""
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
        out = [md(t("home.tagline")), md(f"# {t('home.traditions')}")]
        for tradition in TRADITIONS:
            games = ", ".join(f"[{t(f'games.{g}.title')}]({page_link(g, lang)})" for g in tradition.games)
            out += [
                md(f"## {tradition.name(lang)}\n\n"
                   f"{tradition.place(lang)} · {t('traditions.cards', count=tradition.card_count)} · "
                   f"[{t('traditions.link')} ↗]({tradition.link(lang)})\n\n{tradition.description(lang)}\n\n"
                   f"**{t('traditions.games')}:** {games}"),
                cards(tradition.sample, family(tradition.pack), lang, block=tradition.key),
            ]
        out.append(md(f"# {t('home.play')}"))
        for game in PAGES:
            out.append(md(f"## {t(f'games.{game}.title')}\n\n{t(f'games.{game}.blurb')}\n\n"
                          f"[{t('home.nav.learn')}]({page_link(game, lang)}) · "
                          f"[{t('home.nav.play')}]({page_link(game, lang, 'table')})"))
        if sys.platform != "emscripten":  # the class board needs a server: the static site has no such page
            out.append(md(t("home.teacher", link=f"{CLASS_PAGE}?lang={lang}")))  # a plain line, last: for teachers only
        return out


ORDER = ("home", *PAGES)


class Nav(Panel):
    """The navigation line of a game page: home · previous · next, keeping the language."""

    def __init__(self, current: str, **kwargs):
        if current not in PAGES:
            raise ValueError(f"{current!r} has no page; pages: {', '.join(PAGES)}.")
        self.current = current
        super().__init__(**kwargs)

    def render(self, lang: str) -> list[dict]:
        """One line of links."""
        t = lambda key: i18n.translate(key, lang)  # noqa: E731
        at = ORDER.index(self.current)
        links = [f"[{t('home.nav.home')}](00-cardavia.ipynb?lang={lang})"]
        if at > 1:
            links.append(f"[← {t(f'games.{ORDER[at - 1]}.title')}]({page_link(ORDER[at - 1], lang)})")
        if at + 1 < len(ORDER):
            links.append(f"[{t(f'games.{ORDER[at + 1]}.title')} →]({page_link(ORDER[at + 1], lang)})")
        return [md(" · ".join(links))]
