"""What the pages need of the view beyond the slices' own keys (static/js/rulesets/reptiliens.js): the MJ's console
offers to take an optional office out of play, so the public view says which offices in play are optional."""

from __future__ import annotations

from app.engine.model import MJ
from tests.support.reptiliens import ALPHA, R, Table, V

SIX = [ALPHA, R, V, V, V, V]


def test_the_view_lists_the_optional_offices_in_play() -> None:
    """§6 «Quand les morts sont nombreux, il peut choisir de retirer des postes du jeu.» The console's button per
    office comes from `village.optional` (optional offices in play), and goes once the office is out of play."""
    t = Table(SIX, lovers=(0, 1), options={"offices": ["rp-bourreau", "rp-pretre-capitaliste"]})
    village = t.view(MJ)["village"]
    assert sorted(village["optional"]) == ["rp-bourreau", "rp-pretre"]
    assert not set(village["optional"]) & {"rp-president", "rp-scrutateur", "rp-senateur"}
    assert t.view(2)["village"]["optional"] == village["optional"]  # public
    t.do("rp-retirer-poste", MJ, office="rp-bourreau")
    assert t.view(MJ)["village"]["optional"] == ["rp-pretre"]
