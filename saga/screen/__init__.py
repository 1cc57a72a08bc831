"""The game's screens on the emulated Amiga: title, map, requesters, game over.

Everything here draws on :mod:`amiga.display` and listens to
:mod:`amiga.input`; the turn logic reaches it only through
:class:`saga.engine.host.Host`.
"""
