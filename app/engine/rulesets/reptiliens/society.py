"""The society of seed 000 (part 2, issue 13): coins and gifts (§7), offices (§6) and their cameras, the law of the
day (§10), marriages (§8) and the dead (§9), each in a module of its own; their day parts, the steps they open
(their countdowns and closes), their commands and their answers are listed in manifest.py (DAY, STEPS, COMMANDS,
ANSWERED).
TEXT_KEYS: the texts they emit (texts.py; both catalogues must hold them, tests/reptiliens/test_catalogue.py).
"""

from __future__ import annotations

from app.engine.rulesets.reptiliens import cameras, coins, dead, dream, laws, marriages, sessions, succession

TEXT_KEYS: tuple[str, ...] = (*laws.TEXT_KEYS, *sessions.TEXT_KEYS, *coins.TEXT_KEYS, *marriages.TEXT_KEYS,
                                *dead.TEXT_KEYS, *dream.TEXT_KEYS, *succession.TEXT_KEYS,
                                *cameras.TEXT_KEYS)
