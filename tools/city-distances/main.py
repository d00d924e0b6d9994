"""city-distances: great-circle distances between world cities and a flight itinerary.

Standard library only (http.server, json, math, datetime).

Conventions (also in README.md):
- Distances use the haversine formula on a sphere of radius 6371 km (the mean Earth radius),
  rounded to 0.1 km for display; sums use the unrounded values.
- The route is a nearest-neighbour tour: from the start city, always fly to the closest city not
  yet visited (ties go to the city listed first); optionally fly back home at the end. This is a
  heuristic, not the shortest possible tour.
- Flight time is distance / speed, rounded to whole minutes; the traveller stays `stopover_hours`
  in every city between flights. Times are local-free wall-clock strings (YYYY-MM-DDTHH:MM).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import threading
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

HERE = Path(__file__).resolve().parent
MANIFEST = json.loads((HERE / "tool.json").read_text(encoding="utf-8"))

EARTH_RADIUS_KM = 6371.0

# name: (latitude, longitude, country, continent); city-centre coordinates in decimal degrees
CITIES: dict[str, tuple[float, float, str, str]] = {
    "London": (51.5074, -0.1278, "United Kingdom", "Europe"),
    "Paris": (48.8566, 2.3522, "France", "Europe"),
    "Berlin": (52.5200, 13.4050, "Germany", "Europe"),
    "Rome": (41.9028, 12.4964, "Italy", "Europe"),
    "Madrid": (40.4168, -3.7038, "Spain", "Europe"),
    "New York": (40.7128, -74.0060, "United States", "North America"),
    "Toronto": (43.6532, -79.3832, "Canada", "North America"),
    "Mexico City": (19.4326, -99.1332, "Mexico", "North America"),
    "São Paulo": (-23.5505, -46.6333, "Brazil", "South America"),
    "Buenos Aires": (-34.6037, -58.3816, "Argentina", "South America"),
    "Cairo": (30.0444, 31.2357, "Egypt", "Africa"),
    "Nairobi": (-1.2921, 36.8219, "Kenya", "Africa"),
    "Cape Town": (-33.9249, 18.4241, "South Africa", "Africa"),
    "Tokyo": (35.6762, 139.6503, "Japan", "Asia"),
    "Beijing": (39.9042, 116.4074, "China", "Asia"),
    "Mumbai": (19.0760, 72.8777, "India", "Asia"),
    "Singapore": (1.3521, 103.8198, "Singapore", "Asia"),
    "Sydney": (-33.8688, 151.2093, "Australia", "Oceania"),
}

FORMULA = (
    r"d = 2r \arcsin \sqrt{\sin^2\frac{\varphi_2 - \varphi_1}{2}"
    r" + \cos\varphi_1 \cos\varphi_2 \sin^2\frac{\lambda_2 - \lambda_1}{2}},"
    r"\quad r = 6371\,\text{km}"
)


class InputError(ValueError):
    """Bad input: answered with 422."""


def haversine_km(a: str, b: str) -> float:
    lat1, lng1 = map(math.radians, CITIES[a][:2])
    lat2, lng2 = map(math.radians, CITIES[b][:2])
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def number_input(inputs: dict, key: str, low: float | None = None, high: float | None = None) -> float:
    value = inputs.get(key)
    if isinstance(value, str) and value.strip():
        try:
            value = float(value)
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise InputError(f"{key} must be a number")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InputError(f"{key} must be between {low} and {high}")
    return float(value)


def parse_inputs(inputs: dict) -> dict:
    cities = inputs.get("cities")
    if not isinstance(cities, list) or not all(isinstance(c, str) for c in cities):
        raise InputError("cities must be a list of city names")
    unknown = [c for c in cities if c not in CITIES]
    if unknown:
        raise InputError(f"unknown cities: {', '.join(unknown)}")
    start = inputs.get("start")
    if start not in CITIES:
        raise InputError(f"unknown start city: {start!r}")
    chosen = list(dict.fromkeys(cities))  # drop repeats, keep order
    if start not in chosen:
        chosen.insert(0, start)
    return_home = inputs.get("return_home")
    if not isinstance(return_home, bool):
        raise InputError("return_home must be true or false")
    departure = inputs.get("departure")
    try:
        departure_time = datetime.fromisoformat(str(departure))
    except ValueError:
        raise InputError("departure must be a date and time such as 2026-03-01T08:00") from None
    return {
        "cities": chosen,
        "start": start,
        "return_home": return_home,
        "speed": number_input(inputs, "speed_kmh", 100, 1200),
        "stopover": number_input(inputs, "stopover_hours", 0, 240),
        "departure": departure_time.replace(tzinfo=None, second=0, microsecond=0),
        "budget": number_input(inputs, "budget_km", 0),
    }


def nearest_neighbour_route(cities: list[str], start: str, return_home: bool) -> list[str]:
    route = [start]
    left = [c for c in cities if c != start]
    while left:
        here = route[-1]
        # min() keeps the first of equal distances, i.e. the city listed first
        nxt = min(left, key=lambda c: haversine_km(here, c))
        route.append(nxt)
        left.remove(nxt)
    if return_home:
        route.append(start)
    return route


def stamp(t: datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M")


def compute(raw_inputs: dict) -> dict:
    p = parse_inputs(raw_inputs)
    cities: list[str] = p["cities"]
    route = nearest_neighbour_route(cities, p["start"], p["return_home"])
    legs = list(zip(route, route[1:]))

    rows, events, tasks = [], [], []
    total = 0.0
    clock: datetime = p["departure"]
    for i, (a, b) in enumerate(legs, start=1):
        km = haversine_km(a, b)
        total += km
        minutes = round(km / p["speed"] * 60)
        rows.append({"leg": i, "from": a, "to": b, "km": round(km, 1), "cumulative_km": round(total, 1), "flight_minutes": minutes})
        arrive = clock + timedelta(minutes=minutes)
        events.append({"t": stamp(clock), "label": f"Depart {a}"})
        events.append({"t": stamp(arrive), "label": f"Arrive {b}"})
        tasks.append({"name": f"Fly {a} → {b}", "start": stamp(clock), "end": stamp(arrive)})
        clock = arrive
        if i < len(legs):
            leave = clock + timedelta(hours=p["stopover"])
            tasks.append({"name": f"Stay in {b}", "start": stamp(clock), "end": stamp(leave)})
            clock = leave

    total_km = round(total, 1)
    point = lambda c: {"lat": CITIES[c][0], "lng": CITIES[c][1], "label": c}  # noqa: E731

    # geography tree: continent -> country -> city, in catalogue order; value = number of cities
    tree_children = []
    for continent in dict.fromkeys(CITIES[c][3] for c in CITIES):
        in_continent = [c for c in CITIES if c in cities and CITIES[c][3] == continent]
        if not in_continent:
            continue
        countries = []
        for country in dict.fromkeys(CITIES[c][2] for c in in_continent):
            leaves = [{"id": c, "label": c, "value": 1, "children": []} for c in in_continent if CITIES[c][2] == country]
            countries.append({"id": country, "label": country, "value": len(leaves), "children": leaves})
        tree_children.append({"id": continent, "label": continent, "value": len(in_continent), "children": countries})

    # legs touching each city (map heat) and km flown to reach each city (treemap)
    touches = {c: 0 for c in cities}
    km_in = {c: 0.0 for c in cities}
    for a, b in legs:
        touches[a] += 1
        touches[b] += 1
        km_in[b] += haversine_km(a, b)
    continents = list(dict.fromkeys(CITIES[c][3] for c in cities))
    treemap = [
        {"id": k, "label": k, "value": round(sum(km_in[c] for c in cities if CITIES[c][3] == k), 1), "parent": None}
        for k in continents
    ] + [{"id": c, "label": c, "value": round(km_in[c], 1), "parent": CITIES[c][3]} for c in cities]

    lats = [CITIES[c][0] for c in cities]
    lngs = [CITIES[c][1] for c in cities]
    box = [[min(lats), min(lngs)], [min(lats), max(lngs)], [max(lats), max(lngs)], [max(lats), min(lngs)]]

    scatter = {}
    for c in cities:
        scatter.setdefault(CITIES[c][3], []).append({"x": CITIES[c][1], "y": CITIES[c][0], "label": c})

    geojson = {
        "type": "Feature",
        "properties": {"name": " → ".join(route), "length_km": total_km},
        "geometry": {"type": "LineString", "coordinates": [[CITIES[c][1], CITIES[c][0]] for c in route]},
    }

    return {
        "total_km": total_km,
        "within_budget": total <= p["budget"],
        "legs": {"columns": next(o["columns"] for o in MANIFEST["outputs"] if o["key"] == "legs"), "rows": rows},
        "cities_map": {"points": [point(c) for c in cities]},
        "route_map": {"points": [point(c) for c in route]},
        "region": {"polygons": [{"coords": box, "label": "Bounding box"}]},
        "visits": {"points": [{"lat": CITIES[c][0], "lng": CITIES[c][1], "weight": touches[c]} for c in cities]},
        "distance_matrix": {
            "x_labels": cities,
            "y_labels": cities,
            "z": [[round(haversine_km(a, b), 1) for b in cities] for a in cities],
        },
        "leg_shares": {"slices": [{"label": f"{r['from']} → {r['to']}", "value": r["km"]} for r in rows]},
        "distance_spread": {
            "series": [{"name": a, "values": [round(haversine_km(a, b), 1) for b in cities if b != a]} for a in cities]
        },
        "coordinates": {"series": [{"name": k, "points": v} for k, v in scatter.items()]},
        "route_graph": {
            "nodes": [{"id": c, "label": c} for c in cities],
            "edges": [{"source": r["from"], "target": r["to"], "label": f"{r['km']} km", "weight": r["km"]} for r in rows],
        },
        "geography": {"root": {"id": "all", "label": "Selected cities", "value": len(cities), "children": tree_children}},
        "km_by_city": {"nodes": treemap},
        "itinerary": {"events": events},
        "schedule": {"tasks": tasks},
        "reordering": {"before": "\n".join(cities) + "\n", "after": "\n".join(route) + "\n"},
        "formula": FORMULA + rf",\quad d_{{\text{{route}}}} = {total_km}\,\text{{km}}",
        "route_geojson": {"value": json.dumps(geojson, indent=2, ensure_ascii=False), "language": "json"},
    }


# ---- HTTP contract (pixie's docs/tool-format.md) ----


class Handler(BaseHTTPRequestHandler):
    server_version = "city-distances/1.0"

    def log_message(self, fmt, *args):  # keep stderr quiet: the validator captures it
        pass

    def send_json(self, status: int, body) -> None:
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        path = urlparse(self.path).path
        if path == "/healthz":
            self.send_json(200, {"status": "ok"})
        elif path == "/schema":
            self.send_json(200, MANIFEST)
        else:
            self.send_json(404, {"detail": f"no route {path}"})

    def do_POST(self):
        if urlparse(self.path).path != "/run":
            self.send_json(404, {"detail": "no such route"})
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"null")
        except (ValueError, UnicodeDecodeError):
            self.send_json(422, {"detail": "request body must be JSON"})
            return
        if not isinstance(body, dict):
            self.send_json(422, {"detail": "request body must be a JSON object"})
            return
        # Newer clients send {"inputs": {...}}; older ones copy inputs to the top level as well.
        given = body.get("inputs") if isinstance(body.get("inputs"), dict) else body
        inputs = {}
        for spec in MANIFEST["inputs"]:
            key = spec["key"]
            value = given.get(key)
            if value is None:
                value = body.get(key)
            inputs[key] = spec.get("default") if value is None else value
        try:
            self.send_json(200, compute(inputs))
        except InputError as err:
            self.send_json(422, {"detail": str(err)})


def main() -> None:
    parser = argparse.ArgumentParser(description="city-distances pixie tool")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    args = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True  # never wait for in-flight requests on exit

    def stop(signum, frame):
        # shutdown() blocks until serve_forever() returns, so it must run on another thread
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"city-distances listening on http://127.0.0.1:{args.port}", flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    finally:
        server.server_close()
    sys.exit(0)


if __name__ == "__main__":
    main()
