"""The board's form bodies (HTMX posts and plain form posts alike)."""

from django import forms
from django.utils.translation import gettext as _

from .engine.stream import check_client_seed


class MoveForm(forms.Form):
    """The move POST body: ``slot``, ``row``, ``col``, ``move_number`` (ranges are the service's to check)."""

    slot = forms.IntegerField()
    row = forms.IntegerField()
    col = forms.IntegerField()
    move_number = forms.IntegerField(min_value=0)


class NewGameForm(forms.Form):
    """A new-game POST body: the browser's ``client_seed`` (optional; the service checks it)."""

    client_seed = forms.CharField(required=False, strip=False)

    def clean_client_seed(self) -> str | None:
        try:
            return check_client_seed(self.cleaned_data["client_seed"] or None)
        except ValueError:
            raise forms.ValidationError(_("A client seed is 1 to 64 printable ASCII characters.")) from None
