"""The chat channels of a Reptiliens game (app/engine/chat.py computes each message's audience when it is written):

- `village`: everyone reads; the living talk by day (the Sunday festival too), the ghosts with them (§9 "participer
  aux débats avec les vivants"), only the MJ at night;
- `rp-esprits`, `dead`: the spirits' own, by day; the engine's channel of the dead, for those who passed their
  inheritance on (dead.channels);
- `rp-reptiliens`: the pack, once it has met at the opening; it talks during the concertation (§4 "ils se
  concertent");
- `rp-amoureux`: the two lovers, who talk during their 30 seconds of gestures (§4);
- `rp-fete-<a>-<b>`: a conversation two players opened at the festival (§1 "Tout le monde peut se déplacer et
  discuter avec qui il veut"), which every living player may read ("libre d'espionner ce que font les autres").
"""

from __future__ import annotations

from app.engine.model import MJ, GameState
from app.engine.rulesets.reptiliens import dead
from app.engine.rulesets.reptiliens.state import own
from app.engine.rulesets.reptiliens.steps import is_reptilian, lovers

Channels = dict[str, tuple[list[int] | None, set[int | str]]]
PACK, LOVERS, FESTIVAL = "rp-reptiliens", "rp-amoureux", "rp-fete"


def partners(state: GameState, seat: int) -> list[int]:
    """Whom `seat` may open a festival conversation with (§1 Sunday: "Tout le monde peut se déplacer et discuter
    avec qui il veut"): any other living player, once a pair."""
    o = own(state)
    if not o.festival or seat not in state.players or not state.players[seat].alive:
        return []
    return [x for x in state.living() if x != seat and sorted([seat, x]) not in o.conversations]


def festival_channel(pair: list[int]) -> str:
    a, b = sorted(pair)
    return f"{FESTIVAL}-{a}-{b}"


def channels(state: GameState) -> Channels:
    living = state.living()
    talking = state.phase in ("lobby", "day")
    out: Channels = {"village": (None, {*(living if talking else []), *dead.ghost_speakers(state), MJ})}
    if state.phase == "ended":
        out["village"] = (None, {*state.players, MJ})
        return out
    if state.phase == "lobby":
        return out
    out.update(dead.channels(state))
    o = own(state)
    step = state.step.key if state.step is not None else None
    if o.pack_known:
        pack = [seat for seat in living if is_reptilian(state, seat)]
        if pack:
            out[PACK] = (pack, {*(pack if step == "rp-concertation" else []), MJ})
    couple = lovers(state)
    if couple:
        out[LOVERS] = (couple, {*(couple if step == "rp-amoureux-signes" else []), MJ})
    if o.festival:
        for pair in o.conversations:
            if all(seat in living for seat in pair):
                out[festival_channel(pair)] = (living, {*pair, MJ})
    return out
