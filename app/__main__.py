"""`python -m app simulate|demo|roles|bench`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sim = sub.add_parser("simulate", help="play games through the engine alone")
    sim.add_argument("--ruleset", default="thiercelieux")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--roles", choices=["all"], default=None, help="random compositions drawn from every role")
    demo = sub.add_parser("demo", help="bots play one automatic game over real websockets")
    demo.add_argument("--players", type=int, default=8)
    demo.add_argument("--seed", type=int, default=1)
    roles = sub.add_parser("roles", help="list the roles of a ruleset")
    roles.add_argument("--ruleset", default="thiercelieux")
    roles.add_argument("--lang", default="fr", choices=["fr", "en"])
    bench = sub.add_parser("bench", help="measure engine and server speed")
    bench.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)

    if args.cmd == "simulate":
        from app.sim import simulate

        print(json.dumps(simulate(args.ruleset, args.games, args.seed, args.players, args.roles)))
        return 0
    if args.cmd == "demo":
        from app.demo import main as demo_main

        return asyncio.run(demo_main(args.players, args.seed))
    if args.cmd == "roles":
        from app.engine.ruleset import get_ruleset
        from app.i18n import translate

        rules = get_ruleset(args.ruleset)
        for role in [*rules.roles.values(), *rules.other_cards.values()]:
            print(f"{translate(args.lang, 'role.' + role.key)}\t{translate(args.lang, 'camp.' + role.camp)}")
        return 0
    if args.cmd == "bench":
        from app.bench import main as bench_main

        return asyncio.run(bench_main(quick=args.quick))
    return 2


if __name__ == "__main__":
    sys.exit(main())
