"""Players' names: what a name may be, and the key two names are compared by.

Two names are the same name when a person could take one for the other. The key of a name
(``key``, stored unique in ``users.name_key``) is therefore:

1. NFKC (``Ａｌｉｃｅ`` is ``Alice``), case-folded (``ALICE`` is ``alice``), the spaces around
   dropped and the separators inside (space, ``-``, ``_``, in runs) made one ``-``;
2. its *skeleton* under Unicode's confusables table (UTS #39, section 4, by ICU's
   ``SpoofChecker``: the Cyrillic ``а`` of ``Аlice`` is the Latin ``a``, ``rn`` is ``m``, ``1``
   and ``I`` are ``l``), case-folded again.

The confusables table is ICU's, maintained with each Unicode version (PyICU, the ``icu``
module). ``KEY_VERSION`` names the table a stored key was made with: when it changes, the
keys are made again (``accounts.refresh_name_keys``).

Names that look like a guest's (``guest-…``) or a deleted account's (``anonymous-…``) are
reserved for those.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import icu  # type: ignore[import-untyped]  # PyICU ships no type information

#: the Unicode version of the confusables table the keys are made with
KEY_VERSION = f"uts39-{icu.UNICODE_VERSION}"

#: a name as shown: 2 to 24 letters, digits, spaces, ``-`` or ``_`` (after NFKC)
NAME_RE = re.compile(r"^[\w\- ]{2,24}$")
_SEPARATORS = re.compile(r"[\s_\-]+")
#: prefixes of the names the server gives: guests, and deleted accounts
GUEST_PREFIX = "guest-"
ANONYMOUS_PREFIX = "anonymous-"

_checker = icu.SpoofChecker()


def shown(name: str) -> str:
    """The name as it will be shown: NFKC, spaces around dropped, inner spaces made one."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


@lru_cache(maxsize=4096)
def key(name: str) -> str:
    """The key two names are compared by (see the module's docstring)."""
    folded = unicodedata.normalize("NFKC", name).casefold().strip()
    folded = _SEPARATORS.sub("-", folded)
    skeleton = _checker.getSkeleton(0, folded)
    return unicodedata.normalize("NFC", unicodedata.normalize("NFKC", skeleton).casefold())


def valid(name: str) -> bool:
    """Whether ``name`` (as ``shown``) may be a person's chosen name."""
    return bool(NAME_RE.match(name)) and not reserved(name)


def reserved(name: str) -> bool:
    """Whether ``name`` is, or looks like, one the server gives (a guest's, a deleted
    account's)."""
    name_key = key(name)
    return any(name_key.startswith(key(prefix)) or name_key == key(prefix.rstrip("-"))
               for prefix in (GUEST_PREFIX, ANONYMOUS_PREFIX))
