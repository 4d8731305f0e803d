"""Invoked actions (seed 000 §2, §4, §5): at any moment, one at a time, through the engine's step stack.

`invoke {power}` sets the current step aside (its answers kept, its clocks frozen), everyone is told the kind of
action only (cards.ANNOUNCED), the invoker designates the target in a step of its own, the effect is applied and
the step set aside resumes where it was ("si une phase de vote est interrompue, elle n'est pas réinitialisée").
By day the invoker is seen raising a hand unless the room hides invokers; at night he is anonymous. Shéhérazade
and Poirot turn their card instead. A kill at night is announced at once as "a kill", its victim named at dawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.model import GameState
from app.engine.ruleset import get_ruleset
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import fates
from app.engine.rulesets.reptiliens.cards import CAMP_CARDS, CARD_BY_KEY, CARD_OF_NAME, POWER_BY_KEY
from app.engine.rulesets.reptiliens.dead import ghosts, revived
from app.engine.rulesets.reptiliens.opening import convert
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, SPECIALTY2, Invocation, own
from app.engine.rulesets.reptiliens.steps import dying, is_reptilian
from app.engine.rulesets.reptiliens.tables import OfficePower, rules_of
from app.engine.rulesets.reptiliens.victory import Show, radiant_stops_game, show_verdict

KILLS = ("rp-repticide", "rp-morsure", "rp-assassinat")  # announced as "Mise à mort"
# §1 Sunday: "Pas de morts": no power that kills, the invoker's own death included, on the festival.
DEADLY = frozenset({*KILLS, "rp-conversion-radieuse", "rp-showman"})
SHOW_ANSWERS = ("ok", "erreur", "grosse-erreur")  # §4 Poirot: "Erreur", "Grosse erreur", "Ok"
SHOW_ANSWERS_STEP = "rp-show-reponses"
# The plain card of a camp a seat may join by conversion or love: what Poirot must name then.
PLAIN = {"rp-reptiliens": ("rp-reptilien",), "rp-amoureux": ("rp-amoureux",),
         "rp-idealistes": ("rp-sheherazade", "rp-prophete")}
STEP_KEYS = frozenset({*(p.announced_as for p in POWER_BY_KEY.values() if p.announced_as), SHOW_ANSWERS_STEP})


def office_powers(state: GameState) -> Mapping[str, OfficePower]:
    """manifest.OFFICE_POWERS, through the ruleset (tables.py): the manifest imports the powers' modules, which
    import this one."""
    return rules_of(state).office_powers


def powers_of(state: GameState, seat: int) -> list[str]:
    """The invoked powers the cards of `seat` give (a specialty by the family of its name), and his office's."""
    p = state.players[seat]
    out: list[str] = [key for key, power in office_powers(state).items() if power.holds(state, seat)]
    for key in (p.card(CAMP), p.card(SPECIALTY), p.card(SPECIALTY2)):  # an inherited specialty too (§9)
        card = CARD_OF_NAME.get(key or "")
        if card is not None:
            out += [power for power in card.invoked if power not in out]
    return out


def refusal(state: GameState, seat: int, power: str) -> str | None:
    """Why `seat` may not invoke `power` now (a rejection code), or None."""
    o = own(state)
    if state.phase not in ("night", "day") or state.stack or o.invocation is not None:
        return "invocation_running" if state.stack or o.invocation is not None else "wrong_phase"
    if power not in powers_of(state, seat):
        return "no_such_power"
    found = POWER_BY_KEY[power]
    p = state.players[seat]
    # "tant que le personnage est vivant (ou même lorsqu'il est un fantôme, dans le cas ... de la Résurrection)";
    # §9 "Vous perdez les pouvoirs liés à vos rôles". Asleep, he acts no more. Killed tonight, he is alive to all
    # until dawn, himself included: he may invoke, to no effect (`hollow`).
    if not (seat not in own(state).night.asleep if p.alive else found.as_ghost and seat in ghosts(state)):
        return "cannot_act"
    if found.once and power in o.used.get(seat, []):
        return "power_used"
    if power == "rp-showman" and "rp-showman" not in o.personal.get(seat, []):
        return "no_such_power"  # the show is Poirot's only while the MJ gave him Showman
    if power == "rp-assassinat" and (o.kills.get(seat, 0) > 0 or inherited_assassin(state, seat)) \
            and fates.coins_of(state, seat) < 2:
        return "cannot_afford"  # "s'il en a les moyens": 2 coins after the first
    found_office = office_powers(state).get(power)
    if found_office is not None and not found_office.affordable(state, seat):
        return "cannot_afford"
    if o.festival and power in DEADLY:
        return "festival"
    if not targets(state, seat, power):
        return "no_target"
    return None


