"""A socket's frame budget (app/web/budget.py): a token bucket, refilled continuously."""

from __future__ import annotations

import pytest

from app.web import budget as budget_module
from app.web.budget import Budget


def test_a_budget_allows_its_amount_then_refills_with_time(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(budget_module.time, "monotonic", lambda: now[0])
    b = Budget("20/second")
    assert all(b.take() for _ in range(20))
    assert not b.take()
    now[0] += 0.125  # two and a half frames' worth
    assert b.take() and b.take() and not b.take()
    now[0] += 60  # never more than a burst of the amount
    assert sum(b.take() for _ in range(30)) == 20
    slow = Budget("8/10seconds")
    assert sum(slow.take() for _ in range(10)) == 8
    now[0] += 1.5  # one frame and a bit
    assert slow.take() and not slow.take()
