"""A socket's frame budget (app/web/budget.py): a token bucket, refilled continuously."""

from __future__ import annotations

import pytest

from app.web import budget as budget_module
from app.web.budget import Budget


def test_a_budget_allows_its_amount_then_refills_with_time(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr("app.web.budget.time.monotonic", lambda: now[0])
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


def test_budgets_by_key_are_independent_and_idle_ones_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr("app.web.budget.time.monotonic", lambda: now[0])
    budgets = budget_module.Budgets()
    def take(*keys: str) -> bool:
        return budgets.bucket("3/minute", keys).take()

    assert [take("join", "1.2.3.4") for _ in range(4)] == [True, True, True, False]
    assert take("join", "5.6.7.8") and take("chat", "1.2.3.4")  # another address, another limit
    assert budgets.bucket("3/minute", ("join", "1.2.3.4")).left() < 1  # spent, without spending more
    now[0] += 20  # a third of the window: one more
    assert take("join", "1.2.3.4") and not take("join", "1.2.3.4")
    now[0] += budgets.PRUNE_EVERY + 61  # every bucket has filled up again: all forgotten at the next look
    assert take("join", "9.9.9.9")
    assert set(budgets.buckets) == {("3/minute", "join", "9.9.9.9")}
