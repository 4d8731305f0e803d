"""Coins (seed 000 §7 "Argent", §6 Notaire and Pickpockets, §8's inheritance, §12 "Héritage pécunier (Notaire /
Époux)" and "Pickpockets"; docs/rules/reptiliens-part2-coins.md).

- Gifts: `rp-give {to, coins}` by a living player, by day (the Sunday festival included), to another living
  player, 1 to all of his coins: «N'importe qui peut choisir à tout moment de la journée de donner tout ou partie
  de sa fortune à qui il veut».
- The inheritance, each morning: a dead player's coins wait in the estate (`own.legacies`, fates.kill); a dead
  spouse's go to the living widow(er), who also sees both his cards; a dead single's go to whom the Notaire names
  (one question per dead), never himself; unnamed (no living Notaire, no answer), they stay in the estate and are
  asked for again the next morning.
- The pickpockets, at the end of the day: Mirko on odd days, Mirka on even days, may take one coin from a player.

Fortunes are public unless the room hides them (then each learns his own, the MJ all): `fates.set_coins`.
"""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.errors import Rejected
from app.engine.model import Command, GameState, Prompt
from app.engine.rulesets.reptiliens import facts as F
from app.engine.rulesets.reptiliens import fates
from app.engine.rulesets.reptiliens.calendar import MON, Weekday, weekday_of_night
from app.engine.rulesets.reptiliens.offices import NOTAIRE, OFFICE_BY_KEY
from app.engine.rulesets.reptiliens.state import CAMP, SPECIALTY, own
from app.engine.rulesets.reptiliens.steps import open_day_step

HERITAGE, LEGACY = "rp-heritage", "rp-legs"  # the day part and its step; the Notaire's question (one per dead)
PICKPOCKETS, PICKPOCKET = "rp-pickpockets", "rp-pickpocket"  # the day part; its step and question
PICKPOCKET_OFFICE = "rp-pickpocket"


# -- who holds an office ------------------------------------------------------------------------------------------
def variant_holders(state: GameState, office: str) -> dict[str, int]:
    """The living holders of `office`, by its variant's key (offices.OFFICES): the office's holder with the variant
    the game plays (`own.office_variants`, succession.py; unset, the first), or a holder set under the variant's
    own key (the MJ's `office` event)."""
    found: dict[str, int] = {}
    variants = OFFICE_BY_KEY[office].variants
    for v in variants:
        seat = state.offices.get(v.key)
        if seat is not None and state.players[seat].alive:
            found[v.key] = seat
    seat = state.offices.get(office)
    if seat is not None and state.players[seat].alive:
        chosen = own(state).office_variants.get(office)
        key = chosen if chosen is not None else (variants[0].key if variants else office)
        found.setdefault(key, seat)
    return found


def living_holder(state: GameState, office: str) -> int | None:
    seat = state.offices.get(office)
    return seat if seat is not None and state.players[seat].alive else None


def today(state: GameState) -> Weekday:
    return weekday_of_night(max(state.day, 1), state.options.get("first_weekday", MON))


def hidden(state: GameState) -> bool:
    return bool(state.options.get("hide_fortunes"))


def told(state: GameState, *seats: int) -> list[int] | None:
    """Who hears of a change of fortune: everyone, or its parties when fortunes are hidden (the MJ hears all)."""
    return sorted(set(seats)) if hidden(state) else None


def transfer(ctx: Ctx, giver: int, receiver: int, coins: int) -> None:
    """`coins` pass from `giver` to `receiver` (both living). A payment not shown yet stays unseen (fates.set_coins
    moves the public fortune by the same amount)."""
    fates.set_coins(ctx, giver, fates.coins_of(ctx.s, giver) - coins)
    fates.set_coins(ctx, receiver, fates.coins_of(ctx.s, receiver) + coins)


# -- gifts (§7) -----------------------------------------------------------------------------------------------------
def may_give(state: GameState, seat: int) -> list[int]:
    """Whom `seat` may give coins to now: the other living players, by day, while he has a coin."""
    if state.phase != "day" or not state.players[seat].alive or fates.coins_of(state, seat) < 1:
        return []
    return [x for x in state.living() if x != seat]


def give(ctx: Ctx, cmd: Command) -> None:
    s = ctx.s
    seat, to, coins = cmd.by, cmd.args.get("to"), cmd.args.get("coins")
    if not isinstance(seat, int) or seat not in s.players:
        raise Rejected("not_a_player", "Only a player can give coins.")
    if s.phase != "day":
        raise Rejected("wrong_phase", "Coins are given by day.")
    if not s.players[seat].alive:
        raise Rejected("dead", "A dead player keeps no coins.")
    if not isinstance(to, int) or isinstance(to, bool) or to not in s.players or to == seat:
        raise Rejected("no_such_seat", "Choose another player.")
    if not s.players[to].alive:
        raise Rejected("dead_keeps_nothing", "A dead player never keeps coins: give them to a living one.")
    if not isinstance(coins, int) or isinstance(coins, bool) or coins < 1:
        raise Rejected("bad_number", "Give one coin or more.")
    if coins > fates.coins_of(s, seat):
        raise Rejected("not_enough_coins", "You do not have that many coins.")
    transfer(ctx, seat, to, coins)
    ctx.announce("rp-don", to=told(s, seat, to), seat=seat, receiver=to, coins=coins)