def inherited_assassin(state: GameState, seat: int) -> bool:
    """He holds the Assassin's card by inheritance (§9): every assassination costs 2 coins, the first too."""
    return any("rp-assassinat" in getattr(CARD_OF_NAME.get(card), "invoked", ())
               for card in own(state).inherited.get(seat, []))


def available(state: GameState, seat: int) -> list[str]:
    """What the invoke button may offer `seat` now (the view says what is allowed)."""
    return [power for power in powers_of(state, seat) if refusal(state, seat, power) is None]


def targets(state: GameState, seat: int, power: str) -> list[int]:
    """Who may be designated. A seat killed tonight is alive to everyone until dawn, so he stays a target (to
    strike him again is a power spent for nothing)."""
    if power == "rp-resurrection":  # "ressusciter un fantôme, y compris lui-même" (a spirit is no ghost)
        # The MJ's `revive` obeys the same rule (Ruleset.revival_refused): none who saw the night comes back.
        rules = get_ruleset(state.ruleset)
        return [x for x in ghosts(state) if rules.revival_refused(state, x) is None]
    if power == "rp-showman":
        return [p.seat for p in state.by_position() if p.seat != seat]  # "morts inclus"
    if power in office_powers(state):
        return office_powers(state)[power].targets(state, seat)
    return [x for x in state.living() if x != seat]


# -- invoking -------------------------------------------------------------------------------------------------------
def invoke(ctx: Ctx, seat: int, power: str) -> None:
    problem = refusal(ctx.s, seat, power)
    if problem is not None:
        raise Rejected(problem, "This power cannot be invoked now.", power=power)
    found = POWER_BY_KEY[power]
    kind = str(found.announced_as)
    ctx.suspend()
    ctx.fact(F.InvocationBegan(seat, power, kind), to=MJ_ONLY)  # its line tells the MJ who invoked what
    shown = found.invoker_shown
    if shown:
        ctx.emit("revealed", {"seat": seat, "slot": CAMP})  # "retourner sa carte de Shéhérazade / de Poirot"
    by_day = ctx.s.phase == "day" and not ctx.s.options.get("hide_invokers")
    # The kind alone; the invoker's seat when everyone saw him (null otherwise: the page reads "someone").
    ctx.announce(f"rp-invoque-{kind.removeprefix('rp-')}", seat=seat if shown or by_day else None)
    ctx.open_step(kind, float(ctx.s.options["show_time" if power == "rp-showman" else "invoke_time"]))
    if power == "rp-showman":
        open_guesses(ctx, seat)
        return
    ctx.open_prompt(step=power, kind="pick", to=[seat], options=targets(ctx.s, seat, power), min=1, max=1,
                    dead_may_answer=found.as_ghost)


def finish(ctx: Ctx) -> None:
    """The invocation's step is over: apply it, then the step set aside resumes (unless the game ended)."""
    inv = own(ctx.s).invocation
    assert inv is not None
    prompts = ctx.step_prompts()
    for prompt in prompts:
        ctx.close_prompt(prompt)
    if inv.seat in dying(ctx.s):
        hollow(ctx, inv, prompts)
    elif inv.power == "rp-showman":
        if inv.stage == "target":
            open_answers(ctx, inv, prompts)
            return
        close_show(ctx, inv, prompts)
    else:
        pick = prompts[0].answers.get(inv.seat) if prompts else None
        if pick:
            apply(ctx, inv, int(pick[0]))
        else:
            ctx.announce("rp-invocation-vaine")  # no target designated in time: the power is kept
    if ctx.s.phase == "ended":
        return
    ctx.fact(F.InvocationEnded(), to=MJ_ONLY)
    ctx.resume()


