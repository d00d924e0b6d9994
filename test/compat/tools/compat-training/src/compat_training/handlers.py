"""A made-up training run that streams as the original Pixie's live-mlp-training does: /run returns
the run_id and empty placeholders at once, then /stream sends one event per epoch carrying output
keys as fields ({"epoch", "loss_curve": {…}, "accuracy_curve": {…}, "done": false}) and a final
{"done": true, …} with the finished kv and table."""
from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path
from typing import Any, Iterator

from .train import epochs_of

TOOL_DIR = Path(__file__).resolve().parent.parent.parent
SCHEMA = json.loads((TOOL_DIR / "tool.json").read_text(encoding="utf-8"))
COLUMNS = [
    {"key": "epoch", "label": "Epoch", "type": "number"},
    {"key": "train_loss", "label": "Train loss", "type": "number"},
    {"key": "train_acc", "label": "Train acc", "type": "number"},
]

_pending: dict[str, dict[str, Any]] = {}
_lock = threading.Lock()


def _empty_chart(name: str) -> dict[str, Any]:
    return {"x": [], "series": [{"name": name, "y": []}], "x_label": "Epoch"}


def run(run_id: str | None, inputs: dict[str, Any]) -> dict[str, Any]:
    run_id = run_id or str(uuid.uuid4())
    with _lock:
        _pending[run_id] = inputs
    return {
        "run_id": run_id,
        "loss_curve": _empty_chart("loss"),
        "accuracy_curve": _empty_chart("accuracy"),
        "final_metrics": {"pairs": {"status": "training started"}},
        "epoch_summary": {"columns": COLUMNS, "rows": [], "downloadable": True},
    }


def stream(run_id: str) -> Iterator[dict[str, Any]]:
    # the stream may open before /run has registered the run: the defaults stand in, as in the original
    with _lock:
        inputs = _pending.pop(run_id, {})
    rows = []
    for epoch, loss, acc in epochs_of(int(inputs.get("epochs") or 20)):
        rows.append({"epoch": epoch, "train_loss": loss, "train_acc": acc})
        yield {
            "epoch": epoch,
            "loss_curve": {"x": epoch, "y": loss},
            "accuracy_curve": {"x": epoch, "y": acc},
            "done": False,
        }
        time.sleep(0.005)
    yield {
        "done": True,
        "final_metrics": {"pairs": {
            "final train loss": rows[-1]["train_loss"] if rows else 0.0,
            "epochs run": len(rows),
        }},
        "epoch_summary": {"columns": COLUMNS, "rows": rows, "downloadable": True},
    }
