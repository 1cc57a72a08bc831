"""How a game is put to people, whatever shows it: its words, its pens and a read-only view.

One floor above the engine: :mod:`saga.look.text` (the catalogs' words, and
warnings as the player reads them), :mod:`saga.look.pens` (which pen draws
what, and its colour) and :mod:`saga.look.view` (the game as screens may see
it, changing nothing).  The files, the hosts, the screens and the tools all
build on these; they import only the engine.
"""
