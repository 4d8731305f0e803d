"""Issue 22, items 8 and 10: bots for Reptiliens seats, and an automatic game nobody can finish ends.

« Bots for Reptiliens seats, as Thiercelieux and Soupçons have: they answer every prompt from their own seat's view
only (the pack's target, specialties, coins, offices, the law, marriages, the death choice, invocations sometimes),
so five friends can fill a table of ten. » The brain is `decide(view, prompt, rnd)` (reptiliens/bot.py); the
machinery that answers for bots inside the engine is app/engine/bots.py (shared with Thiercelieux).

« A game nobody can finish ends. An automatic room whose seats never answered ran 35 nights with everyone alive. »
The seed has no such rule (§3 "Fin de partie" lists the victories and "Il ne reste plus que 2 joueurs vivants"):
reptiliens/stalemate.py, an interpretation for automatic games only.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

import httpx

from app.engine import bots as machinery
from app.engine.bots import Brain
from app.engine.core import replay
from app.engine.rulesets.reptiliens import bot
from app.engine.rulesets.reptiliens.bot import decide
from app.engine.views import view
from app.rooms.bots import supports_bots
from app.sim import play, simulate
from tests.support.paths import ROOT
from tests.support.reptiliens import ALPHA, FAST, RULESET, R, Table, V
from tools.client import Client, create_room, join_room
from tools.serve import serve

CATALOGUES = {lang: json.loads((ROOT / "static" / "i18n" / "reptiliens" / f"{lang}.json").read_text(encoding="utf-8"))
              for lang in ("fr", "en")}
ALL_BOTS = {"bots": list(range(10))}


def mine(seen: dict[str, Any], step: str) -> dict[str, Any]:
    return next(p for p in seen["prompts"] if p["step"] == step and p["mine"])


def fellows(seen: dict[str, Any]) -> set[int]:
    return set((seen.get("secrets") or {}).get("fellows", {}).get("rp-reptiliens", []))


# -- whole games of bots, through the engine --------------------------------------------------------------------------
def test_ten_bots_play_a_game_to_its_end_and_it_replays() -> None:
    """« so five friends can fill a table of ten »: ten bot seats play a whole game through the engine (its
    commands are the server's ticks alone); every seat answered; the log folds back into the same end, and the
    same seed plays the same game again (bots answer inside the engine, with the game's generator)."""
    for seed in (1, 2, 3):
        game = play(RULESET, seed, 10, ALL_BOTS)
        assert game.state.phase == "ended"
        assert game.state.result is not None and game.state.result["reason"] in ("victory", "stalemate")
        answered = {e.data["seat"] for e in game.events if e.type == "answered"}
        assert answered == set(range(10))
        assert replay(game.events).result == game.state.result
        again = play(RULESET, seed, 10, ALL_BOTS)
        assert [(e.type, e.data) for e in again.events] == [(e.type, e.data) for e in game.events]


def test_simulate_with_bots_plays_every_seat_with_the_bots_code() -> None:
    """« `python -m app simulate --ruleset reptiliens --games N --players P --bots` »: every game ends, none errs."""
    out = simulate(RULESET, 4, 5, players=10, bots=True)
    assert out["finished"] == 4 and out["errors"] == 0


def test_bots_decide_from_their_own_view_only(monkeypatch: Any) -> None:
    """« they answer every prompt from their own seat's view only »: every decision (an answer, a move unasked)
    is taken on the very view `app.engine.views.view` made for the seat that acts, and nothing else; a Reptilian
    bot never names its pack (§4 the Reptilians "attaquent ensemble") nor its beloved, neither as the pack's house nor
    in a ballot, unless only they are left to name."""
    made: dict[int, int] = {}
    kept: list[dict[str, Any]] = []  # alive, so that no two views share an id
    real_view = view  # what app.engine.bots calls

    def recording_view(state: Any, viewer: Any) -> dict[str, Any]:
        seen = real_view(state, viewer)
        made[id(seen)] = viewer
        kept.append(seen)
        return seen

    calls: list[tuple[int | None, dict[str, Any], dict[str, Any], Any]] = []

    def recording_decide(seen: dict[str, Any], prompt: dict[str, Any], rnd: random.Random,
                         avoid: frozenset[str] = frozenset()) -> Any:
        answer = decide(seen, prompt, rnd, avoid)
        calls.append((made.get(id(seen)), copy.deepcopy(seen), prompt, answer))
        return answer

    moves: list[tuple[int | None, int]] = []
    real_move = bot.move

    def recording_move(seen: dict[str, Any], rnd: random.Random) -> Any:
        moves.append((made.get(id(seen)), seen["me"]["seat"]))
        return real_move(seen, rnd)

    monkeypatch.setattr(machinery, "view", recording_view)
    monkeypatch.setattr(bot, "view", recording_view)
    monkeypatch.setattr(bot, "move", recording_move)
    monkeypatch.setattr(bot, "BRAIN", Brain(recording_decide, bot.BRAIN.at_once, bot.BRAIN.never))
    for seed in (4, 5, 6, 7):
        play(RULESET, seed, 10, ALL_BOTS)
    assert len(calls) > 200 and moves
    assert all(viewer == seen["me"]["seat"] for viewer, seen, _, _ in calls)
    assert all(viewer == seat for viewer, seat in moves)
    aimed = 0
    for _, seen, prompt, answer in calls:
        spared = fellows(seen) | {(seen.get("secrets") or {}).get("lover")}
        if not bot.is_reptilian(seen) or not answer or prompt["step"] not in ("rp-concertation", "rp-vote"):
            continue
        if set(prompt["options"]) - spared:
            aimed += 1
            assert answer[0] not in spared, (prompt["step"], answer, spared)
    assert aimed > 5
    for _, seen, prompt, _answer in calls[:50]:  # a pure function of the view and the seed
        before = copy.deepcopy(seen)
        assert decide(seen, prompt, random.Random(9)) == decide(json.loads(json.dumps(seen)), prompt, random.Random(9))
        assert seen == before


# -- the brain on real views -----------------------------------------------------------------------------------------
def test_a_pack_bot_never_aims_at_a_fellow_and_follows_its_people() -> None:
    """§7 "Les Reptiliens désignent une maison": the bot's choice is never a fellow's house; once the pack's person
    has pointed, the bot points with him."""
    g = Table([ALPHA, R, V, V, V, V, V], options={"bots": [1]}, lovers=None)
    g.run_until("rp-concertation")
    seen = view(g.state, 1)
    assert fellows(seen) == {0, 1}
    prompt = mine(seen, "rp-concertation")
    assert prompt["answers"] == {}  # it waits for its people
    picks = {decide(seen, prompt, random.Random(seed))[0] for seed in range(80)}
    assert picks and not picks & {0, 1}
    g.answer(0, "rp-concertation", [4])
    assert g.state.prompts[prompt["id"]].answers[1] == [4]


def test_a_villager_votes_against_the_reptilian_it_saw_else_follows_the_ballots() -> None:
    """§5 Fureteur "Il peut investiguer le rôle d'un voisin": the card it saw is in its view; its ballot goes there.
    Without a suspect it mostly joins the ballots already announced (§6 "seront annoncés")."""
    g = Table([V, R, V, V, V, V, V], specialty=["rp-fureteur"], lovers=None)
    g.run_until("rp-investigation")
    g.answer(0, "rp-investigation", [1])
    seen = view(g.state, 0)
    assert seen["players"][1]["role"] == R
    ballot = {"id": "b", "step": "rp-vote", "kind": "pick", "options": list(range(7)), "min": 0, "max": 1,
              "answers": {}, "info": {}, "mine": True, "as": 0, "policy": "all"}
    assert {tuple(decide(seen, ballot, random.Random(seed))) for seed in range(50)} == {(1,)}
    blind = view(g.state, 2)
    blind["village"]["session"]["ballots"] = [[3, [5]], [4, [5]], [6, [5]]]
    picks = [decide(blind, {**ballot, "as": 2}, random.Random(seed)) for seed in range(200)]
    assert 0.6 < picks.count([5]) / len(picks) < 0.95
    assert [2] not in picks


def test_a_bot_answers_every_kind_of_question_within_its_bounds() -> None:
    """Other helpers add questions: one the brain has never heard of is answered by its kind, within bounds."""
    seen = view(Table([R, V, V, V, V, V], lovers=None).state, 1)
    base = {"id": "p", "step": "never-heard-of", "mine": True, "as": 1, "answers": {}, "info": {}}
    for seed in range(40):
        rnd = random.Random(seed)
        picked = decide(seen, {**base, "kind": "pick", "options": [0, 1, 2, 3], "min": 1, "max": 2}, rnd)
        assert 1 <= len(picked) <= 2 and set(picked) <= {0, 1, 2, 3}
        assert decide(seen, {**base, "kind": "choice", "options": ["a", "b"]}, rnd) in ("a", "b")
        assert decide(seen, {**base, "kind": "confirm"}, rnd) in (True, False)
        assert 2 <= decide(seen, {**base, "kind": "number", "min": 2, "max": 5}, rnd) <= 5
        assert 3 <= len(decide(seen, {**base, "kind": "text", "min": 3, "max": 4}, rnd)) <= 4


async def test_a_reptiliens_room_seats_bots_over_http_and_they_answer(database_url: str) -> None:
    """« check the web side lets a Reptiliens room add bots »: the MJ seats nine bots beside one person; the game
    starts and the bots answer inside the engine."""
    assert supports_bots(RULESET)
    async with serve(database_url) as base:
        room = await create_room(base, ruleset=RULESET, options={**FAST, "night_step": 0.3, "plausible_min": 0.1,
                                                                  "plausible_max": 0.2})
        code = room["code"]
        await join_room(base, code, "Alice")
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{code}/bots", json={"count": 9},
                                headers={"Authorization": f"Bearer {room['mj_token']}"})
        assert r.status_code == 201, r.text
        assert r.json()["seats"] == list(range(1, 10))
        mj = Client(base, code, room["mj_token"], "MJ")
        await mj.connect()
        await mj.do("start")
        await mj.wait_for(lambda v: any(e["type"] == "answered" for e in mj.events))
        assert {e["data"]["seat"] for e in mj.events if e["type"] == "answered"} <= set(range(1, 10))
        await mj.close()
        await asyncio.sleep(0)


# -- the stalemate ----------------------------------------------------------------------------------------------------
def run_to_end(g: Table, answer: str | None = None, limit: int = 3000) -> None:
    """Let time pass; a living seat answers `answer`'s questions (an empty pick) when one is open."""
    for _ in range(limit):
        if g.state.phase == "ended":
            return
        todo = [(p, seat) for p in g.open_prompts(answer) for seat in p.to
                if seat not in p.answers and g.state.players[seat].alive] if answer else []
        if todo:
            prompt, seat = todo[0]
            g.do("answer", seat, prompt=prompt.id, answer=[])
        else:
            g.wait()
    raise AssertionError("the game never ended")


def test_an_automatic_game_nobody_plays_ends_after_two_nights_and_days() -> None:
    """« An automatic room whose seats never answer ran 35 nights with everyone alive »: nobody answered during
    nights 1 and 2 and their days, so the game ends at the next nightfall (one quiet night and day is not enough),
    and the end view says why (fr and en)."""
    g = Table([ALPHA, R, V, V, V, V, V], options={"moderation": "auto", "lovers": "none"})
    run_to_end(g)
    assert (g.state.night, g.state.day) == (2, 2)
    result = view(g.state, 3)["result"]
    assert result["reason"] == "stalemate"
    assert [r["key"] for r in result["stop"]] == ["victory.rp-stop.idle"]
    assert any(e.type == "announce" and e.data["key"] == "rp-impasse-idle" for e in g.events)
    for texts in CATALOGUES.values():
        assert texts["victory.rp-stop.idle"] and texts["announce.rp-impasse-idle"]


def test_an_automatic_game_without_a_death_for_a_week_ends() -> None:
    """The players answer (the marriage requests, §8) but nobody dies: the pack never points, nobody votes. After six
    nights and their days, a whole week, the game ends; the end screen says so, with the number of nights."""
    g = Table([ALPHA, V, V, V, V, V, V], options={"moderation": "auto", "lovers": "none"})
    run_to_end(g, "rp-demande")
    assert all(p.alive for p in g.state.players.values())
    assert g.state.night == 6
    result = view(g.state, 3)["result"]
    assert result["reason"] == "stalemate"
    assert result["stop"] == [{"key": "victory.rp-stop.calm", "params": {"nights": 6}}]
    for texts in CATALOGUES.values():
        assert "{nights}" in texts["victory.rp-stop.calm"]


def test_a_game_with_an_mj_never_stalemates() -> None:
    """With an MJ the table stops a game that goes nowhere itself: nobody answering for two nights ends nothing."""
    g = Table([ALPHA, R, V, V, V, V, V], lovers=None)
    for _ in range(2000):
        if g.state.night >= 3:
            break
        g.wait()
    assert g.state.phase != "ended" and g.state.night >= 3
