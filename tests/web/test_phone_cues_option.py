"""Issue 27, item 4: every ruleset offers the room option `phone_cues` (vibrate, the default, or off), its set-up
forms draw it from the schema, and its default is never written into a room's options, so that the views of the
games played before it existed stay the same (tests/engine/test_views_unchanged.py)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.engine.core import new_state
from app.engine.errors import Rejected
from app.engine.model import SPECTATOR
from app.engine.ruleset import RULESETS, get_ruleset
from app.engine.views import view
from app.games import install
from app.main import create_app

KEYS = ["thiercelieux", "reptiliens", "soupcons"]


@pytest.mark.parametrize("key", KEYS)
def test_every_ruleset_offers_the_option(key: str) -> None:
    install()
    rules = get_ruleset(key)
    prop = rules.options_model.model_json_schema()["properties"]["phone_cues"]
    assert prop["enum"] == ["vibrate", "off"] and prop["default"] == "vibrate"
    assert "phone_cues" not in rules.default_options()
    assert "phone_cues" not in rules.validate_options({"phone_cues": "vibrate"})
    assert rules.validate_options({"phone_cues": "off"})["phone_cues"] == "off"
    with pytest.raises(Rejected) as refused:
        rules.validate_options({"phone_cues": "ring"})
    assert refused.value.rejection.code == "bad_options"


@pytest.mark.parametrize("key", KEYS)
def test_the_view_says_off_and_is_silent_on_the_default(key: str) -> None:
    install()
    quiet, _ = new_state(key, 1, {"phone_cues": "off"})
    assert view(quiet, SPECTATOR)["options"]["phone_cues"] == "off"
    plain, _ = new_state(key, 1, {})
    assert "phone_cues" not in view(plain, SPECTATOR)["options"]


def test_each_set_up_form_draws_it() -> None:
    """Thiercelieux places it in a section of its pages, the Reptiliens console offers it (its set-up page draws
    every option it can), Soupçons' set-up page has the block its schema names."""
    install()
    assert RULESETS["thiercelieux"].options_model.model_json_schema()["properties"]["phone_cues"]["section"]
    assert "phone_cues" in RULESETS["reptiliens"].describe()["console_options"]
    section = RULESETS["soupcons"].options_model.model_json_schema()["properties"]["phone_cues"]["section"]
    page = TestClient(create_app()).get("/soupcons?lang=fr").text
    assert section in re.findall(r'data-section="(\w+)"', page)
