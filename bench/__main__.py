"""`python -m bench [--quick]` (`make bench`): the options of the run, its table and its plot (docs/bench.md)."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench",
                                description="measure Veillée next to a bare uvicorn ceiling (docs/bench.md)")
    p.add_argument("--quick", action="store_true", help="one small run (20 rooms, well under a minute of load)")
    p.add_argument("--runs", type=int, help="runs (3; quick: 1)")
    p.add_argument("--rooms", type=int, help="rooms of the load (1000; quick: 20)")
    p.add_argument("--players", type=int, help="players, hence sockets, per room (12)")
    p.add_argument("--workers", type=int, help="load generator processes (1)")
    p.add_argument("--step", type=float, help="seconds of each offered rate of the ladder (8; quick: 2)")
    p.add_argument("--fixed-rate", type=float, help="the fixed offered votes/s (200; quick: 50)")
    p.add_argument("--systems", help="comma-separated, among ceiling,veillee,veillee-pg,veillee-pg2 (all; the "
                   "last two need --postgres)")
    p.add_argument("--postgres", help="a PostgreSQL URL for veillee-pg, veillee-pg2 and the 10-room latency on "
                   "PostgreSQL (its tables are emptied); env BENCH_POSTGRES")
    p.add_argument("--server-processes", type=int, help="uvicorn --workers of veillee-pg2 (2)")
    p.add_argument("--server-dir", help="the source tree whose Veillée is measured (this one); e.g. an export "
                   "of another commit")
    p.add_argument("--label", help="names what is measured in the JSON (e.g. the commit of --server-dir)")
    p.add_argument("--uvicorn-flags", help="uvicorn's flags for both servers (the Makefile's UVICORN_LIMITS)")
    p.add_argument("--out", help="the JSON of every figure (bench-results.json)")
    p.add_argument("--plot", help="the PNG of latency against load (bench-latency.png); 'none': no plot")
    p.add_argument("--replot", metavar="JSON", help="only draw the plot (--plot) again from a results file")
    p.add_argument("--table", metavar="JSON", nargs="+", help="only print a Markdown table of results files")
    p.add_argument("--work", help="where databases and server logs go (a temporary directory)")
    return p


async def run(quick: bool = False, **options: Any) -> int:
    from bench.run import Config, bench

    cfg = Config.quick_mode(**options) if quick else Config(**options)
    await bench(cfg)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.table:
        from bench.run import table

        print(table([json.loads(Path(p).read_text()) for p in args.table]))
        return 0
    if args.replot:
        from bench.plot import plot

        plot(json.loads(Path(args.replot).read_text()), Path(args.plot or "bench-latency.png"))
        return 0

    from app import games

    games.install()  # the engine figures and the set-ups read the rulesets (as `python -m app` did)
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
    return asyncio.run(run(quick=args.quick, **options))


if __name__ == "__main__":
    sys.exit(main())
