"""The drivers of a live game in the window: the program's rounds of title
screen and game (:mod:`saga.window.app`) and the engine's host that shows a
game and answers for its humans with the screens (:mod:`saga.window.host`)."""
