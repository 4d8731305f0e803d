"""Bots for Thiercelieux (issue 14): « Let the MJ fill empty seats with bots (to practise, or to complete a table),
which answer every prompt legally through the engine like Soupçons' bots (replayable, restart-proof), and play
plausibly rather than at random where cheap: wolves never target a wolf, a seer votes against a wolf she saw, a
villager follows the majority. [...] Bots never see more than their seat may. »

The bots' brain is `decide(view, prompt, rnd)` (app/engine/rulesets/thiercelieux/bot.py): tested here on real
views, in whole engine games (every answer a bot gives is checked against what the page would grey out, and what the
pack knows), and through the real app (websockets, the database, a restart)."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.engine.evolve import evolve
from app.engine.model import Event, GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.thiercelieux import asks
from app.engine.rulesets.thiercelieux.bot import decide
from app.engine.rulesets.thiercelieux.roles import wolfish
from app.rooms.bots import supports_bots
from app.sim import play
from app.sim_setups import random_setup as sim_setup
from tests.support.engine import Script
from tools.client import Client, create_room, join_room
from tools.serve import serve

pytestmark = pytest.mark.usefixtures("machine_speed")  # these players answer at machine speed

W, V, SEER = "loup-garou", "villageois", "voyante"
ISSUE = "issue 14, « Bots for Thiercelieux »"


def prompt_of(seen: dict[str, Any], step: str) -> dict[str, Any]:
    return next(p for p in seen["prompts"] if p["step"] == step and p["mine"])


def vote_view(g: Script, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """`seat`'s view at the day's vote, and the vote as it shows it."""
    g.run_until("vote")
    seen = g.view(seat)
    return seen, prompt_of(seen, "vote")


# -- the brain: a function of the view ------------------------------------------------------------------------------
def test_a_decision_depends_only_on_the_view_and_the_seed() -> None:
    """« A bot decides from its seat's VIEW only (the same view a phone gets), never the state. » The same view and
    seed give the same answer, whatever the cards the view does not show."""
    one = Script([W, V, V, V, V, SEER], options={"bots": [1]})
    other = Script([V, V, W, V, V, SEER], options={"bots": [1]})  # the wolf elsewhere: seat 1 cannot tell
    seen_one, vote_one = vote_view(one, 1)
    seen_two, vote_two = vote_view(other, 1)
    assert [p["role"] for p in seen_one["players"]] == [p["role"] for p in seen_two["players"]]
    for seed in range(30):
        assert decide(seen_one, vote_one, random.Random(seed)) == decide(seen_two, vote_two, random.Random(seed))
    before = copy.deepcopy(seen_one)
    decide(seen_one, vote_one, random.Random(0))
    assert seen_one == before  # it reads the view, never writes it


def test_a_seer_votes_against_the_wolf_she_saw() -> None:
    """« a seer votes against a wolf she saw »: the Voyante's view shows the card she saw; her vote goes to it."""
    g = Script([SEER, W, V, V, V, V], options={"bots": [0]})
    g.answer(0, "voyante", [1])
    g.run_until("vote")
    seen = g.view(0)
    assert seen["players"][1]["role"] == W
    for seed in range(50):
        assert decide(seen, prompt_of(seen, "vote"), random.Random(seed)) == [1]


def test_wolves_never_target_a_wolf() -> None:
    """« wolves never target a wolf (they know the pack) »: not as the pack's victim, even when a wolf is among its
    targets (one the Marchand de sable put to sleep does not wake with it), nor in the village's vote."""
    g = Script([W, W, V, V, V, V], options={"bots": [0]})
    seen = g.view(0)
    assert seen["players"][1]["role"] == W
    loups = prompt_of(seen, "loups")
    asleep = {**loups, "options": [1, *loups["options"]]}  # as the view shows it when seat 1 sleeps
    assert {decide(seen, asleep, random.Random(seed))[0] for seed in range(60)} <= {2, 3, 4, 5}
    g.answer(1, "loups", [2])
    seen, ballot = vote_view(g, 0)
    picks = {tuple(decide(seen, ballot, random.Random(seed))) for seed in range(60)}
    assert (1,) not in picks and (0,) not in picks


def test_a_villager_mostly_follows_the_majority() -> None:
    """« a villager follows the current majority of the vote »: the live tally (the captain's weight included) is
    in the view; a villager bot joins its leader three times in four, else votes at random."""
    g = Script([W, V, V, V, V, V, V], options={"bots": [6]})
    g.run_until("vote")
    for seat in (0, 1, 2):
        g.answer(seat, "vote", [4])
    seen = g.view(6)
    assert seen["tallies"][prompt_of(seen, "vote")["id"]]["counts"] == {"4": 3}
    picks = [decide(seen, prompt_of(seen, "vote"), random.Random(seed)) for seed in range(200)]
    assert 0.6 < picks.count([4]) / len(picks) < 0.9


