"""The text the engine accepts from people (chat, reasons, names): valid Unicode that every socket can send.

A lone surrogate ("\\ud800" is valid JSON) cannot be encoded as UTF-8: a frame holding one used to drop every
socket of its audience. Control characters garble the pages and the logs; bidi overrides in a name reverse the
text around it wherever the name is shown. The web edge refuses such frames too; this is the engine's own rule.
"""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

import icu  # PyICU: ICU's Unicode sets and its UTS #39 SpoofChecker (docs/architecture.md, "Libraries and why")

from app.engine.errors import Rejected

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # Unicode category Cc
_CONTROL_BUT_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # Cc, except \t and \n
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")  # embeddings, overrides and isolates


def valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_text(text: str) -> str:
    """Chat text and reasons: several lines and tabs are fine; other control characters are not."""
    text = text.replace("\r\n", "\n")
    if not valid_unicode(text) or _CONTROL_BUT_LINES.search(text):
        raise Rejected("bad_text", "The text holds characters that cannot be shown (control or invalid characters).")
    return text


def _char_class(pattern: str) -> re.Pattern[str]:
    """A regex character class holding the characters of an ICU set pattern (its properties come from ICU's
    Unicode data, not a list of ours)."""
    chars = icu.UnicodeSet(pattern)
    ranges = (f"{re.escape(chars.getRangeStart(i))}-{re.escape(chars.getRangeEnd(i))}"
              for i in range(chars.getRangeCount()))  # PyICU gives each end as a one-character str
    return re.compile(f"[{''.join(ranges)}]")


# Shown as nothing: zero-width spaces and joiners, direction marks, the BOM, tag characters, variation selectors,
# fillers (U+3164)... Stripped from names.
_INVISIBLE = _char_class("[[:Default_Ignorable_Code_Point:][:Cf:]]")
# What draws something on its own: a letter, digit, punctuation or symbol that is not a space nor blank (U+2800,
# the blank braille pattern, is a symbol that draws nothing). A combining mark alone draws nothing either.
_VISIBLE = _char_class("[[:L:][:N:][:P:][:S:]-[:White_Space:]-[:Default_Ignorable_Code_Point:]-[\\u2800]]")
_SPOOF = icu.SpoofChecker()


def visible(text: str) -> bool:
    """Whether the text shows anything at all."""
    return _VISIBLE.search(text) is not None


def normal_name(name: str) -> str:
    """A name as it is kept and shown: NFKC (fullwidth letters, ligatures and NFD accents become the usual ones),
    without invisible characters, its spaces collapsed. `check_name` comes first."""
    name = _INVISIBLE.sub("", unicodedata.normalize("NFKC", _INVISIBLE.sub("", name)))
    return " ".join(name.split())


def name_keys(name: str) -> frozenset[str]:
    """What names that look alike share: two names look alike when their key sets meet. The keys are the UTS #39
    confusable skeleton (ICU's) of the normal name and of its case fold: "Аlice" with a Cyrillic А and "Alice"
    share one, and so do "ALICE" and "alice", "rn" and "m", "Iris" and "lris" (the skeleton alone keeps the case,
    and the case fold alone loses "I" against "l")."""
    name = normal_name(name)
    return frozenset((_SPOOF.getSkeleton(0, name), _SPOOF.getSkeleton(0, name.casefold())))


def check_name(name: str) -> str:
    """A name is one line of plain text: no control character at all, no bidi override."""
    if not valid_unicode(name) or _CONTROL.search(name) or _BIDI.search(name):
        raise Rejected("bad_text", "The name holds characters that cannot be shown (control, invalid or "
                       "direction-changing characters).")
    return name


def plain(value: Any, max_text: int = 100, max_items: int = 100, depth: int = 3) -> bool:
    """A small JSON value that every socket can carry: finite numbers, short printable one-line texts (`max_text`
    UTF-8 bytes: a validator may use a text as a file name, as zoneinfo does), short lists and objects, not deeply
    nested (room options, say, which all viewers receive)."""
    if value is None or isinstance(value, bool | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return valid_unicode(value) and len(value.encode("utf-8")) <= max_text and not _CONTROL.search(value)
    if depth <= 0:
        return False
    if isinstance(value, list):
        return len(value) <= max_items and all(plain(v, max_text, max_items, depth - 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= max_items and all(
            plain(k, max_text) and plain(v, max_text, max_items, depth - 1) for k, v in value.items())
    return False