def hollow(ctx: Ctx, inv: Invocation, prompts: list[Any]) -> None:
    """§2 "le mort est annoncé seulement le matin": an invoker killed tonight looks, to all and to himself, like a
    living one, and acts no more. A kill or a black conversion is announced, spent (and paid) as usual, with no
    effect (a strike on a seat already doomed looks the same); any other power ends in vain, kept."""
    pick = prompts[0].answers.get(inv.seat) if prompts and inv.power != "rp-showman" else None
    if pick and inv.power in KILLS and not (inv.power == "rp-repticide" and not is_reptilian(ctx.s, int(pick[0]))):
        if inv.power == "rp-assassinat":
            pay(ctx, inv.seat)
        spend(ctx, inv)
        ctx.announce("rp-mise-a-mort")
    elif pick and inv.power == "rp-conversion-noire":
        spend(ctx, inv)
        ctx.announce("rp-conversion-noire")
    elif pick and inv.power == "rp-repticide":
        ctx.announce("rp-repticide-refuse", to=[inv.seat], seat=int(pick[0]))
        ctx.announce("rp-invocation-vaine")
    else:
        ctx.announce("rp-invocation-vaine")
    ctx.announce("rp-invocation-sans-effet", to=MJ_ONLY, seat=inv.seat, power=inv.power)


def spend(ctx: Ctx, inv: Invocation) -> None:
    ctx.emit("rp-used", {"seat": inv.seat, "power": inv.power}, to=[inv.seat])


def apply(ctx: Ctx, inv: Invocation, target: int) -> None:
    s = ctx.s
    if inv.power in KILLS:
        if inv.power == "rp-repticide" and not is_reptilian(s, target):
            # RULES-NOTES: a Repticide aimed at a non-Reptilian is refused, the power kept.
            ctx.announce("rp-repticide-refuse", to=[inv.seat], seat=target)
            ctx.announce("rp-invocation-vaine")
            return
        if inv.power == "rp-assassinat":
            pay(ctx, inv.seat)
        spend(ctx, inv)
        ctx.announce("rp-mise-a-mort")
        if s.phase == "night":
            fates.doom(ctx, target, inv.power)  # named at dawn, "indiscernable des victimes d'une attaque"
        else:
            fates.kill(ctx, target, fates.KILLED, inv.power)
            fates.check(ctx)
    elif inv.power == "rp-conversion-noire":
        spend(ctx, inv)
        # "il agit et compte comme un Reptilien à part entière": at once for the attack and the victory; he meets
        # the pack when it next wakes, the concertation (learning it now would name him to the pack).
        convert(ctx, target, "rp-reptiliens")
        ctx.announce("rp-converti-noir", to=[target])
        ctx.announce("rp-conversion-noire")
        fates.check(ctx)
    elif inv.power == "rp-conversion-radieuse":
        spend(ctx, inv)
        card = s.players[target].card(CAMP) or ""
        # The story converts in every case (§3 "Shéhérazade a converti la Reptilienne rouge, la Reptilienne noire
        # ou Seth"): the convert is an Idéaliste when the winners are counted (a lover stays one by dominance).
        convert(ctx, target, "rp-idealistes")
        ctx.announce("rp-converti-radieux", to=[target])
        if radiant_stops_game(card):
            # "la partie s'arrête" ... "Sinon, Shéhérazade meurt": here she lives, and the game stops.
            ctx.emit("rp-radiant", {"seat": inv.seat, "target": target}, to=MJ_ONLY)
            fates.check(ctx)
            return
        fates.kill(ctx, inv.seat, fates.RADIANT)  # "Sinon, Shéhérazade meurt"
        fates.check(ctx)
    elif inv.power in office_powers(s):
        office_powers(s)[inv.power].apply(ctx, inv, target)
    elif inv.power == "rp-resurrection":
        spend(ctx, inv)
        ctx.emit("revived", {"seat": target})
        revived(ctx, target)  # he leaves the militia (§9)
        ctx.announce("rp-resurrection", seat=target)  # "le MJ annonce l'identité du fantôme ressuscité"
        fates.check(ctx)


def pay(ctx: Ctx, seat: int) -> None:
    """§5: the first assassination costs the whole fortune (even 0), each next one 2 coins; removed from the game.
    An inherited card pays 2 from the first (§5 "Si ce rôle de spécialité est transmis par héritage, on ignore la
    clause du "premier assassinat", et chaque assassinat coûte 2 pièces")."""
    coins = fates.coins_of(ctx.s, seat)
    first = own(ctx.s).kills.get(seat, 0) == 0 and not inherited_assassin(ctx.s, seat)
    left = 0 if first else coins - 2
    fates.charge(ctx, seat, left)  # unseen while the invocation hides him (fates.settle_owed later)