def test_bots_never_pick_a_disabled_option() -> None:
    """The page greys out what the rules refuse (asks.py `disabled`): a lover's beloved, as the pack's victim (003:
    « ni lui porter aucun préjudice »)."""
    g = Script([W, "cupidon", V, V, V, V, V], options={"bots": [0]}, hurry=False)
    g.answer(1, "cupidon", [0, 2])
    g.run_until("loups")  # the bot answered as the step opened: what did its page show?
    seen = g.view(0)
    loups = prompt_of(seen, "loups")
    assert seen["disabled"][loups["id"]]["0"] == {"2": "lover_harm"}
    assert all(decide(seen, loups, random.Random(seed)) != [2] for seed in range(60))
    assert g.prompt("loups").answers[0] != [2]  # and the answer it gave in the engine


def test_unknown_steps_get_a_legal_answer_by_their_kind() -> None:
    """Other helpers add roles: a question of a step the brain has never heard of is answered within its own
    bounds (pick, choice, confirm, number, text)."""
    base = {"id": "p1", "step": "never-heard-of", "mine": True, "as": 0, "answers": {}, "info": {}}
    seen = {"me": {"seat": 0, "role": V}, "players": [{"seat": s, "role": None, "me": s == 0} for s in range(5)],
            "options": {}, "disabled": {"p1": {"0": {"3": "some_rule"}}}}
    for seed in range(40):
        rnd = random.Random(seed)
        picked = decide(seen, {**base, "kind": "pick", "options": [0, 1, 2, 3, 4], "min": 1, "max": 2}, rnd)
        assert len(picked) in (1, 2) and 3 not in picked and 0 not in picked
        assert decide(seen, {**base, "kind": "choice", "options": ["a", "b"]}, rnd) in ("a", "b")
        assert decide(seen, {**base, "kind": "confirm"}, rnd) in (True, False)
        assert 2 <= decide(seen, {**base, "kind": "number", "min": 2, "max": 5}, rnd) <= 5
        text = decide(seen, {**base, "kind": "text", "min": 3, "max": 4}, rnd)
        assert 3 <= len(text) <= 4


# -- whole games in the engine ----------------------------------------------------------------------------------------
def check_bot_answers(events: list[Event], bots: set[int]) -> int:
    """Replay the log; before each answer a bot gave, check it against what its page greyed out then and, for a
    pack's victim or a vote by a wolf, that it names no wolf of the pack (unless only wolves are left to name).
    Returns how many answers bots gave."""
    state = GameState()
    given = 0
    for e in events:
        if e.type == "answered" and state.player_of(e.data["seat"]) in bots:
            given += 1
            seat, answer, prompt = e.data["seat"], e.data["answer"], state.prompts[e.data["prompt"]]
            refused = asks.asks(state, None).get("disabled", {}).get(prompt.id, {}).get(str(seat), {})
            if isinstance(answer, list) and not (prompt.step in ("vote", "revote") and answer == [seat]):
                # (a vote turned against oneself is the engine's 004 hesitation, not the bot's ballot)
                assert not any(str(t) in refused for t in answer), (prompt.step, answer, refused)
            if isinstance(answer, bool):
                assert str(answer).lower() not in refused, (prompt.step, answer, refused)  # a greyed "yes"
            if prompt.step in ("loups", "vote", "revote") and wolfish(state, state.players[seat]) and answer:
                pack = {x for x in prompt.to if wolfish(state, state.players[x])} if prompt.step == "loups" else set()
                known = {s for s, p in state.players.items() if wolfish(state, p) and s != seat and (
                    s in pack or get_ruleset("thiercelieux").role_of_viewer_known(state, seat, s) is not None)}
                others = set(prompt.options) - known - set(state.seats_of(state.player_of(seat))) - set(refused)
                assert not set(answer) & known or not others, (prompt.step, seat, answer, known)
        evolve(state, e)
    return given


@pytest.mark.parametrize("seed", range(12))
def test_whole_games_of_bots_end_legally(seed: int) -> None:
    """Random tables and variants (the simulator's), every seat but one a bot, the one left answering at random:
    every game ends, and every bot answer was legal and spared the pack."""
    rules = get_ruleset("thiercelieux")
    rnd = random.Random(seed)
    n = rnd.randint(5, 12)
    composition, options = sim_setup(rules.key, n, rnd)
    bots = set(range(1, n))
    game = play("thiercelieux", seed, n, {**options, "bots": sorted(bots)}, composition=composition)
    assert game.state.phase == "ended"
    assert check_bot_answers(game.events, bots) > 0


def test_the_mj_may_seat_bots_in_thiercelieux() -> None:
    assert supports_bots("thiercelieux") and supports_bots("soupcons")


# -- through the real app ---------------------------------------------------------------------------------------------
QUICK = {"night_step": 1.5, "plausible_min": 0.2, "plausible_max": 0.4, "dawn": 0.1, "election": 2, "debate": 0.1,
         "vote": 2, "reaction": 1, "captain": False}


