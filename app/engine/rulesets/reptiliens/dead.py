"""The dead of Les Reptiliens de Quinte-Bourg (seed 000 §9 "Morts, fantômes et rêves du village", §12 "Bilan des
morts"): each dead player turns one of his cards and becomes a ghost, a spirit, or passes his specialty on.

- The choice: one question to the dead (`rp-choix-mort`): "<fate>:<slot>" (the card he turns) or
  "inheritance:<slot>" (the specialty he passes on, then `rp-heritier`: to whom). The night's dead choose during the
  morning's "Bilan des morts" (the step waits for them, up to `death_choice` seconds); one who dies by day (an
  execution, a kill by invocation) is asked at once, aside from the step under way. No answer in time (the step's
  end, or nightfall for a death by day): a spirit, his camp card turned (RULES-NOTES "Death choice").
- Ghosts (`ghosts`, in death order) vote each night on the house the militia defends (nights.py, rp-milice); the
  first ghost is the Chef de la milice fantôme. They debate by day in the village's channel, never vote.
- Spirits and those who passed their inheritance see the whole night (`sees_all`); spirits talk among themselves
  by day (`rp-esprits`) and sign the village's dream (dream.py).
- The heir holds a second specialty (slot SPECIALTY2); one who holds two already chooses to renounce one of them
  or to refuse the inheritance (`rp-renoncement`).
Which card turns and what each became are public: at the table everyone sees the turned card, who wakes with the
militia's vote shows in the law's order and the debates, and the spirits sign in front of all. Who inherited is
told to the heir alone.
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import MJ, GameState, Prompt
from app.engine.options import engine_options
from app.engine.rulesets.reptiliens import day, fates
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens.offices import CHEF_MILICE
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, SPECIALTY2, own
from app.engine.rulesets.reptiliens.steps import open_day_step
from app.engine.rulesets.reptiliens.tables import rules

GHOST, SPIRIT, INHERITANCE = "ghost", "spirit", "inheritance"
FATES = (GHOST, SPIRIT, INHERITANCE)
NONE = "none"  # a dead player whose cards all lie face up already turns none
CHOICE, HEIR, RENOUNCE = "rp-choix-mort", "rp-heritier", "rp-renoncement"
REFUSE = "refuse"
SPIRITS_CHANNEL = "rp-esprits"
SLOTS = (CAMP, SPECIALTY, SPECIALTY2)
SPECIALTY_SLOTS = (SPECIALTY, SPECIALTY2)
TEXT_KEYS: tuple[str, ...] = (
    *(f"announce.rp-devient-{f}" for f in ("fantome", "esprit", "heritage")),
    "announce.rp-heritage-recu", "announce.rp-heritage-refuse", "announce.rp-chef-milice",
    "announce.rp-choix-mort-attendu", "announce.rp-milice-protege", "announce.rp-milice-aucune",
    *(f"step.{k}" for k in (CHOICE, HEIR, RENOUNCE)),
    *(f"choice.{CHOICE}.{f}:{slot}" for f in (GHOST, SPIRIT) for slot in (*SLOTS, NONE)),
    *(f"choice.{CHOICE}.{INHERITANCE}:{slot}" for slot in SPECIALTY_SLOTS),
    f"choice.{RENOUNCE}.{REFUSE}", *(f"choice.{RENOUNCE}.renounce:{slot}" for slot in SPECIALTY_SLOTS),
    f"chat.channel.{SPIRITS_CHANNEL}", f"chat.help.{SPIRITS_CHANNEL}",
)


# -- who is what ----------------------------------------------------------------------------------------------------
def of_fate(state: GameState, fate: str) -> list[int]:
    o = own(state)
    return [seat for seat in o.dead if o.fate.get(seat) == fate and not state.players[seat].alive]


def ghosts(state: GameState) -> list[int]:
    """The ghosts, in the order they died (§6 Sénateur: "le dernier fantôme" proposes the law first)."""
    return of_fate(state, GHOST)


def last_ghost(state: GameState) -> int | None:
    found = ghosts(state)
    return found[-1] if found else None


def spirits(state: GameState) -> list[int]:
    return of_fate(state, SPIRIT)


def donors(state: GameState) -> list[int]:
    """Those who passed their specialty on ("Vous pouvez ouvrir les yeux toute la nuit ou même quitter la partie")."""
    return of_fate(state, INHERITANCE)


def sees_all(state: GameState, seat: int) -> bool:
    """A spirit ("ouvrir les yeux toute la nuit") and one who passed his inheritance on see the whole night; a ghost
    ("continuer à fermer les yeux lors des autres moments de la nuit") does not, nor one still choosing."""
    p = state.players.get(seat)
    return p is not None and not p.alive and own(state).fate.get(seat) in (SPIRIT, INHERITANCE)


def specialties(state: GameState, seat: int) -> list[str]:
    """The specialty slots `seat` holds a card in."""
    p = state.players[seat]
    return [slot for slot in SPECIALTY_SLOTS if p.card(slot)]


def public(state: GameState) -> dict[str, Any]:
    """The village's part: what each dead became, those still choosing, the militia's chief."""
    o = own(state)
    return {"ghosts": ghosts(state), "spirits": spirits(state), "inheritance": donors(state),
            "choosing": [seat for seat in o.choosing if not state.players[seat].alive],
            "chief": state.offices.get(CHEF_MILICE)}


# -- the choice -----------------------------------------------------------------------------------------------------
def options_for(state: GameState, seat: int) -> list[str]:
    """"Vous devez retourner une de vos cartes": one still face down (none left: none); the inheritance passes a
    specialty, while a living player may take it."""
    p = state.players[seat]
    down = [slot for slot in SLOTS if p.card(slot) and not p.cards[slot]["revealed"]] or [NONE]
    out = [f"{fate}:{slot}" for fate in (GHOST, SPIRIT) for slot in down]
    if state.living():
        out += [f"{INHERITANCE}:{slot}" for slot in specialties(state, seat)]
    return out


def default(state: GameState, seat: int) -> str:
    """RULES-NOTES: "a dead player who makes no choice in time becomes a spirit and turns his camp card"."""
    spirit = [o for o in options_for(state, seat) if o.startswith(f"{SPIRIT}:")]
    return f"{SPIRIT}:{CAMP}" if f"{SPIRIT}:{CAMP}" in spirit else spirit[0]


def record(ctx: Ctx, seat: int) -> None:
    """fates.death_choice: `seat` has just died (a spare life spent never comes here). The night's dead are asked
    at the morning's report; one dying by day is asked at once."""
    o = own(ctx.s)
    ctx.fact(F.DeathRecorded(seat), to=MJ_ONLY)
    if ctx.s.phase == "day" and not o.night.dying:
        ask(ctx, seat, in_step=False)


