"""`Event.trusted` builds the engine's events without pydantic's validation: the event it builds must be, for every
use the server makes of one, the event validation would have built."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

from app.engine.model import Event
from app.rooms.inplace import detached


def test_a_trusted_event_is_the_validated_one() -> None:
    args: dict[str, Any] = {"type": "answered", "data": {"prompt": "p1", "seat": 3, "answer": [4]}, "to": [3, 5],
                            "at": 12.5, "rng": 99}
    fast = Event.trusted(args["type"], args["data"], args["to"], args["at"], args["rng"])
    slow = Event(**args)
    built = Event.model_construct(**args)
    assert fast == slow == built
    assert fast.model_dump() == slow.model_dump() and fast.model_dump_json() == slow.model_dump_json()
    assert fast.model_fields_set == built.model_fields_set
    assert fast.model_copy(update={"at": 1.0}).at == 1.0 and fast.at == 12.5
    assert pickle.loads(pickle.dumps(fast)) == slow and copy.deepcopy(fast) == slow
    assert repr(fast) == repr(slow)


def test_a_detached_event_shares_nothing() -> None:
    data = {"prompt": {"id": "p1", "to": [1, 2], "answers": {"1": [2]}}, "n": 1.5, "ok": None}
    event = Event.trusted("prompt_opened", data, [1, 2], 3.0, None)
    copied = detached(event)
    assert copied == event and json.dumps(copied.data) == json.dumps(event.data)
    copied.data["prompt"]["to"].append(3)
    copied.data["prompt"]["answers"]["1"].append(9)
    assert copied.to is not None and event.to is not None
    copied.to.append(7)
    assert data["prompt"] == {"id": "p1", "to": [1, 2], "answers": {"1": [2]}} and event.to == [1, 2]


def test_data_marshal_cannot_copy_takes_the_general_way() -> None:
    class Odd:  # not JSON-like: the engine never emits one, but a copy must still not share it
        def __init__(self) -> None:
            self.items = [1]

    event = Event.trusted("tag", {"odd": Odd()}, None, 0.0, None)
    copied = detached(event)
    assert copied.data["odd"] is not event.data["odd"] and copied.data["odd"].items == [1]
