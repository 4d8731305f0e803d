"""The pages' view types (static/js/types/view.d.ts) are what tools/gen_view_types.py writes from the view models."""

from tools.gen_view_types import TARGET, render


def test_committed_view_types_are_current() -> None:
    assert TARGET.read_text(encoding="utf-8") == render(), "run python -m tools.gen_view_types and commit the file"
