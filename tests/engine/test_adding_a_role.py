"""docs/adding-a-role.md's example: the Garde du corps (tests/roles_example/garde_du_corps.py), one file, added to
a Thiercelieux ruleset as a role pack and played through the engine from the deal to the village's victory."""

from __future__ import annotations

import pytest

from app.engine.model import MJ
from app.engine.registry import RULESETS
from app.engine.rulesets.thiercelieux import THIERCELIEUX
from app.engine.rulesets.thiercelieux.manifest import STEPS
from app.engine.rulesets.thiercelieux.night import NIGHT_ORDERS
from app.engine.rulesets.thiercelieux.packs import BUILTIN, RolePack
from app.engine.rulesets.thiercelieux.roles import ROLES, VILLAGE, WEIGHTS, Role
from tests.roles_example.garde_du_corps import GARDE, KEY
from tests.support.engine import Script

TABLE = [KEY, "loup-garou", "villageois", "villageois", "villageois"]  # seat 0 guards, seat 1 is the wolf


@pytest.fixture
def packed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The composition root's choice, for this test only: the server plays Thiercelieux with the pack."""
    monkeypatch.setitem(RULESETS, THIERCELIEUX.key, THIERCELIEUX.with_packs(GARDE))


def night_one(guarded: int) -> Script:
    """The first night: the Garde du corps guards `guarded`, the wolf attacks seat 2."""
    g = Script(TABLE)
    assert g.step == KEY and g.state.night == 1
    prompt = g.prompt(KEY)
    assert prompt.to == [0]  # its holder alone is asked
    assert [v["step"] for v in g.view(0)["prompts"]] == [KEY]
    assert [v["step"] for seat in range(1, 5) for v in g.view(seat)["prompts"]] == []
    g.answer(0, KEY, [guarded])
    assert g.step == KEY  # answered early, the step still lasts its drawn length: its timing tells nothing
    g.run_until("loups", night=1)
    g.answer(1, "loups", [2])
    g.run_until("debate", day=1)
    return g


def test_the_guard_is_called_before_the_wolves_and_saves_whom_he_guards(packed: None) -> None:
    saved = night_one(guarded=2)
    assert saved.steps_run().index(KEY) < saved.steps_run().index("loups")
    assert saved.alive(2) and saved.dead() == []
    # The same night with the guard elsewhere: the wolves' victim dies. His answer changed the outcome.
    assert night_one(guarded=3).causes() == {2: "night"}


def test_a_whole_game_with_the_guard(packed: None) -> None:
    g = night_one(guarded=2)
    g.run_until("vote", day=1)
    for seat in g.living():
        g.answer(seat, "vote", [1 if seat != 1 else 2])
    assert g.state.phase == "ended" and g.causes() == {1: "vote"}
    assert g.state.result == {"camp": "village", "winners": [0, 2, 3, 4], "reason": "victory"}  # the guard too
    assert g.view(MJ)["players"][0]["role"] == KEY


def test_the_built_in_ruleset_is_unchanged() -> None:
    THIERCELIEUX.with_packs(GARDE)
    assert KEY not in ROLES and KEY not in STEPS and KEY not in WEIGHTS
    assert all(KEY not in order for order in NIGHT_ORDERS.values())
    assert KEY not in THIERCELIEUX.roles and THIERCELIEUX.night is BUILTIN
    assert RULESETS[THIERCELIEUX.key] is THIERCELIEUX  # nothing registered
    assert Script(["loup-garou", "villageois", "villageois"], start=False).rejected(
        "configure", MJ, composition=TABLE) == "unknown_role"


def test_the_pack_brings_its_texts() -> None:
    rules = THIERCELIEUX.with_packs(GARDE)
    assert rules.texts("en")[f"role.{KEY}"] == "Bodyguard" and rules.texts("fr")[f"step.{KEY}"] == "Le Garde du corps"
    assert THIERCELIEUX.texts("en") == {}


def test_a_pack_is_checked_when_the_ruleset_is_built() -> None:
    with pytest.raises(ValueError, match="exists already"):
        THIERCELIEUX.with_packs(RolePack(Role("voyante", VILLAGE)))
    with pytest.raises(ValueError, match="no en text"):
        THIERCELIEUX.with_packs(RolePack(Role("muet", VILLAGE), texts={"fr": {"role.muet": "Muet"}}))
