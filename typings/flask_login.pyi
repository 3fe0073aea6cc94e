# Flask-Login ships no types. This stub types what the app leans on (the views' decorator,
# the login manager it configures), so that strict mypy still checks the views' signatures;
# every other name (current_user, UserMixin, ...) stays untyped, as the library has it.
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from flask import Flask
from werkzeug.wrappers import Response

_P = ParamSpec("_P")
_R = TypeVar("_R")
_Loader = TypeVar("_Loader", bound=Callable[..., Any])

# The view itself, or the login manager's answer to someone not logged in.
def login_required(func: Callable[_P, _R]) -> Callable[_P, _R | Response]: ...

class LoginManager:
    login_view: str | None
    login_message: str
    login_message_category: str
    localize_callback: Callable[[str], str] | None
    def __init__(self, app: Flask | None = None, add_context_processor: bool = True) -> None: ...
    def init_app(self, app: Flask, add_context_processor: bool = True) -> None: ...
    # Both hand the loader back unchanged.
    def user_loader(self, callback: _Loader) -> _Loader: ...
    def request_loader(self, callback: _Loader) -> _Loader: ...
    def __getattr__(self, name: str) -> Any: ...

def __getattr__(name: str) -> Any: ...
