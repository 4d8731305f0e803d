"""Run Alembic migrations programmatically.

``upgrade_head(url)`` is synchronous (the Alembic env runs its own event loop), so from async code
call it as ``await asyncio.to_thread(upgrade_head, url)``.

``python -m app.store.migrate`` upgrades the database named by DATABASE_URL (used by the Dockerfile).
"""

from __future__ import annotations

import sys
from pathlib import Path

from alembic import command
from alembic.config import Config

from app.settings import get_settings, normalise_database_url


def project_root() -> Path:
    """Directory holding alembic.ini and migrations/: the source checkout, else the working directory."""
    here = Path(__file__).resolve().parents[2]
    for candidate in (here, Path.cwd()):
        if (candidate / "migrations" / "env.py").is_file():
            return candidate
    raise FileNotFoundError("cannot find migrations/env.py next to the package or in the working directory")


def alembic_config(database_url: str) -> Config:
    root = project_root()
    ini = root / "alembic.ini"
    cfg = Config(str(ini)) if ini.is_file() else Config()
    cfg.set_main_option("script_location", str(root / "migrations"))
    # '%' must be escaped for ConfigParser interpolation (passwords may contain it).
    cfg.set_main_option("sqlalchemy.url", normalise_database_url(database_url).replace("%", "%%"))
    cfg.attributes["configure_logger"] = False
    return cfg


def upgrade_head(database_url: str) -> None:
    command.upgrade(alembic_config(database_url), "head")


def downgrade_base(database_url: str) -> None:
    command.downgrade(alembic_config(database_url), "base")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    url = argv[0] if argv else get_settings().database_url
    upgrade_head(url)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
