"""The original's turn logic: tables, state, rules and the Amiga players.

Nothing here imports pygame or the screens.  Every die is drawn through the
random source injected into ``Game``, and state changes only here; the screens
look at the game through :mod:`saga.look.view`, and whoever shows a game and
answers for its humans (the window's driver, the tools' hosts) does so
through :mod:`saga.engine.host`.  Games are made in :mod:`saga.engine.session`.
"""
