"""Browser tests: Chromium on a phone-sized screen (see conftest.py)."""
