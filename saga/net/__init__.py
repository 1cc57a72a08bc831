"""Network play: every machine runs the same engine, only the humans' answers travel.

``protocol`` is the wire format and its rules, without any I/O; ``server``
and ``client`` move its lines over TCP; ``lockstep`` is the engine's host
that answers for this machine's seats and waits on the stream for the
others; ``discovery`` announces and finds games on the local network.
See docs/design.md, "Network play".
"""
