"""The web layer names no ruleset (issue 12): what a ruleset's pages, home page and "the host plays" option are is
page data the composition root declares beside it (app/games.py's `Game`, issue 25). A made-up ruleset gets all of
it without an edit of app/web; the real ones keep their URLs."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import httpx
import pytest
from pydantic import BaseModel

from app.engine.ruleset import RULESETS, Role, Ruleset
from app.games import GAMES, Game
from app.main import create_app
from app.settings import Settings
from app.web import rulesets
from app.web.urls import lan_addresses
from tests.support.edge import live
from tests.support.paths import ROOT

# The project's check, and the concepts a ruleset owns (words, so that `sp_lovers`-like names are caught too).
RULESET_NAMES = re.compile(r"thiercelieux|soupcons|reptiliens", re.IGNORECASE)
CONCEPTS = re.compile(r"captain|wolf|wolves|lovers?\b|spare_cards|chaman|spirits?\b", re.IGNORECASE)

class FakeOptions(BaseModel):
    solo_host: bool = False


class Fake(Ruleset):
    """A ruleset the web has never heard of."""

    key = "fakegame"
    options_model = FakeOptions
    roles: ClassVar[dict[str, Role]] = {"pawn": Role("pawn", "pawns", unique=False)}


# Its page data, every field declared.
FAKE_GAME = Game(pages={"room": "soupcons.html", "home": "soupcons_home.html"},
                 presentation={"name": "fake.name", "lead": "fake.lead", "picture": "/static/img/fake.svg"},
                 host_plays_option="solo_host")


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Fake:
    rulesets.load("thiercelieux")  # the built-in ones first, as the app does
    ruleset = Fake()
    monkeypatch.setitem(RULESETS, ruleset.key, ruleset)
    monkeypatch.setitem(GAMES, ruleset.key, FAKE_GAME)
    return ruleset


def test_no_module_of_the_web_layer_names_a_ruleset_or_its_concepts() -> None:
    for path in sorted((ROOT / "app" / "web").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not RULESET_NAMES.search(text), f"{path.name} names a ruleset"
        assert not CONCEPTS.search(text), f"{path.name} names {CONCEPTS.search(text)}"
    assert not RULESET_NAMES.search((ROOT / "app" / "main.py").read_text(encoding="utf-8"))


def test_roles_are_listed_with_their_plain_data_fields() -> None:
    role = Role("pawn", "pawns", unique=False, night_steps=("move",), tags=frozenset({"x"}))
    data = rulesets.role_data(role)
    assert {"key": "pawn", "camp": "pawns", "unique": False}.items() <= data.items()
    assert "night_steps" not in data and "tags" not in data


def test_a_wrong_default_ruleset_or_page_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="DEFAULT_RULESET 'nope'"):
        create_app(Settings(default_ruleset="nope"))

    class Typo(Fake):
        key = "typo"

    monkeypatch.setitem(RULESETS, "typo", Typo())
    monkeypatch.setitem(GAMES, "typo", Game(pages={"console": "mj.html"}))
    with pytest.raises(ValueError, match="unknown pages"):
        rulesets.load("thiercelieux")


async def test_the_built_in_rulesets_keep_their_pages_and_routes(database_url: str) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        assert (await http.get("/api/rulesets")).json() == sorted(RULESETS)
        home = (await http.get("/")).text
        assert 'id="create-form"' not in home  # a choice of games, each with its own set-up page
        assert 'href="/soupcons"' in home and 'href="/thiercelieux"' in home and 'href="/reptiliens"' in home
        assert 'id="sc-create-form"' in (await http.get("/soupcons")).text
        assert 'data-ruleset="thiercelieux"' in (await http.get("/thiercelieux")).text
        assert 'data-ruleset="reptiliens"' in (await http.get("/reptiliens")).text
        info = (await http.get("/api/rulesets/thiercelieux")).json()
        wolf = next(r for r in info["roles"] if r["key"] == "loup-garou")
        assert wolf == {"key": "loup-garou", "camp": "wolves", "unique": False, "wolf": True}
        # A room created without a ruleset is the default one's; a Soupçons table has its own pages.
        room = (await http.post("/api/rooms", json={})).json()
        assert (await http.get(f"/api/rooms/{room['code']}")).json()["ruleset"] == "thiercelieux"
        table = (await http.post("/api/rooms", json={"ruleset": "soupcons"})).json()
        assert "page-soupcons" in (await http.get(f"/r/{table['code']}")).text
        console = (await http.get(f"/r/{table['code']}/mj")).text
        assert "page-soupcons" in console
        # The console's loopback hint opens the console again (not the player page) at a network address.
        port = base.rsplit(":", 1)[1]
        assert 'id="lan-hint"' in console
        for address in lan_addresses():
            assert f"http://{address}:{port}/r/{table['code']}/mj" in console
        # Soupçons has no host who plays a seat through `play_as` (its creator joins like anyone).
        refused = await http.post("/api/rooms", json={"ruleset": "soupcons", "play_as": "Ana"})
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == "bad_options"
        assert refused.json()["error"]["params"] == {"option": "play_as"}
        # An explicit empty name is still an unknown ruleset, not the default one.
        assert (await http.post("/api/rooms", json={"ruleset": ""})).json()["error"]["code"] == "unknown_ruleset"


async def test_another_default_ruleset_comes_first_on_the_home_page(database_url: str) -> None:
    async with live(database_url, default_ruleset="soupcons") as base, httpx.AsyncClient(base_url=base) as http:
        home = (await http.get("/")).text
        assert re.findall(r'data-game="([^"]+)"', home) == ["soupcons", "reptiliens", "thiercelieux"]
        room = (await http.post("/api/rooms", json={})).json()
        assert (await http.get(f"/api/rooms/{room['code']}")).json()["ruleset"] == "soupcons"


async def test_a_new_ruleset_brings_its_pages_and_host_without_an_edit_of_the_web(
        database_url: str, fake: Fake) -> None:
    async with live(database_url) as base, httpx.AsyncClient(base_url=base) as http:
        assert "fakegame" in (await http.get("/api/rulesets")).json()
        assert 'id="sc-create-form"' in (await http.get("/fakegame")).text  # its set-up page, the template it names
        assert (await http.get("/fakegame?name=notfound.html")).status_code == 200  # no template from the query
        home = (await http.get("/")).text
        # The home page offers it as it offers the others: its set-up page, picture, range, and its texts' keys
        # (shown as they are: the made-up game has none in the catalogue).
        assert 'href="/fakegame"' in home and 'src="/static/img/fake.svg"' in home and "fake.name" in home
        assert re.findall(r'data-game="([^"]+)"', home) == ["thiercelieux", "fakegame", "reptiliens", "soupcons"]
        assert "De 1 à 99 joueurs" in home
        info: dict[str, Any] = (await http.get("/api/rulesets/fakegame")).json()
        assert [{"key": "pawn", "camp": "pawns", "unique": False}.items() <= r.items() for r in info["roles"]] == [True]
        # Its creator plays: the ruleset's own option is set, the seat taken, the console a notice.
        made = (await http.post("/api/rooms", json={"ruleset": "fakegame", "play_as": "Ana"})).json()
        code, host = made["code"], {"Authorization": f"Bearer {made['mj_token']}"}
        assert made["seat"] == 0
        view = (await http.get(f"/api/rooms/{code}")).json()["view"]
        assert view["ruleset"] == "fakegame"
        assert 'id="host-plays-notice"' in (await http.get(f"/r/{code}/mj")).text
        assert "page-soupcons" in (await http.get(f"/r/{code}")).text  # its own player page
        steer = await http.post(f"/api/rooms/{code}/commands", headers=host, json={"command": "advance"})
        assert steer.status_code == 403 and steer.json()["error"]["code"] == "host_plays"
        # Without `play_as` the console is the generic one (it declares no "mj" page).
        other = (await http.post("/api/rooms", json={"ruleset": "fakegame"})).json()
        page = (await http.get(f"/r/{other['code']}/mj")).text
        assert 'id="mj"' in page and "page-soupcons" not in page
