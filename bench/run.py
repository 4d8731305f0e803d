"""`make bench`: Veillée next to the ceiling, over real websockets, every figure measured in the same run.

One run: the engine alone; then, at 10 rooms, the latency of a vote when nothing else happens (the ceiling, Veillée
on SQLite, on PostgreSQL if one is given); then, for each system (alternating the order between runs), a fresh
server with `rooms` rooms of `players` players: joins, memory, a ladder of offered vote rates (latency against
load, the plot), a fixed offered rate, saturation and a flood. The systems: the ceiling, Veillée on SQLite, Veillée
on PostgreSQL (`veillee-pg`) and N Veillée processes on that PostgreSQL (`veillee-pg2`, `uvicorn --workers N`);
the last two run the set-up, the ladder and the saturation only. The bench makes three runs and reports the
min / median / max of each figure. docs/bench.md says what each figure means.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.engine import engine_figures
from bench.loadgen import OPTIONS, WorkerProcess, composition, cpu_seconds, raise_fd_limit
from bench.servers import (
    ROOT,
    UVICORN_FLAGS,
    Postgres,
    Server,
    connection_owners,
    postgres_reachable,
    processes,
    reset_postgres,
    used_by,
)
from bench.wsclient import Http, Socket, open_socket

SYSTEMS = ("ceiling", "veillee", "veillee-pg", "veillee-pg2")
POSTGRES_SYSTEMS = ("veillee-pg", "veillee-pg2")  # they need `postgres`, and are skipped without one
FULL_PHASES = ("ceiling", "veillee")  # the others skip the spectators, the fixed rate and the flood
TARGET_P99 = 0.100  # seconds: the goal's latency bound


@dataclass
class Config:
    quick: bool = False
    runs: int = 3
    rooms: int = 1000
    players: int = 12
    workers: int = 1
    concurrency: int = 32  # rooms filled, or started, at once by each generator process
    step: float = 8.0  # seconds of each rung of the ladder
    ladder_start: float = 25.0
    ladder_factor: float = math.sqrt(2)
    ladder_max: float = 20000.0
    fixed_rate: float = 200.0
    fixed_duration: float = 20.0
    saturation_duration: float = 15.0
    saturation_inflight: int = 100  # votes in flight at once, each in a room drawn at random
    flood_duration: float = 10.0  # one vote in flight in every room (0: skip)
    drain: float = 10.0  # a vote not delivered this long after it was sent is not delivered
    small_rooms: int = 10
    small_votes: int = 200
    spectators_per_room: int = 2
    engine_games: int = 30
    postgres: str | None = None
    server_processes: int = 2  # uvicorn workers of `veillee-pg2`
    full_phases: tuple[str, ...] = FULL_PHASES
    flags: str = UVICORN_FLAGS
    server_dir: Path = ROOT
    systems: tuple[str, ...] = SYSTEMS
    out: Path = Path("bench-results.json")
    plot: Path | None = Path("bench-latency.png")
    work: Path | None = None  # databases and server logs; a temporary directory when None
    seed: int = 1
    label: str | None = None  # what is measured, when `server_dir` is not a git checkout (e.g. a commit id)

    @classmethod
    def quick_mode(cls, **kw: Any) -> Config:
        base = {"quick": True, "runs": 1, "rooms": 20, "step": 2.0, "ladder_start": 25.0, "ladder_factor": 4.0,
                "ladder_max": 6400.0, "fixed_rate": 50.0, "fixed_duration": 2.0, "saturation_duration": 2.0,
                "drain": 5.0, "small_votes": 30, "flood_duration": 2.0, "spectators_per_room": 2, "engine_games": 5,
                "concurrency": 8}
        return cls(**{**base, **kw})


def say(*parts: Any) -> None:
    print(*parts, flush=True)


# -- numbers -------------------------------------------------------------------------------------------------------
def floats(chunks: list[bytes]) -> list[float]:
    out = array("d")
    for chunk in chunks:
        out.frombytes(chunk)
    return sorted(out)


def pct(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    i = min(len(sorted_values) - 1, max(0, math.ceil(q * len(sorted_values)) - 1))
    return sorted_values[i]


def ms(x: float | None) -> float | None:
    return None if x is None else round(x * 1000, 3)


def rnd(x: float | None, digits: int = 2) -> float | None:
    return None if x is None else round(x, digits)


def busy_cores() -> tuple[float, float]:
    """(busy, total) jiffies of the whole machine, from /proc/stat."""
    values = cpu_jiffies()
    idle = values[3] + (values[4] if len(values) > 4 else 0)
    return float(sum(values) - idle), float(sum(values))


def cpu_jiffies() -> list[int]:
    """The machine's CPU time by kind (/proc/stat: user nice system idle iowait irq softirq steal …)."""
    with open("/proc/stat") as f:
        return [int(v) for v in f.readline().split()[1:]]


# -- the idle-socket probe -----------------------------------------------------------------------------------------
class Probe:
    """A spectator socket in a room of its own where nothing happens, sending `ping` every `interval` seconds
    (one at a time) from the bench's own process, which is idle while the generator works. Its round trip is
    the server's event-loop delay plus a few hundred microseconds: a pause of the loop shows as a slow pong."""

    def __init__(self, base: str, interval: float = 0.02) -> None:
        self.base = base
        self.interval = interval
        self.samples: list[tuple[float, float]] = []  # (sent, round trip)
        self.sent: float | None = None
        self.sock: Socket | None = None
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        http = Http(self.base, 1)
        try:
            status, body = await http.request("POST", "/api/rooms", {"ruleset": "thiercelieux", "options": OPTIONS,
                                                                     "composition": composition(12)})
        finally:
            await http.close()
        if status != 201:
            raise RuntimeError(f"probe room: {status} {body}")
        self.sock = await open_socket(self.base, f"/ws/{body['code']}", self.on_frame)
        self.sock.send_json({"type": "hello", "token": None})
        await asyncio.wait_for(self.sock.first, 30)
        self.task = asyncio.get_running_loop().create_task(self.loop())

    def on_frame(self, sock: Socket, payload: bytes, now: float) -> None:
        if payload.startswith(b'{"type":"pong"') and self.sent is not None:
            self.samples.append((self.sent, now - self.sent))
            self.sent = None

    async def loop(self) -> None:
        assert self.sock is not None
        while not self.sock.closed.is_set():
            if self.sent is None:
                self.sent = time.perf_counter()
                self.sock.send(b'{"type":"ping"}')
            await asyncio.sleep(self.interval)

    def window(self, t0: float, t1: float) -> dict[str, Any]:
        rtts = sorted(r for s, r in self.samples if t0 <= s <= t1)
        if self.sent is not None and t0 <= self.sent <= t1:  # still waiting: a pause at least this long
            rtts.append(t1 - self.sent)
            rtts.sort()
        return {"pings": len(rtts), "p50_ms": ms(pct(rtts, 0.5)), "p99_ms": ms(pct(rtts, 0.99)),
                "max_ms": ms(rtts[-1] if rtts else None)}

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.sock is not None:
            await self.sock.close()


