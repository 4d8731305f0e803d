"""The specialty powers of seed 000 §5 (and the office effects of §4-§5), each in its own module, their handlers
listed in manifest.py: the snoops (`snoops`), the thieves (`thieves`), the animal
trainers (`animals`), the inventors (`inventions`), Freyja's Allumeuse and Éris' Querelle (`pairs`), the
Artiste's Sculpture (`sculpture`), the Farce, Minus and Cortex, the Adoration and the Caricature
(`office_powers`), and the spirits' dream (`dream`, whose texts society.py gathers). TEXT_KEYS: the texts they emit
(texts.py).
"""

from __future__ import annotations

from app.engine.rulesets.reptiliens import (
    animals,
    inventions,
    office_powers,
    pairs,
    sculpture,
    snoops,
    thieves,
)

TEXT_KEYS: tuple[str, ...] = (
    *snoops.TEXT_KEYS, *thieves.TEXT_KEYS, *animals.TEXT_KEYS, *inventions.TEXT_KEYS, *pairs.TEXT_KEYS,
    *sculpture.TEXT_KEYS, *office_powers.TEXT_KEYS,
)
