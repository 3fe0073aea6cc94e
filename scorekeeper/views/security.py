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
    # A watch link is a secret in the address: never send it on to another page.
    referrer = "no-referrer" if request.path.startswith("/watch/") else "same-origin"
    headers.setdefault("Referrer-Policy", referrer)
    headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    if request.is_secure:
        # Served over HTTPS (directly, or behind a proxy trusted with TRUST_PROXY): the
        # browser is to come back over HTTPS only, never in clear on a shared Wi-Fi.
        headers.setdefault("Strict-Transport-Security", HSTS)
    if (
        "Cache-Control" not in headers  # a watch board's own, say: no login to look up
        and response.mimetype == "text/html"
        and current_user
        and current_user.is_authenticated
    ):
        # An account's pages are not kept by shared caches, nor shown from the
        # back-forward cache after logging out.
        headers.setdefault("Cache-Control", "no-store")
    return response
