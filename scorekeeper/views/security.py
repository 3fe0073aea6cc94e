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


def add_security_headers(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    headers.setdefault("X-Content-Type-Options", "nosniff")
    headers.setdefault("X-Frame-Options", "DENY")
    # A watch link and a seat's link are secrets in the address: never sent on.
    secret = request.path.startswith(("/watch/", SEAT_PAGES))
    referrer = "no-referrer" if secret else "same-origin"
    headers.setdefault("Referrer-Policy", referrer)
    headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if request.is_secure:
        # Served over HTTPS (directly, or behind a proxy trusted with TRUST_PROXY): the
        # browser is to come back over HTTPS only, never in clear on a shared Wi-Fi.
        headers.setdefault("Strict-Transport-Security", HSTS)
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
