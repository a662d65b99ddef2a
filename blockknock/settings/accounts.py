"""django-allauth's settings: sign-in, sign-up, email, password reset (``allauth.account``), passkeys and
authenticator apps (``allauth.mfa``), signed-in devices (``allauth.usersessions``).

Imported by ``base.py``; nothing here reads the environment. Guests, secured accounts and
sign-up meet in one place, the adapter (``blockknock/accounts/adapter.py``).
"""

ACCOUNT_ADAPTER = "blockknock.accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "blockknock.accounts.forms.SignInForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]  # email optional
ACCOUNT_EMAIL_VERIFICATION = "optional"  # an email given is verified by a link; playing never waits for it
ACCOUNT_EMAIL_NOTIFICATIONS = True  # a changed email or password is told to the (old) address
ACCOUNT_CHANGE_EMAIL = True  # one address at a time; a change keeps the old one until the new is verified
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USER_DISPLAY = "blockknock.accounts.adapter.user_display"
ACCOUNT_AUTHENTICATED_LOGIN_REDIRECTS = False  # a guest is signed in, and may still sign in or sign up
ACCOUNT_LOGOUT_REDIRECT_URL = "game:play"
ACCOUNT_USERNAME_MIN_LENGTH = 1
ACCOUNT_USERNAME_VALIDATORS = "blockknock.accounts.names.USERNAME_VALIDATORS"
ACCOUNT_PASSWORD_RESET_BY_CODE_ENABLED = False  # reset by a link in the mail
# Counted in the default cache (Redis in production). A failed sign-in counts against
# the address and the account: a guess spread over many addresses is still stopped.
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/h/ip",
    "reset_password": "20/m/ip,5/m/key",
    "reset_password_from_key": "20/m/ip",
    "change_password": "5/m/user",
    "manage_email": "10/m/user",
    "confirm_email": "1/3m/key",
    "reauthenticate": "10/m/user",
}
MFA_ADAPTER = "blockknock.accounts.adapter.MFAAdapter"
MFA_SUPPORTED_TYPES = ["totp", "webauthn", "recovery_codes"]
MFA_PASSKEY_LOGIN_ENABLED = True  # "Sign in with a passkey" on the sign-in page
MFA_TOTP_ISSUER = "Block Knock!"
# A signed-in device's last-seen time and address, written by allauth's tracking at most every few minutes
# per session and never for guests (blockknock.accounts.middleware.DeviceSeenMiddleware).
USERSESSIONS_TRACK_ACTIVITY = True
