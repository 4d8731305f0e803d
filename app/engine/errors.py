"""Rejections are values with a stable code and a human message, never a crash."""

from __future__ import annotations

from typing import Any

from app.engine.model import Rejection


class Rejected(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.rejection = Rejection(code=code, message=message, params=params)
