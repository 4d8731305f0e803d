"""The servers under test, each a uvicorn process of its own (with its workers, if several): Veillée on a fresh
database, and the ceiling; and what /proc says of them and of PostgreSQL (CPU, memory, which process holds which
connection)."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

from bench.loadgen import cpu_seconds, raise_fd_limit
from bench.wsclient import Http

ROOT = Path(__file__).resolve().parents[1]  # the source tree: bench/ sits at its top
# The Makefile's UVICORN_LIMITS (what `make run` and the Docker image use); `make bench` passes its own copy.
UVICORN_FLAGS = ("--http h11 --h11-max-incomplete-event-size 16384 --timeout-keep-alive 5 --limit-concurrency 20000 "
                 "--ws-max-size 65536 --ws-max-queue 32 --ws-per-message-deflate false")
PR_SET_PDEATHSIG = 1  # Linux prctl: the signal a child gets when its parent dies
UNLIMITED = "1000000/second"  # rate limits are lifted: the generator is one address and opens thousands of sockets
BENCH_ENV = {"CREATE_RATE": UNLIMITED, "JOIN_RATE": UNLIMITED, "COMMAND_RATE": UNLIMITED, "FRAME_RATE": UNLIMITED,
             "CHAT_RATE": UNLIMITED, "LOOKUP_RATE": UNLIMITED, "SPECTATOR_SOCKETS": "1000000",
             "ADDRESS_SOCKETS": "1000000", "LOBBY_RATE": UNLIMITED, "LOG_LEVEL": "WARNING"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _child_setup() -> None:  # pragma: no cover - runs in the child between fork and exec
    raise_fd_limit()
    os.setsid()  # its own process group: a Ctrl-C of the bench does not reach it before the bench stops it
    with contextlib.suppress(OSError, AttributeError):  # and it ends with the bench, however the bench ends
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Server:
    """One uvicorn process. `kind` is `veillee` or `ceiling`; `cwd` is the source tree it imports `app` from;
    `processes` > 1 starts it as `uvicorn --workers N`: a master that binds the port and N worker processes that
    accept from it, each with its own event loop, hub and writer (the kernel hands each new connection to one)."""

    def __init__(self, kind: str, log: Path, database_url: str | None = None, flags: str = UVICORN_FLAGS,
                 cwd: Path = ROOT, python: str = sys.executable, processes: int = 1) -> None:
        self.kind = kind
        self.processes = max(1, processes)
        self.database_url = database_url
        self.flags = flags
        self.cwd = cwd
        self.python = python
        self.log_path = log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def env(self) -> dict[str, str]:
        env = {**os.environ, **BENCH_ENV, "PYTHONPATH": str(self.cwd)}
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        return env

    async def migrate(self) -> None:
        if self.kind != "veillee" or not self.database_url:
            return
        proc = await asyncio.create_subprocess_exec(self.python, "-m", "app.store.migrate", self.database_url,
                                                    cwd=self.cwd, env=self.env(), stdout=subprocess.PIPE,
                                                    stderr=subprocess.STDOUT)
        out, _ = await proc.communicate()
        if proc.returncode:
            raise RuntimeError(f"migration of {self.database_url} failed:\n{out.decode(errors='replace')}")

    async def start(self, timeout: float = 60.0) -> None:  # noqa: ASYNC109
        await self.migrate()
        module = "app.main:app" if self.kind == "veillee" else "bench.ceiling:app"
        cmd = [self.python, "-m", "uvicorn", module, "--host", "127.0.0.1", "--port", str(self.port),
               "--log-level", "warning", "--no-access-log", *shlex.split(self.flags)]
        if self.processes > 1:
            cmd += ["--workers", str(self.processes)]
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log = open(self.log_path, "ab")  # noqa: SIM115, ASYNC230 - closed in stop()
        self._log.write(f"$ {shlex.join(cmd)}\n".encode())
        self._log.flush()
        self.process = subprocess.Popen(cmd, cwd=self.cwd, env=self.env(), stdout=self._log,  # noqa: ASYNC220
                                        stderr=subprocess.STDOUT, preexec_fn=_child_setup)
        http = Http(self.base, 1)
        deadline = time.monotonic() + timeout
        try:
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(f"{self.kind} exited with {self.process.returncode}; see {self.log_path}")
                with contextlib.suppress(OSError, Exception):
                    status, _ = await http.request("GET", "/healthz", timeout=2)
                    if status == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{self.kind} did not answer /healthz within {timeout} s; see {self.log_path}")
                await asyncio.sleep(0.1)
        finally:
            await http.close()
        if self.processes > 1:
            await self.wait_workers(max(1.0, deadline - time.monotonic()))

    async def wait_workers(self, timeout: float) -> None:  # noqa: ASYNC109
        """Until every worker has answered a request of its own: fresh connections to /healthz, each traced (/proc)
        to the worker that accepted it. The load must not start while one of them is still importing the app."""
        host, port = "127.0.0.1", self.port
        seen: set[int] = set()
        deadline = time.monotonic() + timeout
        while True:
            workers = set(self.workers())
            if len(workers) >= self.processes and workers <= seen:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"{len(seen & workers)} of {self.processes} workers answered within {timeout:.0f} "
                                   f"s; see {self.log_path}")
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"{self.kind} exited; see {self.log_path}")
            with contextlib.suppress(OSError, TimeoutError, asyncio.IncompleteReadError):
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), 2)
                try:
                    writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
                    await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 2)
                    mine = writer.get_extra_info("sockname")[1]
                    seen.update(connection_owners(self.port, {mine}, list(workers)).values())
                finally:
                    writer.close()
            await asyncio.sleep(0.02)

    def pids(self) -> list[int]:
        """The master and every process below it (the workers; multiprocessing's resource tracker)."""
        return descendants(self.pid) if self.process is not None and self.process.poll() is None else []

    def workers(self) -> list[int]:
        """The processes that serve connections: the master alone, or its uvicorn workers."""
        if self.processes == 1:
            return [self.pid]
        return [p for p in self.pids()[1:] if b"resource_tracker" not in _read(f"/proc/{p}/cmdline")]

    def cpu_by_process(self) -> dict[int, float]:
        """CPU seconds each of the server's processes used so far (every thread: SQLite's run in aiosqlite's)."""
        out: dict[int, float] = {}
        for pid in self.pids():
            with contextlib.suppress(OSError, IndexError, ValueError):
                out[pid] = cpu_seconds(pid)
        return out

    def cpu(self) -> float:
        """CPU seconds the server used so far: the master and all its workers."""
        return sum(self.cpu_by_process().values())

    def rss(self) -> int:
        """Resident memory, bytes: the sum over the master and its workers (pages they share count twice)."""
        return sum(rss_of(pid) for pid in self.pids())

    def errors(self) -> int:
        """Tracebacks in the server's log so far."""
        try:
            return self.log_path.read_bytes().count(b"Traceback (most recent call last)")
        except OSError:
            return 0

    async def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                await asyncio.wait_for(asyncio.to_thread(self.process.wait), 20)
            except TimeoutError:
                self.process.kill()
                await asyncio.to_thread(self.process.wait)
        if self._log is not None:
            self._log.close()
            self._log = None


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it, from /proc/<pid>/task/*/children."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop(0)
        out.append(p)
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for t in tasks:
            todo += [int(c) for c in _read(f"/proc/{p}/task/{t}/children").split()]
    return out


def rss_of(pid: int) -> int:
    """Resident memory of one process, bytes (0 if it is gone)."""
    for line in _read(f"/proc/{pid}/status").splitlines():
        if line.startswith(b"VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def connection_owners(server_port: int, client_ports: set[int], pids: list[int]) -> dict[int, int]:
    """Which of `pids` holds the server side of each loopback connection to `server_port` from one of
    `client_ports`: client port → pid. /proc/net/tcp gives the socket's inode, /proc/<pid>/fd the process that has
    it open (a worker of `uvicorn --workers` holds only the connections it accepted)."""
    inodes: dict[str, int] = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in _read(table).decode().splitlines()[1:]:
            parts = line.split()
            if len(parts) < 10 or int(parts[1].rsplit(":", 1)[1], 16) != server_port:
                continue
            remote = int(parts[2].rsplit(":", 1)[1], 16)
            if remote in client_ports:
                inodes[parts[9]] = remote
    owners: dict[int, int] = {}
    for pid in pids:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if link.startswith("socket:["):
                port = inodes.get(link[8:-1])
                if port is not None:
                    owners[port] = pid
    return owners


def processes() -> dict[int, tuple[str, float, float]]:
    """Every process of the machine (as far as /proc shows): pid → (name, CPU seconds so far of all its threads,
    and of its children that ended and were waited for)."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[int, tuple[str, float, float]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        stat = _read(f"/proc/{name}/stat")
        head, _, tail = stat.rpartition(b")")
        fields = tail.split()
        with contextlib.suppress(IndexError, ValueError):
            out[int(name)] = (head.partition(b"(")[2].decode(errors="replace"),
                              (int(fields[11]) + int(fields[12])) / tick, (int(fields[13]) + int(fields[14])) / tick)
    return out


def used_by(before: dict[int, tuple[str, float, float]], after: dict[int, tuple[str, float, float]],
            children: bool = False) -> dict[int, float]:
    """CPU seconds each process used between two `processes()`: one born in between counts from its start, one
    that ended in between is not there; with `children`, that of its children that ended in between too (a
    short-lived process's CPU then shows in its parent's)."""
    out = {}
    for pid, (_, cpu, dead) in after.items():
        _, cpu0, dead0 = before.get(pid, ("", 0.0, 0.0))
        out[pid] = cpu - cpu0 + (dead - dead0 if children else 0.0)
    return out


class Postgres:
    """The CPU of the PostgreSQL server on this machine (its processes are found by name in /proc), in all and
    that of the backends connected to the bench's database (`postgres: [cluster: ]user database host(port) …`).
    Nothing when no such process is visible (a PostgreSQL on another machine, or in another PID namespace)."""

    def __init__(self, url: str) -> None:
        from sqlalchemy.engine import make_url

        u = make_url(url)
        self.mine = f" {u.username} {u.database} ".encode()

    def used(self, before: dict[int, tuple[str, float, float]],
             after: dict[int, tuple[str, float, float]]) -> tuple[float, float, set[int]] | None:
        """CPU seconds used between two `processes()`: (all of PostgreSQL, the bench database's backends, their
        pids); None if no PostgreSQL process is visible."""
        pids = {pid for pid, (name, _, _) in after.items() if name == "postgres"}
        if not pids:
            return None
        used = used_by(before, after)
        total = sum(used[p] for p in pids)
        mine = sum(used[p] for p in pids if self.mine in _read(f"/proc/{p}/cmdline") + b" ")
        return total, mine, pids


async def reset_postgres(url: str) -> None:
    """Empty Veillée's tables in a benchmark database (after its migration), so every run starts alike."""
    import asyncpg

    dsn = url.replace("postgresql+asyncpg://", "postgresql://")
    conn = await asyncpg.connect(dsn, timeout=10)
    try:
        tables = [r["tablename"] for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'")]
        if tables:
            await conn.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " CASCADE")
    finally:
        await conn.close()


async def postgres_reachable(url: str) -> str | None:
    """None if `url` answers, else why not."""
    try:
        import asyncpg

        conn = await asyncpg.connect(url.replace("postgresql+asyncpg://", "postgresql://"), timeout=5)
        await conn.close()
        return None
    except Exception as exc:  # any failure means: no PostgreSQL figures
        return f"{type(exc).__name__}: {exc}"
