"""The game's files: saved games, replays and traces, ``Saga.config``, and where they live.

Formats and their reading and writing, atomically and bounded (through
:mod:`amiga.dos`); they build on the engine's state and the game's words
(:mod:`saga.look`), and know nothing of hosts, screens or the network.
"""
