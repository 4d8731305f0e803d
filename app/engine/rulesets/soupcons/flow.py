"""A game of `soupcons`: the deal, rounds (manches), turns (an offer, up to three times, then the card's effect),
the 5–6 player removal at the end of a round, and the two endings.

The hands, the Portes, the table and the turn live in the ruleset's typed state (state.py), changed only by its
facts (facts.py), each emitted with its audience: the announcement, refusals and effects are public; a card's
identity goes only to its giver and its receiver; the server's bookkeeping (whose turn, the only open door) to the
MJ alone. A player's camp is a pseudo-role `serpent` / `innocent` (`role_set`, to the holder). The round number is
`state.day` (the phase is "day" for the whole game); each round's `phase` event keeps the state for an undo.
A turn's two steps are declared in `STEPS` (below): the engine's flow (app/engine/flow.py) opens them with their
clock, closes their questions and hands them to their `close`, which chains the next one.
"""

from __future__ import annotations

from app.engine.context import MJ_ONLY, Ctx
from app.engine.flow import Countdown, StepSpec, open_step, step_table
from app.engine.flow import finish_step as finish
from app.engine.model import GameState
from app.engine.rulesets.soupcons import cards as C
from app.engine.rulesets.soupcons.facts import (
    CardAccepted,
    CardOffered,
    CardPutForward,
    CardReceived,
    CardRefused,
    CardTookEffect,
    Dealt,
    HandDealt,
    MasksTakenBack,
    OnlyDoorLeft,
    RoundBegan,
    RoundEnded,
    TableLaid,
    TurnPassed,
)
from app.engine.rulesets.soupcons.state import own


# -- reading the state ---------------------------------------------------------------------------------------------
def hand(state: GameState, seat: int) -> list[str]:
    return list(own(state).hands.get(seat, []))


def door(state: GameState, seat: int) -> str:
    return own(state).doors.get(seat, "open")


def order(state: GameState) -> list[int]:
    return [p.seat for p in state.by_position()]


def bots(state: GameState) -> set[int]:
    return {s for s in state.options.get("bots", []) if s in state.players}


def table(state: GameState) -> C.Table:
    return [dict(c) for c in own(state).table]


def open_targets(state: GameState, giver: int) -> list[int]:
    """Players the giver may offer to: those whose Porte is still open, never the giver."""
    return [s for s in order(state) if s != giver and door(state, s) == "open"]


def offerable(state: GameState) -> list[str]:
    """The giver's cards not refused yet in this turn (a refused card is not offered again)."""
    s = own(state)
    refused = s.refused or []
    return [c for c in hand(state, s.giver) if c not in refused] if s.giver is not None else []


def holder_of_three(state: GameState) -> int:
    return next(s for s in order(state) if len(hand(state, s)) == 3)


# -- changing it -----------------------------------------------------------------------------------------------------
def camp_card(ctx: Ctx, seat: int, original: bool = False) -> None:
    """The seat's camp follows its hand: told to the seat when it changes (a pseudo-role, see the module)."""
    role = "serpent" if C.camp_of(hand(ctx.s, seat)) == "serpents" else "innocent"
    if original or ctx.s.players[seat].role != role:
        ctx.emit("role_set", {"seat": seat, "role": role, "original": original}, to=[seat])


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
    ctx.fact(Dealt(dealer, seats[first], len(deck)))
    for seat in seats:
        ctx.fact(HandDealt(seat, C.sort_hand(hands[seat])), to=[seat])
        camp_card(ctx, seat, original=True)
    begin_round(ctx)


# -- rounds ----------------------------------------------------------------------------------------------------------
def begin_round(ctx: Ctx) -> None:
    ctx.emit("prompts_cleared")
    ctx.emit("phase", {"phase": "day", "day": ctx.s.day + 1})
    if not own(ctx.s).table:  # an undo of round 1 may restore the lobby's state, before the table was laid
        ctx.fact(TableLaid(), to=MJ_ONLY)
    starter = holder_of_three(ctx.s)
    ctx.fact(RoundBegan(ctx.s.day, starter))
    start_turn(ctx, starter)


def end_round(ctx: Ctx) -> None:
    removed = None
    tab = table(ctx.s)
    if len(ctx.s.players) >= C.REMOVE_LOWEST_JOUR_FROM:
        removed, _ = C.remove_lowest_jour(tab)
    ctx.fact(RoundEnded(ctx.s.day, removed))
    camp = C.outcome(table(ctx.s))
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
    ctx.fact(TurnPassed(giver), to=MJ_ONLY)
    open_offer(ctx)


