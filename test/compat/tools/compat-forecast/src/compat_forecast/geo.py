"""Coordinates in every form the original Pixie's tools accept, and great-circle distance."""
from __future__ import annotations

import math
from typing import Any

LONDON = (51.5074, -0.1278)


def coords(point: Any) -> tuple[float, float]:
    if point is None:
        return LONDON
    if isinstance(point, (list, tuple)) and len(point) >= 2:
        return float(point[0]), float(point[1])
    if isinstance(point, dict):
        lat = point.get("lat", point.get("latitude"))
        lng = point.get("lng", point.get("lon", point.get("longitude")))
        if lat is not None and lng is not None:
            return float(lat), float(lng)
    return LONDON


def haversine_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(a))
