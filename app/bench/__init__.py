"""`make bench`: Veillée measured next to a bare uvicorn + FastAPI ceiling, over real websockets.

- `run`: the scenario, the figures, the JSON (`python -m app bench [--quick]`);
- `loadgen`: the load generator (processes of its own), `wsclient`: its lean websocket and HTTP client;
- `ceiling`: the ceiling app; `servers`: the uvicorn processes under test; `engine`: the engine alone;
- `plot`: latency against offered votes/s (PNG).

docs/bench.md describes the method and today's figures.
"""

from __future__ import annotations

from typing import Any


async def main(quick: bool = False, **options: Any) -> int:
    from app.bench.run import Config, bench

    cfg = Config.quick_mode(**options) if quick else Config(**options)
    await bench(cfg)
    return 0
