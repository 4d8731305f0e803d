"""Room codes and secret tokens."""

from __future__ import annotations

import hashlib
import hmac
import secrets

# No 0/O, 1/I/L: codes are typed on phones. 31 symbols, 8 of them: 31**8 ≈ 8.5e11 possible codes (≥ 1e11).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(raw: str) -> str:
    """Accept 'abcd-efgh', spaces, lower case; return the canonical code."""
    return "".join(ch for ch in raw.upper() if ch.isalnum())


def pretty_code(code: str) -> str:
    return f"{code[:4]}-{code[4:]}"


def new_token() -> str:
    """192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)
