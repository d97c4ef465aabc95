"""The card traditions: Wikipedia in the reader's language where an article is known."""

from cardavia_nb.traditions import TRADITIONS, by_game


def test_links_follow_the_language_and_fall_back_to_english():
    assert by_game("french_tarot").link("fr") == "https://fr.wikipedia.org/wiki/Tarot_français"
    assert by_game("truco").link("es").startswith("https://es.wikipedia.org/")
    assert by_game("truco").link("nl") == by_game("truco").link("en")
    for tradition in TRADITIONS:
        for lang, url in tradition.links.items():
            assert url.startswith(f"https://{lang}.wikipedia.org/wiki/"), (tradition.key, lang)
