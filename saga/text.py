"""Message text (temporary: identity until the catalog layer lands)."""
from collections.abc import Callable

_KEYS = {"MSG_KEY_YES": "Y", "MSG_KEY_NO": "N", "MSG_KEY_GLORY": "G", "MSG_KEY_LUCK": "L",
         "MSG_KEY_WITHDRAW": "W", "MSG_KEY_RESTART": "R", "MSG_KEY_TRANSFER": "T"}


def english() -> Callable[[str], str]:
    return lambda name: _KEYS.get(name, name)
