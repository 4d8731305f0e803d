"""A game of `soupcons`: the deal, rounds (manches), turns (an offer, up to three times, then the card's effect),
the 5–6 player removal at the end of a round, and the two endings.

State lives in the generic places, changed only through generic events:
- each player's hand: the tag `hand` (its event goes to the holder only); their Porte: the tag `door`
  ("open" / "closed", public); their camp as a pseudo-role `serpent` / `innocent` (`role_set`, to the holder);
- the table and the current turn: `state.pending` (MJ-only events), rebuilt after each round's `phase` event
  (which empties `pending`), so an undo goes back to the start of the round;
- the round number is `state.day` (the phase is "day" for the whole game).
What the players learn travels in events of this ruleset (`sc_*`), each with its audience: the announcement,
refusals and effects are public; a card's identity goes only to its giver and its receiver.
"""

from __future__ import annotations

from typing import Any

from app.engine.context import MJ_ONLY, Ctx
from app.engine.model import GameState
from app.engine.rulesets.soupcons import cards as C

CARRIED = ("table", "dealer")  # pending keys that outlive a round


# -- reading the state ---------------------------------------------------------------------------------------------
def hand(state: GameState, seat: int) -> list[str]:
    return list(state.players[seat].tags.get("hand", []))


def door(state: GameState, seat: int) -> str:
    return str(state.players[seat].tags.get("door", "open"))


def order(state: GameState) -> list[int]:
    return [p.seat for p in state.by_position()]


def bots(state: GameState) -> set[int]:
    return {s for s in state.options.get("bots", []) if s in state.players}


def table(state: GameState) -> C.Table:
    return [dict(c) for c in state.pending.get("table", [])]


def open_targets(state: GameState, giver: int) -> list[int]:
    """Players the giver may offer to: those whose Porte is still open, never the giver."""
    return [s for s in order(state) if s != giver and door(state, s) == "open"]


def offerable(state: GameState) -> list[str]:
    """The giver's cards not refused yet in this turn (a refused card is not offered again)."""
    giver = state.pending["giver"]
    refused = state.pending.get("refused", [])
    return [c for c in hand(state, giver) if c not in refused]


def holder_of_three(state: GameState) -> int:
    return next(s for s in order(state) if len(hand(state, s)) == 3)


# -- changing it -----------------------------------------------------------------------------------------------------
def setp(ctx: Ctx, key: str, value: Any) -> None:
    if ctx.s.pending.get(key) != value or (value is not None and key not in ctx.s.pending):
        ctx.emit("pending", {"key": key, "value": value}, to=MJ_ONLY)


def set_hand(ctx: Ctx, seat: int, cards: list[str], original: bool = False) -> None:
    cards = C.sort_hand(cards)
    ctx.emit("tag", {"seat": seat, "key": "hand", "value": cards}, to=[seat])
    role = "serpent" if C.camp_of(cards) == "serpents" else "innocent"
    if original or ctx.s.players[seat].role != role:
        ctx.emit("role_set", {"seat": seat, "role": role, "original": original}, to=[seat])


def set_door(ctx: Ctx, seat: int, value: str) -> None:
    if ctx.s.players[seat].tags.get("door") != value:
        ctx.emit("tag", {"seat": seat, "key": "door", "value": value})


def duration(ctx: Ctx, seat: int, key: str) -> float:
    """A bot plays after `bot_delay`; a person has the room's `turn` or `reply` time (then a random legal move)."""
    if seat in bots(ctx.s):
        return float(ctx.s.options.get("bot_delay", 2.0))
    return float(ctx.s.options.get(key, 60.0))


# -- the deal --------------------------------------------------------------------------------------------------------
def start(ctx: Ctx) -> None:
    seats = order(ctx.s)
    n = len(seats)
    # "La personne qui ment le mieux distribue": the server draws the dealer. Cards go one by one, clockwise
    # (increasing position), from the dealer's left: that first player gets the (2n+1)th card, so holds 3.
    dealer = ctx.choice(seats)
    deck = ctx.shuffle(C.deck(n))
    first = (seats.index(dealer) + 1) % n
    hands: dict[int, list[str]] = {s: [] for s in seats}
    for i, card in enumerate(deck):
        hands[seats[(first + i) % n]].append(card)
    ctx.emit("sc_dealt", {"dealer": dealer, "first": seats[first], "cards": len(deck)})
    for seat in seats:
        set_hand(ctx, seat, hands[seat], original=True)
        ctx.emit("sc_hand", {"seat": seat, "cards": C.sort_hand(hands[seat])}, to=[seat])
    setp(ctx, "dealer", dealer)
    setp(ctx, "table", C.initial_table(n))
    begin_round(ctx)