def open_aside(ctx: Ctx, **fields: Any) -> Prompt:
    """A question outside the step under way (a death by day): the step neither waits for it nor closes it; the
    dead answers until nightfall (`settle_all`), so it shows no countdown of its own."""
    prompt = Prompt(id="", deadline=None, **fields)
    prompt.id = ctx.prompt_id([ctx.at, prompt.model_dump(mode="json", exclude={"id"})], ctx.s.prompts)
    ctx.emit("prompt_opened", {"prompt": prompt.model_dump(mode="json"), "in_step": False}, to=prompt.to)
    return ctx.s.prompts[prompt.id]


def ask(ctx: Ctx, seat: int, in_step: bool, step: str = CHOICE, **fields: Any) -> None:
    fields = {"kind": "choice", "to": [seat], "options": options_for(ctx.s, seat), "dead_may_answer": True, **fields}
    prompt = ctx.open_prompt(step=step, **fields) if in_step else open_aside(ctx, step=step, **fields)
    ctx.fact(F.FateAsked(seat, prompt.id), to=MJ_ONLY)


def in_current_step(ctx: Ctx, prompt: Prompt) -> bool:
    return ctx.s.step is not None and prompt.id in ctx.s.step.prompts


def answered_choice(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """The dead's answer acts at once: he cannot take it back."""
    answer = str(prompt.answers[seat])
    ctx.close_prompt(prompt)
    fate, slot = answer.split(":")
    if fate == INHERITANCE:
        ask(ctx, seat, in_current_step(ctx, prompt), HEIR, kind="pick", options=ctx.s.living(), min=1, max=1,
            info={"slot": slot})
        return
    become(ctx, seat, fate, [] if slot == NONE else [slot])


def become(ctx: Ctx, seat: int, fate: str, turned: list[str]) -> None:
    """The card he turns is named in the journal by its slot (`revealed`); the inheritance turns every card in one
    event, its announcement saying so ("Vous retournez vos deux cartes")."""
    cards = ctx.s.players[seat].cards
    down = [slot for slot in turned if not cards[slot]["revealed"]]
    if fate == INHERITANCE:
        if down:
            ctx.emit("revealed", {"seat": seat})  # all of them
    else:
        for slot in down:
            ctx.emit("revealed", {"seat": seat, "slot": slot, "card": cards[slot]["current"]})  # named once
    ctx.fact(F.FateChosen(seat, fate), to=MJ_ONLY)
    ctx.announce({GHOST: "rp-devient-fantome", SPIRIT: "rp-devient-esprit", INHERITANCE: "rp-devient-heritage"}[fate],
                 seat=seat)
    if fate == GHOST:
        appoint_chief(ctx)


def answered_heir(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """"Vous retournez vos deux cartes. Vous transmettez votre rôle de spécialité au vivant de votre choix"."""
    heir = int(prompt.answers[seat][0])
    ctx.close_prompt(prompt)
    slot = str(prompt.info["slot"])
    card = ctx.s.players[seat].card(slot)
    p = ctx.s.players[seat]
    become(ctx, seat, INHERITANCE, [s for s in SLOTS if p.card(s)])
    if card is None or not ctx.s.players[heir].alive:
        return
    held = specialties(ctx.s, heir)
    if len(held) < 2:
        give(ctx, heir, card, SPECIALTY if SPECIALTY not in held else SPECIALTY2, seat)
        return
    # "Un vivant ne peut pas cumuler 3 pouvoirs de spécialité, mais il peut choisir de renoncer à un de ses
    # pouvoirs de spécialité actuels": renounce one, or refuse this one.
    ask(ctx, heir, in_current_step(ctx, prompt), RENOUNCE, dead_may_answer=False,
        options=[REFUSE, *(f"renounce:{s}" for s in held)], info={"card": card, "from": seat})


def give(ctx: Ctx, heir: int, card: str, slot: str, donor: int) -> None:
    ctx.set_card(heir, card, slot=slot, to=[heir])
    ctx.fact(F.SpecialtyInherited(heir, card), to=MJ_ONLY)
    ctx.announce("rp-heritage-recu", to=[heir], seat=donor, role=card)


def answered_renounce(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    answer = str(prompt.answers[seat])
    ctx.close_prompt(prompt)
    ctx.fact(F.QuestionClosed(seat), to=MJ_ONLY)
    renounce(ctx, seat, answer, prompt)


def renounce(ctx: Ctx, seat: int, answer: str, prompt: Prompt) -> None:
    card, donor = str(prompt.info["card"]), int(prompt.info["from"])
    if answer == REFUSE or not ctx.s.players[seat].alive:
        ctx.announce("rp-heritage-refuse", to=[seat], seat=donor, role=card)
        return
    give(ctx, seat, card, answer.split(":")[1], donor)


def settle_all(ctx: Ctx) -> None:
    """Time is up (the report's end, or nightfall): every question still open takes its default: the dead become
    spirits turning their camp card; an heir holding two specialties keeps them; an office the Scrutateur was
    asked to fill by day is drawn (succession.settle_asides)."""
    rules(ctx).hooks.settle_asides(ctx)  # succession.py builds on this module (open_aside): manifest.HOOKS
    o = own(ctx.s)
    for seat, pid in sorted(o.asked.items()):
        prompt = ctx.s.prompts.get(pid)
        if prompt is not None:
            ctx.close_prompt(prompt)
        if seat not in own(ctx.s).choosing and prompt is not None and prompt.step == RENOUNCE:
            ctx.fact(F.QuestionClosed(seat), to=MJ_ONLY)
            renounce(ctx, seat, REFUSE, prompt)
    for seat in list(own(ctx.s).choosing):
        if ctx.s.players[seat].alive:  # revived before choosing (never a ghost: no Résurrection for him)
            ctx.fact(F.RevivedBeforeChoosing(seat), to=MJ_ONLY)
            continue
        fate, slot = default(ctx.s, seat).split(":")
        become(ctx, seat, fate, [] if slot == NONE else [slot])


# -- the militia's chief (§6) -----------------------------------------------------------------------------------------
def appoint_chief(ctx: Ctx) -> None:
    """"Le premier fantôme occupe ce poste": while the post is empty (none yet, or its holder was revived) and a
    ghost exists, the earliest ghost takes it. Otherwise it "ne peut changer de titulaire" but by Minus and Cortex,
    Freyja or the Artiste (office_powers.py, whose illegal results the Scrutateur reassigns)."""
    s = ctx.s
    team = ghosts(s)
    if s.offices.get(CHEF_MILICE) is not None or not team:
        return
    chief = team[0]
    ctx.emit("office", {"office": CHEF_MILICE, "seat": chief})
    ctx.announce("rp-chef-milice", seat=chief)
    fates.check(ctx)  # the Souris, the Détectives, the Mathématiciens count the chief among their offices


def revived(ctx: Ctx, seat: int) -> None:
    """A ghost raised by the Prophète leaves the militia (and its chief's post); he is alive again, his turned
    card stays face up."""
    ctx.fact(F.Revived(seat), to=MJ_ONLY)
    if ctx.s.offices.get(CHEF_MILICE) == seat:
        ctx.emit("office", {"office": CHEF_MILICE, "seat": None})
        appoint_chief(ctx)


# -- the morning's report (§12 "Bilan des morts") ---------------------------------------------------------------------
def report(ctx: Ctx) -> bool:
    """The night's dead are named with no cause (§2); "Chaque mort retourne une carte et choisit de devenir un
    fantôme, un esprit, ou transmettre son héritage spirituel": the step waits for their choices."""
    had = len(own(ctx.s).night.dying)
    fates.settle_owed(ctx)
    fates.dawn_deaths(ctx)
    if not had:
        ctx.announce("rp-pas-de-mort")
    if fates.check(ctx):
        return False
    waiting = choosing(ctx.s)
    open_day_step(ctx, day.REPORT)
    for seat in waiting:
        ask(ctx, seat, in_step=True)
    if waiting:
        ctx.announce("rp-choix-mort-attendu", seats=waiting)
    return True


def choosing(state: GameState) -> list[int]:
    """The dead the report waits for: not yet asked their choice."""
    return [seat for seat in own(state).choosing if seat not in own(state).asked]


def report_time(ctx: Ctx) -> float:
    """The report's countdown: `dawn`, or `death_choice` if longer while a dead has his choice to make."""
    length = float(ctx.s.options["dawn"])
    return max(length, float(ctx.s.options["death_choice"])) if choosing(ctx.s) else length


def report_done(ctx: Ctx) -> bool:
    settle_all(ctx)
    if fates.check(ctx):
        return False
    return day.next_step(ctx)


# -- the chat ----------------------------------------------------------------------------------------------------------
def channels(state: GameState) -> dict[str, tuple[list[int] | None, set[int | str]]]:
    """The spirits' own ("s'isoler avec d'autres esprits pour discuter pendant les sessions diurnes"), by day; the
    engine's channel of the dead only for those who passed their inheritance (a spirit who sees the night never
    meets a ghost, who debates with the living)."""
    out: dict[str, tuple[list[int] | None, set[int | str]]] = {}
    if state.phase in ("night", "day"):
        team = spirits(state)
        if team:
            out[SPIRITS_CHANNEL] = (team, {*(team if state.phase == "day" else []), MJ})
        if engine_options(state).dead_chat:
            gone = donors(state)
            out["dead"] = (gone, {*gone, MJ})
    return out


def ghost_speakers(state: GameState) -> list[int]:
    """"Vous pouvez participer aux débats avec les vivants": the ghosts write in the village's channel by day."""
    return ghosts(state) if state.phase == "day" else []
