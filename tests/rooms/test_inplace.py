"""The room service decides in place, on the room's working state, without copying it: a command that is refused
(after emitting some events), that breaks in the engine or whose write fails leaves the room exactly as it was,
and whole games played that way replay to the same state from the database."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from app.bots import random_answer
from app.engine import GameState, Rejected, replay
from app.engine.context import Ctx
from app.engine.core import COMMANDS
from app.engine.model import MJ, SYSTEM, Command
from app.engine.ruleset import get_ruleset
from app.engine.views import view
from app.rooms.service import Room, RoomService, to_row
from app.sim_setups import random_setup as sim_setup
from app.store import repository as repo
from app.store.db import Database

LIVE = {"moderation": "auto", "captain": False, "night_step": 30, "plausible_min": 1, "plausible_max": 3,
        "dawn": 1, "debate": 5, "vote": 30}
COMPOSITION = ["loup-garou", "voyante", "sorciere", "villageois", "villageois", "villageois"]


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def dumped(state: GameState) -> dict[str, Any]:
    return state.model_dump()


def same_everywhere(room: Room) -> None:
    """The committed state, the working state and the log's replay are one and the same."""
    committed = dumped(room.state)
    assert dumped(room.work) == committed
    assert dumped(replay(room.events)) == committed


async def started_room(svc: RoomService) -> Room:
    room, _token = await svc.create_room("thiercelieux", LIVE, COMPOSITION)
    for i in range(len(COMPOSITION)):
        await svc.join(room, f"P{i}")
    await svc.submit(room, MJ, "start")
    return room


async def stored(db: Database, room: Room) -> list[dict[str, Any]]:
    async with db.session() as s:
        return [{"type": r.type, "at": r.at, "data": r.data} for r in await repo.load_events(s, room.id)]


def as_json(rows: list[dict[str, Any]]) -> Any:
    return json.loads(json.dumps(rows))


