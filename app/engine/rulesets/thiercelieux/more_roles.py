"""Night steps of the roles of 001 and 004 beyond the classic ones. Each is a pair of small handlers that
manifest.STEPS names; their effects meet at dawn in resolution.py, in the order of dawn.py's priority table."""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.prompts import team_choice
from app.engine.rulesets.thiercelieux import mark_facts as F
from app.engine.rulesets.thiercelieux.night import NightStep, awake, holders, wolves
from app.engine.rulesets.thiercelieux.roles import HAMSTERS, VAMPIRES, WHITE_WOLVES, camp_of, wolfish
from app.engine.rulesets.thiercelieux.scratch_facts import (
    Charmed,
    Frogged,
    HamstersChose,
    Infected,
    KillerChose,
    PlayerPicked,
    PutToSleep,
    QuestionOpened,
    RavenChose,
    SalvateurProtected,
    VictimSpared,
    WhiteWolfChose,
)
from app.engine.rulesets.thiercelieux.state import marks, scratch, village


def answer(ctx: Ctx, key: str) -> tuple[int | None, object]:
    """(seat, answer) of the question opened under the name `key` (Scratch.prompts), if it was opened."""
    pid = scratch(ctx.s).prompts.get(key)
    if pid is None or pid not in ctx.s.prompts or not ctx.s.prompts[pid].to:
        return None, None
    prompt = ctx.s.prompts[pid]
    seat = prompt.to[0]
    return seat, prompt.answers.get(seat)


def picked(ctx: Ctx, key: str) -> tuple[int | None, int | None]:
    seat, ans = answer(ctx, key)
    return seat, (ans[0] if isinstance(ans, list) and ans else None)


def forget_last(ctx: Ctx, role: str, tag: str, seat: int | None, target: int | None) -> None:
    """'Not the same player two nights running': a night without a choice (asleep, a frog) frees the next."""
    for p in ctx.s.by_position():
        if p.alive and p.role == role:
            value = target if p.seat == seat else None
            if getattr(marks(ctx.s, p.seat), tag) != value:
                ctx.fact(F.LastChoice(p.seat, tag, value), to=[p.seat])


def pick_step(role: str, key: str, *, self_ok: bool = False, optional: bool = True,
              exclude_tag: str | None = None) -> NightStep:
    """The common shape: each living holder picks one living player (or nobody)."""

    def open_(ctx: Ctx) -> None:
        for seat in holders(ctx, role):
            last = getattr(marks(ctx.s, seat), exclude_tag) if exclude_tag else None
            options = [s for s in ctx.s.living() if (self_ok or s != seat) and s != last]
            if options:
                p = ctx.open_prompt(step=key, kind="pick", to=[seat], options=options, min=0 if optional else 1,
                                    max=1)
                ctx.fact(QuestionOpened(key, p.id), to=MJ_ONLY)

    def close(ctx: Ctx) -> None:
        seat, target = picked(ctx, key)
        if seat is not None:
            ctx.fact(PlayerPicked(key, seat, target), to=MJ_ONLY)
        if exclude_tag:
            forget_last(ctx, role, exclude_tag, seat, target)

    return NightStep(key, open_, close)


# -- first night ----------------------------------------------------------------------------------------------
def masons_open(ctx: Ctx) -> None:
    """004: the francs-maçons wake together on the first night and know each other as innocent."""
    # 004: "Parfois le MDJ appelle les chasseurs à se réveiller et ils cumulent ainsi leur rôle avec celui de
    # franc-maçon": with `hunters_masons` they wake with the masons, and all know each other as masons.
    hunters = ("chasseur",) if ctx.s.options.get("hunters_masons") else ()
    masons = [p.seat for p in ctx.s.by_position() if p.alive and p.role in ("franc-macon", *hunters)]
    for seat in masons:
        ctx.fact(F.MasonsMet(seat, masons), to=[seat])


def apprenti_close(ctx: Ctx) -> None:
    seat, master = picked(ctx, "apprenti")
    if seat is not None and master is not None:
        ctx.fact(F.MasterChosen(seat, master), to=[seat])


# -- every night ------------------------------------------------------------------------------------------------
def sandman_close(ctx: Ctx) -> None:
    """004: "la personne que j'ai touchée ne se réveillera pas cette nuit" — she is told, and sleeps through."""
    seat, target = picked(ctx, "marchand-de-sable")
    if seat is not None and target is not None:
        ctx.fact(PutToSleep(target), to=MJ_ONLY)
        ctx.announce("you_sleep_tonight", to=[target])


