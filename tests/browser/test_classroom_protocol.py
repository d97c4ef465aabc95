"""The class benchmark's simulated student still speaks the page's protocol (it broke once, silently,
when the table moved to one ``frame`` trait): one student loads a Truco page, switches it to the
language of its address and plays a deal by the table's own intents, with no error."""

import asyncio
import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor

from tornado.httpclient import AsyncHTTPClient

from tests.browser.harness import ROOT


def load_classroom():
    """benchmarks/classroom.py as a module (benchmarks/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("classroom", ROOT / "benchmarks" / "classroom.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_simulated_student_loads_switches_language_and_plays(voila_url):
    classroom = load_classroom()
    figures = classroom.Figures()
    student = classroom.Student(voila_url, 1, figures, deals=1)  # index 1 asks for ?lang=fr
    AsyncHTTPClient.configure(None, max_clients=10)
    with ThreadPoolExecutor(1) as thread:  # the session's Playwright keeps an event loop running in this one
        thread.submit(asyncio.run, student.run()).result()
    assert figures.errors == []
    assert student.lang == "fr" and student.shown_lang == "fr" and figures.wrong_lang == 0
    assert len(figures.tti) == 1 and len(figures.in_lang) == 1
    assert figures.clicks, "the student found nothing to click on the table"
    assert student.state["frame"]["view"]["game"] == "truco"
