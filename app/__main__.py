"""`python -m app simulate|demo|roles|bench`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


def main(argv: list[str] | None = None) -> int:
    from app import games

    games.install()  # every command plays or lists the rulesets (the app factory does the same)
    parser = argparse.ArgumentParser(prog="python -m app")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate", help="play games through the engine alone")
    sim.add_argument("--ruleset", default="thiercelieux")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--roles", choices=["all"], default=None, help="random compositions drawn from every role")
    sim.add_argument("--bots", action="store_true", help="every seat a server bot (the ruleset's bot code), instead "
                     "of random players")
    demo = sub.add_parser("demo", help="bots play one automatic game over real websockets")
    demo.add_argument("--players", type=int, default=8)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--server-bots", action="store_true", help="the server's own bots (the room option `bots`)")
    roles = sub.add_parser("roles", help="list the roles of a ruleset")
    roles.add_argument("--ruleset", default="thiercelieux")
    roles.add_argument("--lang", default="fr", choices=["fr", "en"])
    bench = sub.add_parser("bench", help="measure Veillée next to a bare uvicorn ceiling (docs/bench.md)")
    bench.add_argument("--quick", action="store_true", help="one small run (20 rooms, well under a minute of load)")
    bench.add_argument("--runs", type=int, help="runs (3; quick: 1)")
    bench.add_argument("--rooms", type=int, help="rooms of the load (1000; quick: 20)")
    bench.add_argument("--players", type=int, help="players, hence sockets, per room (12)")
    bench.add_argument("--workers", type=int, help="load generator processes (1)")
    bench.add_argument("--step", type=float, help="seconds of each offered rate of the ladder (8; quick: 2)")
    bench.add_argument("--fixed-rate", type=float, help="the fixed offered votes/s (200; quick: 50)")
    bench.add_argument("--systems", help="comma-separated, among ceiling,veillee,veillee-pg,veillee-pg2 (all; the "
                       "last two need --postgres)")
    bench.add_argument("--postgres", help="a PostgreSQL URL for veillee-pg, veillee-pg2 and the 10-room latency on "
                       "PostgreSQL (its tables are emptied); env BENCH_POSTGRES")
    bench.add_argument("--server-processes", type=int, help="uvicorn --workers of veillee-pg2 (2)")
    bench.add_argument("--server-dir", help="the source tree whose Veillée is measured (this one); e.g. an export "
                       "of another commit")
    bench.add_argument("--label", help="names what is measured in the JSON (e.g. the commit of --server-dir)")
    bench.add_argument("--uvicorn-flags", help="uvicorn's flags for both servers (the Makefile's UVICORN_LIMITS)")
    bench.add_argument("--out", help="the JSON of every figure (bench-results.json)")
    bench.add_argument("--plot", help="the PNG of latency against load (bench-latency.png); 'none': no plot")
    bench.add_argument("--replot", metavar="JSON", help="only draw the plot (--plot) again from a results file")
    bench.add_argument("--table", metavar="JSON", nargs="+", help="only print a Markdown table of results files")
    bench.add_argument("--work", help="where databases and server logs go (a temporary directory)")
    args = parser.parse_args(argv)

    if args.cmd == "simulate":
        from app.sim import simulate

        print(json.dumps(simulate(args.ruleset, args.games, args.seed, args.players, args.roles, args.bots)))
        return 0
    if args.cmd == "demo":
        from app.demo import main as demo_main

        return asyncio.run(demo_main(args.players, args.seed, args.server_bots))
    if args.cmd == "roles":
        from app.engine.ruleset import get_ruleset
        from app.i18n import translate

        rules = get_ruleset(args.ruleset)
        for role in [*rules.roles.values(), *rules.other_cards.values()]:
            print(f"{translate(args.lang, 'role.' + role.key)}\t{translate(args.lang, 'camp.' + role.camp)}")
        return 0
    if args.cmd == "bench":
        import os
        from pathlib import Path

        from app.bench import main as bench_main

        if args.table:
            from app.bench.run import table

            print(table([json.loads(Path(p).read_text()) for p in args.table]))
            return 0
        if args.replot:
            from app.bench.plot import plot

            plot(json.loads(Path(args.replot).read_text()), Path(args.plot or "bench-latency.png"))
            return 0

        options: dict[str, Any] = {k: v for k, v in {
            "runs": args.runs, "rooms": args.rooms, "players": args.players, "workers": args.workers,
            "step": args.step, "fixed_rate": args.fixed_rate, "flags": args.uvicorn_flags,
            "label": args.label, "server_processes": args.server_processes}.items() if v is not None}
        if args.systems:
            options["systems"] = tuple(s.strip() for s in args.systems.split(",") if s.strip())
        postgres = args.postgres if args.postgres is not None else os.environ.get("BENCH_POSTGRES")
        if postgres:
            options["postgres"] = postgres
        for key, value in (("server_dir", args.server_dir), ("out", args.out), ("work", args.work)):
            if value:
                options[key] = Path(value).resolve()
        if args.plot:
            options["plot"] = None if args.plot == "none" else Path(args.plot)
        return asyncio.run(bench_main(quick=args.quick, **options))
    return 2


if __name__ == "__main__":
    sys.exit(main())
