"""The game's screens on the emulated Amiga: title, map, requesters, game over.

Everything here draws on :mod:`amiga.display` and listens to
:mod:`amiga.input`.  Screens only draw and read input: they see a game
through :mod:`saga.look.view` and the engine's tables, and never run one; the
driver of a game in the window (:mod:`saga.window`) is the engine's
:class:`saga.engine.host.Host` and calls on them.
"""
