"""The display name form, and allauth's sign-in form in the site's words (the other account forms are allauth's)."""

from allauth.account.forms import LoginForm
from django import forms
from django.utils.translation import gettext_lazy as _

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


class SignInForm(LoginForm):
    """allauth's sign-in form (``ACCOUNT_FORMS``), its first field labelled with what to type rather than "Login"."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Username or email")
