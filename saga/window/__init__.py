"""The drivers of a live game in the window: the program's rounds of title
screen and game (:mod:`saga.window.app`), the host that answers the engine's
questions with the mouse and keyboard (:mod:`saga.window.host`), and saving
and loading with their messages (:mod:`saga.window.filemessages`).

Only these run the engine; everything they draw is drawn by :mod:`saga.screen`.
"""
