"""The load generator: rooms of players over real websockets, votes sent on a schedule, and the time from each vote
to the last of the frames that carry it.

A `Worker` owns whole rooms (their 12 sockets), so it alone sends their votes and sees their frames. It runs in
its own process (`spawn`), driven through a pipe by the bench (`WorkerProcess`); several may share the rooms.

Matching a vote with its frames is cheap: each vote's `reason` is a tag, `~<id>`, and a frame is never decoded: the
generator looks for `"reason":"~` in the bytes before `"view":` (the events come first in every frame) and reads the
id that follows. Acks, pongs and rejections are told by their first bytes. Only one socket per room decodes its
frames, and only while the game starts, to learn the vote prompt's id (and, in a Reptiliens room, to play the day up
to it: `purge_moves`).

Two checks cost little and tell a lost or reordered delivery (several server processes hand each other the
events): every `update`'s `from` must be the `n` of the frame before it on its socket (`stream_gaps`), and the 12
sockets of a room must see the votes in the same order: each vote's predecessor on a socket must be the one the
first socket to receive it saw (`misordered`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import resource
import time
import traceback
from array import array
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from bench.wsclient import Http, HttpError, Socket, open_socket
from tools.client import updated

# Options that reach the day's vote within a second and keep it open: no captain, short night steps (nobody answers
# the wolf's prompt, so nobody dies), a vote of an hour. One wolf and eleven villagers.
OPTIONS: dict[str, Any] = {"moderation": "auto", "captain": False, "night_step": 0.3, "plausible_min": 0.05,
                           "plausible_max": 0.1, "dawn": 0.05, "debate": 0.05, "vote": 3600}
# A Reptiliens room (`--ruleset reptiliens` rooms in the small scenario): the suggested composition, every card of
# it called at night (nobody answers, so nobody acts and nobody dies), the day's session reached within a few
# seconds. Its day vote is in turn, one final ballot a voter (§6), so what the bench measures there is the Purge's
# tribunal: one public question to all the living at once, whose verdicts change until it closes (`vote`, an hour).
# The watcher plays the day up to it (`purge_moves`), each answer well within its clock (`session_choice`,
# `ballot_time`); the other parts of the day before the vote are cut short.
RP_OPTIONS: dict[str, Any] = {"moderation": "auto", "night_step": 0.3, "plausible_min": 0.02, "plausible_max": 0.05,
                              "lovers_talk": 0.05, "mj_time": 0.05, "dawn": 0.05, "debate": 0.05, "vote": 3600,
                              "ballot_time": 10, "session_choice": 10, "reaction": 0.05,
                              "condemned_window": 0.05, "death_choice": 0.05, "heritage": 0.05, "move_time": 0.05,
                              "law_time": 0.05}
VOTE_STEPS = frozenset({"vote", "rp-tribunal"})  # the prompt the bench answers, by ruleset
# The Purge (sessions.py): the Président's choice, his direction of the count, the ballots in turn.
RP_SESSION, RP_PURGE, RP_DIRECTION, RP_CLOCKWISE, RP_BALLOT = (
    "rp-session-speciale", "purge", "rp-sens", "clockwise", "rp-vote")
TAG = b'"reason":"~'
VIEW = b'"view":'
PATCH = b'"patch":'
RETRIES = 12  # a command refused as `busy` is sent again (same cid) after a growing pause, as tools/client.py does


def backoff(attempt: int, rnd: random.Random) -> float:
    """tools/client.py's pause before sending a `busy` command again (attempt 1, 2, …)."""
    return float(min(2.0, 0.05 * 2 ** (attempt - 1)) * (0.5 + rnd.random()))


def composition(players: int, ruleset: str = "thiercelieux") -> list[str]:
    if ruleset == "reptiliens":
        from app.engine.rulesets.reptiliens.setup import suggested

        return suggested(players)
    return ["loup-garou"] + ["villageois"] * (players - 1)


