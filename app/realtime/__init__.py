"""Connections, per-viewer streams and timers."""
