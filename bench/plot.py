"""The plot of `make bench`: vote → last frame latency (p50 and p99) against offered votes/s, for each system
measured (the ceiling, Veillée on SQLite, on PostgreSQL, in several processes on PostgreSQL): the median of the runs
at each offered rate, and their spread (min to max) shaded (needs the `bench` extra: matplotlib)."""

from __future__ import annotations

import statistics
from collections import Counter
from pathlib import Path
from typing import Any

COLOURS = {"veillee": "#c0392b", "ceiling": "#2471a3", "veillee-pg": "#7d3c98", "veillee-pg2": "#229954"}
NAMES = {"veillee": "Veillée", "ceiling": "ceiling (bare uvicorn + FastAPI)", "veillee-pg": "Veillée, PostgreSQL",
         "veillee-pg2": "Veillée, PostgreSQL, {n} processes"}


def name(system: str, present: list[dict[str, Any]]) -> str:
    n = max((b.get("server_processes", 1) for b in present), default=1)
    return NAMES[system].format(n=n)


def series(runs: list[dict[str, Any]], system: str, key: str) -> tuple[list[float], list[float], list[float],
                                                                        list[float]]:
    """Offered rates of the ladder, and the median, min and max of `key` over the runs at each."""
    by_rate: dict[float, list[float]] = {}
    for run in runs:
        big = run.get("big", {}).get(system)
        for rung in (big or {}).get("ladder", []):
            if rung.get(key) is not None and not rung.get("refinement"):
                by_rate.setdefault(rung["offered_votes_per_s"], []).append(rung[key])
    rates = sorted(by_rate)
    return (rates, [statistics.median(by_rate[r]) for r in rates], [min(by_rate[r]) for r in rates],
            [max(by_rate[r]) for r in rates])


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 5.5), dpi=110)
    runs = result.get("runs", [])
    medians = {s: statistics.median(v) for s in COLOURS
               if (v := [r["big"][s]["saturation"]["achieved_votes_per_s"] or 0
                         for r in runs if s in r.get("big", {})])}
    for index, system in enumerate(COLOURS):
        colour = COLOURS[system]
        present = [r["big"][system] for r in runs if system in r.get("big", {})]
        if not present:
            continue
        label = name(system, present)
        for key, style, alpha in (("p50_ms", "-o", 0.9), ("p99_ms", "--^", 0.7)):
            x, mid, low, high = series(runs, system, key)
            ax.plot(x, mid, style, color=colour, alpha=alpha, markersize=3.5, linewidth=1.3,
                    label=f"{label}, {key[:3]}")
            if len(present) > 1:
                ax.fill_between(x, low, high, color=colour, alpha=0.10, linewidth=0)
        refined = [r for b in present for r in b["ladder"] if r.get("refinement") and r.get("p99_ms") is not None]
        if refined:
            ax.plot([r["offered_votes_per_s"] for r in refined], [r["p99_ms"] for r in refined], "^",
                    markerfacecolor="none", color=colour, markersize=5, alpha=0.7)
        saturations = [b["saturation"]["achieved_votes_per_s"] for b in present
                       if b["saturation"]["achieved_votes_per_s"]]
        if saturations:
            sat = statistics.median(saturations)
            limit = Counter(b["saturation"]["limited_by"].split(" (")[0] for b in present).most_common(1)[0][0]
            ax.axvline(sat, color=colour, linestyle=":", linewidth=1)
            # SQLite and the ceiling low, PostgreSQL high; of the two, the lower saturation left of its line and
            # the other right of it: the lines may be close together.
            pair = [s for s in list(COLOURS)[index // 2 * 2 : index // 2 * 2 + 2] if s in medians]
            first = min(pair, key=lambda s: medians[s]) == system
            ax.annotate(f"saturation {sat:.0f}/s, bound: {limit}", (sat, 0.02 + 0.45 * (index // 2)),
                        xycoords=("data", "axes fraction"), ha="right" if first else "left", va="bottom",
                        fontsize=7.5, color=colour, rotation=90)
        sustained = [b["sustained_votes_per_s"] for b in present if b["sustained_votes_per_s"]]
        if sustained:
            ax.plot([statistics.median(sustained)], [100], marker="*", markersize=12, color=colour, linestyle="none",
                    label=f"{label.split(' (')[0]}: p99 ≤ 100 ms up to {statistics.median(sustained):.0f}/s")
    ax.axhline(100, color="grey", linestyle="-.", linewidth=0.8)
    ax.annotate("100 ms", (0.005, 100), xycoords=("axes fraction", "data"), va="bottom", fontsize=8, color="grey")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("offered votes/s (open loop, spread over the rooms)")
    ax.set_ylabel("vote → last of the room's frames (ms)")
    meta = result.get("meta", {})
    cfg = meta.get("config", {})
    what = meta.get("label") or meta.get("commit") or ""
    ax.set_title(f"Veillée {what[:12]}, {cfg.get('rooms')} rooms × {cfg.get('players')} sockets, "
                 f"{len(runs)} run(s) (median, min–max shaded), {meta.get('machine', {}).get('cpus')} cores, "
                 f"{meta.get('date', '')[:10]}", fontsize=9)
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
