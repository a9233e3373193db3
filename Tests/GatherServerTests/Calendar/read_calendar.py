#!/usr/bin/python3
"""Reads an RFC 5545 calendar from standard input with python3-icalendar (Debian's), as a
calendar app would, and prints what it understood as JSON: each event's UID, SEQUENCE, STATUS,
SUMMARY, LOCATION, and its start as an instant in UTC (the TZID resolved through the feed's own
VTIMEZONE), plus any line longer than 75 octets or not ending in CRLF."""
import datetime
import json
import sys

import icalendar

raw = sys.stdin.buffer.read()
problems = []
for number, line in enumerate(raw.split(b"\r\n")[:-1], 1):
    if len(line) > 75:
        problems.append("line %d has %d octets" % (number, len(line)))
    if b"\n" in line or b"\r" in line:
        problems.append("line %d has a bare line break" % number)
if not raw.endswith(b"\r\n"):
    problems.append("the last line does not end in CRLF")

calendar = icalendar.Calendar.from_ical(raw)
zones = {}
for component in calendar.walk("VTIMEZONE"):
    zones[str(component["TZID"])] = component.to_tz()

events = []
for event in calendar.walk("VEVENT"):
    start = event["DTSTART"]
    value = start.dt
    tzid = start.params.get("TZID")
    if tzid is not None and value.tzinfo is None:
        value = value.replace(tzinfo=zones[tzid])
    events.append({
        "uid": str(event["UID"]),
        "sequence": int(event["SEQUENCE"]),
        "status": str(event["STATUS"]),
        "summary": str(event["SUMMARY"]),
        "location": str(event.get("LOCATION")) if event.get("LOCATION") is not None else None,
        "tzid": tzid,
        "start": value.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "duration": int(event["DURATION"].dt.total_seconds()),
    })
print(json.dumps({"name": str(calendar.get("X-WR-CALNAME")), "events": events, "zones": sorted(zones), "problems": problems}))