async def test_a_command_refused_after_emitting_leaves_the_room_exactly_as_it_was(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = RoomService(db, clock=Clock())
    room = await started_room(svc)

    def emit_then_refuse(ctx: Ctx, cmd: Command) -> None:
        # Changes of every kind, then a refusal: none of them may survive.
        ctx.emit("tag", {"seat": 0, "key": "poisoned", "value": [1, 2]})
        ctx.emit("pending", {"key": "scratch", "value": {"a": [1]}})
        ctx.emit("died", {"seat": 1, "role": "voyante"})
        ctx.below(10)
        raise Rejected("refused_late", "Refused after the fact.")

    def emit_then_break(ctx: Ctx, cmd: Command) -> None:
        ctx.emit("captain", {"seat": 2})
        raise KeyError("a bug in a rule")

    monkeypatch.setitem(COMMANDS, "emit_then_refuse", emit_then_refuse)
    monkeypatch.setitem(COMMANDS, "emit_then_break", emit_then_break)
    before, log, rows = dumped(room.state), list(room.events), await stored(db, room)
    for command, code in (("emit_then_refuse", "refused_late"), ("emit_then_break", "command_failed")):
        with pytest.raises(Rejected) as refused:
            await svc.submit(room, MJ, command)
        assert refused.value.rejection.code == code
        assert dumped(room.state) == before and dumped(room.work) == before
        assert room.events == log and await stored(db, room) == rows
    same_everywhere(room)
    # A refusal that changes nothing keeps the working state as it is, without a copy; one that only drew from
    # the generator does not.
    def refuse_at_once(ctx: Ctx, cmd: Command) -> None:
        raise Rejected("refused_early", "Refused before anything happened.")

    def draw_then_refuse(ctx: Ctx, cmd: Command) -> None:
        ctx.below(10)
        raise Rejected("refused_late", "Refused after a draw.")

    monkeypatch.setitem(COMMANDS, "refuse_at_once", refuse_at_once)
    monkeypatch.setitem(COMMANDS, "draw_then_refuse", draw_then_refuse)
    for command, kept in (("refuse_at_once", True), ("draw_then_refuse", False)):
        work = room.work
        with pytest.raises(Rejected):
            await svc.submit(room, MJ, command)
        assert (room.work is work) == kept and dumped(room.work) == before and not room.intact
    # And the room goes on from there.
    await svc.submit(room, MJ, "say", {"channel": "village", "text": "still here"})
    same_everywhere(room)


async def test_a_failed_write_leaves_the_room_exactly_as_it_was(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = RoomService(db, clock=Clock())
    room = await started_room(svc)
    before, log = dumped(room.state), list(room.events)

    async def locked(*_args: Any, **_kwargs: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    monkeypatch.setattr("app.rooms.service.repo.append_events", locked)
    with pytest.raises(Rejected) as refused:
        await svc.submit(room, MJ, "kill", {"seat": 0})
    assert refused.value.rejection.code == "busy"
    assert dumped(room.state) == before and dumped(room.work) == before and room.events == log
    monkeypatch.undo()
    await svc.submit(room, MJ, "kill", {"seat": 0})
    assert not room.state.players[0].alive
    same_everywhere(room)


def refused_in_place(room: Room) -> None:
    """After a refusal the working state is the committed one, whether it was cloned again or, the refusal having
    changed nothing, kept as it was (RoomService._restore)."""
    assert dumped(room.work) == dumped(room.state)


async def play(svc: RoomService, clock: Clock, seed: int, ruleset: str = "thiercelieux") -> Room:
    """A whole game through the service: bots answering, the MJ overriding now and then, time jumping to each
    deadline."""
    rnd = random.Random(seed)
    rules = get_ruleset(ruleset)
    players = rnd.randint(rules.min_players, 12)
    composition, options = sim_setup(rules.key, players, rnd)
    live = {k: v for k, v in LIVE.items() if k in rules.options_model.model_fields}
    room, _token = await svc.create_room(ruleset, {**live, **options}, composition)
    for i in range(players):
        await svc.join(room, f"P{i}")
    await svc.submit(room, MJ, "start")
    undone = False
    for _round in range(3000):
        if room.state.phase == "ended":
            return room
        for seat in [p.seat for p in room.state.players.values() if p.controller is None]:
            for prompt in view(room.state, seat)["prompts"]:
                if not prompt["mine"] or str(prompt["as"]) in prompt["answers"] or rnd.random() < 0.1:
                    continue
                answer = random_answer(prompt, rnd, prompt["as"])
                try:
                    await svc.submit(room, seat, "answer", {"prompt": prompt["id"], "answer": answer})
                except Rejected:
                    refused_in_place(room)
        if rnd.random() < 0.1:
            # The MJ's overrides, valid or not: each refusal must leave nothing behind.
            seat = rnd.choice(list(room.state.players))
            overrides: list[tuple[str, dict[str, Any]]] = [("kill", {"seat": seat}), ("revive", {"seat": seat}),
                                        ("set_captain", {"seat": seat}), ("extend", {"seconds": 5}),
                                        ("say", {"channel": "village", "text": "Le MJ parle."}),
                                        ("undo", {}), ("pause", {}), ("resume", {})]
            command, args = rnd.choice(overrides)
            if command == "undo" and undone:
                continue
            try:
                await svc.submit(room, MJ, command, args)
                undone = undone or command == "undo"
            except Rejected:
                refused_in_place(room)
        if room.state.paused_at is not None:
            await svc.submit(room, MJ, "resume")
        if room.state.wake_at is not None:
            clock.now = max(clock.now, room.state.wake_at)
        clock.now += rnd.uniform(0.0, 0.5)
        await svc.submit(room, SYSTEM, "tick")
    raise AssertionError(f"game {seed} did not end")


@pytest.mark.parametrize(("ruleset", "seed"), [*(("thiercelieux", seed) for seed in range(8)),
                                                *(("reptiliens", seed) for seed in range(3))])
async def test_whole_games_decided_in_place_replay_to_the_same_state(db: Database, ruleset: str, seed: int) -> None:
    clock = Clock()
    svc = RoomService(db, snapshot_every=7, clock=clock)
    room = await play(svc, clock, seed, ruleset)
    same_everywhere(room)
    # The log in memory is the log the database holds: no later decision changed an event already written.
    assert as_json([to_row(e) for e in room.events]) == as_json(await stored(db, room))
    # A room loaded again (snapshot, then the events after it) is the same room.
    await svc.forget(room.id)
    again = await svc.get(room.id)
    assert again is not None
    assert again.state.model_dump(mode="json") == room.state.model_dump(mode="json")
    await svc.close()
