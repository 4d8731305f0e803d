"""What a client rebuilds from the hub's frames is its view: in random games of every ruleset, after every command,
each viewer's frames (a whole view, then updates: parts replaced, prompts item by item, keys dropped) applied as
the clients apply them (tools/client.py `updated`, the same rule as static/js/shell/net.js) give exactly the view the
server holds for it."""

from __future__ import annotations

import pytest

from tests.support.hub_frames import Watched, watched


# Reptiliens' seed 1 now draws a table the Souris win on the first morning (issue 22's set-ups): seed 3 plays days.
@pytest.mark.parametrize(("ruleset", "seed"), [("thiercelieux", 1), ("thiercelieux", 2), ("reptiliens", 3),
                                               ("reptiliens", 2), ("soupcons", 1)])
def test_frames_rebuild_each_viewers_view_after_every_command(ruleset: str, seed: int) -> None:
    game = watched(ruleset, seed, Watched)
    assert game.checked > 300
    # A Reptiliens day keeps several prompts open at once (the Président's ballot and direction, invocations):
    # updates sent them item by item and named the unchanged ones by their id. (A lone prompt goes whole.)
    if ruleset == "reptiliens":
        assert game.itemized > 50 and game.by_id > 0
