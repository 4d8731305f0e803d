"""The quotes in rule tests' docstrings are the rule documents' words: «…» from seed 000, “…” from RULES-NOTES.

`quote_tests(globals())` returns the two tests to add to a test module. They exist only where the rule documents
stand beside the repository (the developers' machines): a clone has the quotes alone, and CI counts a skipped
test as a failure, so they are not collected there rather than skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from tests.support.paths import ROOT

SEED = ROOT.parent / "shared" / "seeds" / "000_6215020ccb24b946.txt"
NOTES = ROOT.parent / "shared" / "RULES-NOTES.md"
PATTERNS = {"«": r"«\s*(.+?)\s*»", "“": r"“(.+?)”"}


def quotes(namespace: Mapping[str, Any], mark: str) -> list[str]:
    """Every «…» or “…” quote in the docstrings of a module's tests, whitespace folded."""
    tests = [f for name, f in sorted(namespace.items()) if name.startswith("test_") and callable(f)]
    return [" ".join(q.split()) for f in tests for q in re.findall(PATTERNS[mark], f.__doc__ or "", re.DOTALL)]


def _flat(path: Path) -> str:
    return " ".join(path.read_text(encoding="utf-8").split())


def quote_tests(namespace: Mapping[str, Any]) -> dict[str, Callable[[], None]]:
    def the_quotes_are_the_seeds() -> None:
        found = quotes(namespace, "«")
        assert found
        assert [q for q in found if q not in _flat(SEED)] == []

    def the_quotes_are_the_notes() -> None:
        found = quotes(namespace, "“")
        assert found
        assert [q for q in found if q not in _flat(NOTES)] == []

    out: dict[str, Callable[[], None]] = {}
    if SEED.exists():
        out["test_the_quotes_are_the_seeds"] = the_quotes_are_the_seeds
    if NOTES.exists():
        out["test_the_quotes_are_the_notes"] = the_quotes_are_the_notes
    return out