# -- rounds ----------------------------------------------------------------------------------------------------------
def begin_round(ctx: Ctx) -> None:
    carried = {k: ctx.s.pending[k] for k in CARRIED if k in ctx.s.pending}
    if "table" not in carried:  # an undo of round 1 restores the lobby's state, before the table was laid
        carried["table"] = C.initial_table(len(ctx.s.players))
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day + 1})
    for key, value in carried.items():
        setp(ctx, key, value)
    for seat in order(ctx.s):
        set_door(ctx, seat, "open")
    starter = holder_of_three(ctx.s)
    setp(ctx, "starter", starter)
    ctx.emit("sc_round", {"round": ctx.s.day, "starter": starter})
    start_turn(ctx, starter)


def end_round(ctx: Ctx) -> None:
    removed = None
    tab = table(ctx.s)
    if len(ctx.s.players) >= C.REMOVE_LOWEST_JOUR_FROM:
        removed, tab = C.remove_lowest_jour(tab)
        setp(ctx, "table", tab)
    ctx.emit("sc_round_end", {"round": ctx.s.day, "removed": removed})
    camp = C.outcome(tab)
    if camp is not None:
        end_game(ctx, camp, "night" if camp == "serpents" else "dawn")
        return
    limit = int(ctx.s.options.get("max_rounds") or 0)
    if limit and ctx.s.day >= limit:
        end_game(ctx, None, "max_rounds")
        return
    begin_round(ctx)


# -- a turn ----------------------------------------------------------------------------------------------------------
def start_turn(ctx: Ctx, giver: int) -> None:
    ctx.emit("prompts_cleared")
    setp(ctx, "giver", giver)
    setp(ctx, "target", None)
    setp(ctx, "attempt", 1)
    setp(ctx, "announce", None)
    setp(ctx, "card", None)
    setp(ctx, "refused", [])
    setp(ctx, "stage", "offer")
    open_offer(ctx)


def open_offer(ctx: Ctx) -> None:
    s = ctx.s
    giver, attempt, target = s.pending["giver"], s.pending["attempt"], s.pending.get("target")
    ctx.open_step("sc-offer", duration(ctx, giver, "turn"))
    info = {"attempt": attempt, "target": target}
    if target is None:
        targets = open_targets(s, giver)
        if len(targets) == 1:
            setp(ctx, "target", targets[0])
            info["target"] = targets[0]
        else:
            ctx.open_prompt(step="sc-target", kind="pick", to=[giver], options=targets, info=info)
    hand_left = offerable(s)
    if len(hand_left) > 1:
        ctx.open_prompt(step="sc-card", kind="choice", to=[giver], options=hand_left, info=info)
    ctx.open_prompt(step="sc-announce", kind="choice", to=[giver], options=C.announcements(len(s.players)),
                    info=info)


def finish_offer(ctx: Ctx) -> None:
    s = ctx.s
    giver, attempt = s.pending["giver"], s.pending["attempt"]
    asked = {p.step: p for p in ctx.step_prompts()}
    for prompt in asked.values():
        ctx.close_prompt(prompt)
    target = s.pending.get("target")
    if target is None:
        picked = asked["sc-target"].answers.get(giver) if "sc-target" in asked else None
        targets = open_targets(s, giver)
        target = picked[0] if picked and picked[0] in targets else ctx.choice(targets)
    hand_left = offerable(s)
    card = asked["sc-card"].answers.get(giver) if "sc-card" in asked else None
    if card not in hand_left:
        card = hand_left[0] if len(hand_left) == 1 else ctx.choice(hand_left)
    announce = asked["sc-announce"].answers.get(giver) if "sc-announce" in asked else None
    if announce not in C.announcements(len(s.players)):
        announce = default_announcement(ctx, card)
    forced = attempt >= 3
    setp(ctx, "target", target)
    setp(ctx, "card", card)
    setp(ctx, "announce", announce)
    ctx.emit("sc_offer", {"giver": giver, "to": target, "attempt": attempt, "announce": announce, "forced": forced})
    ctx.emit("sc_offer_card", {"giver": giver, "to": target, "attempt": attempt, "card": card}, to=[giver])
    if forced:
        # "Cette dernière carte DOIT être acceptée !": no question to the receiver.
        accept(ctx, forced=True)
        return
    setp(ctx, "stage", "reply")
    ctx.open_step("sc-reply", duration(ctx, target, "reply"))
    ctx.open_prompt(step="sc-accept", kind="confirm", to=[target],
                    info={"giver": giver, "announce": announce, "attempt": attempt})


