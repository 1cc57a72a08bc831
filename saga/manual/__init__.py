"""The in-game manual, one plain text file per language (see saga.screen.manual)."""
