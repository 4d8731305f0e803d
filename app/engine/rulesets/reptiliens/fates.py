"""Deaths and the end of the game (seed 000 §3, §4 Amoureux, §7, §9; RULES-NOTES "Amoureux", "End of the game").

A death turns no card by itself (the dead chooses which one and what he becomes: §9, `death_choice`, dead.py),
leaves the coins to an heir to come, and may take a lover with it. The couple has one spare life: its first death
is announced and undone, no card turned; the next kills both. After every death, conversion, charm and show the
ruleset asks `victory.stops` on facts built from its state; when the game stops, `victory.winners`
gives every seat's result, kept in the state's `result` for the end screen.
"""

from __future__ import annotations

from functools import lru_cache

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import victory as V
from app.engine.rulesets.reptiliens.cards import CAMP_BY_KEY, CARD_BY_KEY
from app.engine.rulesets.reptiliens.offices import OFFICE_BY_KEY
from app.engine.rulesets.reptiliens.state import CAMP, own
from app.engine.rulesets.reptiliens.tables import rules

# The cause a `died` event shows everyone. A night death reads the same whatever killed (§2: "indiscernable des
# victimes d'une attaque"); the real cause goes to the MJ alone.
NIGHT = "rp-nuit"
KILLED = "rp-mise-a-mort"  # a kill by invocation, by day
EXECUTED = "rp-execution"
GRIEF = "rp-chagrin"
RADIANT = "rp-conversion-radieuse"  # Shéhérazade dies of her story
SHAME = "rp-honte"  # Poirot dies of shame
PUBLIC_CAUSES = (NIGHT, KILLED, EXECUTED, GRIEF, RADIANT, SHAME)


def coins_of(state: GameState, seat: int) -> int:
    """A seat's fortune, what it paid unseen included (everyone sees that later: `settle_owed`)."""
    o = own(state)
    return o.night.owed.get(seat, o.coins.get(seat, 0))


def settle_owed(ctx: Ctx) -> None:
    """The coins an invoker paid unseen (an Assassin at night, or by day when the room hides invokers) leave the
    table for all to see at the next refresh of the fortunes, not before (his invocation was anonymous): at dawn
    for the night's, at the day's richest-citizen report (or nightfall) for the day's."""
    owed = own(ctx.s).night.owed
    if not owed:
        return
    ctx.fact(F.OwedShown(), to=MJ_ONLY)
    for seat, coins in sorted(owed.items()):
        set_coins(ctx, seat, coins)


def charge(ctx: Ctx, seat: int, left: int) -> None:
    """An invoker's fortune becomes `left`. When the invocation hid him (at night; by day with `hide_invokers`) and
    fortunes are public, the change waits in `night.owed` (he and the MJ see it at once; `settle_owed` shows it to
    all later): a public `rp-coins` now would name the anonymous invoker."""
    hidden_invoker = ctx.s.phase == "night" or bool(ctx.s.options.get("hide_invokers"))
    if hidden_invoker and not ctx.s.options.get("hide_fortunes"):
        ctx.fact(F.FortunesOwed([[seat, left]]), to=MJ_ONLY)
    else:
        set_coins(ctx, seat, left)


def set_coins(ctx: Ctx, seat: int, coins: int, estate: int | None = None) -> None:
    """Fortunes are public (RULES-NOTES) unless the room hides them: then the holder alone learns his. A seat with
    a change not shown yet (`night.owed`) keeps it hidden: the public fortune moves by the same amount, the held
    one becomes `coins`."""
    owed = own(ctx.s).night.owed
    if seat in owed:
        shown = own(ctx.s).coins.get(seat, 0) + coins - owed[seat]
        ctx.fact(F.FortunesOwed([[seat, coins]]), to=MJ_ONLY)
        coins = shown
    data: dict[str, int] = {"seat": seat, "coins": coins}
    if estate is not None:
        data["estate"] = estate
    ctx.emit("rp-coins", data, to=[seat] if ctx.s.options.get("hide_fortunes") else None)


def kill(ctx: Ctx, seat: int, cause: str, why: str | None = None) -> bool:
    """`seat` dies now of `cause` (one of PUBLIC_CAUSES, or "mj"); `why` is the real cause, told to the MJ. False
    when a lover's spare life undid it."""
    s = ctx.s
    if not s.players[seat].alive:
        return False
    ctx.announce("rp-cause", to=MJ_ONLY, seat=seat, cause=why or cause)
    couple = own(s).lovers
    if seat in couple and own(s).spare_life:
        # §4 "on le croyait mort, mais ... il est revenu à la vie": everyone saw it, no card turned.
        ctx.fact(F.SpareLifeSpent(), to=MJ_ONLY)
        ctx.announce("rp-faux-mort", seat=seat)
        return False
    ctx.died(seat, cause)
    if cause == EXECUTED:
        ctx.emit("rp-executed", {"seat": seat})
    coins = coins_of(ctx.s, seat)
    if seat in own(ctx.s).night.owed:  # a dead man's accounts are settled: his coins go to the estate
        ctx.fact(F.AccountsClosed(seat), to=MJ_ONLY)
        set_coins(ctx, seat, 0, own(ctx.s).estate + coins)
    elif coins:
        set_coins(ctx, seat, 0, own(ctx.s).estate + coins)  # §7 "Un mort ne garde jamais son argent"
    for prompt in list(s.prompts.values()):
        if not prompt.closed and seat in prompt.to and not prompt.dead_may_answer:
            ctx.emit("prompt_dropped", {"prompt": prompt.id, "seat": seat}, to=prompt.to)
    # What a death does to the dead's offices (§6 "Si la personne qui occupait un de ces postes meurt, le poste
    # devient vacant"): manifest.ON_DEATH (succession.vacate), read through the ruleset (tables.py).
    for hook in rules(ctx).on_death:
        hook(ctx, seat)  # his offices fall vacant now, the succession follows
    death_choice(ctx, seat)
    if seat in couple:
        partner = next(x for x in couple if x != seat)
        kill(ctx, partner, GRIEF)  # §4 "son amoureux meurt de chagrin dans la foulée"
    return True


