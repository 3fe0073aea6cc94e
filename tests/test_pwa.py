"""Installable as an app: the manifest, the service worker and the offline page."""

from __future__ import annotations

from flask.testing import FlaskClient


def test_the_manifest_makes_the_app_installable(client: FlaskClient) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200
    assert answer.mimetype == "application/manifest+json"
    manifest = answer.get_json(force=True)
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == "image/png"
        image.close()


def test_the_service_worker_keeps_the_shell_and_never_a_post(client: FlaskClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-cache"
    script = answer.get_data(as_text=True)
    assert 'if (request.method !== "GET") return;' in script
    assert '"/offline"' in script and '"/static/app.js?v=' in script
    page = client.get("/offline")
    assert page.status_code == 200 and "No connection" in page.get_data(as_text=True)


def test_every_page_links_the_manifest(client: FlaskClient) -> None:
    page = client.get("/referee").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in page
    assert "user-scalable" not in page and "maximum-scale" not in page
