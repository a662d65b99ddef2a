"""Forms for sign-up and display names (Django's auth forms, the Player model)."""

from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import Player
from .names import name_normalise, name_validate


class DisplayNameField(forms.CharField):
    """A display name as typed, NFKC-normalised before the model's checks (:func:`~.names.name_validate`)."""

    def to_python(self, value):
        return name_normalise(super().to_python(value))


class SignupForm(UserCreationForm):
    """Username + password twice, with Django's password validators.

    A new account's username is also its display name, so it obeys the same rules.
    """

    class Meta(UserCreationForm.Meta):
        model = Player
        fields = ("username",)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].validators.insert(0, name_validate)


class NameForm(forms.ModelForm):
    """The display name shown on the site and leaderboards."""

    class Meta:
        model = Player
        fields = ("name",)
        field_classes = {"name": DisplayNameField}