async def person(client: Client, rnd: random.Random) -> None:
    """The one person at the table: answers each question once, at random, avoiding what the page greys out."""
    me = client.view["me"]["seat"]
    while client.view.get("phase") != "ended":
        client.changed.clear()
        for prompt in client.my_prompts():
            if str(prompt.get("as", me)) in prompt["answers"]:
                continue
            grey = set(((client.view.get("disabled") or {}).get(prompt["id"]) or {}).get(str(me), {}))
            answer = decide(client.view, prompt, rnd, frozenset(grey))
            await client.send("answer", prompt=prompt["id"], answer=answer)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(client.changed.wait(), 0.5)


async def seat_bots(base: str, code: str, token: str, count: int) -> list[int]:
    async with httpx.AsyncClient(base_url=base) as http:
        r = await http.post(f"/api/rooms/{code}/bots", json={"count": count},
                            headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
        seats: list[int] = r.json()["seats"]
        return seats


async def test_one_person_and_bots_play_to_the_end(database_url: str) -> None:
    """The MJ fills the table with bots over HTTP; the one person plays over a websocket; the bots answer inside
    the engine; nobody's frames show a card they may not see, and the game ends."""
    async with serve(database_url) as base:
        room = await create_room(base, options=QUICK)
        code = room["code"]
        seat = await join_room(base, code, "Alice")
        assert await seat_bots(base, code, room["mj_token"], 6) == [1, 2, 3, 4, 5, 6]
        alice = Client(base, code, seat["token"], "Alice")
        await alice.connect()
        assert alice.view["options"]["bots"] == [1, 2, 3, 4, 5, 6]
        assert [p["name"] for p in alice.view["players"]][1:3] == ["Bot Ada", "Bot Basile"]
        mj = Client(base, code, room["mj_token"], "MJ")
        await mj.connect()
        await mj.do("start")
        await asyncio.wait_for(person(alice, random.Random(3)), 120)
        view = await mj.wait_for(lambda v: v.get("phase") == "ended")
        assert view["result"]["reason"] == "victory"
        answered = {e["data"]["seat"] for e in mj.events if e["type"] == "answered"}
        assert answered & {1, 2, 3, 4, 5, 6}
        for c in (alice, mj):
            await c.close()


async def test_bots_go_on_after_a_server_restart(database_url: str) -> None:
    """« restart-proof: after a server restart the bots go on »: stop the server during the first night, start
    another on the same database; the bots (nothing of theirs in memory) answer on, and the game ends."""
    async with serve(database_url) as base:
        room = await create_room(base, options=QUICK)
        code = room["code"]
        seat = await join_room(base, code, "Alice")
        await seat_bots(base, code, room["mj_token"], 5)
        mj = Client(base, code, room["mj_token"], "MJ")
        await mj.connect()
        await mj.do("start")
        await mj.wait_for(lambda v: v["phase"] == "night")
        await mj.close()
    stopped = time.time()
    async with serve(database_url) as base:
        alice = Client(base, code, seat["token"], "Alice")
        await alice.connect()
        assert alice.view["phase"] in ("night", "day")
        await asyncio.wait_for(person(alice, random.Random(4)), 120)
        assert alice.view["result"]["reason"] == "victory"
        # Every answer is public at the end: the bots answered after the restart.
        assert any(e["data"]["seat"] != 0 for e in alice.events if e["type"] == "answered" and e["at"] > stopped)
        await alice.close()


@pytest.mark.browser
async def test_the_console_seats_and_removes_bots(database_url: str, browser: Any, shots: Path) -> None:
    """« Make the MJ console's "add bots" work for thiercelieux »: in the lobby, the button seats a bot, its seat
    says it is one, and removing the seat takes it off the list of bots."""
    errors: list[str] = []
    async with serve(database_url) as base:
        room = await create_room(base)
        code = room["code"]
        await join_room(base, code, "Alice")
        context = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
        page = await context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("dialog", lambda dialog: dialog.accept())
        await page.goto(f"{base}/r/{code}/mj?lang=fr#k={room['mj_token']}")
        await page.wait_for_selector("#add-bot")
        # One bot at a time: a second tap while the first is being seated may land on the button being redrawn.
        await page.click("#add-bot")
        await page.wait_for_selector(".seat-row[data-seat='1'] .seat-bot")
        await page.click("#add-bot")
        await page.wait_for_selector(".seat-row[data-seat='2'] .seat-bot")
        assert await page.locator(".seat-row[data-seat='1'] .seat-name").inner_text() == "Bot Ada"
        assert not await page.locator(".seat-row[data-seat='0'] .seat-bot").count()
        await page.locator("#add-bot").scroll_into_view_if_needed()
        await page.screenshot(path=str(shots / "thiercelieux-bots-console.png"), full_page=True)
        await page.click(".seat-row[data-seat='2'] .btn-danger-ghost")
        await page.wait_for_selector(".seat-row[data-seat='2']", state="detached")
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.get(f"/api/rooms/{code}")
        assert r.json()["view"]["options"]["bots"] == [1]
        await context.close()
    assert errors == []
