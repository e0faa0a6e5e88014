"""Password hashing: argon2id through argon2-cffi, off the event loop.

A hash takes tens of milliseconds of CPU on purpose; it runs in a worker thread so the tables on
this node keep their pace while someone signs in. An unknown name is checked against a dummy hash,
so a wrong name and a wrong password cost the same time and get the same answer."""

from __future__ import annotations

import asyncio
import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from argon2 import PasswordHasher


@functools.cache
def _hasher() -> PasswordHasher:
    """The hasher, made on the first hash or check: importing argon2-cffi (its C bindings) is
    ≈ 25 ms of CPU that a server's start need not pay before its first answer (issue 28)."""
    from argon2 import PasswordHasher

    # argon2-cffi's defaults follow RFC 9106's second recommendation (argon2id, 64 MiB, 3 passes)
    return PasswordHasher()


@functools.cache
def _dummy() -> str:
    """The dummy hash, made on the first check (one hash: most of a second of CPU on a busy box,
    which every start of the server used to pay before its first answer)."""
    return _hasher().hash("not anybody's password")


MIN_LEN, MAX_LEN = 8, 128


def password_problem(password: object) -> str:
    """"" or why the password is refused (never echoes it)."""
    if not isinstance(password, str):
        return "password must be a string"
    if not MIN_LEN <= len(password) <= MAX_LEN:
        return f"password must be {MIN_LEN}-{MAX_LEN} characters"
    if "\x00" in password:
        return "password has a NUL character"
    return ""


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher().hash, password)


async def check_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (None: no such account, checked against a dummy)."""
    def check() -> bool:
        from argon2.exceptions import InvalidHashError, VerificationError

        dummy = _dummy()  # (asked on every check, so the first one costs the same with or without a name)
        try:
            return _hasher().verify(stored or dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False
    return await asyncio.to_thread(check)
