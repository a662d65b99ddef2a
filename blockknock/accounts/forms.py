"""Forms for sign-up and display names (Django's auth forms, the Player model)."""

from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import Player


class SignupForm(UserCreationForm):
    """Username + password twice, with Django's password validators."""

    class Meta(UserCreationForm.Meta):
        model = Player
        fields = ("username",)


class NameForm(forms.ModelForm):
    """The display name shown on the site and leaderboards."""

    class Meta:
        model = Player
        fields = ("name",)
