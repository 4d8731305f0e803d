"""Rooms: one writer per room (load, decide, append, commit, then publish)."""
