"""The plot of `make bench`: vote → last frame latency (p50 and p99) against offered votes/s, Veillée and the
ceiling, every run (needs the `bench` extra: matplotlib)."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

COLOURS = {"veillee": "#c0392b", "ceiling": "#2471a3"}
NAMES = {"veillee": "Veillée", "ceiling": "ceiling (bare uvicorn + FastAPI)"}


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 5.5), dpi=110)
    runs = result.get("runs", [])
    for system in ("ceiling", "veillee"):
        colour = COLOURS[system]
        saturations = []
        for i, run in enumerate(runs):
            big = run.get("big", {}).get(system)
            if not big:
                continue
            rungs = [r for r in big["ladder"] if r["p50_ms"] is not None]
            x = [r["offered_votes_per_s"] for r in rungs]
            first = i == 0
            ax.plot(x, [r["p50_ms"] for r in rungs], "-o", color=colour, alpha=0.85, markersize=3.5, linewidth=1.3,
                    label=f"{NAMES[system]}, p50" if first else None)
            ax.plot(x, [r["p99_ms"] for r in rungs], "--^", color=colour, alpha=0.6, markersize=3.5, linewidth=1.1,
                    label=f"{NAMES[system]}, p99" if first else None)
            if big["saturation"]["achieved_votes_per_s"]:
                saturations.append(big["saturation"]["achieved_votes_per_s"])
        if saturations:
            sat = statistics.median(saturations)
            limit = {r["big"][system]["saturation"]["limited_by"].split(" (")[0] for r in runs
                     if system in r.get("big", {})}
            ax.axvline(sat, color=colour, linestyle=":", linewidth=1)
            ax.annotate(f"saturation {sat:.0f}/s ({', '.join(sorted(limit))})", (sat, 0.02),
                        xycoords=("data", "axes fraction"), ha="right", va="bottom", fontsize=7.5, color=colour,
                        rotation=90)
        sustained = [r["big"][system]["sustained_votes_per_s"] for r in runs
                     if system in r.get("big", {}) and r["big"][system]["sustained_votes_per_s"]]
        if sustained:
            ax.plot([statistics.median(sustained)], [100], marker="*", markersize=12, color=colour, linestyle="none",
                    label=f"{NAMES[system].split(' (')[0]}: p99 ≤ 100 ms up to {statistics.median(sustained):.0f}/s")
    ax.axhline(100, color="grey", linestyle="-.", linewidth=0.8)
    ax.annotate("100 ms", (0.005, 100), xycoords=("axes fraction", "data"), va="bottom", fontsize=8, color="grey")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("offered votes/s (open loop, spread over the rooms)")
    ax.set_ylabel("vote → last of the room's frames (ms)")
    meta = result.get("meta", {})
    cfg = meta.get("config", {})
    ax.set_title(f"{cfg.get('rooms')} rooms × {cfg.get('players')} sockets, {len(runs)} run(s), "
                 f"{meta.get('machine', {}).get('cpus')} cores, {meta.get('date', '')[:10]}", fontsize=10)
    ax.grid(True, which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
