"""Network play: every machine runs the same engine, only the humans' answers travel.

``protocol`` is the wire format and its rules, without any I/O; ``server``
and ``client`` move its lines over TCP, ``keepalive`` keeps them alive,
``door`` (no I/O either) decides who may knock at the host and how often a
code is checked, and ``notices`` bounds what peers make a machine print;
``lockstep`` is the engine's host that answers for this machine's seats and
waits on the stream for the others; ``play`` hosts and joins a game;
``discovery`` announces and finds games on the local network.
See docs/design.md, "Network play".
"""
