"""`make bench` keeps working: the load generator drives the ceiling and Veillée (each a uvicorn process of its own)
at a tiny size, and its figures are sane. The figures themselves are measured by `make bench`, never asserted."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from app.bench.loadgen import Phase, RoomLoad, Vote, Worker, WorkerProcess
from app.bench.run import Bed, Config, Probe, aggregate, from_metrics, load, setup
from app.bench.servers import Server


@pytest.mark.parametrize("system", ["ceiling", "veillee"])
async def test_generator_drives_the_server(system: str, tmp_path: Path) -> None:
    cfg = Config.quick_mode(rooms=10, drain=5.0)
    url = f"sqlite+aiosqlite:///{tmp_path / 'bench.db'}" if system == "veillee" else None
    server = Server(system, tmp_path / "server.log", url)
    bed = Bed(server)
    try:
        await server.start()
        bed.probe = Probe(server.base)
        await bed.probe.start()
        bed.workers = [WorkerProcess(server.base)]
        s = await setup(bed, cfg, 10, 10)
        assert s["join"]["joins"] == 120 and s["join"]["failed"] == 0 and s["join"]["http_500"] == 0, s["join"]
        assert s["start"]["ready_rooms"] == 10 and s["start"]["sockets"] == 120, s["start"]
        assert s["rss_ready"] > s["rss_idle"] > 0

        step = await load(bed, cfg, "open", rate=40, duration=1.5)
        assert step["sent"] >= 50 and step["delivered"] == step["sent"], step
        assert step["not_delivered_10s"] == 0 and step["sockets_closed"] == 0 and step["rejected"] == 0, step
        assert 0 < step["p50_ms"] <= step["p99_ms"] <= step["max_ms"] < 5000, step
        assert step["bytes_per_vote"] == pytest.approx(12 * step["bytes_per_frame"], rel=0.2)
        assert step["bytes_per_frame"] > 50
        assert step["server_cpu_ms_per_vote"] > 0 and step["generator_cpu_ms_per_vote"] > 0
        assert step["probe"]["pings"] > 10 and step["probe"]["max_ms"] > 0

        saturation = await load(bed, cfg, "closed", duration=1.0)
        assert saturation["achieved_votes_per_s"] > 10 and saturation["not_delivered_10s"] == 0, saturation
        assert server.errors() == 0, (tmp_path / "server.log").read_text()
    finally:
        for w in bed.workers:
            await w.stop()
        if bed.probe is not None:
            await bed.probe.stop()
        await server.stop()


class FakeSocket:
    def __init__(self, room: RoomLoad) -> None:
        self.owner = room
        self.sent: list[bytes] = []

    def send(self, payload: bytes) -> None:
        self.sent.append(payload)


async def test_frames_are_matched_by_their_tags_and_busy_votes_sent_again() -> None:
    worker = Worker("http://127.0.0.1:1")
    phase = Phase()
    room = RoomLoad("ROOM", "token")
    room.watching = False
    sock = FakeSocket(room)
    worker.pending = {vid: Vote(time.perf_counter(), 2, phase, room, sock, b"vote %d" % vid)  # type: ignore[arg-type]
                      for vid in (7, 9, 11)}
    phase.outstanding = 3
    # A tag counts in the events only, not in the view or the patch that follows them (a prompt's reasons).
    whole = (b'{"type":"update","n":3,"from":2,"stream":"own","events":[{"type":"answered","data":{"prompt":"p",'
             b'"seat":1,"answer":[2],"reason":"~7"}}],"view":{"log":[{"reason":"~9"}]}}')
    patch = (b'{"type":"update","n":4,"from":3,"stream":"own","events":[{"type":"answered","data":{"prompt":"p",'
             b'"seat":1,"answer":[2],"reason":"~7"}}],"patch":{"log":[{"reason":"~9"}]}}')
    for frame in (whole, patch, b'{"type":"ack","cid":"v7"}'):
        worker.on_frame(sock, frame, time.perf_counter())  # type: ignore[arg-type]
    assert sorted(worker.pending) == [9, 11]
    assert phase.done == 1 and len(phase.latencies) == 1 and phase.sizes[0] == len(whole) + len(patch)

    # `busy`: nothing changed, the same vote goes again after a pause; any other refusal ends the vote.
    worker.on_frame(sock, b'{"type":"rejected","cid":"v9","code":"busy","message":"","params":{}}',  # type: ignore[arg-type]
                    time.perf_counter())
    worker.on_frame(sock, b'{"type":"rejected","cid":"v11","code":"prompt_closed","message":"","params":{}}',  # type: ignore[arg-type]
                    time.perf_counter())
    assert sorted(worker.pending) == [9] and phase.busy == 1 and phase.failed == 1
    await asyncio.sleep(0.2)
    assert sock.sent == [b"vote 9"]


def test_runs_are_aggregated_leaf_by_leaf() -> None:
    runs = [{"a": {"x": 1.0, "y": "server"}, "b": None}, {"a": {"x": 3.0, "y": "server"}, "b": 2},
            {"a": {"x": 2.0, "y": "generator"}, "b": 4}]
    out = aggregate(runs)
    assert out["a"]["x"] == {"min": 1.0, "median": 2.0, "max": 3.0, "runs": [1.0, 3.0, 2.0]}
    assert out["a"]["y"] == ["server", "server", "generator"]
    assert out["b"]["median"] == 3


def test_the_servers_own_metrics_are_read_per_phase() -> None:
    before = {'veillee_loop_lag_seconds_bucket{le="0.05"}': 90.0, 'veillee_loop_lag_seconds_bucket{le="0.1"}': 95.0,
              'veillee_loop_lag_seconds_bucket{le="+Inf"}': 100.0, "veillee_connections": 3.0}
    after = {'veillee_loop_lag_seconds_bucket{le="0.05"}': 180.0, 'veillee_loop_lag_seconds_bucket{le="0.1"}': 193.0,
             'veillee_loop_lag_seconds_bucket{le="+Inf"}': 200.0, 'veillee_gc_pause_seconds_count{generation="2"}': 2.0,
             'veillee_gc_pause_seconds_sum{generation="2"}': 0.25}
    assert from_metrics(before, after) == {"timers": 100, "over_50ms": 10, "over_100ms": 2, "gc_pauses": 2,
                                           "gc_pause_total_ms": 250.0}
    assert from_metrics(None, after) is None