def salvateur_close(ctx: Ctx) -> None:
    seat, target = picked(ctx, "salvateur")
    if seat is not None:
        ctx.fact(SalvateurProtected(target), to=MJ_ONLY)
    # 001: not the same person two nights running (a night without protection frees the choice).
    forget_last(ctx, "salvateur", "last_protected", seat, target)


def louveteau_close(ctx: Ctx) -> None:
    """004: the cub visits someone each night; if it is a wolf, he becomes a wolf."""
    seat, target = picked(ctx, "louveteau")
    if seat is not None and target is not None and wolfish(ctx.s, ctx.s.players[target]):
        ctx.fact(F.TurnedWolf(seat), to=[seat])
        ctx.announce("cub_turned", to=[seat])


def infect_open(ctx: Ctx) -> None:
    victim = scratch(ctx.s).victim
    for seat in holders(ctx, "infect-pere-des-loups"):
        if victim is None or marks(ctx.s, seat).infect_used or victim == seat:
            continue
        p = ctx.open_prompt(step="infect", kind="confirm", to=[seat], info={"victim": victim})
        ctx.fact(QuestionOpened("infect", p.id), to=MJ_ONLY)


def infect_close(ctx: Ctx) -> None:
    """001: once in the game, the victim is not eaten but becomes a wolf, keeping his powers; no death is
    announced that night."""
    seat, yes = answer(ctx, "infect")
    if seat is not None and yes is True:
        ctx.fact(F.PowerSpent(seat, "infect"), to=[seat])
        ctx.fact(Infected(scratch(ctx.s).victim), to=MJ_ONLY)
        ctx.fact(VictimSpared(), to=MJ_ONLY)


def white_wolf_night(every: str, night: int) -> bool:
    """Whether the Loup Blanc may kill tonight: 001's "une nuit sur deux", the even nights (`other`) or the odd
    ones (`odd`), or 004's every night (`every`)."""
    if every == "every":
        return True
    return night % 2 == (1 if every == "odd" else 0)


def white_wolf_open(ctx: Ctx) -> None:
    if not white_wolf_night(str(ctx.s.options.get("loup_blanc_every", "other")), ctx.s.night):
        return  # 001: une nuit sur deux; the step still lasts its plausible time (night.night_bounds)
    for role in sorted(WHITE_WOLVES):
        for seat in holders(ctx, role):
            pack = [s for s in wolves(ctx) if s != seat] or [
                p.seat for p in ctx.s.players.values() if p.alive and wolfish(ctx.s, p) and p.seat != seat]
            if pack:
                p = ctx.open_prompt(step="loup-blanc", kind="pick", to=[seat], options=pack, min=0, max=1)
                ctx.fact(QuestionOpened("loup-blanc", p.id), to=MJ_ONLY)


def white_wolf_close(ctx: Ctx) -> None:
    seat, target = picked(ctx, "loup-blanc")
    if seat is not None and target is not None:
        ctx.fact(WhiteWolfChose(target), to=MJ_ONLY)


def killer_close(ctx: Ctx) -> None:
    seat, target = picked(ctx, "tueur")
    if seat is not None and target is not None:
        ctx.fact(KillerChose(target), to=MJ_ONLY)


def corbeau_close(ctx: Ctx) -> None:
    seat, target = picked(ctx, "corbeau")
    if seat is not None and target is not None:
        ctx.fact(RavenChose(target), to=MJ_ONLY)


def sheep_left(ctx: Ctx, seat: int) -> int:
    sheep = marks(ctx.s, seat).sheep
    return 1 if sheep is None else sheep


def berger_open(ctx: Ctx) -> None:
    for seat in holders(ctx, "berger"):
        if sheep_left(ctx, seat) <= 0:
            continue
        options = [s for s in ctx.s.living() if s != seat]
        p = ctx.open_prompt(step="berger", kind="pick", to=[seat], options=options, min=0, max=1)
        ctx.fact(QuestionOpened("berger", p.id), to=MJ_ONLY)


