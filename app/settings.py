"""Runtime configuration, read from environment variables (no prefix).

DATABASE_URL      SQLAlchemy URL; plain ``postgresql://``/``postgres://``/``sqlite:///`` URLs are
                  rewritten to their async drivers (asyncpg / aiosqlite).
ALLOWED_ORIGINS   comma-separated list of extra origins allowed for WebSocket/CSRF checks;
                  empty (default) means same host only.
SNAPSHOT_EVERY    write a state snapshot every N events (default 50).
LOG_LEVEL         logging level name (default INFO).
CREATE_RATE, JOIN_RATE, COMMAND_RATE, FRAME_RATE, CHAT_RATE
                  rate limits (`limits` notation, e.g. "20/minute"): per client address, FRAME_RATE per
                  socket, CHAT_RATE per author.
LOOKUP_RATE       failed room-code lookups per client address (default 20/minute); past it, every lookup
                  from that address is refused until the window frees up.
SPECTATOR_SOCKETS spectator websockets per client address (default 20).
TOKEN_SOCKETS     websockets one seat's or MJ's token holds at once (default 4); a new one closes the oldest.
ADDRESS_SOCKETS   websockets one client address holds at once, of any kind (default 200): far below the
                  server's own limit (uvicorn's --limit-concurrency), so that one client cannot reach it.
LOBBY_RATE        a seat's commands in the lobby (default 10/minute; not chat, which has CHAT_RATE, nor leave).
MAX_BODY          bytes in a request body (default 65536); more is refused with 413.
GC_FREEZE_EVERY, GC_FULL_EVERY
                  seconds between garbage-collector sweeps that freeze survivors (default 10; 0: Python's
                  default policy), and between whole collections (default 3600; 0: never).
PUBLIC_URL        the address players reach this server at (e.g. https://veillee.example.org, or
                  http://192.168.1.20:8000 on a home network): join links, QR codes and personal links are built
                  from it. Unset (default): from the address each request came to.
DEFAULT_RULESET   the game a room is created for when the request names none, and whose home page `/` is
                  (default thiercelieux).
ROOM_QUEUE, COMMAND_QUEUE
                  commands waiting for their room (default 100), and in all (default 5000); past either a
                  command is refused with `busy` (nothing changed; clients send it again after a pause).
VAPID_SUBJECT     the contact push services may write to about this server's pushes (Web Push, issue 28): a
                  mailto: or https: URL (default mailto:admin@localhost; set yours, push services may refuse the
                  default). The VAPID key pair itself is made once and kept in the database (docs/architecture.md).
PUSH_QUEUE        pushes waiting to be sent (default 1000); past it new ones are dropped (and logged).
PUSH_VOTE_REMINDER
                  seconds before a vote closes that "the vote closes soon" is pushed (default 3600); only for a
                  vote that lasts at least twice as long.
PUSH_ALLOW_LOCAL  tests only: accept http:// push endpoints on 127.0.0.1/localhost (default false; in production
                  an endpoint is https:// on a public address, never a private, loopback or link-local one).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any
from urllib.parse import urlsplit

from pydantic import field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./veillee.db"


def normalise_database_url(url: str) -> str:
    """Return ``url`` with an async driver: asyncpg for PostgreSQL, aiosqlite for SQLite."""
    url = url.strip()
    for prefix in ("postgresql://", "postgres://", "postgresql+psycopg2://", "postgresql+psycopg://"):
        if url.startswith(prefix):
            return "postgresql+asyncpg://" + url[len(prefix) :]
    if url.startswith("sqlite://") and not url.startswith("sqlite+"):
        return "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="", case_sensitive=False, extra="ignore")

    database_url: str = DEFAULT_DATABASE_URL
    allowed_origins: Annotated[list[str], NoDecode] = []
    snapshot_every: int = 50
    # Rate limits per client address (the `limits` library's notation).
    create_rate: str = "20/minute"
    join_rate: str = "60/minute"
    command_rate: str = "120/minute"
    frame_rate: str = "20/second"
    chat_rate: str = "8/10seconds"
    lookup_rate: str = "20/minute"
    spectator_sockets: int = 20
    # Sockets a token holds (a seat's few devices, the MJ's tabs), and one address holds in all (docs/protocol.md).
    token_sockets: int = 4
    address_sockets: int = 200
    lobby_rate: str = "10/minute"  # per seat, while the room is a lobby
    # Commands waiting for their room, per room and in all; past either a command is refused as `busy`.
    room_queue: int = 100
    command_queue: int = 5000
    # Garbage collection (app/realtime/pauses.py): freeze survivors every N s (0: Python's default policy), and
    # unfreeze for one whole collection every M s (0: never).
    gc_freeze_every: float = 10.0
    gc_full_every: float = 3600.0
    max_body: int = 65536
    log_level: str = "INFO"
    public_url: str = ""
    default_ruleset: str = "thiercelieux"  # checked against the registered rulesets when the app is made
    # Web Push (app/push/): the contact named in the VAPID claims, the send queue's bound, the vote reminder's lead,
    # and (tests only) endpoints on this machine.
    vapid_subject: str = "mailto:admin@localhost"
    push_queue: int = 1000
    push_vote_reminder: float = 3600.0
    push_allow_local: bool = False

    @field_validator("vapid_subject", mode="before")
    @classmethod
    def _vapid_subject(cls, v: Any) -> Any:
        if isinstance(v, str):
            v = v.strip() or "mailto:admin@localhost"
            if not (v.startswith("mailto:") or v.startswith("https://")):
                raise ValueError("VAPID_SUBJECT is a mailto: or https: URL (RFC 8292)")
        return v

    @field_validator("public_url", mode="before")
    @classmethod
    def _public_url(cls, v: Any) -> Any:
        if not isinstance(v, str):
            return v
        url = v.strip().rstrip("/")
        if url and (urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).netloc
                    or urlsplit(url).path or urlsplit(url).query or urlsplit(url).fragment):
            raise ValueError("PUBLIC_URL is an origin such as https://veillee.example.org (no path)")
        return url

    @field_validator("database_url", mode="before")
    @classmethod
    def _normalise_url(cls, v: Any) -> Any:
        if isinstance(v, str):
            return normalise_database_url(v) if v.strip() else DEFAULT_DATABASE_URL
        return v

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _split_origins(cls, v: Any) -> Any:
        if isinstance(v, str):
            return [o.strip().rstrip("/") for o in v.split(",") if o.strip()]
        return v

    @field_validator("snapshot_every", "spectator_sockets", "token_sockets", "address_sockets", "max_body",
                     "push_queue")
    @classmethod
    def _positive(cls, v: int) -> int:
        if v < 1:
            raise ValueError("must be >= 1")
        return v

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, v: Any) -> Any:
        return v.strip().upper() if isinstance(v, str) else v


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Process-wide settings (cached; call ``get_settings.cache_clear()`` in tests after changing env)."""
    return Settings()