# -- Poirot's show (§4) ----------------------------------------------------------------------------------------------
def open_guesses(ctx: Ctx, seat: int) -> None:
    """"Il doit alors deviner précisément ... le rôle de camp de chacun des joueurs, morts inclus": aloud, so
    everyone hears each guess."""
    cards = [c.key for c in CAMP_CARDS]
    for other in targets(ctx.s, seat, "rp-showman"):
        ctx.open_prompt(step="rp-show", kind="choice", to=[seat], options=cards, visibility="public",
                        info={"seat": other})


def truth(state: GameState, seat: int, guess: str) -> str:
    """The worst answer the rules allow `seat` for `guess` ("en tenant compte des conversions"): ok when Poirot
    named its dominant camp's role (its dealt card, or the plain card of a camp gained by conversion or love),
    erreur when he named another role of one of its camps, grosse-erreur when the camp is wrong."""
    facts = fates.facts(state)
    found = next((x for x in facts.seats if x.seat == seat), None)
    if found is None:
        return "grosse-erreur"
    dominant = found.camp
    named = CARD_BY_KEY.get(guess)
    if named is None or named.camp not in found.camps:
        return "grosse-erreur"
    own_camp = CARD_BY_KEY[found.card].camp
    if (guess == found.card and own_camp == dominant) or (own_camp != dominant and guess in PLAIN.get(dominant, ())):
        return "ok"
    return "erreur"


def legal(state: GameState, seat: int, guess: str) -> list[str]:
    """"Si Poirot ne s'est pas trompé ..., il est obligé de répondre Ok" and so on: the answers allowed."""
    worst = truth(state, seat, guess)
    return list(SHOW_ANSWERS[:SHOW_ANSWERS.index(worst) + 1])


def open_answers(ctx: Ctx, inv: Invocation, prompts: list[Any]) -> None:
    guesses = {int(p.info["seat"]): str(p.answers[inv.seat]) for p in prompts if inv.seat in p.answers}
    unnamed = len(prompts) - len(guesses)
    ctx.fact(F.ShowAnswered([[seat, card] for seat, card in guesses.items()]), to=MJ_ONLY)
    ctx.announce("rp-show-devine", seats=sorted(guesses), missing=unnamed)
    ctx.open_step(SHOW_ANSWERS_STEP, float(ctx.s.options["reaction"]))
    for seat, guess in sorted(guesses.items()):
        ctx.open_prompt(step=SHOW_ANSWERS_STEP, kind="choice", to=[seat], options=list(SHOW_ANSWERS),
                        visibility="public", info={"guess": guess}, dead_may_answer=True)


def validate(state: GameState, seat: int, answer: Any) -> None:
    """"Le MJ vérifie que la réponse de chaque joueur est légale.\""""
    inv = own(state).invocation
    if inv is None or seat not in inv.guesses:
        return
    if answer not in legal(state, seat, inv.guesses[seat]):
        raise Rejected("illegal_answer", "This answer is not allowed: Poirot's guess about you is better than that.")


def close_show(ctx: Ctx, inv: Invocation, prompts: list[Any]) -> None:
    answers: list[str] = []
    for seat, guess in inv.guesses.items():
        given = next((p.answers.get(seat) for p in prompts if seat in p.to), None)
        # A seat that does not answer gets the truth (the MJ answers for an absent player).
        answers.append(given if given in legal(ctx.s, seat, guess) else truth(ctx.s, seat, guess))
    unnamed = len(targets(ctx.s, inv.seat, "rp-showman")) - len(inv.guesses)
    show = Show(errors=answers.count("erreur"), gross=answers.count("grosse-erreur") + max(0, unnamed))
    verdict = show_verdict(show)
    spend(ctx, inv)
    ctx.emit("rp-show", {"seat": inv.seat, "errors": show.errors, "gross": show.gross})
    ctx.announce(f"rp-show-{verdict}", seat=inv.seat, errors=show.errors, gross=show.gross)
    if verdict == "shame":
        fates.kill(ctx, inv.seat, fates.SHAME)  # "Poirot en meurt de honte et la partie continue"
    fates.check(ctx)  # "Si au maximum une erreur a été signalée, la partie s'arrête et Poirot gagne."
