"""Reads each file named on the command line with Python's h11 (a reference HTTP/1.1 parser) as a
server would, and prints one JSON line per file: the requests it framed (method, target, body) and
whether it stopped on an error. The first byte of each file is the fuzz corpus's split seed and is
skipped."""
import json
import sys

import h11


def frame(data):
    connection = h11.Connection(our_role=h11.SERVER, max_incomplete_event_size=16 * 1024)
    connection.receive_data(data)
    connection.receive_data(b"")  # the peer closed: what is incomplete now stays incomplete
    requests, current, error = [], None, False
    while True:
        try:
            event = connection.next_event()
        except h11.RemoteProtocolError:
            error = True
            break
        if isinstance(event, h11.Request):
            current = {"method": event.method.decode("latin-1"), "target": event.target.decode("latin-1"), "body": ""}
        elif isinstance(event, h11.Data):
            current["body"] += bytes(event.data).decode("latin-1")
        elif isinstance(event, h11.EndOfMessage):
            requests.append(current)
            current = None
            # Answer, so h11 lets the connection go on to the next request (if it stays open).
            connection.send(h11.Response(status_code=204, headers=[]))
            connection.send(h11.EndOfMessage())
            if connection.our_state is h11.MUST_CLOSE or connection.their_state is h11.MUST_CLOSE:
                break
            try:
                connection.start_next_cycle()
            except h11.LocalProtocolError:
                break
        elif event is h11.NEED_DATA or event is h11.PAUSED or isinstance(event, h11.ConnectionClosed):
            break
    return {"requests": requests, "error": error}


for path in sys.argv[1:]:
    with open(path, "rb") as file:
        print(json.dumps(frame(file.read()[1:])))