def death_choice(ctx: Ctx, seat: int) -> None:
    """§9: the dead turns a card and chooses to become a ghost or a spirit, or to pass his specialty on (dead.py:
    asked at the morning's report for a night death, at once by day)."""
    rules(ctx).hooks.record_death(ctx, seat)  # dead.record: dead.py builds on this module (manifest.HOOKS)


def doom(ctx: Ctx, seat: int, why: str) -> None:
    """Killed at night: he acts no more, and dies at dawn, named then with no cause (§2)."""
    night = own(ctx.s).night
    if ctx.s.players[seat].alive and seat not in {x for x, _ in night.dying}:
        ctx.fact(F.Doomed(seat, why), to=MJ_ONLY)


def dawn_deaths(ctx: Ctx) -> None:
    """The night's dead, named in the morning: the attack's victims and the kills by invocation alike."""
    for seat, why in own(ctx.s).night.dying:
        kill(ctx, int(seat), NIGHT, str(why))
    ctx.fact(F.NightDeadNamed(), to=MJ_ONLY)


# -- the end ----------------------------------------------------------------------------------------------------
SeatKey = tuple[int, str, bool, bool, tuple[str, ...], tuple[str, ...], tuple[str, ...], int, bool, bool,
                tuple[int, int] | None]
FactsKey = tuple[tuple[SeatKey, ...], int, tuple[int, int] | None, int]


def facts_key(state: GameState) -> FactsKey:
    """What the end of the game depends on, as plain tuples: cheap to build and to hash, so that `check` (asked after
    every death, report and session, most often with nothing changed) reuses the verdict of the same facts."""
    o = own(state)
    held: dict[int, list[str]] = {}
    for office, seat in state.offices.items():
        if seat is not None and office in OFFICE_BY_KEY:
            held.setdefault(seat, []).append(office)
    seats: list[SeatKey] = []
    for p in state.by_position():
        card = p.card(CAMP)
        found = CARD_BY_KEY.get(card or "")
        if card is None or found is None:
            continue
        show = o.shows.get(p.seat)
        seats.append((
            p.seat, card, p.alive, p.seat in o.lovers, tuple(o.converted.get(p.seat, ())),
            tuple(c for c in o.personal.get(p.seat, ()) if c in found.personal_victories),
            tuple(held.get(p.seat, ())), coins_of(state, p.seat), p.seat in o.charmed, p.seat in o.executed,
            None if show is None else (show[0], show[1]),
        ))
    coins = sum(coins_of(state, seat) for seat in state.players) + o.estate
    radiant = None if o.radiant is None else (o.radiant[0], o.radiant[1])
    return tuple(seats), coins, radiant, len(state.players)


@lru_cache(maxsize=1024)
def facts_of(key: FactsKey) -> V.Facts:
    seats, coins, radiant, started = key
    return V.Facts(
        tuple(V.Seat(seat=s, card=card, alive=alive, lover=lover, converted=converted, personal=personal,
                     offices=offices, coins=n, charmed=charmed, executed=executed,
                     show=None if show is None else V.Show(show[0], show[1]))
              for s, card, alive, lover, converted, personal, offices, n, charmed, executed, show in seats),
        coins_in_game=coins, radiant=None if radiant is None else V.Radiant(radiant[0], radiant[1]),
        started=started)


def facts(state: GameState) -> V.Facts:
    return facts_of(facts_key(state))


@lru_cache(maxsize=1024)
def _stop(key: FactsKey) -> V.Stop | None:
    """The verdict of the same facts is the same (victory.py is pure): computed once per distinct facts."""
    return V.stops(facts_of(key))


def check(ctx: Ctx, stalemate: V.Reason | None = None) -> bool:
    """Whether the game stops now; if so it ends, with every seat's result. Called after anything that may end it
    (a death, an execution, a conversion, a charm, a show). `stalemate`: it stops now for that reason
    (stalemate.py), every condition evaluated as at any end."""
    if ctx.s.phase not in ("night", "day"):
        return ctx.s.phase == "ended"
    key = facts_key(ctx.s)
    stop = _stop(key) if stalemate is None else V.Stop((stalemate,))
    if stop is None:
        return False
    outcome = V.winners(facts_of(key), stop)
    camps = {p.seat: p.card(CAMP) for p in ctx.s.players.values()}
    # The headline: the first camp whose victory stopped the game, else the first that won at the end.
    headline = next((c for c in outcome.camps if CAMP_BY_KEY[c].stops_game), None) or next(iter(outcome.camps), None)
    ctx.emit("ended", {"camp": headline, "winners": list(outcome.winners),
                       "reason": "victory" if stalemate is None else "stalemate",
                       "roles": {str(k): v for k, v in camps.items()}})
    ctx.emit("rp-outcome", {"outcome": {**outcome.view(), "camp": headline}})
    return True
