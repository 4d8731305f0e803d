"""Choosing a game (issue 24, 1): the home page offers every ruleset with a set-up page, as the server lists them,
and names none itself; each game has its own set-up page (/thiercelieux, /reptiliens, /soupcons) whose player range
is the server's; the composition check answers whether a composition may start; every room page names its game."""

from __future__ import annotations

import html
import re
from typing import Any

import httpx

from app.engine.ruleset import RULESETS
from app.i18n import translate
from tests.support.edge import live
from tests.support.paths import ROOT


def offered(page: str) -> list[str]:
    return re.findall(r'data-game="([^"]+)"', page)


def text_of(page: str) -> str:
    """What a page shows: its tags and scripts (the catalogue's JSON) left out."""
    shown = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", shown))


def test_the_home_page_names_no_game() -> None:
    """Its template and script hold no ruleset key: what it offers is the server's list."""
    for path in (ROOT / "templates" / "home.html", ROOT / "static" / "js" / "home.js"):
        source = path.read_text(encoding="utf-8").lower()
        named = [key for key in RULESETS if key in source]
        assert named == [], f"{path.name} names {named}"
        assert "soupçons" not in source and "reptilien" not in source and "loup" not in source


async def test_the_home_page_offers_the_servers_games(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        keys = (await http.get("/api/rulesets")).json()
        home = (await http.get("/?lang=fr")).text
        # Every ruleset with a set-up page (all the built-in ones), the server's default first.
        assert offered(home) == ["thiercelieux", "reptiliens", "soupcons"] and set(offered(home)) <= set(keys)
        for key in offered(home):
            info = (await http.get(f"/api/rulesets/{key}")).json()
            card = re.search(rf'<a class="card game-card" href="/{key}".*?</a>', home, re.S)
            assert card is not None, key
            words = text_of(card.group(0))
            # Its name, its line, the player range the server accepts, its picture.
            assert translate("fr", "home.range", min=info["min_players"], max=info["max_players"]) in words
            picture = re.search(r'<img class="game-picture" src="([^"]+)"', card.group(0))
            assert picture is not None
            svg = await http.get(picture.group(1))
            assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
            assert "<script" not in svg.text and "http://" not in svg.text.replace("http://www.w3.org", "")
            setup = await http.get(f"/{key}?lang=fr")
            assert setup.status_code == 200
        assert "De 3 à 40 joueurs" in text_of(home) and "De 3 à 6 joueurs" in text_of(home)
        for word in ("Les Loups-Garous de Thiercelieux", "Les Reptiliens de Quinte-Bourg", "Soupçons"):
            assert word in text_of(home)
        english = text_of((await http.get("/?lang=en")).text)
        assert "The Reptilians of Quinte-Bourg" in english and "3 to 40 players" in english
        assert "{" not in text_of(home) and "{" not in english


async def test_each_game_has_its_set_up_page(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        thiercelieux = (await http.get("/thiercelieux?lang=fr")).text
        assert 'id="create-form"' in thiercelieux and 'data-ruleset="thiercelieux"' in thiercelieux
        # The range says what the server accepts (3 to 40, five or more advised), and so does the field.
        assert 'min="3" max="40"' in thiercelieux
        assert "De 3 à 40, sans compter un meneur humain" in text_of(thiercelieux)
        reptiliens = (await http.get("/reptiliens?lang=fr")).text
        assert 'id="rp-create-form"' in reptiliens and 'data-ruleset="reptiliens"' in reptiliens
        assert 'id="host-choice"' in reptiliens  # "je joue aussi"
        assert "Les Reptiliens de Quinte-Bourg" in text_of(reptiliens) and 'min="3" max="40"' in reptiliens
        assert 'id="sc-create-form"' in (await http.get("/soupcons")).text  # the old URL
        for page in (thiercelieux, reptiliens):
            assert 'href="/"' in page  # back to the choice
        # What the Reptiliens form is built from: the options' schema says which are durations.
        info: dict[str, Any] = (await http.get("/api/rulesets/reptiliens")).json()
        props = info["options_schema"]["properties"]
        assert props["night_step"]["unit"] == "s" and "unit" not in props["auto_conversion"]
        assert props["first_weekday"]["enum"] == ["mon", "tue", "wed", "thu", "fri", "sat"]
        assert info["host_plays_option"] == "host_plays" and "host_plays" in info["fixed_options"]
        assert info["advised_players"] == 6
        assert (await http.get("/api/rulesets/soupcons")).json()["host_plays_option"] is None


async def test_the_server_says_whether_a_composition_may_start(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        info = (await http.get("/api/rulesets/reptiliens")).json()
        suggested = info["suggested"]["8"]
        url = "/api/rulesets/reptiliens/composition"
        good = (await http.post(url, json={"players": 8, "composition": suggested})).json()
        assert good["problem"] is None and "warnings" in good
        no_pack = (await http.post(url, json={"players": 4, "composition": ["rp-villageois"] * 4})).json()
        assert no_pack["problem"]["code"] == "no_reptilian"
        short = (await http.post(url, json={"players": 9, "composition": suggested[:3]})).json()
        assert short["problem"]["code"] == "composition_size" and short["problem"]["params"]["expected"] == 9
        twice = ["rp-reptilienne-alpha", "rp-reptilienne-alpha", *["rp-villageois"] * 4]
        found = (await http.post(url, json={"players": 5, "composition": twice})).json()
        assert found["problem"]["code"] == "role_twice"
        # The options the room would have are checked too.
        bad = await http.post(url, json={"players": 8, "composition": suggested, "options": {"moderation": "x"}})
        assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_options"
        # Thiercelieux answers with its own start checks.
        wolves = (await http.post("/api/rulesets/thiercelieux/composition",
                                  json={"players": 5, "composition": ["villageois"] * 5})).json()
        assert wolves["problem"] is not None


async def test_every_room_page_names_its_game(database_url: str) -> None:
    names = {"thiercelieux": ("Loups-Garous", "Les Loups-Garous de Thiercelieux"),
             "reptiliens": ("Reptiliens", "Les Reptiliens de Quinte-Bourg"), "soupcons": ("Soupçons", "Soupçons")}
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        for key, (short, name) in names.items():
            room = (await http.post("/api/rooms", json={"ruleset": key})).json()
            code = room["code"]
            for path in (f"/r/{code}", f"/r/{code}/mj", f"/r/{code}/take"):
                page = (await http.get(f"{path}?lang=fr")).text
                header = re.search(r'<span class="topbar-game"[^>]*>([^<]*)</span>', page)
                assert header is not None and html.unescape(header.group(1)) == short, (key, path)
                assert short in re.search(r"<title>(.*?)</title>", page, re.S).group(1), (key, path)  # type: ignore[union-attr]
            join = (await http.get(f"/r/{code}?lang=fr")).text
            assert f'<p class="game-line" id="join-game">{html.escape(name, quote=False)}</p>' in join
        # A host who plays: the console's notice names the game too.
        made = (await http.post("/api/rooms", json={"ruleset": "reptiliens", "play_as": "Ana"})).json()
        notice = (await http.get(f"/r/{made['code']}/mj?lang=en")).text
        assert ('<span class="topbar-game" id="game-name" title="The Reptilians of Quinte-Bourg">Reptilians</span>'
                in notice)
