"""Rejections are values with a stable code and a human message, never a crash."""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, Field

MAX_PARAM_TEXT = 80
MAX_PARAM_ITEMS = 20
MAX_SAFE_INT = 2**53  # what a browser's numbers hold exactly


class Rejection(BaseModel):
    code: str
    message: str
    params: dict[str, Any] = Field(default_factory=dict)


class Rejected(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        message = _text(message, 500)
        super().__init__(message)
        self.rejection = Rejection(code=code, message=message,
                                   params={k: _param(v) for k, v in params.items()})


def _text(value: str, limit: int) -> str:
    # A rejection may quote what its sender gave: never a lone surrogate (it could not be sent back), never a
    # whole flood of it.
    return value.encode("utf-8", "replace").decode("utf-8")[:limit]


def _param(value: Any, depth: int = 0) -> Any:
    """A JSON-safe, bounded copy of a parameter (NaN and infinities are not JSON)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if abs(value) < MAX_SAFE_INT else None
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        return _text(value, MAX_PARAM_TEXT)
    if depth < 2 and isinstance(value, list | tuple):
        return [_param(v, depth + 1) for v in value[:MAX_PARAM_ITEMS]]
    if depth < 2 and isinstance(value, dict):
        return {_text(str(k), MAX_PARAM_TEXT): _param(v, depth + 1) for k, v in list(value.items())[:MAX_PARAM_ITEMS]}
    return None
