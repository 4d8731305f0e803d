"""Pure game rules: no I/O, no clock, no global state.

`decide(state, command)` returns events or a rejection; `evolve(state, event)` folds an event into the state;
`view(state, viewer)` is the one projection that leaves the engine.
"""

from app.engine import chat as _chat  # noqa: F401  (registers the chat commands)
from app.engine import seats as _seats  # noqa: F401  (registers the hand-over of a seat to another device)
from app.engine.core import decide, new_state, replay
from app.engine.errors import Rejected
from app.engine.evolve import evolve
from app.engine.model import Command, Event, GameState, Prompt, Rejection
from app.engine.views import event_visible, view

__all__ = [
    "Command",
    "Event",
    "GameState",
    "Prompt",
    "Rejected",
    "Rejection",
    "decide",
    "event_visible",
    "evolve",
    "new_state",
    "replay",
    "view",
]
