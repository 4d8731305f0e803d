"""`make bench`: Veillée measured next to a bare uvicorn + FastAPI ceiling, over real websockets. Not the server:
the app never imports it.

- `run`: the scenario, the figures, the JSON (`python -m bench [--quick]`, in `__main__`);
- `loadgen`: the load generator (processes of its own), `wsclient`: its lean websocket and HTTP client;
- `ceiling`: the ceiling app; `servers`: the uvicorn processes under test; `engine`: the engine alone;
- `plot`: latency against offered votes/s (PNG);
- `loadtest`: the write path alone, through `RoomService` without HTTP (`python -m bench.loadtest`).

docs/bench.md describes the method and today's figures.
"""
