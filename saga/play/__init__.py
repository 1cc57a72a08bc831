"""Playing a session without a window: the plain hosts and replays.

:mod:`saga.play.hosts` answers the engine's questions for tools and tests
(nobody watching, passing on, a script, the terminal); :mod:`saga.play.replay`
records a game as it is played and plays one back.  Network play
(:mod:`saga.net`) and the window (:mod:`saga.window`) build on these.
"""
