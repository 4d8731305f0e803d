"""The engine alone: `simulate`-style 12-player games a second, and the memory of one finished game.

Measured in a process of its own, importing `app` from the tree under test (`cwd`), so the figure belongs to the
same code as the server's. The script uses only `app.sim.play`, which every version of the server has.
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
print(json.dumps({"games": games, "players": players, "seconds": took, "cpu_seconds": cpu,
                  "games_per_s": games / took, "games_per_cpu_s": games / cpu, "events_per_s": events / took,
                  "memory_game_players": memory_players, "memory_game_events": len(game.events),
                  "memory_game_kib": size / 1024}))
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
