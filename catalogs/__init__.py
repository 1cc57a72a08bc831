"""The game's catalog sources (saga.cd, the .ct translations) and compiled catalogs.

A package only so that the files install with the game and can be found
with importlib.resources.
"""
