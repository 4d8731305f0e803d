"""The composition check (POST /api/rulesets/<key>/composition, issue 26, item 2): the server says whether a
composition may start and why not, as catalogue keys with their params, with the cards the table wants, the cards the
options allow and the suggested composition, so that the set-up pages hold none of these rules."""

from __future__ import annotations

from typing import Any

import httpx

from app.i18n import translate
from tests.support.edge import live

URL = "/api/rulesets/thiercelieux/composition"


async def check(http: httpx.AsyncClient, players: int, composition: list[str], **more: Any) -> dict[str, Any]:
    answer = await http.post(URL, json={"players": players, "composition": composition, **more})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def refused(report: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    assert not report["valid"] and len(report["refusals"]) == 1
    refusal = report["refusals"][0]
    assert refusal["key"] == f"error.{refusal['code']}"
    for lang in ("fr", "en"):  # the key is in the catalogues, with every param it names
        assert translate(lang, refusal["key"], **refusal["params"]) != refusal["key"]
    return refusal["code"], refusal["params"]


SIX = ["loup-garou", "loup-garou", "voyante", "sorciere", "villageois", "villageois"]


async def test_the_voleur_brings_two_cards(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        good = await check(http, 6, SIX)
        assert good["valid"] and good["refusals"] == [] and good["expected_cards"] == 6
        with_thief = await check(http, 6, [*SIX[:-1], "voleur"])
        assert refused(with_thief) == ("composition_size", {"expected": 8, "got": 6})
        assert with_thief["expected_cards"] == 8
        fits = await check(http, 6, [*SIX, "voleur", "villageois"])
        assert fits["valid"] and fits["expected_cards"] == 8
        # A lobby still filling is judged against the players the composition is made for.
        planned = await check(http, 2, [*SIX, "voleur", "villageois"], planned=True)
        assert planned["valid"] and planned["players"] == 6 and planned["planned_players"] == 6


async def test_no_wolf_a_unique_role_twice_too_many_cards(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        assert refused(await check(http, 5, ["villageois"] * 5)) == ("no_wolf", {})
        twice = await check(http, 6, ["loup-garou", "voyante", "voyante", *["villageois"] * 3])
        assert refused(twice) == ("role_twice", {"role": "voyante"})
        many = await check(http, 6, [*SIX, "villageois"])
        assert refused(many) == ("composition_size", {"expected": 6, "got": 7})
        low = (await http.get("/api/rulesets/thiercelieux")).json()["min_players"]
        few = await check(http, low - 1, ["loup-garou", *["villageois"] * (low - 2)])
        assert refused(few) == ("not_enough_players", {"min": low})


async def test_warnings_name_their_key_and_params(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        wolves = await check(http, 8, [*["loup-garou"] * 5, *["villageois"] * 3])
        assert wolves["valid"]  # advice, never a refusal
        warning = next(w for w in wolves["warnings"] if w["code"] == "many_wolves")
        assert warning["key"] == "comp.warn.many_wolves" and warning["params"]["wolves"] == 5
        for lang in ("fr", "en"):
            assert translate(lang, warning["key"], **warning["params"]) != warning["key"]


async def test_the_cards_variants_allow_and_count(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        one = await check(http, 6, SIX)
        assert "voleur" in one["allowed_roles"] and one["suggested"]
        small = await check(http, 6, ["voyante", *["villageois"] * 5], options={"cards": "small"})
        assert small["valid"] and small["expected_cards"] == 6
        assert "voleur" not in small["allowed_roles"] and "loup-garou" not in small["allowed_roles"]
        assert all(card in small["allowed_roles"] for card in small["suggested"])
        odd = await check(http, 6, ["loup-garou", *["villageois"] * 5], options={"cards": "small"})
        assert refused(odd) == ("not_in_variant", {"role": "loup-garou"})
        great = await check(http, 6, [], options={"cards": "great"})
        assert great["expected_cards"] == 12 and len(great["suggested"]) == 12 and great["valid"]
        assert "loup-garou" in great["allowed_roles"]
        two = await check(http, 5, [], options={"characters": 2})
        assert two["table_size"] == 10 and len(two["suggested"]) == 10


async def test_the_steps_the_cards_and_options_call(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        plain = await check(http, 6, SIX)
        assert "voyante" in plain["called_steps"] and "cupidon" not in plain["called_steps"]
        lovers = await check(http, 6, SIX, options={"mj_lovers": True, "fake_roles": ["salvateur"]})
        assert "cupidon" in lovers["called_steps"] and "salvateur" in lovers["called_steps"]
