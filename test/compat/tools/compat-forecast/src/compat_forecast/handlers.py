"""A made-up forecast and route, computed from the inputs alone, returning every map form the
original Pixie's tools use: points as {lat, lng, label}, a kv summary with pairs as an object, a
number wrapped as {"value": ...}, heat points with weights and polygons by their vertices."""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from .geo import coords, haversine_km

TOOL_DIR = Path(__file__).resolve().parent.parent.parent
SCHEMA = json.loads((TOOL_DIR / "tool.json").read_text(encoding="utf-8"))


def _cities(value: Any) -> list[dict[str, Any]]:
    out = []
    for i, entry in enumerate(value or []):
        lat, lng = coords(entry)
        label = entry.get("label") if isinstance(entry, dict) else None
        out.append({"lat": lat, "lng": lng, "label": label or f"City {i + 1}"})
    return out


def _route(cities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if not cities:
        return []
    left, order = cities[1:], [cities[0]]
    while left:
        here = order[-1]
        nearest = min(left, key=lambda c: haversine_km(here["lat"], here["lng"], c["lat"], c["lng"]))
        left.remove(nearest)
        order.append(nearest)
    return order


def run(_run_id: str | None, inputs: dict[str, Any]) -> dict[str, Any]:
    lat, lng = coords(inputs.get("location"))
    days = int(inputs.get("days_ahead") or 7)
    dates = [f"2026-01-{d:02d}" for d in range(1, days + 1)]
    t_max = [round(10 + 5 * math.sin(d + lat / 10), 1) for d in range(days)]
    t_min = [round(t - 6, 1) for t in t_max]
    order = _route(_cities(inputs.get("cities")))
    total = sum(
        haversine_km(a["lat"], a["lng"], b["lat"], b["lng"]) for a, b in zip(order, order[1:])
    )
    return {
        "temperature": {
            "x": dates,
            "series": [{"name": "max", "y": t_max}, {"name": "min", "y": t_min}],
            "x_label": "date",
            "y_label": "°C",
        },
        "today": {"pairs": {
            "date": dates[0],
            "conditions": "cloudy" if t_max[0] < 12 else "sunny",
            "temperature_max_c": t_max[0],
            "wind_max_kmh": None,
        }},
        "location_marker": {"points": [{"lat": lat, "lng": lng, "label": f"{lat:.4f}, {lng:.4f}"}]},
        "route": {"points": [{"lat": c["lat"], "lng": c["lng"], "label": c["label"]} for c in order]},
        "total_km": {"value": round(total, 2), "format": "decimal", "precision": 2},
        "heat": {"points": [
            {"lat": round(lat + d, 4), "lng": round(lng - d, 4), "weight": round(1 - d * 10, 2)}
            for d in (0.0, 0.01, 0.02)
        ]},
        "zones": {"polygons": [{
            "vertices": [
                {"lat": round(lat, 4), "lng": round(lng, 4)},
                {"lat": round(lat + 0.1, 4), "lng": round(lng, 4)},
                {"lat": round(lat, 4), "lng": round(lng + 0.1, 4)},
            ],
            "label": "nearby",
        }]},
    }
