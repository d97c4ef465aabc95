"""The one Markdown renderer: CommonMark, no raw HTML, safe links, headings under the page title."""

from cardavia_nb.ui.markdown import to_html


def test_emphasis_next_to_punctuation_renders():
    html = to_html("Les *malas*, puis les *buenas* (ou *oudlers*) : **41** points, le **preneur**.")
    assert "<em>malas</em>" in html and "<em>oudlers</em>" in html
    assert "<strong>41</strong>" in html and "<strong>preneur</strong>" in html and "*" not in html


def test_raw_html_is_shown_as_text_never_as_markup():
    html = to_html('Hello <script>alert(1)</script> <img src=x onerror="y">')
    assert "<script" not in html and "<img" not in html and "&lt;script&gt;" in html


def test_links_external_in_a_new_tab_scripts_never():
    html = to_html("[Wiki](https://pt.wikipedia.org/wiki/Truco) [Next](02-pao-de-kuai.ipynb?lang=pt) [x](javascript:alert(1))")
    assert 'href="https://pt.wikipedia.org/wiki/Truco" target="_blank" rel="noopener noreferrer"' in html
    assert '<a href="02-pao-de-kuai.ipynb?lang=pt">Next</a>' in html
    assert "href=\"javascript" not in html


def test_headings_sit_one_level_below_the_page_title_and_lists_render():
    html = to_html("# Rules\n\n- one\n- two\n\n1. first\n2. second")
    assert html.startswith("<h2>Rules</h2>")
    assert "<ul>\n<li>one</li>" in html and "<ol>\n<li>first</li>" in html


def test_the_chinese_name_is_drawn_from_shipped_outlines_and_kept_for_screen_readers():
    html = to_html('**Pao De Kuai** (跑得快, "run fast")')
    assert html.count("<svg") == 1 and 'aria-label="跑得快"' in html and 'role="img"' in html
    assert "跑得快" not in html.replace('aria-label="跑得快"', "")
