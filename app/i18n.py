"""Translations: one JSON catalogue per language in static/i18n/, read by the server's templates and fetched
as-is by the browser's modules, so a text exists once for both. A text is an ICU MessageFormat message (`{name}`,
`{n, plural, one {…} other {…}}`): the pages format it with intl-messageformat, the server with ICU's own
MessageFormat (PyICU), so both read the same plurals the same way."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import icu

LANGS = ("fr", "en")
DEFAULT = "fr"
CATALOGUE_DIR = Path(__file__).resolve().parent.parent / "static" / "i18n"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The main catalogue merged with each ruleset's own (static/i18n/<ruleset>/<lang>.json)."""
    data: dict[str, str] = json.loads((CATALOGUE_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    for extra in sorted(CATALOGUE_DIR.glob(f"*/{lang}.json")):
        data.update(json.loads(extra.read_text(encoding="utf-8")))
    return data


@cache
def _message(lang: str, text: str) -> Any:
    return icu.MessageFormat(text, icu.Locale(lang))


def translate(lang: str, key: str, **params: Any) -> str:
    """The text of `key` in `lang` with its values filled in; a value left out shows as its `{placeholder}`."""
    text = catalogue(lang).get(key) or catalogue(DEFAULT).get(key) or key
    if "{" not in text:
        return text
    try:
        fmt = _message(lang, text)
    except icu.ICUError:
        return text
    names = list(params)
    values = [icu.Formattable(v if isinstance(v, (int, float)) and not isinstance(v, bool) else str(v))
              for v in params.values()]
    return elide(lang, str(fmt.format(names, values)), params.values())


_VOWEL = re.compile(r"[aeiouyàâäéèêëîïôöùûüœæ]", re.IGNORECASE)


def elide(lang: str, text: str, values: Iterable[Any]) -> str:
    """French elides "de" and "que" before a vowel ("la maison d'Emma", not "de Emma"): only before a filled-in
    value (a name, a card), since the catalogue's own words are written right. static/js/shell/i18n.js does the same."""
    if lang != "fr":
        return text
    mark = "’" if "’" in text else "'"
    for value in values:
        if not isinstance(value, str) or not _VOWEL.match(value):
            continue
        text = re.sub(rf"(^|[^\w])(de|De|que|Que) (?={re.escape(value)})",
                      lambda m: f"{m.group(1)}{m.group(2)[:-1]}{mark}", text)
    return text


def pick_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    for candidate in (query, cookie):
        if candidate in LANGS:
            return str(candidate)
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGS:
            return code
    return DEFAULT


def arguments(text: str) -> set[str]:
    """The names of the values a message takes, those inside its plural and select branches too (the catalogue
    tests compare them between languages)."""
    names: set[str] = set()
    _message_args(text, 0, names)
    return names


def _message_args(text: str, i: int, names: set[str]) -> int:
    """Reads a message from `i` up to its closing `}` (or the end); returns the index after it."""
    while i < len(text):
        char = text[i]
        if char == "}":
            return i + 1
        if char != "{":
            i += 1
            continue
        close, comma = text.find("}", i), text.find(",", i)
        if comma == -1 or comma > close:  # {name}
            names.add(text[i + 1:close].strip())
            i = close + 1
            continue
        names.add(text[i + 1:comma].strip())
        second = text.find(",", comma + 1)
        kind_end = min(x for x in (second, text.find("}", comma + 1)) if x != -1)
        i = kind_end + 1
        if text[kind_end] == "}":  # {n, number}
            continue
        while i < len(text) and text[i] != "}":  # branches: selector {message}
            if text[i] == "{":
                i = _message_args(text, i + 1, names)
            else:
                i += 1
        i += 1
    return i