# -- one server under load -----------------------------------------------------------------------------------------
@dataclass
class Bed:
    """A server, its generator processes and its probe."""

    server: Server
    workers: list[WorkerProcess] = field(default_factory=list)
    probe: Probe | None = None
    codes: list[str] = field(default_factory=list)
    http: Http | None = None
    postgres: Postgres | None = None  # the PostgreSQL server's processes, when the server uses one on this machine

    async def metrics(self) -> dict[str, float] | None:
        """The server's own `veillee_*` samples on /metrics (`name{labels}` → value), if it has any. Not with
        several processes: each request is answered by whichever accepts it, and their counters are their own."""
        if self.server.kind != "veillee" or self.server.processes > 1:
            return None
        if self.http is None:
            self.http = Http(self.server.base, 1)
        try:
            text = await self.http.text("/metrics")
        except Exception:  # an old server, or none: the probe still says what it saw
            return None
        samples: dict[str, float] = {}
        for line in text.splitlines():
            if line.startswith("veillee_"):
                name, _, value = line.rpartition(" ")
                with contextlib.suppress(ValueError):
                    samples[name] = float(value)
        return samples or None

    async def each(self, name: str, shares: list[dict[str, Any]] | None = None, **kw: Any) -> list[dict[str, Any]]:
        return list(await asyncio.gather(*(w.call(name, **{**kw, **(shares[i] if shares else {})})
                                           for i, w in enumerate(self.workers))))

    async def measured(self, work: Callable[[], Awaitable[Any]]) -> tuple[Any, dict[str, Any]]:
        """Run `work`; with the wall time, the CPU the server (its master and every worker), the generator, the
        PostgreSQL server and the whole machine used, and what the probe saw meanwhile."""
        metrics0 = await self.metrics()
        cpu0 = self.server.cpu_by_process()
        gen0 = [cpu_seconds(w.pid) for w in self.workers]
        procs0 = processes()
        kinds0 = cpu_jiffies()
        busy0, total0 = busy_cores()
        t0 = time.perf_counter()
        result = await work()
        t1 = time.perf_counter()
        busy1, total1 = busy_cores()
        kinds1 = cpu_jiffies()
        wall = t1 - t0
        gen = [cpu_seconds(w.pid) - g for w, g in zip(self.workers, gen0, strict=True)]
        cpu1 = self.server.cpu_by_process()
        procs1 = processes()
        per_process = {pid: cpu - cpu0.get(pid, 0.0) for pid, cpu in cpu1.items()}  # a new one: since its start
        server_cpu = sum(per_process.values())
        serving = self.server.workers() if cpu1 else []
        pg = self.postgres.used(procs0, procs1) if self.postgres else None
        pg_all, pg_mine = (pg[0], pg[1]) if pg else (None, None)
        # Who else took the cores: the three busiest processes that are neither the server, the generator, the
        # bench, nor (for a system on PostgreSQL) PostgreSQL, each with its children that ended meanwhile.
        ours = {*cpu1, *(w.pid for w in self.workers), os.getpid(), *(pg[2] if pg else ())}
        others = sorted(((cpu, pid) for pid, cpu in used_by(procs0, procs1, children=True).items()
                         if pid not in ours), reverse=True)[:3]
        machine = (busy1 - busy0) / (total1 - total0) * (os.cpu_count() or 1) if total1 > total0 else 0.0
        usage = {"wall_s": rnd(wall, 3), "server_cpu_s": rnd(server_cpu, 3),
                 "server_cpu_cores": rnd(server_cpu / wall, 3), "server_processes": len(serving),
                 "server_cpu_cores_max_process": rnd(max((per_process.get(p, 0.0) for p in serving), default=0.0)
                                                     / wall, 3),
                 "generator_cpu_cores": rnd(sum(gen) / wall, 3),
                 "generator_cpu_cores_max_process": rnd(max(gen, default=0.0) / wall, 3),
                 "postgres_cpu_s": rnd(pg_all, 3),
                 "postgres_cpu_cores": rnd(pg_all / wall, 3) if pg_all is not None else None,
                 "postgres_cpu_cores_bench_db": rnd(pg_mine / wall, 3) if pg_mine is not None else None,
                 "machine_cpu_cores": rnd(machine, 3),
                 "other_cpu_cores": rnd(max(0.0, machine - (server_cpu + sum(gen) + (pg_all or 0.0)) / wall), 3),
                 # Time no process is charged with: interrupts (loopback traffic) and a hypervisor's steal.
                 "machine_irq_cores": rnd(sum(kinds1[i] - kinds0[i] for i in (5, 6) if i < len(kinds1))
                                          / (total1 - total0) * (os.cpu_count() or 1), 3) if total1 > total0 else None,
                 "machine_steal_cores": rnd((kinds1[7] - kinds0[7]) / (total1 - total0) * (os.cpu_count() or 1), 3)
                 if total1 > total0 and len(kinds1) > 7 else None,
                 "other_busiest": [f"{procs1[pid][0]} ({pid}): {cpu / wall:.2f}" for cpu, pid in others
                                   if cpu / wall >= 0.05],
                 "probe": self.probe.window(t0, t1) if self.probe else None,
                 "server_loop_lag": from_metrics(metrics0, await self.metrics())}
        return result, usage


def from_metrics(before: dict[str, float] | None, after: dict[str, float] | None) -> dict[str, Any] | None:
    """What the server says of a phase on /metrics, when it says it: how often its 10 ms loop timer woke over 50,
    100, 250 ms or 1 s late (`veillee_loop_lag_seconds`); and, if it counts them, its garbage collector's pauses
    (`veillee_gc_pause_seconds`) and the frames and bytes it sent (`veillee_frames_sent_total`,
    `veillee_frame_bytes_total`)."""
    if not before or not after:
        return None

    def delta(prefix: str) -> float | None:
        keys = [k for k in after if k.startswith(prefix)]
        return sum(after[k] - before.get(k, 0.0) for k in keys) if keys else None

    def bucket(le: str) -> float | None:
        key = f'veillee_loop_lag_seconds_bucket{{le="{le}"}}'
        return after[key] - before.get(key, 0.0) if key in after else None

    out: dict[str, Any] = {}
    total = bucket("+Inf")
    if total is not None:
        out["timers"] = int(total)
        for le, name in (("0.05", "over_50ms"), ("0.1", "over_100ms"), ("0.25", "over_250ms"), ("1.0", "over_1s")):
            below = bucket(le)
            if below is not None:
                out[name] = int(total - below)
    gc_count = delta("veillee_gc_pause_seconds_count")
    if gc_count is not None:
        out["gc_pauses"] = int(gc_count)
        out["gc_pause_total_ms"] = ms(delta("veillee_gc_pause_seconds_sum"))
    for name, key in (("frames_sent", "veillee_frames_sent_total"), ("frame_bytes_sent", "veillee_frame_bytes_total")):
        value = delta(key)
        if value is not None:
            out[name] = int(value)
    return out or None


