"""The servers under test, each in its own uvicorn process: Veillée on a fresh database, and the ceiling."""

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

from app.bench.loadgen import cpu_seconds, raise_fd_limit
from app.bench.wsclient import Http

ROOT = Path(__file__).resolve().parents[2]
# The Makefile's UVICORN_LIMITS (what `make run` and the Docker image use); `make bench` passes its own copy.
UVICORN_FLAGS = ("--http h11 --h11-max-incomplete-event-size 16384 --timeout-keep-alive 5 --limit-concurrency 20000 "
                 "--ws-max-size 65536 --ws-max-queue 32 --ws-per-message-deflate false")
PR_SET_PDEATHSIG = 1  # Linux prctl: the signal a child gets when its parent dies
UNLIMITED = "1000000/second"  # rate limits are lifted: the generator is one address and opens thousands of sockets
BENCH_ENV = {"CREATE_RATE": UNLIMITED, "JOIN_RATE": UNLIMITED, "COMMAND_RATE": UNLIMITED, "FRAME_RATE": UNLIMITED,
             "CHAT_RATE": UNLIMITED, "LOOKUP_RATE": UNLIMITED, "SPECTATOR_SOCKETS": "1000000",
             "LOG_LEVEL": "WARNING"}


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
    """One uvicorn process. `kind` is `veillee` or `ceiling`; `cwd` is the source tree it imports `app` from."""

    def __init__(self, kind: str, log: Path, database_url: str | None = None, flags: str = UVICORN_FLAGS,
                 cwd: Path = ROOT, python: str = sys.executable) -> None:
        self.kind = kind
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
        module = "app.main:app" if self.kind == "veillee" else "app.bench.ceiling:app"
        cmd = [self.python, "-m", "uvicorn", module, "--host", "127.0.0.1", "--port", str(self.port),
               "--log-level", "warning", "--no-access-log", *shlex.split(self.flags)]
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
                        return
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{self.kind} did not answer /healthz within {timeout} s; see {self.log_path}")
                await asyncio.sleep(0.1)
        finally:
            await http.close()

    def cpu(self) -> float:
        """CPU seconds the server process used so far (every thread: SQLite's run in one of aiosqlite's)."""
        return cpu_seconds(self.pid)

    def rss(self) -> int:
        """Resident memory, bytes."""
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return 0

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
