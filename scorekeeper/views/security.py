"""Headers on every answer: what the browser may load, frame, send and guess."""

from __future__ import annotations

from flask import Flask, request
from flask_login import current_user
from werkzeug.wrappers import Response

# No inline scripts or styles anywhere: everything comes from /static.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# A year; not for subdomains, which may be other people's services on a home network.
HSTS = "max-age=31536000"


def register(app: Flask) -> None:
    app.after_request(add_security_headers)


# The headers every answer gets unless it says otherwise, by their lower-case names, in
# the order they are added (the referrer's policy, None here, depends on the address).
EVERY_ANSWER = (
    ("content-security-policy", "Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "X-Content-Type-Options", "nosniff"),
    ("x-frame-options", "X-Frame-Options", "DENY"),
    ("referrer-policy", "Referrer-Policy", None),
    ("permissions-policy", "Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
    ("cross-origin-opener-policy", "Cross-Origin-Opener-Policy", "same-origin"),
)


def add_security_headers(response: Response) -> Response:
    headers = response.headers
    # The names the answer has, read once: each header is added only where it has none,
    # as setdefault would add it (which reads them all again for every header).
    has = {name.lower() for name, _ in headers.items()}
    for key, name, value in EVERY_ANSWER:
        if key in has:
            continue
        if value is None:
            # A watch link and a seat's link are secrets in the address: never sent on.
            secret = request.path.startswith(("/watch/", SEAT_PAGES))
            value = "no-referrer" if secret else "same-origin"
        headers.add(name, value)
    if request.is_secure and "strict-transport-security" not in has:
        # Served over HTTPS (directly, or behind a proxy trusted with TRUST_PROXY): the
        # browser is to come back over HTTPS only, never in clear on a shared Wi-Fi.
        headers.add("Strict-Transport-Security", HSTS)
    if must_not_be_kept(response):
        headers["Cache-Control"] = "no-store"
    return response


# A player's own seat page: it shows their hidden bid.
SEAT_PAGES = "/bid/"


def must_not_be_kept(response: Response) -> bool:
    """An answer no cache may keep, nor a browser show from its back-forward cache after
    logging out: a seat's page (its hidden bid), whatever an account is answered (pages,
    exports, sheets) and the API's answers (a token's data, a new token). An answer
    that says it may be shared (a watch board's, static files') keeps its own."""
    if request.path.startswith(SEAT_PAGES):
        return True
    said = response.headers.get("Cache-Control")
    if said is not None and "private" not in said:
        return False
    if request.path.startswith("/api/"):
        return True  # a token's answers, and the answer that hands out a token
    return bool(current_user and current_user.is_authenticated)