def raise_fd_limit() -> int:
    """Raise the soft limit on open files to the hard one; returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


@dataclass(eq=False)
class RoomLoad:
    code: str
    mj_token: str
    seats: dict[int, Socket] = field(default_factory=dict)
    prompt: bytes = b""
    voters: list[int] = field(default_factory=list)
    targets: list[int] = field(default_factory=list)
    turn: int = 0
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    choices: list[bytes] = field(default_factory=list)  # a choice prompt's answers (JSON); none: a pick of `targets`
    watcher: Socket | None = None  # decodes its frames until the vote prompt is known
    watching: bool = True
    view: dict[str, Any] = field(default_factory=dict)  # the watcher's view (whole, then patched)
    answered: set[str] = field(default_factory=set)  # prompts the watcher answered on the way to the vote
    setup: dict[str, tuple[Socket, bytes, int]] = field(default_factory=dict)  # them: cid -> socket, frame, tries


def purge_moves(view: dict[str, Any], answered: set[str]) -> list[tuple[int, str, Any]]:
    """What a Reptiliens room answers, seen from one seat's view, to take its first day to the Purge's tribunal
    without a death: (seat, prompt id, answer) for each public prompt not yet in `answered`.

    The Président chooses the Purge and votes for Z; the other voters, in turn, split their ballots between X and
    Y, the last one voting for Z if they stand level (X, Y, Z: the first three seats the ballot offers). X and Y
    tie and the Président's ballot names neither ("sa voix prime" breaks no tie), so nobody is condemned, and X, Y
    and Z, the only three with votes, are each tried by all the living at once."""
    moves: list[tuple[int, str, Any]] = []
    session = (view.get("village") or {}).get("session") or {}
    prompts = [p for p in view.get("prompts") or [] if isinstance(p, dict) and p.get("to")]
    chief_turn = any(p.get("step") == RP_DIRECTION for p in prompts)
    for prompt in prompts:
        pid, step, seat = prompt["id"], prompt.get("step"), prompt["to"][0]
        if pid in answered:
            continue
        if step == RP_SESSION:
            moves.append((seat, pid, RP_PURGE))
        elif step == RP_DIRECTION:
            moves.append((seat, pid, RP_CLOCKWISE))
        elif step == RP_BALLOT and session.get("kind") == RP_PURGE and len(prompt.get("options") or []) >= 3:
            x, y, z = prompt["options"][:3]
            given = Counter(b[0] for _, b in session.get("ballots") or [] if b)
            if chief_turn:
                target = z
            elif not session.get("turns") and given[x] == given[y]:
                target = z  # the last ballot: X and Y stay level
            else:
                target = x if given[x] <= given[y] else y
            moves.append((seat, pid, [target]))
    return moves


@dataclass(eq=False)
class Vote:
    sent: float
    expected: int
    phase: Phase
    room: RoomLoad
    sock: Socket
    frame: bytes
    got: int = 0
    size: int = 0
    retries: int = 0
    prev: int = -1  # the vote tag seen just before this one by the first socket that received it


@dataclass(eq=False)
class Phase:
    sending: bool = True
    window_end: float = float("inf")
    sent: int = 0
    done: int = 0
    in_window: int = 0
    outstanding: int = 0
    busy: int = 0  # `busy` refusals, each followed by the same vote again
    failed: int = 0  # votes refused for good
    latencies: array[float] = field(default_factory=lambda: array("d"))
    sizes: array[float] = field(default_factory=lambda: array("d"))  # bytes of the frames of one vote, all sockets
    frame_sizes: array[float] = field(default_factory=lambda: array("d"))  # mean bytes of one frame of the vote
    lateness: array[float] = field(default_factory=lambda: array("d"))
    closed_loop: bool = False
    same_room: bool = False  # closed loop: the next vote goes to the room of the one answered, else anywhere
    idle: asyncio.Event = field(default_factory=asyncio.Event)


class Worker:
    """`index` of `workers`: vote ids are index, index + workers, …, so they never collide between workers."""

    def __init__(self, base: str, index: int = 0, workers: int = 1, seed: int = 1) -> None:
        self.base = base
        self.index = index
        self.workers = workers
        self.rnd = random.Random(seed * 1000 + index)
        self.rooms: list[RoomLoad] = []
        self.sockets: list[Socket] = []
        self.pending: dict[int, Vote] = {}
        self.next_id = index + workers
        self.phase: Phase | None = None
        self.rejected: Counter[str] = Counter()
        self.load_rooms: list[RoomLoad] = []
        self.http: Http | None = None
        self.gaps = 0  # frames whose `from` is not the previous frame's `n` on their socket
        self.misordered = 0  # votes whose predecessor on a socket differs from the room's other sockets
        self.checks0 = (0, 0)  # the two counts when the current phase began

    def _http(self, size: int) -> Http:
        if self.http is None:
            self.http = Http(self.base, size)
        return self.http

    async def post(self, http: Http, path: str, body: Any, busy: Counter[str],
                   token: str | None = None) -> tuple[int, Any]:
        """A POST; one refused as `busy` (503: nothing changed) is sent again after a pause, as the pages do."""
        for attempt in range(1, RETRIES + 2):
            status, answer = await http.request("POST", path, body, token=token)
            code = ((answer or {}).get("error") or {}).get("code") if isinstance(answer, dict) else None
            if status != 503 or code != "busy" or attempt > RETRIES:
                return status, answer
            busy["busy"] += 1
            await asyncio.sleep(backoff(attempt, self.rnd))
        raise AssertionError("unreachable")  # pragma: no cover

    # -- set-up ------------------------------------------------------------------------------------------------
    async def create(self, rooms: int, players: int = 12, concurrency: int = 16,
                     ruleset: str = "thiercelieux") -> dict[str, Any]:
        """Create `rooms` rooms over HTTP."""
        options = RP_OPTIONS if ruleset == "reptiliens" else OPTIONS
        http = self._http(concurrency)
        statuses: Counter[str] = Counter()
        busy: Counter[str] = Counter()
        errors: list[str] = []
        t0 = time.perf_counter()

        async def one() -> None:
            try:
                status, body = await self.post(http, "/api/rooms", {
                    "ruleset": ruleset, "options": options, "composition": composition(players, ruleset)}, busy)
            except (HttpError, OSError, TimeoutError) as exc:
                statuses["failed"] += 1
                errors.append(repr(exc)[:200])
                return
            statuses[str(status)] += 1
            if status == 201 and body:
                self.rooms.append(RoomLoad(body["code"], body["mj_token"]))
            elif len(errors) < 5:
                errors.append(f"{status}: {str(body)[:200]}")

        await bounded([one for _ in range(rooms)], concurrency)
        return {"rooms": len(self.rooms), "seconds": time.perf_counter() - t0, "statuses": dict(statuses),
                "busy": busy["busy"], "errors": errors[:5], "codes": [r.code for r in self.rooms]}

    async def join(self, players: int = 12, concurrency: int = 16) -> dict[str, Any]:
        """Seat `players` in every room: `POST /api/rooms/{code}/join`, then a websocket and its hello, up to the
        welcome. `concurrency` rooms fill at once, each one player after the other."""
        http = self._http(concurrency)
        latencies = array("d")
        statuses: Counter[str] = Counter()
        failures: Counter[str] = Counter()
        busy: Counter[str] = Counter()
        t0 = time.perf_counter()

        async def fill(room: RoomLoad) -> None:
            for i in range(players):
                start = time.perf_counter()
                try:
                    status, body = await self.post(http, f"/api/rooms/{room.code}/join", {"name": f"P{i}"}, busy)
                except (HttpError, OSError, TimeoutError) as exc:
                    failures[type(exc).__name__] += 1
                    continue
                statuses[str(status)] += 1
                if status != 201 or not body:
                    continue
                try:
                    sock = await open_socket(self.base, f"/ws/{room.code}", self.on_frame)
                    sock.owner = room
                    sock.send_json({"type": "hello", "token": body["token"]})
                    first = await asyncio.wait_for(sock.first, 30)
                except (OSError, TimeoutError) as exc:
                    failures[f"ws {type(exc).__name__}"] += 1
                    continue
                self.sockets.append(sock)
                if not first.startswith(b'{"type":"welcome"'):
                    failures["ws " + first[:60].decode(errors="replace")] += 1
                    continue
                room.seats[body["seat"]] = sock
                if room.watcher is None:
                    room.watcher = sock
                    self.on_watch(sock, first)
                latencies.append(time.perf_counter() - start)

        await bounded([lambda r=r: fill(r) for r in self.rooms], concurrency)
        return {"joins": len(latencies), "seconds": time.perf_counter() - t0, "latencies": latencies.tobytes(),
                "statuses": dict(statuses), "failures": dict(failures), "busy": busy["busy"]}

    async def start(self, concurrency: int = 16, timeout: float = 120.0) -> dict[str, Any]:  # noqa: ASYNC109
        """The MJ starts every room (over HTTP, so the MJ holds no socket); wait for every vote prompt."""
        http = self._http(concurrency)
        statuses: Counter[str] = Counter()
        busy: Counter[str] = Counter()
        t0 = time.perf_counter()

        async def one(room: RoomLoad) -> None:
            try:
                status, _ = await self.post(http, f"/api/rooms/{room.code}/commands",
                                            {"command": "start", "args": {}}, busy, token=room.mj_token)
            except (HttpError, OSError, TimeoutError) as exc:
                statuses[type(exc).__name__] += 1
                return
            statuses[str(status)] += 1

        await bounded([lambda r=r: one(r) for r in self.rooms], concurrency)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(r.ready.wait() for r in self.rooms)), timeout)
        ready = [r for r in self.rooms if r.ready.is_set()]
        self.rooms = ready
        # The sockets and rooms live until the end: freeze them, so that no collection of the generator scans them
        # again (a full one over 12,000 sockets would hold its loop up, and show as the server's latency).
        gc.collect()
        gc.freeze()
        return {"ready": len(ready), "sockets": sum(len(r.seats) for r in ready),
                "seconds": time.perf_counter() - t0, "statuses": dict(statuses), "busy": busy["busy"]}

    def on_watch(self, sock: Socket, payload: bytes) -> None:
        """The first socket of a room, while the game starts: find the vote prompt in its view."""
        room: RoomLoad = sock.owner
        try:
            frame = json.loads(payload)
        except ValueError:
            return
        if not isinstance(frame, dict):
            return
        if isinstance(frame.get("view"), dict):
            room.view = frame["view"]
        elif isinstance(frame.get("patch"), dict):  # an update carries the parts of the view that changed
            try:
                room.view = updated(room.view, frame)
            except KeyError:  # a prompt named by an id this socket's view missed (frames before it watched)
                whole = {k: [i for i in v if isinstance(i, dict)] for k, v in (frame.get("items") or {}).items()}
                room.view = updated(room.view, {**frame, "items": whole})
        for prompt in room.view.get("prompts") or []:
            if prompt.get("step") in VOTE_STEPS:
                room.prompt = prompt["id"].encode()
                to = [s for s in prompt.get("to", []) if s in room.seats]
                room.voters = to[:-1]  # the last one never votes, so the vote never ends
                room.targets = list(prompt.get("options", []))
                if prompt.get("kind") == "choice":  # a Reptiliens verdict: "epargne" or "execute"
                    room.choices = [json.dumps(option).encode() for option in room.targets]
                room.watching = False
                room.ready.set()
                return
        for seat, pid, answer in purge_moves(room.view, room.answered):
            room.answered.add(pid)
            seat_sock = room.seats.get(seat)
            if seat_sock is None:
                continue
            cid = f"s{len(room.answered)}"
            frame = json.dumps({"type": "command", "cid": cid, "command": "answer",
                                "args": {"prompt": pid, "answer": answer}}).encode()
            room.setup[cid] = (seat_sock, frame, 0)
            seat_sock.send(frame)

    def on_setup_refusal(self, room: RoomLoad, payload: bytes) -> None:
        """An answer on the way to the vote refused as `busy` goes again after a pause (any other refusal: the room
        will not be ready, and `start` says so)."""
        try:
            msg = json.loads(payload)
        except ValueError:
            return
        cid = str(msg.get("cid") or "")
        if cid not in room.setup:
            return
        self.rejected[f"setup {msg.get('code')}"] += 1
        sock, frame, tries = room.setup[cid]
        if msg.get("code") == "busy" and tries < RETRIES:
            room.setup[cid] = (sock, frame, tries + 1)
            asyncio.get_running_loop().call_later(backoff(tries + 1, self.rnd), sock.send, frame)

    # -- frames ------------------------------------------------------------------------------------------------
    def on_frame(self, sock: Socket, payload: bytes, now: float) -> None:
        head = payload[:12]
        if head == b'{"type":"upd' or head == b'{"type":"wel' or head == b'{"type":"syn':
            self.chain(sock, payload, head == b'{"type":"upd')
        room: RoomLoad | None = sock.owner
        if room is not None and room.watching:
            if sock is room.watcher:
                self.on_watch(sock, payload)
            if head == b'{"type":"rej' and room.setup:
                self.on_setup_refusal(room, payload)
            return
        if head == b'{"type":"ack' or head == b'{"type":"pon':
            return
        if head == b'{"type":"rej' or head == b'{"type":"err':
            self.on_refusal(payload)
            return
        # The events come first in a frame: a tag after the view (or the patch) is a vote's reason in a prompt.
        end = payload.find(PATCH)
        if end < 0:
            end = payload.find(VIEW)
            if end < 0:
                end = len(payload)
        i = payload.find(TAG, 0, end)
        size = len(payload)
        while i >= 0:
            j = payload.find(b'"', i + len(TAG), end)
            if j < 0:
                return
            vid = int(payload[i + len(TAG) : j])
            vote = self.pending.get(vid)
            if vote is not None:
                if vote.got == 0:
                    vote.prev = sock.last_tag
                elif sock.last_tag != vote.prev:
                    self.misordered += 1
                vote.got += 1
                vote.size += size
                if vote.got >= vote.expected:
                    self._done(vid, vote, now)
            sock.last_tag = vid
            i = payload.find(TAG, j, end)

    def chain(self, sock: Socket, payload: bytes, update: bool) -> None:
        """Frames leave in stream order: an update's `from` is the `n` of the frame before it on its socket."""
        i = payload.find(b'"n":', 0, 40)
        if i < 0:
            return
        j = payload.find(b",", i)
        try:
            n = int(payload[i + 4 : j])
            if (update and payload.startswith(b',"from":', j) and sock.last_n is not None
                    and int(payload[j + 8 : payload.find(b",", j + 8)]) != sock.last_n):
                self.gaps += 1
        except ValueError:
            return
        sock.last_n = n

    def on_refusal(self, payload: bytes) -> None:
        try:
            msg = json.loads(payload)
        except ValueError:
            self.rejected["?"] += 1
            return
        code = str(msg.get("code") or "?")
        self.rejected[code] += 1
        cid = str(msg.get("cid") or "")
        vid = int(cid[1:]) if cid[:1] == "v" and cid[1:].isdigit() else -1
        vote = self.pending.get(vid)
        if vote is None:
            return
        if code == "busy" and vote.retries < RETRIES:
            vote.retries += 1
            vote.phase.busy += 1
            asyncio.get_running_loop().call_later(backoff(vote.retries, self.rnd), vote.sock.send, vote.frame)
            return
        del self.pending[vid]
        phase = vote.phase
        phase.failed += 1
        phase.outstanding -= 1
        if phase.closed_loop and phase.sending:
            self.send_vote(vote.room if phase.same_room else self.load_rooms[self.rnd.randrange(len(self.load_rooms))],
                           phase)
        elif phase.outstanding == 0:
            phase.idle.set()

    def _done(self, vid: int, vote: Vote, now: float) -> None:
        del self.pending[vid]
        phase = vote.phase
        phase.done += 1
        phase.outstanding -= 1
        phase.latencies.append(now - vote.sent)
        phase.sizes.append(vote.size)
        phase.frame_sizes.append(vote.size / vote.expected)
        if now <= phase.window_end:
            phase.in_window += 1
        if phase.closed_loop and phase.sending:
            self.send_vote(vote.room if phase.same_room else self.load_rooms[self.rnd.randrange(len(self.load_rooms))],
                           phase)
        elif phase.outstanding == 0:
            phase.idle.set()

    def send_vote(self, room: RoomLoad, phase: Phase) -> None:
        voters = room.voters
        voter = voters[room.turn % len(voters)]
        if room.choices:  # each of his answers turns the voter's verdict over
            answer = room.choices[(room.turn // len(voters) + voter) % len(room.choices)]
        else:
            targets = room.targets
            target = targets[(room.turn + voter) % len(targets)]
            if target == voter:
                target = targets[(room.turn + voter + 1) % len(targets)]
            answer = b"[%d]" % target
        room.turn += 1
        vid = self.next_id
        self.next_id += self.workers
        sock = room.seats[voter]
        frame = (b'{"type":"command","cid":"v%d","command":"answer","args":{"prompt":"%s","answer":%s,'
                 b'"reason":"~%d"}}' % (vid, room.prompt, answer, vid))
        self.pending[vid] = Vote(time.perf_counter(), len(room.seats), phase, room, sock, frame)
        phase.sent += 1
        phase.outstanding += 1
        phase.idle.clear()
        sock.send(frame)

    # -- load --------------------------------------------------------------------------------------------------
    async def run(self, mode: str, duration: float, rate: float = 0.0, inflight: int = 1, votes: int = 0,
                  gap: float = 0.01, drain: float = 10.0) -> dict[str, Any]:
        """One phase of load, then up to `drain` seconds for its last votes to arrive.

        - `open`: `rate` votes a second (this worker's share), evenly spaced, each to a room drawn at random;
        - `closed`: `inflight` votes in flight (this worker's share), each in a room drawn at random; each vote
          delivered sends the next (saturation: the server always has work, and no queue builds up);
        - `flood`: one vote in flight in every room, each delivered vote sends the room's next (a burst: as many
          commands queued in the server as there are rooms);
        - `serial`: one vote at a time over all the rooms, `gap` seconds apart, `votes` of them (idle latency).
        """
        full = max((len(r.seats) for r in self.rooms), default=0)
        rooms = [r for r in self.rooms if r.voters and len(r.seats) == full]
        closed_before = sum(1 for s in self.sockets if s.closed.is_set())
        self.checks0 = (self.gaps, self.misordered)
        rejected_before = sum(self.rejected.values())
        phase = Phase(closed_loop=mode in ("closed", "flood"), same_room=mode == "flood")
        self.load_rooms = rooms
        self.phase = phase
        cpu0, t0 = time.process_time(), time.perf_counter()
        end = t0 + duration
        phase.window_end = end
        if not rooms:
            phase.sending = False
        elif mode == "open" and rate > 0:
            interval, k = 1.0 / rate, 0
            rnd = self.rnd
            while True:
                now = time.perf_counter()
                if now >= end:
                    break
                while t0 + k * interval <= now:
                    phase.lateness.append(now - (t0 + k * interval))
                    self.send_vote(rooms[rnd.randrange(len(rooms))], phase)
                    k += 1
                # At least a millisecond: a shorter sleep is no sleep to uvloop, and the loop would spin.
                await asyncio.sleep(max(0.001, min(t0 + k * interval, end) - time.perf_counter()))
        elif mode == "closed":
            for _ in range(inflight):
                self.send_vote(rooms[self.rnd.randrange(len(rooms))], phase)
            await asyncio.sleep(max(0.0, end - time.perf_counter()))
        elif mode == "flood":
            for room in rooms:
                self.send_vote(room, phase)
            await asyncio.sleep(max(0.0, end - time.perf_counter()))
        elif mode == "serial":
            for i in range(votes):
                self.send_vote(rooms[i % len(rooms)], phase)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(phase.idle.wait(), drain)
                await asyncio.sleep(gap)
            end = time.perf_counter()
            phase.window_end = end
        phase.sending = False
        window = time.perf_counter() - t0
        cpu_window = time.process_time() - cpu0
        if phase.outstanding:  # every vote gets `drain` seconds from the end of the window
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(phase.idle.wait(), max(0.0, end + drain - time.perf_counter()))
        late = sum(1 for x in phase.latencies if x > drain)
        return {
            "sent": phase.sent, "done": phase.done, "in_window": phase.in_window, "window": window,
            "wall": time.perf_counter() - t0, "cpu": time.process_time() - cpu0, "cpu_window": cpu_window,
            "not_delivered": phase.outstanding + late + phase.failed, "outstanding": phase.outstanding,
            "latencies": phase.latencies.tobytes(), "sizes": phase.sizes.tobytes(),
            "frame_sizes": phase.frame_sizes.tobytes(), "lateness": phase.lateness.tobytes(),
            "closed": sum(1 for s in self.sockets if s.closed.is_set()) - closed_before,
            "rejected": phase.failed, "busy": phase.busy, "refusals": sum(self.rejected.values()) - rejected_before,
            "rejections": dict(self.rejected),
            "rooms": len(rooms),
        }

    async def settle(self, timeout: float = 60.0) -> dict[str, Any]:  # noqa: ASYNC109
        """Wait until every vote sent so far has arrived (or `timeout`); forget those that did not."""
        t0 = time.perf_counter()
        while self.pending and time.perf_counter() - t0 < timeout:  # noqa: ASYNC110 - votes of every phase
            await asyncio.sleep(0.05)
        lost = len(self.pending)
        self.pending.clear()
        return {"lost": lost, "seconds": time.perf_counter() - t0, "stream_gaps": self.gaps - self.checks0[0],
                "misordered": self.misordered - self.checks0[1]}

    async def ports(self) -> dict[str, Any]:
        """The local port of each room's sockets (the bench finds in /proc which server process holds each)."""
        return {"rooms": [[s.transport.get_extra_info("sockname")[1] for s in r.seats.values()
                           if s.transport is not None] for r in self.rooms],
                "stream_gaps": self.gaps, "misordered": self.misordered,
                # the checks saw these sockets' frames: numbered ones, and votes
                "sockets_numbered": sum(1 for s in self.sockets if s.last_n is not None),
                "sockets_with_votes": sum(1 for s in self.sockets if s.last_tag >= 0)}

    async def close(self) -> dict[str, Any]:
        await asyncio.gather(*(s.close() for s in self.sockets), return_exceptions=True)
        if self.http is not None:
            await self.http.close()
        return {"closed": len(self.sockets)}


async def bounded(jobs: list[Any], concurrency: int) -> None:
    """Run the coroutine functions `jobs`, at most `concurrency` at once."""
    queue = list(reversed(jobs))

    async def lane() -> None:
        while queue:
            await queue.pop()()

    await asyncio.gather(*(lane() for _ in range(max(1, min(concurrency, len(jobs))))))


# -- the worker's process ----------------------------------------------------------------------------------------
def _serve(conn: Connection, base: str, index: int, workers: int, seed: int) -> None:
    raise_fd_limit()
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())

    async def loop() -> None:
        worker = Worker(base, index, workers, seed)
        while True:
            msg = await asyncio.to_thread(conn.recv)
            if msg is None:
                break
            name, kwargs = msg
            try:
                result = await getattr(worker, name)(**kwargs)
            except Exception:
                result = {"error": traceback.format_exc()}
            conn.send(result)
            if name == "close":
                break

    asyncio.run(loop())


class WorkerProcess:
    """A `Worker` in a process of its own, called through a pipe: `await handle.call("join", players=12)`."""

    def __init__(self, base: str, index: int = 0, workers: int = 1, seed: int = 1) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, base, index, workers, seed), daemon=True,
                                   name=f"veillee-loadgen-{index}")
        self.process.start()
        child.close()
        self.lock = asyncio.Lock()

    @property
    def pid(self) -> int:
        return self.process.pid or 0

    async def call(self, name: str, **kwargs: Any) -> dict[str, Any]:
        async with self.lock:
            self.conn.send((name, kwargs))
            await self._readable()
            result: dict[str, Any] = self.conn.recv()
        if "error" in result:
            raise RuntimeError(f"load generator {self.process.name}, {name}: {result['error']}")
        return result

    async def _readable(self) -> None:
        """Wait for the answer without a thread, so that a cancelled call (Ctrl-C) leaves nothing reading."""
        loop = asyncio.get_running_loop()
        fd = self.conn.fileno()
        while not self.conn.poll():
            ready: asyncio.Future[None] = loop.create_future()

            def wake(ready: asyncio.Future[None] = ready) -> None:
                if not ready.done():
                    ready.set_result(None)

            loop.add_reader(fd, wake)
            try:
                await ready
            finally:
                loop.remove_reader(fd)

    async def stop(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.call("close"), 10)
        await asyncio.to_thread(self.process.join, 10)
        if self.process.is_alive():
            self.process.kill()
            await asyncio.to_thread(self.process.join, 5)
        self.conn.close()


def cpu_seconds(pid: int | None = None) -> float:
    """User + system CPU seconds of a process (all its threads), from /proc."""
    if pid is None or pid == os.getpid():
        return time.process_time()
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
