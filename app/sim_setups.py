"""The simulator's random tables (app/sim.py, `simulate --roles all`, and the tests that play many kinds of game): a
random legal composition and random variants for a table of a given size. Not the engine's concern (the engine
deals the cards a room chose with the game's own RNG), so not part of the `Ruleset` interface: one function per
ruleset here, the suggested composition with no variant for a ruleset without one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from app.engine.registry import get_ruleset
from app.engine.rulesets.reptiliens import setup as reptiliens_setup
from app.engine.rulesets.thiercelieux import THIERCELIEUX, bot, official_day
from app.engine.rulesets.thiercelieux.roles import ROLES, wolves_for

Setup = tuple[list[str], dict[str, Any]]


def thiercelieux(players: int, rnd: random.Random) -> tuple[list[str], dict[str, Any]]:
    """Thiercelieux: random cards (every unique one may come, groups now and then), random variants, and now and
    then two characters each (004) or bots at some seats."""
    # Two characters each (004) now and then: the composition is then one card per character.
    double = rnd.random() < 0.15 and 2 * players <= THIERCELIEUX.max_players
    players *= 2 if double else 1
    specials = [r.key for r in ROLES.values() if r.unique and r.key != "voleur"]
    wolves = rnd.randint(1, max(1, wolves_for(players)))
    comp = ["loup-garou"] * wolves
    comp += rnd.sample(specials, min(len(specials), rnd.randint(0, max(0, players - wolves))))
    comp = comp[:players]
    for group, size in (("franc-macon", 2), ("vampire", 2), ("hamster-garou", 2), ("deux-soeurs", 2),
                        ("trois-freres", 3)):
        if rnd.random() < 0.25:
            comp += [group] * min(size, players - len(comp))
    comp += ["villageois"] * (players - len(comp))
    if rnd.random() < 0.3 and "villageois" in comp:
        comp[comp.index("villageois")] = "voleur"
        comp += ["villageois", "villageois"]
    options: dict[str, Any] = {
        key: rnd.random() < 0.3 for key in (
            "seer_after_witch", "seer_announce", "lovers_share_roles", "lycanthropy", "idiot_du_village",
            "ghosts", "wolves_win_one_villager", "cupid_with_lovers", "dead_see_all", "mj_lovers",
            "hesitation_against_self", "cupid_no_vote_lovers", "night_parallel", "lovers_may_harm",
            "hunters_masons")
    }
    options.update(
        petite_fille=rnd.choice(["peek", "houses"]),
        wolves_disagree=rnd.choice(["nobody", "plurality", "leader"]),
        captain=rnd.random() < 0.7, captain_double=rnd.random() < 0.8,
        ancien_powers=rnd.choice(["village", "vote"]),
        loup_blanc_every=rnd.choice(["other", "odd", "every"]), night_order=rnd.choice(["official", "forum"]),
        piper_charms=rnd.choice([1, 2]), magicien_frogs=rnd.choice([1, 2]),
        vote_mode=rnd.choice(["simultaneous", "continuous", "trial", "standing"]),
        cards=rnd.choices(["one", "small", "great"], weights=[8, 1, 1])[0],
        tie_rule=rnd.choice(["captain", "revote"]), captain_mode=rnd.choice(["election", "first_dead"]),
    )
    options["day_roles"] = options["cards"] == "one" and rnd.random() < 0.25
    options["siblings_wake"] = rnd.choice(["every", "other", "first", "mj"])  # official_night.py's kin
    if options["dead_see_all"]:
        options["ghosts"] = options["idiot_du_village"] = False  # refused together (options.py)
    options["characters"] = 2 if double else 1
    if double:
        options["cards"] = "one"  # the Nouvelle Lune complications are another way of dealing several cards
    options.update(official_day.random_options(rnd))  # drawn last: the draws above stay as they were
    # Bots at some tables (issue 14), from a generator of their own: the draws above and after stay as they were.
    options["bots"] = bot.random_seats(players // (2 if double else 1), random.Random(repr(comp)))
    if options["cards"] != "one":
        return [], options  # the variant's own suggested composition (`suggested_for`)
    return comp, options


TABLES: dict[str, Callable[[int, random.Random], Setup]] = {
    "thiercelieux": thiercelieux,
    "reptiliens": reptiliens_setup.random_setup,  # every card may come, random options (reptiliens/setup.py)
}


def random_setup(ruleset: str, players: int, rnd: random.Random) -> Setup:
    """A random legal composition and random variants of `ruleset` for `players` seats (not the engine's RNG)."""
    table = TABLES.get(ruleset)
    if table is None:
        return get_ruleset(ruleset).suggested_composition(players), {}
    return table(players, rnd)