def limited_by(usage: dict[str, Any], lateness_p99: float | None) -> str:
    """What bounded a phase: a server process (a core: each runs one event loop), the generator (a core per
    process), both, the machine (its cores were all busy, or the generator, with CPU to spare, could not send on
    time: other processes, or PostgreSQL, had the cores), or nothing."""
    per_process = usage.get("server_cpu_cores_max_process")
    server = ((usage["server_cpu_cores"] if per_process is None else per_process) or 0) >= 0.85
    generator = (usage["generator_cpu_cores_max_process"] or 0) >= 0.85
    machine = (usage["machine_cpu_cores"] or 0) >= 0.9 * (os.cpu_count() or 1) or (lateness_p99 or 0) > 0.05
    if server and generator:
        return "server and generator"
    if server:
        return "server"
    if generator:
        return "generator"
    if machine and usage.get("postgres_cpu_cores") is not None:
        return (f"machine busy (cores: server {usage['server_cpu_cores']}, PostgreSQL {usage['postgres_cpu_cores']}, "
                f"generator {usage['generator_cpu_cores']}, other processes {usage['other_cpu_cores']})")
    if machine:
        return f"machine busy ({usage['other_cpu_cores']} cores of other processes)"
    return "neither"


async def load(bed: Bed, cfg: Config, mode: str, rate: float = 0.0, duration: float = 0.0,
               votes: int = 0, inflight: int = 1) -> dict[str, Any]:
    """One phase of load on every generator process, then a settle (every vote out of the way)."""
    n = len(bed.workers)
    results, usage = await bed.measured(lambda: bed.each(
        "run", mode=mode, rate=rate / n, duration=duration, votes=votes, drain=cfg.drain,
        inflight=max(1, inflight // n)))
    settle = await bed.each("settle", timeout=60.0)
    lat = floats([r["latencies"] for r in results])
    sizes = floats([r["sizes"] for r in results])
    frames = floats([r["frame_sizes"] for r in results])
    lateness = floats([r["lateness"] for r in results])
    window = max(r["window"] for r in results)
    done = sum(r["done"] for r in results)
    in_window = sum(r["in_window"] for r in results)
    rejections = merge([r["rejections"] for r in results])
    server_cpu = usage["server_cpu_s"] or 0.0
    pg_cpu = usage["postgres_cpu_s"]
    out = {
        "mode": mode, "offered_votes_per_s": rnd(rate) if mode == "open" else None,
        "achieved_votes_per_s": rnd(in_window / window if window > 0 else None),
        "sent": sum(r["sent"] for r in results), "delivered": done,
        "not_delivered_10s": sum(r["not_delivered"] for r in results),
        "p50_ms": ms(pct(lat, 0.5)), "p90_ms": ms(pct(lat, 0.9)), "p99_ms": ms(pct(lat, 0.99)),
        "max_ms": ms(lat[-1] if lat else None), "mean_ms": ms(statistics.fmean(lat) if lat else None),
        "sockets_closed": sum(r["closed"] for r in results), "rejected": sum(r["rejected"] for r in results),
        "busy_retries": sum(r["busy"] for r in results), "rejections": rejections,
        "lost_after_settle": sum(s["lost"] for s in settle),
        "stream_gaps": sum(s.get("stream_gaps", 0) for s in settle),
        "misordered": sum(s.get("misordered", 0) for s in settle),
        "send_lateness_p99_ms": ms(pct(lateness, 0.99)),
        "send_lateness_max_ms": ms(lateness[-1] if lateness else None),
        "bytes_per_vote": rnd(pct(sizes, 0.5), 0), "bytes_per_frame": rnd(pct(frames, 0.5), 0),
        "server_cpu_ms_per_vote": rnd(server_cpu * 1000 / done, 3) if done else None,
        "postgres_cpu_ms_per_vote": rnd(pg_cpu * 1000 / done, 3) if done and pg_cpu is not None else None,
        "generator_cpu_ms_per_vote": rnd(sum(r["cpu"] for r in results) * 1000 / done, 3) if done else None,
        "window_s": rnd(window, 3), **usage,
    }
    out["limited_by"] = limited_by(usage, pct(lateness, 0.99))
    return out


def others(phase: dict[str, Any]) -> str:
    """What else took the cores, when that was much: for the bench's log."""
    if (phase["other_cpu_cores"] or 0) < 0.3:
        return ""
    return (f"; others: {', '.join(phase['other_busiest']) or '-'}, interrupts {phase['machine_irq_cores']}, "
            f"steal {phase['machine_steal_cores']}")


def rung_ok(step: dict[str, Any]) -> bool:
    """Sustained: p99 within the bound, every vote delivered, nothing closed, the offered rate achieved."""
    return (step["p99_ms"] is not None and step["p99_ms"] <= TARGET_P99 * 1000 and step["not_delivered_10s"] == 0
            and step["sockets_closed"] == 0 and step["rejected"] == 0 and not step.get("stream_gaps")
            and not step.get("misordered")
            and (step["achieved_votes_per_s"] or 0) >= 0.95 * step["offered_votes_per_s"])


def saturated(step: dict[str, Any]) -> bool:
    """The server no longer keeps up: a queue builds (the median vote waits half a second), the offered rate is far
    from achieved, or votes are lost. A pause of the loop spoils a p99, not these."""
    return ((step["p50_ms"] or 0) > 500 or (step["achieved_votes_per_s"] or 0) < 0.7 * step["offered_votes_per_s"]
            or step["not_delivered_10s"] > 0 or step["sockets_closed"] > 0)


async def ladder(bed: Bed, cfg: Config) -> tuple[list[dict[str, Any]], float | None]:
    """Offered rates from `ladder_start`, ×`ladder_factor` each, until saturation; then one more rate between the
    highest that held the bound and the next one up, which did not. Returns the rungs and the sustained rate: the
    highest offered rate that held it (a rung below it that failed, say to a pause of the loop, is in the rungs)."""
    rungs: list[dict[str, Any]] = []
    rate = cfg.ladder_start
    while rate <= cfg.ladder_max:
        step = await load(bed, cfg, "open", rate=rate, duration=cfg.step)
        step["holds"] = rung_ok(step)
        rungs.append(step)
        say(f"    {rate:8.0f} votes/s offered: {step['achieved_votes_per_s']:8.1f} achieved, "
            f"p50 {step['p50_ms']} ms, p99 {step['p99_ms']} ms, server {step['server_cpu_cores']} cores, "
            + (f"PostgreSQL {step['postgres_cpu_cores']} cores, " if step["postgres_cpu_cores"] is not None else "")
            + f"generator {step['generator_cpu_cores']} cores, not delivered {step['not_delivered_10s']}, "
            f"probe max {(step['probe'] or {}).get('max_ms')} ms ({step['limited_by']})"
            + others(step))
        if saturated(step):
            break
        rate = round(rate * cfg.ladder_factor, 1)
    held = [r["offered_votes_per_s"] for r in rungs if r["holds"]]
    good = max(held) if held else None
    above = [r["offered_votes_per_s"] for r in rungs
             if not r["holds"] and (good is None or r["offered_votes_per_s"] > good)]
    bad = min(above) if above else None
    if good is not None and bad is not None and not cfg.quick:
        mid = round(math.sqrt(good * bad), 1)
        step = await load(bed, cfg, "open", rate=mid, duration=cfg.step)
        step["holds"] = rung_ok(step)
        step["refinement"] = True
        rungs.append(step)
        say(f"    {mid:8.0f} votes/s offered (between the two): p99 {step['p99_ms']} ms, "
            f"not delivered {step['not_delivered_10s']}")
        if step["holds"]:
            good = mid
    return sorted(rungs, key=lambda s: s["offered_votes_per_s"]), good


async def setup(bed: Bed, cfg: Config, rooms: int, concurrency: int, ruleset: str = "thiercelieux") -> dict[str, Any]:
    """Create the rooms, seat the players (join + hello), start the games; memory along the way."""
    shares = [rooms // len(bed.workers) + (1 if i < rooms % len(bed.workers) else 0)
              for i in range(len(bed.workers))]
    server = bed.server
    out: dict[str, Any] = {"rss_idle": server.rss()}
    created, usage = await bed.measured(lambda: bed.each(
        "create", [{"rooms": s, "ruleset": ruleset} for s in shares], players=cfg.players, concurrency=concurrency))
    bed.codes = [c for r in created for c in r["codes"]]
    out["create"] = {"rooms": len(bed.codes), "statuses": merge([r["statuses"] for r in created]),
                     "errors": [e for r in created for e in r["errors"]][:5], **usage}
    await asyncio.sleep(0.5)
    out["rss_created"] = server.rss()
    joined, usage = await bed.measured(lambda: bed.each("join", players=cfg.players, concurrency=concurrency))
    lat = floats([r["latencies"] for r in joined])
    statuses = merge([r["statuses"] for r in joined])
    failures = merge([r["failures"] for r in joined])
    out["join"] = {"joins": len(lat), "joins_per_s": rnd(len(lat) / usage["wall_s"]) if usage["wall_s"] else None,
                   "p50_ms": ms(pct(lat, 0.5)), "p99_ms": ms(pct(lat, 0.99)), "max_ms": ms(lat[-1] if lat else None),
                   "http_500": sum(v for k, v in statuses.items() if k.startswith("5")),
                   "busy_retries": sum(r["busy"] for r in joined),
                   "failed": sum(failures.values()) + sum(v for k, v in statuses.items() if k != "201"),
                   "statuses": statuses, "failures": failures, **usage}
    await asyncio.sleep(0.5)
    out["rss_joined"] = server.rss()
    started, usage = await bed.measured(lambda: bed.each("start", concurrency=concurrency))
    out["start"] = {"ready_rooms": sum(r["ready"] for r in started), "sockets": sum(r["sockets"] for r in started),
                    "statuses": merge([r["statuses"] for r in started]), **usage}
    await asyncio.sleep(1.0)
    out["rss_ready"] = server.rss()
    if server.processes > 1:
        out["spread"] = await spread(bed)
    return out


async def spread(bed: Bed) -> dict[str, Any]:
    """Which server process holds each player's socket: the generator gives each room's local ports, /proc the
    process that accepted each connection. The kernel hands each new connection to one of the workers."""
    answers = await bed.each("ports")
    rooms: list[list[int]] = [r for a in answers for r in a["rooms"]]
    serving = bed.server.workers()
    owners = await asyncio.to_thread(connection_owners, bed.server.port, {p for r in rooms for p in r}, serving)
    spans = Counter(len({owners[p] for p in r if p in owners}) for r in rooms)
    held = Counter(owners.values())
    return {"processes": len(serving), "sockets_per_process": [held.get(p, 0) for p in serving],
            "sockets_not_found": sum(1 for r in rooms for p in r if p not in owners), "rooms": len(rooms),
            "rooms_by_processes": {str(k): v for k, v in sorted(spans.items())},
            "rooms_on_every_process": spans.get(len(serving), 0),
            "share_of_rooms_spread": rnd(sum(v for k, v in spans.items() if k >= 2) / len(rooms), 4) if rooms
            else None,
            "stream_gaps_setup": sum(a["stream_gaps"] for a in answers),
            "misordered_setup": sum(a["misordered"] for a in answers)}


def merge(counters: list[dict[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in counters:
        for k, v in c.items():
            out[k] = out.get(k, 0) + v
    return out


async def spectators(bed: Bed, per_room: int) -> dict[str, Any]:
    """Memory of a held socket: open `per_room` spectator sockets in every room, read the RSS, close them."""
    socks: list[Socket] = []
    rss0 = bed.server.rss()
    t0 = time.perf_counter()

    async def one(code: str) -> None:
        sock = await open_socket(bed.server.base, f"/ws/{code}")
        sock.send_json({"type": "hello", "token": None})
        socks.append(sock)
        await asyncio.wait_for(sock.first, 60)

    jobs = [code for code in bed.codes for _ in range(per_room)]
    for i in range(0, len(jobs), 200):
        await asyncio.gather(*(one(c) for c in jobs[i : i + 200]), return_exceptions=True)
    await asyncio.sleep(1.0)
    rss1 = bed.server.rss()
    held = sum(1 for s in socks if s.first.done() and not s.first.exception() and not s.closed.is_set())
    await asyncio.gather(*(s.close() for s in socks), return_exceptions=True)
    await asyncio.sleep(1.0)
    return {"sockets": held, "rss_before": rss0, "rss_with": rss1, "seconds": rnd(time.perf_counter() - t0),
            "per_socket_kib": rnd((rss1 - rss0) / held / 1024) if held else None}


def system_server(system: str, cfg: Config, work: Path, tag: str) -> Server:
    """The server of a system: the ceiling; Veillée on a fresh SQLite file; Veillée on `postgres`, in one process
    or in `server_processes` (`uvicorn --workers`)."""
    if system == "ceiling":
        return Server("ceiling", work / f"{tag}-{system}.log", None, cfg.flags, ROOT)
    if system in POSTGRES_SYSTEMS:
        if not cfg.postgres:
            raise RuntimeError(f"{system} needs a PostgreSQL (--postgres)")
        url = cfg.postgres
    else:
        url = f"sqlite+aiosqlite:///{work / f'{tag}-{system}.db'}"
    return Server("veillee", work / f"{tag}-{system}.log", url, cfg.flags, cfg.server_dir,
                  processes=cfg.server_processes if system == "veillee-pg2" else 1)


async def big(system: str, cfg: Config, work: Path, tag: str) -> dict[str, Any]:
    """One server under the full load: set-up, memory, ladder, fixed rate, saturation, flood (the PostgreSQL
    systems: set-up, ladder and saturation)."""
    server = system_server(system, cfg, work, tag)
    bed = Bed(server)
    full = system in cfg.full_phases
    out: dict[str, Any] = {"system": system, "rooms": cfg.rooms, "players": cfg.players, "workers": cfg.workers,
                           "server_processes": server.processes,
                           "phases": ["setup", "spectators", "ladder", "fixed", "saturation", "flood"] if full
                           else ["setup", "ladder", "saturation"]}
    try:
        if server.database_url and server.database_url.startswith("postgresql"):
            await server.migrate()
            await reset_postgres(server.database_url)  # every run starts from empty tables
            bed.postgres = Postgres(server.database_url)
        await server.start()
        bed.probe = Probe(server.base)
        await bed.probe.start()
        bed.workers = [WorkerProcess(server.base, i, cfg.workers, cfg.seed) for i in range(cfg.workers)]
        await asyncio.sleep(1.0)
        t_all = time.perf_counter()
        say(f"  {system}: {cfg.rooms} rooms of {cfg.players}, {server.processes} server process(es), "
            f"{cfg.workers} generator process(es)")
        out["setup"] = s = await setup(bed, cfg, cfg.rooms, cfg.concurrency)
        say(f"    joins: {s['join']['joins']} in {s['join']['wall_s']} s ({s['join']['joins_per_s']}/s), "
            f"{s['join']['failed']} failed; ready rooms {s['start']['ready_rooms']}, sockets {s['start']['sockets']}")
        if s.get("spread"):
            sp = s["spread"]
            say(f"    sockets per server process {sp['sockets_per_process']} ({sp['sockets_not_found']} not found); "
                f"rooms with players on every process: {sp['rooms_on_every_process']} of {sp['rooms']}")
        if cfg.spectators_per_room and full:
            out["spectators"] = await spectators(bed, cfg.spectators_per_room)
            say(f"    memory: {out['spectators']['per_socket_kib']} KiB per held socket")
        out["ladder"], out["sustained_votes_per_s"] = await ladder(bed, cfg)
        if full:
            say(f"    fixed rate {cfg.fixed_rate}/s for {cfg.fixed_duration} s")
            out["fixed"] = await load(bed, cfg, "open", rate=cfg.fixed_rate, duration=cfg.fixed_duration)
            f = out["fixed"]
            say(f"      p50 {f['p50_ms']} ms, p99 {f['p99_ms']} ms, not delivered {f['not_delivered_10s']}, "
                f"closed {f['sockets_closed']}, probe max {f['probe']['max_ms']} ms")
        say(f"    saturation ({cfg.saturation_inflight} votes in flight) for {cfg.saturation_duration} s")
        out["saturation"] = await load(bed, cfg, "closed", duration=cfg.saturation_duration,
                                       inflight=cfg.saturation_inflight)
        f = out["saturation"]
        pg = f" PostgreSQL {f['postgres_cpu_cores']} cores," if f["postgres_cpu_cores"] is not None else ""
        say(f"      {f['achieved_votes_per_s']} votes/s, p99 {f['p99_ms']} ms, server {f['server_cpu_cores']} cores "
            f"({f['server_cpu_ms_per_vote']} ms/vote),{pg} generator {f['generator_cpu_cores']} cores, "
            f"other {f['other_cpu_cores']} ({f['limited_by']}); stream gaps {f['stream_gaps']}, "
            f"misordered {f['misordered']}"
            + others(f))
        if cfg.flood_duration and full:
            say(f"    flood (one vote in flight in each of the {cfg.rooms} rooms) for {cfg.flood_duration} s")
            out["flood"] = f = await load(bed, cfg, "flood", duration=cfg.flood_duration)
            say(f"      {f['achieved_votes_per_s']} votes/s, p99 {f['p99_ms']} ms, server {f['server_cpu_cores']} "
                f"cores ({f['server_cpu_ms_per_vote']} ms/vote), probe max {f['probe']['max_ms']} ms")
        out["probe_whole_run"] = bed.probe.window(t_all, time.perf_counter())
        out["rss_end"] = server.rss()
        out["server_tracebacks"] = server.errors()
        out["healthz"] = await healthz(server)
    finally:
        await teardown(bed)
    return out


async def healthz(server: Server) -> dict[str, Any] | None:
    http = Http(server.base, 1)
    try:
        status, body = await http.request("GET", "/healthz", timeout=10)
        return body if status == 200 and isinstance(body, dict) else None
    except Exception:  # the figure is optional
        return None
    finally:
        await http.close()


async def teardown(bed: Bed) -> None:
    for w in bed.workers:
        await w.stop()
    if bed.probe is not None:
        await bed.probe.stop()
    if bed.http is not None:
        await bed.http.close()
    await bed.server.stop()


async def small(system: str, cfg: Config, work: Path, tag: str, url: str | None = None,
                ruleset: str = "thiercelieux") -> dict[str, Any]:
    """A vote at a time over `small_rooms` rooms: the latency of a vote when the server has nothing else to do.
    Reptiliens rooms (the suggested composition for 12: two cards a seat, every specialty's step called at night)
    vote in their first day's Purge tribunal, a verdict put to all the living at once (loadgen.purge_moves)."""
    server = Server(system, work / f"{tag}-small-{system}.log", url, cfg.flags,
                    cfg.server_dir if system == "veillee" else ROOT)
    bed = Bed(server)
    try:
        await server.start()
        bed.workers = [WorkerProcess(server.base, 0, 1, cfg.seed)]
        s = await setup(bed, cfg, cfg.small_rooms, cfg.small_rooms, ruleset)
        out = await load(bed, cfg, "serial", votes=cfg.small_votes)
        out["ready_rooms"] = s["start"]["ready_rooms"]
        out["server_tracebacks"] = server.errors()
        return out
    finally:
        await teardown(bed)


# -- figures -------------------------------------------------------------------------------------------------------
def figures(run: dict[str, Any]) -> dict[str, Any]:
    """The headline figures of one run (docs/bench.md)."""
    out: dict[str, Any] = {}
    for system in SYSTEMS:
        b = run.get("big", {}).get(system)
        fig: dict[str, Any] = {}
        if b:
            s = b["setup"]
            sockets = s["start"]["sockets"]
            rooms = s["start"]["ready_rooms"]
            per_socket = (b.get("spectators") or {}).get("per_socket_kib")
            grown = s["rss_ready"] - s["rss_idle"]
            sat, fixed = b["saturation"], b.get("fixed")
            peak = max(b["ladder"], key=lambda r: r["achieved_votes_per_s"] or 0, default=None)
            phases = [*b["ladder"], *(b[k] for k in ("fixed", "saturation", "flood") if b.get(k))]
            fig = {
                "server_processes": b.get("server_processes", 1),
                "sustained_votes_per_s": b["sustained_votes_per_s"],
                "rungs_failed_below_sustained": sum(1 for r in b["ladder"] if not r.get("holds")
                                                    and r["offered_votes_per_s"] < (b["sustained_votes_per_s"] or 0)),
                "saturation_votes_per_s": sat["achieved_votes_per_s"],
                "saturation_limited_by": sat["limited_by"],
                # The most votes/s the ladder saw delivered (an overloaded open loop: the server's queues, hence its
                # batches, are at their longest), and the server's CPU per vote there.
                "ladder_peak_votes_per_s": peak["achieved_votes_per_s"] if peak else None,
                "ladder_peak_cpu_ms_per_vote": peak["server_cpu_ms_per_vote"] if peak else None,
                "saturation_p99_ms": sat["p99_ms"],
                "cpu_ms_per_vote": sat["server_cpu_ms_per_vote"],
                "votes_per_cpu_second": rnd(1000 / sat["server_cpu_ms_per_vote"], 1)
                if sat["server_cpu_ms_per_vote"] else None,
                "generator_cpu_ms_per_vote": sat["generator_cpu_ms_per_vote"],
                "saturation_cpu_cores": {name: sat.get(key) for name, key in (
                    ("server", "server_cpu_cores"), ("server_max_process", "server_cpu_cores_max_process"),
                    ("postgres", "postgres_cpu_cores"), ("postgres_bench_db", "postgres_cpu_cores_bench_db"),
                    ("generator", "generator_cpu_cores"), ("other", "other_cpu_cores"),
                    ("machine", "machine_cpu_cores"))},
                "postgres_cpu_ms_per_vote": sat.get("postgres_cpu_ms_per_vote"),
                # Every phase: votes late (overload included), lost (never delivered, even a minute later) or
                # refused, frames out of their stream's order, votes seen in another order by a socket of their room.
                "deliveries": {"votes": sum(p["sent"] for p in phases),
                               "not_delivered_10s": sum(p["not_delivered_10s"] for p in phases),
                               "lost": sum(p["lost_after_settle"] for p in phases),
                               "rejected": sum(p["rejected"] for p in phases),
                               "stream_gaps": sum(p.get("stream_gaps", 0) for p in phases),
                               "misordered": sum(p.get("misordered", 0) for p in phases),
                               "sockets_closed": sum(p["sockets_closed"] for p in phases)},
                "flood": {k: b["flood"][k] for k in ("achieved_votes_per_s", "p50_ms", "p99_ms", "not_delivered_10s",
                                                     "server_cpu_ms_per_vote", "sockets_closed")}
                if b.get("flood") else None,
                "fixed_rate": {k: fixed[k] for k in ("offered_votes_per_s", "achieved_votes_per_s", "p50_ms", "p99_ms",
                                                     "max_ms", "not_delivered_10s", "sockets_closed", "rejected",
                                                     "server_cpu_ms_per_vote", "server_cpu_cores", "limited_by")}
                if fixed else None,
                "frame": {"bytes_per_frame": (fixed or sat)["bytes_per_frame"],
                          "bytes_per_vote": (fixed or sat)["bytes_per_vote"]},
                "memory": {"rss_idle_mib": rnd(s["rss_idle"] / 2**20, 1),
                           "rss_loaded_mib": rnd(s["rss_ready"] / 2**20, 1),
                           "per_socket_kib": per_socket,
                           "per_room_with_its_sockets_kib": rnd(grown / rooms / 1024, 1) if rooms else None,
                           "per_room_kib": rnd((grown - (per_socket or 0) * 1024 * sockets) / rooms / 1024, 1)
                           if rooms and per_socket is not None else None},
                "joins": {k: s["join"][k] for k in ("joins", "joins_per_s", "p50_ms", "p99_ms", "http_500", "failed")},
                "loop_pause": {"probe_max_ms_fixed_rate": fixed["probe"]["max_ms"] if fixed else None,
                               "probe_p99_ms_fixed_rate": fixed["probe"]["p99_ms"] if fixed else None,
                               "probe_max_ms_whole_run": b["probe_whole_run"]["max_ms"],
                               "server_lag_over_100ms_fixed_rate": ((fixed or {}).get("server_loop_lag") or {}).get(
                                   "over_100ms"),
                               "server_lag_max_ms_whole_run": (b.get("healthz") or {}).get("loop_lag_max_ms")},
                "server_tracebacks": b["server_tracebacks"],
            }
            if s.get("spread"):
                sp = s["spread"]
                fig["spread"] = {k: sp[k] for k in ("processes", "sockets_per_process", "sockets_not_found",
                                                    "rooms_on_every_process", "share_of_rooms_spread")}
        idle = {k.split(":", 1)[1]: {"p50_ms": v["p50_ms"], "p99_ms": v["p99_ms"],
                                     "bytes_per_frame": v["bytes_per_frame"],
                                     "server_cpu_ms_per_vote": v.get("server_cpu_ms_per_vote")}
                for k, v in run.get("small", {}).items() if k.split(":", 1)[0] == system and "p50_ms" in v}
        if idle:
            fig["idle_latency_10_rooms"] = idle
        if fig:
            out[system] = fig
    one, several = out.get("veillee-pg"), out.get("veillee-pg2")
    if one and several:
        out["scaling"] = scaling(one, several)
    if run.get("engine"):
        e = run["engine"]
        out["engine"] = {"games_per_s": rnd(e["games_per_s"]), "events_per_s": rnd(e["events_per_s"], 0),
                         "memory_40_player_game_kib": rnd(e["memory_game_kib"], 0),
                         **{f"us_per_command_{key}": rnd(c["us_per_command"], 1)
                            for key, c in e.get("per_command", {}).items()},
                         **{f"us_in_thiercelieux_mix_{key}": rnd(c["us_in_thiercelieux_mix"], 1)
                            for key, c in e.get("per_command", {}).items() if "us_in_thiercelieux_mix" in c}}
    return out


def scaling(one: dict[str, Any], several: dict[str, Any]) -> dict[str, Any]:
    """N processes against one on the same PostgreSQL: the ratio of their saturation votes/s (and of their sustained
    rates), and the cores each used at saturation."""

    def ratio(key: str) -> float | None:
        a, b = one.get(key), several.get(key)
        return rnd(b / a, 3) if a and b else None

    def cores(fig: dict[str, Any]) -> dict[str, Any]:
        c = fig["saturation_cpu_cores"]
        return {"saturation_votes_per_s": fig["saturation_votes_per_s"], "server_cores": c["server"],
                "postgres_cores": c["postgres"], "generator_cores": c["generator"], "other_cores": c["other"],
                "machine_cores": c["machine"]}

    return {"processes": several["server_processes"], "saturation_ratio": ratio("saturation_votes_per_s"),
            "sustained_ratio": ratio("sustained_votes_per_s"), "ladder_peak_ratio": ratio("ladder_peak_votes_per_s"),
            "one_process": cores(one), "several_processes": cores(several)}


def aggregate(values: list[Any]) -> Any:
    """min / median / max of the numbers of several runs, leaf by leaf; other values listed."""
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, dict) for v in present):
        keys = list(dict.fromkeys(k for v in present for k in v))
        return {k: aggregate([v.get(k) for v in present]) for k in keys}
    if present and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return {"min": min(present), "median": rnd(statistics.median(present), 3), "max": max(present),
                "runs": values}
    return values if len(set(map(str, values))) > 1 else (values[0] if values else None)


def git_commit(cwd: Path) -> str | None:
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=cwd, capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=cwd,
                               capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if head.returncode:
        return None
    return head.stdout.strip() + (" (modified)" if dirty.stdout.strip() else "")


async def one_run(cfg: Config, work: Path, index: int) -> dict[str, Any]:
    tag = f"run{index + 1}"
    run: dict[str, Any] = {"index": index + 1, "started": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
    say(f"run {index + 1}/{cfg.runs}")
    run["engine"] = e = await engine_figures(cfg.engine_games, cwd=cfg.server_dir)
    say(f"  engine: {e['games_per_s']:.1f} games/s of 12 players, {e['events_per_s']:.0f} events/s; "
        f"a finished 40-player game {e['memory_game_kib']:.0f} KiB; a command: "
        + ", ".join(f"{k} {c['us_per_command']:.0f} µs ({c.get('us_in_thiercelieux_mix', 0):.0f} in Thiercelieux's mix)"
                    for k, c in e.get("per_command", {}).items()))
    run["small"] = {}
    smalls: list[tuple[str, str, str | None, str]] = []
    if "ceiling" in cfg.systems:
        smalls.append(("ceiling", "ceiling:none", None, "thiercelieux"))
    if "veillee" in cfg.systems:
        smalls.append(("veillee", "veillee:sqlite", f"sqlite+aiosqlite:///{work / f'{tag}-small.db'}", "thiercelieux"))
        if cfg.postgres:
            smalls.append(("veillee", "veillee:postgresql", cfg.postgres, "thiercelieux"))
        smalls.append(("veillee", "veillee:reptiliens-sqlite", f"sqlite+aiosqlite:///{work / f'{tag}-small-rp.db'}",
                       "reptiliens"))
    for system, key, url, ruleset in smalls:
        if url and url.startswith("postgresql"):
            await Server("veillee", work / "pg-migrate.log", url, cwd=cfg.server_dir).migrate()
            await reset_postgres(url)
        r = await small(system, cfg, work, f"{tag}-{key.replace(':', '-')}", url, ruleset)
        run["small"][key] = r
        say(f"  {key}: {cfg.small_rooms} {ruleset} rooms, a vote at a time: p50 {r['p50_ms']} ms, "
            f"p99 {r['p99_ms']} ms, {r['bytes_per_frame']} bytes a frame")
    order = list(cfg.systems) if index % 2 == 0 else list(reversed(cfg.systems))
    run["big"] = {}
    for system in order:
        run["big"][system] = await big(system, cfg, work, tag)
    run["figures"] = figures(run)
    return run


async def bench(cfg: Config) -> dict[str, Any]:
    raise_fd_limit()
    unknown = [s for s in cfg.systems if s not in SYSTEMS]
    if unknown:
        raise SystemExit(f"unknown systems {', '.join(unknown)}: choose among {', '.join(SYSTEMS)}")
    cfg.systems = tuple(s for s in SYSTEMS if s in cfg.systems)
    skipped: list[str] = []
    if cfg.postgres:
        from app.settings import normalise_database_url

        cfg.postgres = normalise_database_url(cfg.postgres)
        why = await postgres_reachable(cfg.postgres)
        if why:
            say(f"PostgreSQL {cfg.postgres.split('@')[-1]} unreachable ({why}): no PostgreSQL figures")
            cfg.postgres = None
    if not cfg.postgres:
        skipped = [s for s in cfg.systems if s in POSTGRES_SYSTEMS]
        if skipped:
            say(f"no PostgreSQL (--postgres, BENCH_POSTGRES): {', '.join(skipped)} skipped")
        cfg.systems = tuple(s for s in cfg.systems if s not in POSTGRES_SYSTEMS)
    started = time.perf_counter()
    result: dict[str, Any] = {"meta": {
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "mode": "quick" if cfg.quick else "full", "commit": git_commit(cfg.server_dir), "label": cfg.label,
        "server_dir": str(cfg.server_dir), "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                                                       "python": sys.version.split()[0]},
        "config": {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(cfg).items()},
        "postgresql": cfg.postgres.split("@")[-1] if cfg.postgres else None, "skipped_systems": skipped,
    }}
    with contextlib.ExitStack() as stack:
        work = cfg.work or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="veillee-bench-")))
        work.mkdir(parents=True, exist_ok=True)
        runs = []
        for i in range(cfg.runs):
            runs.append(await one_run(cfg, work, i))
            result["runs"] = runs
            result["figures"] = aggregate([r["figures"] for r in runs])
            write(cfg.out, result)  # each run is saved as soon as it is over
    result["meta"]["seconds"] = round(time.perf_counter() - started)
    write(cfg.out, result)
    if cfg.plot is not None:
        try:
            from bench.plot import plot

            plot(result, cfg.plot)
            say(f"plot: {cfg.plot}")
        except ImportError as exc:
            say(f"no plot ({exc}): pip install -e '.[bench]'")
    say(f"results: {cfg.out} ({result['meta']['seconds']} s)")
    return result


def write(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(path)


# -- a Markdown table of the figures (docs/bench.md) ----------------------------------------------------------------
PG = POSTGRES_SYSTEMS
# (title, path of the figure, a second figure after " / " or "none", the systems it applies to: all when empty)
ROWS: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("server processes", "server_processes", "", PG),
    ("votes/s sustained with p99 ≤ 100 ms", "sustained_votes_per_s", "", ()),
    ("saturation, votes/s (100 in flight)", "saturation_votes_per_s", "", ()),
    ("server CPU per vote, ms (saturation)", "cpu_ms_per_vote", "", ()),
    ("server CPU at saturation, cores (all its processes)", "saturation_cpu_cores.server", "", PG),
    ("PostgreSQL CPU at saturation, cores / per vote, ms", "saturation_cpu_cores.postgres",
     "postgres_cpu_ms_per_vote", PG),
    ("other processes' CPU at saturation, cores", "saturation_cpu_cores.other", "", ()),
    ("most votes/s delivered on the ladder", "ladder_peak_votes_per_s", "", ()),
    ("saturation of N processes ÷ one process (PostgreSQL)", "scaling.saturation_ratio", "", ("veillee-pg2",)),
    ("the same, sustained (p99 ≤ 100 ms) / most on the ladder", "scaling.sustained_ratio",
     "scaling.ladder_peak_ratio", ("veillee-pg2",)),
    ("rooms with players on every server process, share", "spread.share_of_rooms_spread", "", ("veillee-pg2",)),
    ("flood: votes/s with 1,000 in flight", "flood.achieved_votes_per_s", "", FULL_PHASES),
    ("200 votes/s offered: achieved", "fixed_rate.achieved_votes_per_s", "", FULL_PHASES),
    ("200 votes/s: p50, ms", "fixed_rate.p50_ms", "", FULL_PHASES),
    ("200 votes/s: p99, ms", "fixed_rate.p99_ms", "", FULL_PHASES),
    ("200 votes/s: not delivered within 10 s", "fixed_rate.not_delivered_10s", "", FULL_PHASES),
    ("200 votes/s: sockets closed", "fixed_rate.sockets_closed", "", FULL_PHASES),
    ("all phases: votes lost / frames out of order / votes misordered", "deliveries.lost",
     "deliveries.stream_gaps|deliveries.misordered", ()),
    ("10 rooms, a vote at a time: p50, ms (SQLite)", "idle_latency_10_rooms.sqlite.p50_ms", "none",
     ("veillee", "ceiling")),
    ("10 rooms, a vote at a time: p50, ms (PostgreSQL)", "idle_latency_10_rooms.postgresql.p50_ms", "",
     ("veillee",)),
    ("10 Reptiliens rooms, a Purge verdict at a time: p50, ms / bytes a frame (SQLite)",
     "idle_latency_10_rooms.reptiliens-sqlite.p50_ms", "idle_latency_10_rooms.reptiliens-sqlite.bytes_per_frame",
     ("veillee",)),
    # Issue 12: "a command costs no more than in Thiercelieux": the server's whole cost of a vote (engine, views,
    # frames, the write), in the same run, a vote at a time in rooms of each ruleset (Reptiliens: a Purge verdict,
    # a public answer to all 12 that may change, as a Thiercelieux vote).
    ("10 rooms, a vote at a time: server CPU per vote, ms, Thiercelieux / Reptiliens verdict (SQLite)",
     "idle_latency_10_rooms.sqlite.server_cpu_ms_per_vote",
     "idle_latency_10_rooms.reptiliens-sqlite.server_cpu_ms_per_vote", ("veillee",)),
    ("RSS per held socket, KiB", "memory.per_socket_kib", "", FULL_PHASES),
    ("RSS per room (without its sockets), KiB", "memory.per_room_kib", "", FULL_PHASES),
    ("RSS loaded (1,000 rooms, 12,000 sockets), MiB", "memory.rss_loaded_mib", "", ()),
    ("bytes of one frame of a vote", "frame.bytes_per_frame", "", ()),
    ("bytes of one vote (its 12 frames)", "frame.bytes_per_vote", "", ()),
    ("joins/s (POST join + websocket hello)", "joins.joins_per_s", "", ()),
    ("joins answered 500 / failed", "joins.http_500", "joins.failed", ()),
    ("longest pause seen by the probe at 200 votes/s, ms", "loop_pause.probe_max_ms_fixed_rate", "", FULL_PHASES),
    ("longest probe round trip, whole run (saturated steps included), ms", "loop_pause.probe_max_ms_whole_run", "",
     ()),
]
COLUMNS = {"veillee": "Veillée {what}", "ceiling": "ceiling (same run)", "veillee-pg": "Veillée {what}, PostgreSQL",
           "veillee-pg2": "Veillée {what}, PostgreSQL, {n} processes"}


def _leaf(fig: dict[str, Any], path: str) -> Any:
    for part in path.split("."):
        if not isinstance(fig, dict):
            return None
        fig = fig.get(part)  # type: ignore[assignment]
    return fig


def _cell(value: Any) -> str:
    if isinstance(value, dict) and "median" in value:
        lo, mid, hi = value["min"], value["median"], value["max"]
        big = abs(mid or 0) >= 100

        def fmt(x: float) -> str:
            return f"{x:,.0f}" if big else f"{x:.3g}"
        return fmt(mid) if lo == hi else f"{fmt(mid)} ({fmt(lo)}–{fmt(hi)})"
    return "—" if value is None else str(value)


def table(results: list[dict[str, Any]]) -> str:
    """Each result's systems side by side (Veillée next to its own ceiling, then on PostgreSQL in one process and
    in several): median (min–max) of the runs."""
    head = ["figure"]
    columns: list[tuple[dict[str, Any], str, bool]] = []
    for r in results:
        what = r["meta"].get("label") or (r["meta"].get("commit") or "")[:7]
        fig = r.get("figures", {})
        present = [s for s in COLUMNS if s in fig] or ["veillee", "ceiling"]
        for i, system in enumerate(present):
            n = _leaf(fig, f"{system}.server_processes")
            n = n.get("median") if isinstance(n, dict) else n
            head.append(COLUMNS[system].format(what=what, n=f"{n:.0f}" if n else "N").replace(" ,", ","))
            columns.append((fig, system, i == 0))
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for title, path, other, systems in ROWS:
        cells = [title]
        for fig, system, _ in columns:
            if systems and system not in systems:
                cells.append("")
                continue
            key = path.replace(".sqlite.", ".none.") if system == "ceiling" and other == "none" else path
            where = fig if key.startswith("scaling.") else fig.get(system, {})
            cell = _cell(_leaf(where, key))
            if other and other != "none":
                cell += "".join(" / " + _cell(_leaf(where, o)) for o in other.split("|"))
            cells.append(cell)
        if any(cells[1:]):  # a row of the systems measured
            lines.append("| " + " | ".join(cells) + " |")
    engine = ["engine: 12-player games/s (no server)"]
    for fig, _, first in columns:
        engine.append(_cell(_leaf(fig, "engine.games_per_s")) if first else "")
    lines.append("| " + " | ".join(engine) + " |")
    for key in ("thiercelieux", "reptiliens"):
        row = [f"engine: µs of CPU a command, {key} (12 players) / in Thiercelieux's mix of commands"]
        for fig, _, first in columns:
            row.append(_cell(_leaf(fig, f"engine.us_per_command_{key}")) + " / "
                       + _cell(_leaf(fig, f"engine.us_in_thiercelieux_mix_{key}")) if first else "")
        if any(row[1:]):
            lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)
