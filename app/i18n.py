"""Translations: one JSON catalogue per language in static/i18n/, read by the server's templates and fetched
as-is by the browser's modules, so a text exists once for both."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

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


def translate(lang: str, key: str, **params: Any) -> str:
    text = catalogue(lang).get(key) or catalogue(DEFAULT).get(key) or key
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError):
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
