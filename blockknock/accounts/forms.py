"""The display name form (sign-up and the other account forms are django-allauth's)."""

from django import forms

from .models import Player
from .names import name_normalise


class DisplayNameField(forms.CharField):
    """A display name as typed, NFKC-normalised before the model's checks (:func:`~.names.name_validate`)."""

    def to_python(self, value):
        return name_normalise(super().to_python(value))


class NameForm(forms.ModelForm):
    """The display name shown on the site and leaderboards."""

    class Meta:
        model = Player
        fields = ("name",)
        field_classes = {"name": DisplayNameField}