def berger_close(ctx: Ctx) -> None:
    """004: the sheep visits someone: at a wolf's it dies (thumb down), otherwise it comes back (thumb up)."""
    seat, target = picked(ctx, "berger")
    if seat is None or target is None:
        return
    if wolfish(ctx.s, ctx.s.players[target]):
        ctx.fact(F.SheepSent(seat, sheep_left(ctx, seat) - 1), to=[seat])
        ctx.announce("sheep_died", to=[seat], seat=target)
    else:
        ctx.announce("sheep_back", to=[seat], seat=target)


def flute_open(ctx: Ctx) -> None:
    count = int(ctx.s.options.get("piper_charms", 2))
    for seat in holders(ctx, "joueur-de-flute"):
        options = [s for s in ctx.s.living() if s != seat and not marks(ctx.s, s).charmed]
        if options:
            p = ctx.open_prompt(step="joueur-de-flute", kind="pick", to=[seat], options=options, min=0,
                                max=min(count, len(options)))
            ctx.fact(QuestionOpened("joueur-de-flute", p.id), to=MJ_ONLY)


def flute_close(ctx: Ctx) -> None:
    seat, ans = answer(ctx, "joueur-de-flute")
    if seat is not None and isinstance(ans, list) and ans:
        ctx.fact(Charmed(list(ans)), to=MJ_ONLY)


def magicien_open(ctx: Ctx) -> None:
    count = int(ctx.s.options.get("magicien_frogs", 1))
    for seat in holders(ctx, "magicien"):
        options = [s for s in ctx.s.living() if s != seat]
        p = ctx.open_prompt(step="magicien", kind="pick", to=[seat], options=options, min=0, max=count)
        ctx.fact(QuestionOpened("magicien", p.id), to=MJ_ONLY)


def magicien_close(ctx: Ctx) -> None:
    seat, ans = answer(ctx, "magicien")
    if seat is not None and isinstance(ans, list) and ans:
        ctx.fact(Frogged(list(ans)), to=MJ_ONLY)


# -- other packs (004) ----------------------------------------------------------------------------------------
def vampires_of(ctx: Ctx) -> list[int]:
    return [p.seat for p in ctx.s.by_position() if p.alive and camp_of(ctx.s, p) == VAMPIRES and awake(ctx, p.seat)]


def vampires_open(ctx: Ctx) -> None:
    pack = vampires_of(ctx)
    if not pack or village(ctx.s).vampires_powerless:
        return
    targets = [s for s in ctx.s.living() if s not in pack]
    if targets:
        p = ctx.open_prompt(step="vampires", kind="pick", to=pack, options=targets, min=1, max=1, policy="team",
                            visibility="addressees")
        ctx.fact(QuestionOpened("vampires", p.id), to=MJ_ONLY)


def vampires_close(ctx: Ctx) -> None:
    """004: the vampires agree on someone each night: not a wolf, he becomes a vampire; a wolf stays a wolf, and
    the vampires lose their power to convert."""
    pid = scratch(ctx.s).prompts.get("vampires")
    if pid is None:
        return
    prompt = ctx.s.prompts[pid]
    choice = team_choice(prompt)
    if not choice:
        return
    target = ctx.s.players[choice[0]]
    if wolfish(ctx.s, target):
        ctx.fact(F.VampiresPowerless(), to=prompt.to)
    else:
        ctx.fact(F.Bitten(target.seat), to=[target.seat, *prompt.to])
        ctx.announce("you_are_a_vampire", to=[target.seat])


def hamsters_open(ctx: Ctx) -> None:
    pack = [p.seat for p in ctx.s.by_position() if p.alive and camp_of(ctx.s, p) == HAMSTERS and awake(ctx, p.seat)]
    targets = [s for s in ctx.s.living() if s not in pack]
    if pack and targets:
        p = ctx.open_prompt(step="hamsters", kind="pick", to=pack, options=targets, min=1, max=1, policy="team",
                            visibility="addressees")
        ctx.fact(QuestionOpened("hamsters", p.id), to=MJ_ONLY)


def hamsters_close(ctx: Ctx) -> None:
    """004: the hamsters-garous are another pack of wolves: they agree on a victim too."""
    pid = scratch(ctx.s).prompts.get("hamsters")
    choice = team_choice(ctx.s.prompts[pid]) if pid is not None else None
    if choice:
        ctx.fact(HamstersChose(choice[0]), to=MJ_ONLY)
