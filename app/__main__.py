"""`python -m app simulate|roles`. The demo and the bench are tools outside the app: `python -m tools.demo`,
`python -m bench`."""

from __future__ import annotations

import argparse
import json
import sys


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
    roles = sub.add_parser("roles", help="list the roles of a ruleset")
    roles.add_argument("--ruleset", default="thiercelieux")
    roles.add_argument("--lang", default="fr", choices=["fr", "en"])
    args = parser.parse_args(argv)

    if args.cmd == "simulate":
        from app.sim import simulate

        print(json.dumps(simulate(args.ruleset, args.games, args.seed, args.players, args.roles, args.bots)))
        return 0
    if args.cmd == "roles":
        from app.engine.ruleset import get_ruleset
        from app.i18n import translate

        rules = get_ruleset(args.ruleset)
        for role in [*rules.roles.values(), *rules.other_cards.values()]:
            print(f"{translate(args.lang, 'role.' + role.key)}\t{translate(args.lang, 'camp.' + role.camp)}")
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