# -- the inheritance (§6 Notaire, §8) -------------------------------------------------------------------------------
def bequeath(ctx: Ctx, dead: int, heir: int) -> int:
    """The dead's coins waiting in the estate go to `heir`; returns how many."""
    o = own(ctx.s)
    coins = o.legacies.get(dead, 0)
    if coins:
        fates.set_coins(ctx, heir, fates.coins_of(ctx.s, heir) + coins, max(0, o.estate - coins))
    ctx.fact(F.LegacyPaid(dead), to=MJ_ONLY)
    return coins


def widow_of(state: GameState, dead: int) -> int | None:
    spouse = own(state).spouses.get(dead)
    return spouse if spouse is not None and state.players[spouse].alive else None


def mourn(ctx: Ctx, dead: int, widow: int) -> None:
    """«le veuf hérite de toutes les pièces du défunt et regarde les rôles de camp et de spécialité du défunt»: the
    look once (a spouse raised from the dead may die again: his coins go to the widow(er) again)."""
    coins = bequeath(ctx, dead, widow)
    if dead not in own(ctx.s).mourned:
        player = ctx.s.players[dead]
        for slot in (CAMP, SPECIALTY):
            card = player.card(slot)
            if card is not None:
                ctx.emit("rp-learn", {"viewers": [widow], "seat": dead, "slot": slot, "card": card}, to=[widow])
        ctx.fact(F.Mourned(dead), to=MJ_ONLY)
    elif not coins:
        return
    ctx.announce("rp-heritage-veuf", to=told(ctx.s, widow), seat=dead, heir=widow, coins=coins)


def heritage(ctx: Ctx) -> bool:
    """"Héritage pécunier (Notaire / Époux)": the widow(er)s first, then the Notaire's questions."""
    s = ctx.s
    o = own(s)
    for dead in sorted(o.spouses):
        widow = widow_of(s, dead)
        if not s.players[dead].alive and widow is not None and (dead not in o.mourned or o.legacies.get(dead)):
            mourn(ctx, dead, widow)
    singles = sorted(d for d, coins in own(s).legacies.items() if coins > 0 and not s.players[d].alive)
    notary = living_holder(s, NOTAIRE)
    heirs = [x for x in s.living() if x != notary]  # «Il ne peut pas les léguer à lui-même»
    if not singles or notary is None or not heirs:
        return False  # they wait in the estate for a Notaire
    open_day_step(ctx, HERITAGE)
    for dead in singles:
        ctx.open_prompt(policy="first", step=LEGACY, kind="pick", to=[notary], options=heirs, min=1, max=1,
                        info={"seat": dead, "coins": own(s).legacies[dead]})
    return True


def bequeathed(ctx: Ctx, prompt: Prompt, notary: int) -> None:
    """The Notaire's choice, applied at once (it stands whatever befalls him afterwards)."""
    dead, heir = int(prompt.info["seat"]), prompt.answers[notary][0]
    if ctx.s.players[heir].alive and heir != notary:
        coins = bequeath(ctx, dead, heir)
        ctx.announce("rp-heritage-notaire", to=told(ctx.s, notary, heir), seat=dead, heir=heir, coins=coins)


# -- the pickpockets (§6) -------------------------------------------------------------------------------------------
def pickpockets(ctx: Ctx) -> bool:
    """«Les jours impairs [pairs], il peut voler une pièce à quelqu'un de son choix, en fin de journée.»"""
    s = ctx.s
    weekday = today(s)
    acting = [seat for key, seat in sorted(variant_holders(s, PICKPOCKET_OFFICE).items())
              if weekday in next(v.days for v in OFFICE_BY_KEY[PICKPOCKET_OFFICE].variants if v.key == key)]
    opened = False
    for seat in dict.fromkeys(acting):
        victims = [x for x in s.living() if x != seat and fates.coins_of(s, x) > 0]
        if not victims:
            continue
        if not opened:
            open_day_step(ctx, PICKPOCKET)
            opened = True
        ctx.open_prompt(policy="first", step=PICKPOCKET, kind="pick", to=[seat], options=victims, min=0, max=1)
    return opened


def stolen(ctx: Ctx, prompt: Prompt, seat: int) -> None:
    """His choice, applied at once: the day is at its end."""
    s = ctx.s
    picked = prompt.answers[seat]
    if picked and s.players[picked[0]].alive and fates.coins_of(s, picked[0]) > 0:
        transfer(ctx, picked[0], seat, 1)
        ctx.announce("rp-pickpocket-vol", to=told(s, seat, picked[0]), seat=seat, victim=picked[0])


TEXT_KEYS: tuple[str, ...] = (
    f"step.{HERITAGE}", f"step.{LEGACY}", f"step.{PICKPOCKET}",
    "announce.rp-don", "announce.rp-heritage-veuf", "announce.rp-heritage-notaire", "announce.rp-pickpocket-vol",
    "error.dead_keeps_nothing", "error.not_enough_coins",
)
