"""`make demo` (`python -m tools.demo`): the real app in-process on SQLite, bots over real websockets, one automatic
game to the end. The tests use its bots too (`bot`, `play_game`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx

from app.bots import random_answer
from tools.client import Client, create_room, join_room
from tools.serve import serve

# A night step lasts its drawn length whatever the bots do: 0.6-1 s (a pack's 0.9-1.5 s), time enough to answer.
DEMO_OPTIONS = {"moderation": "auto", "night_step": 3, "plausible_min": 0.6, "plausible_max": 1.0, "dawn": 0.3,
                "election": 3, "debate": 0.3, "vote": 3, "reaction": 2}


async def bot(client: Client, rnd: random.Random) -> None:
    """Answer every prompt addressed to this seat, from its own view, until the game ends."""
    me = client.view.get("me", {}).get("seat")
    while client.view.get("phase") != "ended":
        for prompt in client.my_prompts():
            if str(prompt.get("as", me)) in prompt["answers"]:
                continue
            await asyncio.sleep(rnd.uniform(0.01, 0.1))
            for _ in range(4):
                answer = random_answer(prompt, rnd, prompt.get("as", me))
                reply = await client.send("answer", prompt=prompt["id"], answer=answer)
                if reply["type"] == "ack" or reply.get("code") in ("prompt_closed", "no_such_prompt"):
                    break
        client.changed.clear()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(client.changed.wait(), 1.0)


async def play_game(base: str, players: int, seed: int, options: dict[str, Any] | None = None,
                    server_bots: bool = False) -> Client:
    """Create a room, seat `players` bots, start, play to the end; returns the MJ's client. `server_bots`: the
    server's own bots (the MJ seats them over HTTP; they answer inside the engine) rather than websocket clients."""
    rnd = random.Random(seed)
    room = await create_room(base, options={**DEMO_OPTIONS, **(options or {})})
    mj = Client(base, room["code"], room["mj_token"], "MJ")
    await mj.connect()
    if server_bots:
        async with httpx.AsyncClient(base_url=base) as http:
            r = await http.post(f"/api/rooms/{room['code']}/bots", json={"count": players},
                                headers={"Authorization": f"Bearer {room['mj_token']}"})
            r.raise_for_status()
        await mj.do("start")
        await mj.wait_for(lambda v: v.get("phase") == "ended", timeout=600)
        return mj
    bots = []
    for i in range(players):
        seat = await join_room(base, room["code"], f"Bot{i + 1}")
        c = Client(base, room["code"], seat["token"], f"Bot{i + 1}")
        await c.connect()
        bots.append(c)
    await mj.do("start")
    await asyncio.wait_for(asyncio.gather(*(bot(c, random.Random(rnd.random())) for c in bots)), 600)
    await mj.wait_for(lambda v: v.get("phase") == "ended")
    for c in bots:
        await c.close()
    return mj


def summary(mj: Client) -> list[str]:
    names = {p["seat"]: p["name"] for p in mj.view["players"]}
    lines: list[str] = []
    for e in mj.events:
        d = e["data"]
        if e["type"] == "phase":
            lines.append(f"-- {'Night' if d['phase'] == 'night' else 'Day'} {d.get('night') or d.get('day')}")
        elif e["type"] == "died":
            lines.append(f"   {names[d['seat']]} dies ({d['cause']}), was {d['role']}")
        elif e["type"] == "office" and d.get("seat") is not None:
            lines.append(f"   {names[d['seat']]} becomes {d['office']}")
    result = mj.view["result"] or {}
    winners = ", ".join(names[s] for s in result.get("winners", [])) or "nobody"
    lines.append(f"Winners: {result.get('camp')} — {winners}")
    return lines


async def main(players: int = 8, seed: int = 1, server_bots: bool = False) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite+aiosqlite:///{Path(tmp) / 'demo.db'}"
        async with serve(url) as base:
            mj = await play_game(base, players, seed, server_bots=server_bots)
            await mj.close()
    for line in summary(mj):
        print(line)
    return 0


def cli(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.demo",
                                     description="bots play one automatic game over real websockets")
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-bots", action="store_true", help="the server's own bots (the room option `bots`)")
    args = parser.parse_args(argv)
    from app import games

    games.install()  # as `python -m app` did for every command (the app factory does the same)
    return asyncio.run(main(args.players, args.seed, args.server_bots))


if __name__ == "__main__":
    sys.exit(cli())
