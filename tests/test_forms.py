"""The forms' shared pieces: the per-seat fields a round form is sized with, the one name
limit every box, form and the API keep."""

from __future__ import annotations

from flask import Flask
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField
from wtforms.validators import DataRequired

from scorekeeper.api_spec import openapi_document
from scorekeeper.forms import (
    MAX_NAME_LENGTH,
    BlankSheetForm,
    RenamePlayerForm,
    RoundForm,
    bid_fields,
    points_fields,
    tricks_fields,
)
from scorekeeper.rules.names import MAX_NAME_LENGTH as RULES_LIMIT


def test_per_seat_fields_are_named_by_seat_and_speak_of_the_player(app: Flask) -> None:
    with app.test_request_context("/", method="POST", data={"bid_0": "2", "bid_1": ""}):
        sized = type("TableRound", (RoundForm,), {**bid_fields(["Ana", "Ben"])})
        form = sized(meta={"csrf": False})
        assert form.seat_field("bid", 0).label.text == "Ana's bid"
        assert not form.validate()
        assert form.errors == {"bid_1": ["Enter Ben's bid"]}
        assert form.seat_field("bid", 0).data == 2
    with app.test_request_context("/"):
        assert list(tricks_fields(["Ana", "Ben", "Cai"])) == ["tricks_0", "tricks_1", "tricks_2"]
        assert list(points_fields(["Ana"])) == ["points_0"]


def test_the_name_limit_is_the_rules_one_everywhere(app: Flask, client) -> None:  # type: ignore[no-untyped-def]
    assert MAX_NAME_LENGTH == RULES_LIMIT
    sheet = BlankSheetForm(MultiDict({"names-0": "x" * (MAX_NAME_LENGTH + 1)}))
    assert not sheet.validate() and "names" in sheet.errors
    with app.test_request_context("/", method="POST", data={"name": "x" * MAX_NAME_LENGTH}):
        rename = RenamePlayerForm(meta={"csrf": False})
        assert rename.validate(), rename.errors
    with app.app_context():
        players = openapi_document()["components"]["schemas"]["NewGame"]["properties"]["players"]
    assert players["items"]["maxLength"] == MAX_NAME_LENGTH
    page = client.get("/sheets").get_data(as_text=True)
    assert f'maxlength="{MAX_NAME_LENGTH}"' in page


def test_a_change_forms_hidden_fields_are_written_as_their_widgets_write_them(
    app: Flask,
) -> None:
    """``EditForm.hidden_tag`` writes a plain hidden field itself (its widget's machinery
    cost more than the rest of a round form's top): byte for byte what the widget writes,
    and a field with anything of its own goes through its widget."""
    with app.test_request_context("/", method="POST", data={"version": 'a"<&b', "number": "3"}):
        sized = type(
            "TableRound",
            (RoundForm,),
            {
                "plain": HiddenField(default="x y"),
                "styled": HiddenField(render_kw={"class": "note"}),
                "needed": HiddenField(validators=[DataRequired()]),
                **bid_fields(["Ana", "Ben"]),
            },
        )
        form = sized()
        form.styled.flags.disabled = True
        hidden = [field for field in form if field.type in ("HiddenField", "CSRFTokenField")]
        assert {field.name for field in hidden} >= {"version", "key", "number", "csrf_token"}
        assert str(form.hidden_tag()) == "\n".join(str(field) for field in hidden)
        assert 'value="a&#34;&lt;&amp;b"' in str(form.hidden_tag())
        assert "disabled" in str(form.hidden_tag())
