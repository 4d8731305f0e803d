"""The engine alone: `simulate`-style 12-player games a second, the memory of one finished game, and what one
command costs the engine in each ruleset that seats 12 (a Reptiliens command must cost no more than a
Thiercelieux one).

Measured in a process of its own, importing `app` from the tree under test (`cwd`), so the figure belongs to the
same code as the server's. The script uses only `app.sim.play` (and `Game.do`), which every version of the server has.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

SCRIPT = """
import json, sys, time, tracemalloc
try:  # the composition root registers the rulesets (a tree from before it registered them on import)
    from app.games import install
    install()
except ImportError:
    pass
from app.sim import play
games, players, memory_players = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
play("thiercelieux", 999, players)  # warm-up: imports, caches
start = time.perf_counter(); cpu = time.process_time(); events = 0
for i in range(games):
    events += len(play("thiercelieux", 1000 + i, players).events)
took = time.perf_counter() - start; cpu = time.process_time() - cpu
tracemalloc.start()
before = tracemalloc.take_snapshot()
game = play("thiercelieux", 7, memory_players)
after = tracemalloc.take_snapshot()
size = sum(s.size_diff for s in after.compare_to(before, "filename"))
tracemalloc.stop()
# What a command costs the server's engine step, per ruleset that seats 12, over simulated games: decided in place
# on a working copy, its events detached and folded into the committed state (app/rooms/inplace.py, as the room
# service does); a rejected command's working copy is cloned again from the committed one, as there, unless the
# refusal changed nothing (no event, no draw: RoomService._restore).
import app.sim as sim
from app.engine.core import decide_on
from app.engine.errors import Rejected
from app.engine.ruleset import get_ruleset
from app.rooms.inplace import detached, fold
spent, count = [0.0], [0]
kinds = {}  # what each kind of command costs: its type, "+step" when a step changed, "!" when refused
def served(self, cmd):
    t = time.process_time()
    kind = cmd.type + "!"
    try:
        work = getattr(self, "_work", None) or self.state.clone()
        self._work = None
        mark = work.seq, work.rng
        try:
            events = decide_on(work, cmd)
        except Rejected:
            if (work.seq, work.rng) == mark:
                self._work = work
            raise
        fold(self.state, [detached(e) for e in events])
        self._work = work
        kind = cmd.type + ("+step" if any(e.type == "step" for e in events) else "")
    finally:
        took = time.process_time() - t
        spent[0] += took
        count[0] += 1
        cell = kinds.setdefault(kind, [0.0, 0])
        cell[0] += took
        cell[1] += 1
    self.events.extend(events)
    return events
sim.Game.do = served
per_command = {}
for key in ("thiercelieux", "reptiliens"):
    try:
        rules = get_ruleset(key)
    except Rejected:  # a tree from before that ruleset
        continue
    if not rules.min_players <= players <= rules.max_players:
        continue
    play(key, 998, players)
    spent[0], count[0] = 0.0, 0
    kinds.clear()
    for i in range(max(5, games // 4)):
        play(key, 3000 + i, players)
    per_command[key] = {"commands": count[0], "us_per_command": spent[0] / count[0] * 1e6,
                        "kinds": {k: {"share": n / count[0], "us": t / n * 1e6} for k, (t, n) in kinds.items()}}
# The mean depends on the games' rhythm as much as on the code: a Reptiliens night calls three times as many steps
# as a Thiercelieux one, and a step's end costs several answers. Each ruleset's costs weighed by Thiercelieux's mix
# of kinds compares the code alone.
base = per_command.get("thiercelieux", {}).get("kinds", {})
for key, figures in per_command.items():
    mine = figures["kinds"]
    shared = {k: w["share"] for k, w in base.items() if k in mine}
    if shared:
        figures["us_in_thiercelieux_mix"] = sum(mine[k]["us"] * w for k, w in shared.items()) / sum(shared.values())
print(json.dumps({"games": games, "players": players, "seconds": took, "cpu_seconds": cpu,
                  "games_per_s": games / took, "games_per_cpu_s": games / cpu, "events_per_s": events / took,
                  "memory_game_players": memory_players, "memory_game_events": len(game.events),
                  "memory_game_kib": size / 1024, "per_command": per_command}))
"""


async def engine_figures(games: int, players: int = 12, memory_players: int = 40, cwd: Path | None = None,
                         python: str = sys.executable) -> dict[str, Any]:
    env = {**os.environ}
    if cwd is not None:
        env["PYTHONPATH"] = str(cwd)
    proc = await asyncio.create_subprocess_exec(python, "-c", SCRIPT, str(games), str(players), str(memory_players),
                                                cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = await proc.communicate()
    if proc.returncode:
        raise RuntimeError(f"engine bench failed:\n{err.decode(errors='replace')[-2000:]}")
    result: dict[str, Any] = json.loads(out.decode().strip().splitlines()[-1])
    return result
