"""Persistence: event log, snapshots, rooms and seats (SQLite or PostgreSQL via SQLAlchemy asyncio)."""
