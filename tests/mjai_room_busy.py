#!/usr/bin/env python3
"""A player of `mahjong serve --seats mjai,... --games 2` checking the room's front door, as the
reference server (gimite/mjai) keeps it:
  - while its game is played, a second connection is refused at once with "The room is busy";
  - joining again right after end_game seats it in the next game (it is not refused).
It plays tsumogiri (discards what it draws, calls nothing), so every answer is legal.
Usage: mjai_room_busy.py PORT          prints "ok: ..." and exits 0, or exits 1 saying why."""
import json
import socket
import sys
import time

PORT = int(sys.argv[1])


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def connect():
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=30)
    return sock, sock.makefile("r", encoding="utf-8")


def send(sock, message):
    sock.sendall((json.dumps(message) + "\n").encode())


def join(sock, lines):
    hello = json.loads(next(lines))
    if hello.get("type") != "hello":
        fail("expected hello, got " + json.dumps(hello))
    send(sock, {"type": "join", "name": "busy-check", "room": "default"})


def second_connection_is_refused():
    """Connects while the game waits for this player's answer; the first error must come within 5 s."""
    start = time.monotonic()
    sock, lines = connect()
    sock.settimeout(5)
    try:
        for line in lines:
            message = json.loads(line)
            if message.get("type") == "hello":
                send(sock, {"type": "join", "name": "second", "room": "default"})
                continue
            if message.get("type") != "error" or "busy" not in message.get("message", ""):
                fail("a connection during the game got " + line.strip())
            return time.monotonic() - start
    except socket.timeout:
        fail("a connection during the game was not answered within 5 s")
    finally:
        sock.close()
    fail("a connection during the game was closed without an error")


def play(sock, lines, during_game=None):
    me = None
    for line in lines:
        event = json.loads(line)
        kind = event.get("type")
        if kind == "error":
            fail("the server sent " + line.strip())
        if kind == "start_game":
            me = event["id"]
            if during_game:
                during_game()
        if kind == "end_game":
            return event["scores"]
        if kind == "tsumo" and event.get("actor") == me:
            send(sock, {"type": "dahai", "actor": me, "pai": event["pai"], "tsumogiri": True})
        else:
            send(sock, {"type": "none"})
    fail("the server closed the connection before end_game")


refused_after = []
sock, lines = connect()
join(sock, lines)
scores1 = play(sock, lines, lambda: refused_after.append(second_connection_is_refused()))
sock.close()
# At once, as a player of several games does: the next game must seat it.
sock, lines = connect()
join(sock, lines)
scores2 = play(sock, lines)
sock.close()
print("ok: refused during the game after %.3f s; seated again after end_game; scores %s then %s"
      % (refused_after[0], scores1, scores2))
