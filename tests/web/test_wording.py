"""What the catalogues say, read as a player reads it: French punctuation that cannot wrap to a line of its own, no
file numbers of the rule documents, no time glued to a preposition that cannot take "demain 21:30"."""

from __future__ import annotations

import json
import re

import pytest

from tests.support.paths import ROOT

CATALOGUES = {lang: json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in ("fr", "en")}
# Placeholders filled with a time that may carry its day ("demain 21:30", "samedi 21:30"): static/js/shell/clock.js.
TIMES = ("time", "ends", "locks", "closes", "ends_at", "locks_at", "closes_at")


def test_french_signs_never_start_a_line() -> None:
    """A space before « : ; ! ? » lets the browser break the line there: a non-breaking one keeps the sign with its
    word (and inside « guillemets »)."""
    bad = {k: v for k, v in CATALOGUES["fr"].items()
           if re.search(r" [:;!?»]", v) or "« " in v}
    assert bad == {}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_file_numbers_of_the_rule_documents(lang: str) -> None:
    assert {k: v for k, v in CATALOGUES[lang].items() if re.search(r"\b00[0-4]\b", v)} == {}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_time_that_may_say_tomorrow_follows_no_at(lang: str) -> None:
    """"la nuit tombe à demain 21:30": a time of the day may come with its day, so no "à" / "at" before it
    ("jusqu'à demain 21:30" reads well)."""
    at = "(?<!jusqu')à" if lang == "fr" else "at"
    pattern = re.compile(rf"(?<!\w){at} \{{({'|'.join(TIMES)})\}}")
    assert {k: v for k, v in CATALOGUES[lang].items() if pattern.search(v) and not k.startswith("opt.forum.")} == {}


def test_fixed_wording() -> None:
    fr, en = CATALOGUES["fr"], CATALOGUES["en"]
    assert "fin du temps" not in fr["ui.can_change"] and "time runs out" not in en["ui.can_change"]
    assert "meneur" not in fr["ui.paused_long"] and "pause" in fr["ui.paused_long"]
    assert fr["vote.reason_placeholder.for"] != fr["vote.reason_placeholder.against"]


def test_french_elides_de_and_que_before_a_name_that_starts_with_a_vowel() -> None:
    """"Le lien d'Emma", "le lien de Bob": only before a filled-in value; English is left alone (static/js/shell/
    i18n.js does the same on the pages, checked over whole games by tests/web/test_texts_render.py)."""
    from app.i18n import translate

    assert translate("fr", "host.replace_link", name="Emma").startswith("Le lien d'Emma\xa0:")
    assert translate("fr", "host.replace_link", name="Éloi").startswith("Le lien d'Éloi\xa0:")
    assert translate("fr", "host.replace_link", name="Bob").startswith("Le lien de Bob\xa0:")
    assert translate("en", "host.replace_link", name="Emma").startswith("Emma")