def finish_reply(ctx: Ctx) -> None:
    s = ctx.s
    giver, target, attempt, card = s.pending["giver"], s.pending["target"], s.pending["attempt"], s.pending["card"]
    asked = [p for p in ctx.step_prompts() if p.step == "sc-accept"]
    answer = asked[0].answers.get(target) if asked else None
    for prompt in asked:
        ctx.close_prompt(prompt)
    if not isinstance(answer, bool):
        answer = ctx.chance(0.5)  # time is up: a random legal answer, so the game never stalls
    if answer:
        accept(ctx, forced=False)
        return
    # The refused card lies face down in front of the giver, who offers another card to the same player.
    ctx.emit("sc_refused", {"giver": giver, "to": target, "attempt": attempt})
    setp(ctx, "refused", [*s.pending.get("refused", []), card])
    setp(ctx, "card", None)
    setp(ctx, "announce", None)
    setp(ctx, "attempt", attempt + 1)
    setp(ctx, "stage", "offer")
    open_offer(ctx)


def accept(ctx: Ctx, forced: bool) -> None:
    s = ctx.s
    giver, target, attempt, card = s.pending["giver"], s.pending["target"], s.pending["attempt"], s.pending["card"]
    ctx.emit("sc_accepted", {"giver": giver, "to": target, "attempt": attempt, "forced": forced})
    ctx.emit("sc_received", {"giver": giver, "to": target, "card": card}, to=[giver, target])
    set_hand(ctx, giver, [c for c in hand(s, giver) if c != card])
    set_hand(ctx, target, [*hand(s, target), card])
    refused = s.pending.get("refused", [])
    if refused:
        # "Il reprend toutes les cartes Masque posées devant lui": they never left his hand in the state.
        ctx.emit("sc_returned", {"giver": giver, "count": len(refused)})
    # The receiver looks at the card: what is on it counts, not what was announced.
    what, value, new_table = C.effect(table(s), card)
    setp(ctx, "table", new_table)
    ctx.emit("sc_effect", {"seat": target, "effect": what, "value": value})
    set_door(ctx, target, "closed")
    for key in ("target", "announce", "card", "stage"):
        setp(ctx, key, None)
    setp(ctx, "refused", [])
    camp = C.outcome(new_table)
    if camp is not None:
        end_game(ctx, camp, "night" if camp == "serpents" else "dawn")
        return
    if all(door(s, seat) == "closed" for seat in order(s)):
        end_round(ctx)
        return
    # The receiver now holds 3 cards and plays next.
    start_turn(ctx, target)


def default_announcement(ctx: Ctx, card: str) -> str:
    """A bot's (or a late player's) announcement: the truth half of the time, otherwise any other claim."""
    if ctx.chance(0.5):
        return C.truth(card)
    return ctx.choice([a for a in C.announcements(len(ctx.s.players)) if a != C.truth(card)])


def end_game(ctx: Ctx, camp: str | None, reason: str) -> None:
    s = ctx.s
    hands = {str(seat): hand(s, seat) for seat in order(s)}
    winners = [seat for seat in order(s) if camp is not None and C.camp_of(hand(s, seat)) == camp]
    ctx.emit("ended", {"camp": camp, "winners": winners, "reason": reason, "hands": hands, "table": table(s)})


def finish_step(ctx: Ctx) -> None:
    key = ctx.s.step.key if ctx.s.step else None
    if key == "sc-offer":
        finish_offer(ctx)
    elif key == "sc-reply":
        finish_reply(ctx)
    else:  # pragma: no cover - no other step exists
        ctx.emit("step", {"key": "sc-idle", "started": ctx.at, "deadline": None})
