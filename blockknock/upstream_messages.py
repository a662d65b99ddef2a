"""Texts from Django and Django REST framework that players meet, translated by the project.

DRF ships a partial Traditional Chinese catalogue ("Authentication credentials were
not provided." is missing, for one), and Django joins "2 hours, 19 minutes" with an
English comma. Marking their msgids here puts them in the project's catalogue, which
comes first (``LOCALE_PATHS``), so every ``detail`` the API sends and every time left
the pages show is in the player's language, in the game's own words. Nothing imports
this module: it exists for ``makemessages``.
"""

from django.utils.translation import gettext_noop

DJANGO_MESSAGES = (
    gettext_noop(", "),  # django.utils.timesince joins "2 hours, 19 minutes" with it (|timeuntil)
)

DRF_MESSAGES = (
    # authentication and permissions
    gettext_noop("Authentication credentials were not provided."),
    gettext_noop("Incorrect authentication credentials."),
    gettext_noop("Invalid token."),
    gettext_noop("Invalid token header. No credentials provided."),
    gettext_noop("Invalid token header. Token string should not contain spaces."),
    gettext_noop("Invalid token header. Token string should not contain invalid characters."),
    gettext_noop("User inactive or deleted."),
    gettext_noop("You do not have permission to perform this action."),
    # requests
    gettext_noop("Not found."),
    gettext_noop('Method "{method}" not allowed.'),
    gettext_noop('Unsupported media type "{media_type}" in request.'),
    gettext_noop("Could not satisfy the request Accept header."),
    gettext_noop("Malformed request."),
    gettext_noop("JSON parse error - {detail}"),
    gettext_noop("Request was throttled."),
    gettext_noop("A server error occurred."),
    gettext_noop("Invalid page."),
    # fields
    gettext_noop("This field is required."),
    gettext_noop("This field may not be null."),
    gettext_noop("This field may not be blank."),
    gettext_noop("Invalid input."),
    gettext_noop("Not a valid string."),
    gettext_noop("A valid integer is required."),
    gettext_noop("String value too large."),
    gettext_noop("Ensure this value is less than or equal to {max_value}."),
    gettext_noop("Ensure this value is greater than or equal to {min_value}."),
    gettext_noop("Ensure this field has no more than {max_length} characters."),
    gettext_noop('"{input}" is not a valid choice.'),
    gettext_noop("Invalid data. Expected a dictionary, but got {datatype}."),
    gettext_noop('Expected a list of items but got type "{input_type}".'),
    gettext_noop("Date has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Must be a valid boolean."),
)