def open_offer(ctx: Ctx) -> None:
    open_step(ctx, STEPS, "sc-offer")


def ask_offer(ctx: Ctx) -> None:
    """The giver's questions: to whom (unless one Porte is left), which card (unless one is left), what to say."""
    s = ctx.s
    giver, attempt, target = turn(s)[0], turn(s)[2], own(s).target
    info = {"attempt": attempt, "target": target}
    if target is None:
        targets = open_targets(s, giver)
        if len(targets) == 1:
            ctx.fact(OnlyDoorLeft(targets[0]), to=MJ_ONLY)
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
    giver, attempt = turn(s)[0], turn(s)[2]
    asked = {p.step: p for p in ctx.step_prompts()}  # closed by the engine, answers kept
    target = own(s).target
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
    ctx.fact(CardOffered(giver, target, attempt, announce, forced))
    ctx.fact(CardPutForward(giver, target, attempt, card), to=[giver])
    if forced:
        # "Cette dernière carte DOIT être acceptée !": no question to the receiver.
        accept(ctx, forced=True)
        return
    open_step(ctx, STEPS, "sc-reply")


def ask_reply(ctx: Ctx) -> None:
    """The receiver's question: take the card offered, or not."""
    s = own(ctx.s)
    assert s.target is not None, "a reply to nobody's offer"
    ctx.open_prompt(step="sc-accept", kind="confirm", to=[s.target],
                    info={"giver": s.giver, "announce": s.announce, "attempt": s.attempt})


def finish_reply(ctx: Ctx) -> None:
    s = ctx.s
    giver, target, attempt, _ = turn(s)
    assert target is not None, "a reply to nobody's offer"
    asked = [p for p in ctx.step_prompts() if p.step == "sc-accept"]  # closed by the engine, answers kept
    answer = asked[0].answers.get(target) if asked else None
    if not isinstance(answer, bool):
        answer = ctx.chance(0.5)  # time is up: a random legal answer, so the game never stalls
    if answer:
        accept(ctx, forced=False)
        return
    # The refused card lies face down in front of the giver, who offers another card to the same player.
    ctx.fact(CardRefused(giver, target, attempt))
    open_offer(ctx)


def accept(ctx: Ctx, forced: bool) -> None:
    s = ctx.s
    giver, target, attempt, card = turn(s)
    assert target is not None and card is not None, "no card offered"
    refused = own(s).refused or []
    # The receiver closes their Porte; the card changes hands.
    ctx.fact(CardAccepted(giver, target, attempt, forced))
    ctx.fact(CardReceived(giver, target, card), to=[giver, target])
    camp_card(ctx, giver)
    camp_card(ctx, target)
    if refused:
        # "Il reprend toutes les cartes Masque posées devant lui": they never left his hand in the state.
        ctx.fact(MasksTakenBack(giver, len(refused)))
    # The receiver looks at the card: what is on it counts, not what was announced.
    what, value, new_table = C.effect(table(s), card)
    ctx.fact(CardTookEffect(target, what, value))
    camp = C.outcome(new_table)
    if camp is not None:
        end_game(ctx, camp, "night" if camp == "serpents" else "dawn")
        return
    if all(door(s, seat) == "closed" for seat in order(s)):
        end_round(ctx)
        return
    # The receiver now holds 3 cards and plays next.
    start_turn(ctx, target)


def turn(state: GameState) -> tuple[int, int | None, int, str | None]:
    """The turn under way: the giver, the receiver and the card offered (once known), the offer (1-3)."""
    s = own(state)
    assert s.giver is not None and s.attempt is not None, "no turn under way"
    return s.giver, s.target, s.attempt, s.card


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
    if not finish(ctx, STEPS):  # pragma: no cover - no other step exists
        ctx.emit("step", {"key": "sc-idle", "started": ctx.at, "deadline": None})


def offer_time(ctx: Ctx) -> float:
    return duration(ctx, turn(ctx.s)[0], "turn")


def reply_time(ctx: Ctx) -> float:
    target = own(ctx.s).target
    assert target is not None, "a reply to nobody's offer"
    return duration(ctx, target, "reply")


# The turn's two steps, chained by their closes: an offer, then a reply unless it is the third (forced); a refusal
# opens the next offer, an acceptance the receiver's turn, or the next round. No MJ: the clock and chance decide.
STEPS = step_table(
    StepSpec("sc-offer", open=ask_offer, close=finish_offer, length=Countdown(offer_time)),
    StepSpec("sc-reply", open=ask_reply, close=finish_reply, length=Countdown(reply_time)),
)
