"""`make bench` keeps working: the load generator drives the ceiling and Veillée (each a uvicorn process of its own)
at a tiny size, and its figures are sane. The figures themselves are measured by `make bench`, never asserted.

`make test` runs one smoke of a real server (the generator against Veillée on SQLite, about 15 s); the other runs
that start servers are marked `bench` and left to `make test-bench`: the ceiling, the Reptiliens rooms, and Veillée on
PostgreSQL, in one process and in two (`uvicorn --workers 2`), when BENCH_POSTGRES or TEST_DATABASE_URL names a
PostgreSQL (its tables are emptied); then a database that does not answer fails the test."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from app.engine.errors import Rejected
from app.engine.model import MJ, Command
from app.engine.views import view
from app.settings import normalise_database_url
from app.sim import Game
from bench.loadgen import (
    RP_OPTIONS,
    VOTE_STEPS,
    Phase,
    RoomLoad,
    Vote,
    Worker,
    WorkerProcess,
    composition,
    cpu_seconds,
    purge_moves,
)
from bench.run import (
    POSTGRES_SYSTEMS,
    Bed,
    Config,
    Probe,
    aggregate,
    from_metrics,
    load,
    setup,
    small,
    system_server,
)
from bench.servers import Postgres, reset_postgres
from tests.support.databases import worker_database
from tests.support.ws import eventually

POSTGRES = (os.environ.get("BENCH_POSTGRES") or os.environ.get("TEST_DATABASE_URL") or "").strip()
# Without a PostgreSQL the PostgreSQL systems are not collected at all rather than skipped: CI fails on any skip, and
# its SQLite run has none (its PostgreSQL run sets TEST_DATABASE_URL, and there they must pass).
# They start servers and load the machine: the ceiling and the Reptiliens scenario are `make test-bench`'s; `veillee`
# (the smoke) and, given a PostgreSQL, `veillee-pg` and `veillee-pg2` stay in `make test`.
SYSTEMS = [pytest.param("ceiling", marks=pytest.mark.bench), "veillee",
           # Veillée on PostgreSQL, in one process and in two, is the multi-process path CI's PostgreSQL pass must try.
           *(("veillee-pg", "veillee-pg2") if POSTGRES else ())]


@pytest.mark.parametrize("system", SYSTEMS)
async def test_generator_drives_the_server(system: str, tmp_path: Path) -> None:
    # Under pytest-xdist, TEST_DATABASE_URL's database is this worker's own (tests/support/databases.py).
    postgres = POSTGRES if os.environ.get("BENCH_POSTGRES") or not POSTGRES else await worker_database(POSTGRES)
    cfg = Config.quick_mode(rooms=10, drain=5.0, postgres=normalise_database_url(postgres) if postgres else None)
    server = system_server(system, cfg, tmp_path, "test")
    bed = Bed(server)
    try:
        if system in POSTGRES_SYSTEMS:
            assert server.database_url is not None
            await server.migrate()
            await reset_postgres(server.database_url)
            bed.postgres = Postgres(server.database_url)
        await server.start()
        bed.probe = Probe(server.base)
        await bed.probe.start()
        bed.workers = [WorkerProcess(server.base)]
        s = await setup(bed, cfg, 10, 10)
        assert s["join"]["joins"] == 120 and s["join"]["failed"] == 0 and s["join"]["http_500"] == 0, s["join"]
        assert s["start"]["ready_rooms"] == 10 and s["start"]["sockets"] == 120, s["start"]
        assert s["rss_ready"] > s["rss_idle"] > 0
        if system == "veillee-pg2":
            # Two workers, each holding some of the sockets, and rooms whose players are on both.
            assert len(server.workers()) == 2 and len(server.pids()) >= 3, server.pids()
            spread = s["spread"]
            assert spread["processes"] == 2 and spread["sockets_not_found"] == 0, spread
            assert sum(spread["sockets_per_process"]) == 120 and min(spread["sockets_per_process"]) > 0, spread
            assert spread["rooms_on_every_process"] >= 1, spread
        else:
            assert "spread" not in s

        step = await load(bed, cfg, "open", rate=40, duration=1.5)
        assert step["sent"] >= 50 and step["delivered"] == step["sent"], step
        assert step["not_delivered_10s"] == 0 and step["sockets_closed"] == 0 and step["rejected"] == 0, step
        assert 0 < step["p50_ms"] <= step["p99_ms"] <= step["max_ms"], step  # measured; `make bench` judges them
        assert step["bytes_per_vote"] == pytest.approx(12 * step["bytes_per_frame"], rel=0.2)
        assert step["bytes_per_frame"] > 50
        assert step["server_cpu_ms_per_vote"] > 0 and step["generator_cpu_ms_per_vote"] > 0
        assert step["probe"]["pings"] > 10 and step["probe"]["max_ms"] > 0
        assert step["stream_gaps"] == 0 and step["misordered"] == 0, step
        assert step["server_processes"] == (2 if system == "veillee-pg2" else 1), step
        assert 0 < step["server_cpu_cores_max_process"] <= step["server_cpu_cores"], step
        if system in POSTGRES_SYSTEMS:
            assert step["postgres_cpu_cores"] is not None and step["postgres_cpu_cores"] >= 0, step
            assert step["postgres_cpu_cores_bench_db"] <= step["postgres_cpu_cores"], step
        else:
            assert step["postgres_cpu_cores"] is None

        # The order checks did look at the frames: every socket's were numbered and carried votes.
        checked = (await bed.each("ports"))[0]
        assert checked["sockets_numbered"] == checked["sockets_with_votes"] == 120, checked

        saturation = await load(bed, cfg, "closed", duration=1.0)
        # Votes went through, every one delivered (how many a second is `make bench`'s to measure, not a test's).
        assert saturation["achieved_votes_per_s"] > 0 and saturation["not_delivered_10s"] == 0, saturation
        assert saturation["stream_gaps"] == 0 and saturation["misordered"] == 0, saturation
        if system == "veillee-pg2":  # the workers' CPU is counted, not only the (idle) master's
            assert server.cpu() > cpu_seconds(server.pid) + 0.1
        assert server.errors() == 0, server.log_path.read_text()
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
        self.last_n: int | None = None
        self.last_tag = -1

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
    await eventually(lambda: bool(sock.sent), "the busy vote sent again")
    assert sock.sent == [b"vote 9"]


def test_lost_or_reordered_deliveries_are_counted() -> None:
    """Each socket's frames follow on (`from` = the previous `n`), and a room's sockets see its votes in one order."""
    worker = Worker("http://127.0.0.1:1")
    phase = Phase()
    room = RoomLoad("ROOM", "token")
    room.watching = False
    a, b = FakeSocket(room), FakeSocket(room)
    worker.pending = {vid: Vote(time.perf_counter(), 2, phase, room, a, b"")  # type: ignore[arg-type]
                      for vid in (1, 2, 3)}
    phase.outstanding = 3

    def frame(n: int, vid: int) -> bytes:
        return (b'{"type":"update","n":%d,"from":%d,"stream":"own","events":[{"type":"answered","data":{"prompt":'
                b'"p","seat":1,"answer":[2],"reason":"~%d"}}],"patch":{}}' % (n, n - 1, vid))

    now = time.perf_counter()
    for sock, n in ((a, 5), (b, 7)):
        worker.on_frame(sock, b'{"type":"welcome","n":%d,"from":0,"stream":"own","events":[],"view":{}}' % n,  # type: ignore[arg-type]
                        now)
    worker.on_frame(a, frame(6, 1), now)  # type: ignore[arg-type]
    worker.on_frame(b, frame(8, 1), now)  # type: ignore[arg-type]
    assert (worker.gaps, worker.misordered, phase.done) == (0, 0, 1)
    worker.on_frame(a, frame(7, 2), now)  # type: ignore[arg-type]
    worker.on_frame(a, frame(8, 3), now)  # type: ignore[arg-type]
    worker.on_frame(b, frame(9, 3), now)  # type: ignore[arg-type]  # b: 3 before 2
    worker.on_frame(b, frame(11, 2), now)  # type: ignore[arg-type]  # and a frame missing (from 10, not 9)
    assert (worker.gaps, worker.misordered, phase.done) == (1, 2, 3)


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


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_reptiliens_rooms_reach_a_tribunal_that_all_the_living_answer_again_and_again(seed: int) -> None:
    """The bench's Reptiliens rooms, through the engine alone, answered as the watcher answers (`purge_moves`, from
    seat 0's view): their first day ends in the Purge's tribunal with nobody dead, a public question to all 12 whose
    verdict a voter changes at will. Their day vote cannot serve: each ballot is final (seed §6 "Il donne alors le
    sien, puis décide dans quel sens ... seront annoncés les votes suivants"); the tribunal: "Pour chacun des
    accusés, tous les vivants (la loi du jour ne s'applique pas) voteront"."""
    game = Game("reptiliens", seed, 12)
    game.do(Command(type="configure", by=MJ, at=game.at,
                    args={"options": RP_OPTIONS, "composition": composition(12, "reptiliens")}))
    game.do(Command(type="start", by=MJ, at=game.at))
    start, answered, final = game.at, set[str](), 0
    trial: dict[str, Any] | None = None
    while trial is None and game.at - start < 60:
        seen = view(game.state, 0)
        trial = next((p for p in seen["prompts"] if p["step"] in VOTE_STEPS), None)
        moves = purge_moves(seen, answered)
        for seat, pid, answer in moves:
            answered.add(pid)
            game.at += 0.01
            game.do(Command(type="answer", by=seat, at=game.at, args={"prompt": pid, "answer": answer}))
            if game.state.prompts[pid].step == "rp-vote":  # a ballot given is final
                with pytest.raises(Rejected) as refused:
                    game.do(Command(type="answer", by=seat, at=game.at, args={"prompt": pid, "answer": answer}))
                assert refused.value.rejection.code in ("vote_locked", "prompt_closed")
                final += 1
        if not moves and trial is None:
            game.tick()
    assert trial is not None and trial["step"] == "rp-tribunal", game.state.step
    assert final == 12 and game.state.living() == list(range(12)) and trial["to"] == list(range(12))
    assert seen["village"]["session"]["kind"] == "purge" and game.at - start < 10
    for verdict in ("execute", "epargne", "execute"):
        game.do(Command(type="answer", by=5, at=game.at, args={"prompt": trial["id"], "answer": verdict}))
        assert game.state.prompts[trial["id"]].answers[5] == verdict and not game.state.prompts[trial["id"]].closed


@pytest.mark.bench
async def test_reptiliens_rooms_vote_in_the_small_scenario(tmp_path: Path) -> None:
    """The small scenario's Reptiliens rooms over a real server: every room reaches its tribunal, every verdict
    reaches the room's 12 sockets, none is refused."""
    cfg = Config.quick_mode(small_rooms=3, small_votes=24, drain=5.0)
    out = await small("veillee", cfg, tmp_path, "rp", f"sqlite+aiosqlite:///{tmp_path / 'rp.db'}", "reptiliens")
    assert out["ready_rooms"] == 3 and out["sent"] == out["delivered"] == 24, out
    assert out["rejected"] == 0 and out["not_delivered_10s"] == 0 and out["server_tracebacks"] == 0, out
    assert out["bytes_per_vote"] == pytest.approx(12 * out["bytes_per_frame"], rel=0.2) and out["p50_ms"] > 0, out
