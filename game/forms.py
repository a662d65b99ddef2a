"""The board's form bodies (HTMX posts and plain form posts alike)."""

from django import forms
from django.utils.translation import gettext as _

from .engine import HAND_SIZE
from .engine.stream import check_client_seed


class MoveForm(forms.Form):
    """The move POST body: ``slot``, ``row``, ``col``, ``move_number`` (ranges are the service's to check)."""

    slot = forms.IntegerField()
    row = forms.IntegerField()
    col = forms.IntegerField()
    move_number = forms.IntegerField(min_value=0)


def posted_moves(data) -> list[dict] | None:
    """The moves of a board's move post, in order: each of :class:`MoveForm`'s fields once per move, at
    most a hand's pieces (the moves played on the page while the one before them was on its way).

    :returns: each move's cleaned fields, or ``None`` for a body that is not such a list.
    """
    columns = [data.getlist(name) for name in MoveForm.base_fields]
    count = len(columns[0])
    if not 1 <= count <= HAND_SIZE or any(len(column) != count for column in columns):
        return None
    moves = [MoveForm(dict(zip(MoveForm.base_fields, values, strict=True))) for values in zip(*columns, strict=True)]
    if not all(form.is_valid() for form in moves):
        return None
    return [form.cleaned_data for form in moves]


class NewGameForm(forms.Form):
    """A new-game POST body: the browser's ``client_seed`` (optional; the service checks it)."""

    client_seed = forms.CharField(required=False, strip=False)

    def clean_client_seed(self) -> str | None:
        try:
            return check_client_seed(self.cleaned_data["client_seed"] or None)
        except ValueError:
            raise forms.ValidationError(_("A client seed is 1 to 64 printable ASCII characters.")) from None
