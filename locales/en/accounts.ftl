### Log in, registration, password reset, address confirmation, unsubscribing.

auth-log-in = Log in
auth-register = Register
auth-create-account = Create an account
auth-username = Username
auth-username-hint = 3 to 32 letters, digits, _ or -.
auth-email = Email
auth-email-hint = For notifications and password resets; never shown to others.
auth-password = Password
auth-passwords-differ = The two passwords do not match.
settings-new-passwords-differ = The two new passwords do not match.
auth-password-again = Password again
auth-password-hint = At least 10 characters.
auth-forgot = Forgot your password?
auth-already-registered = Already registered?
auth-reset-title = Reset your password
auth-reset-sent-before = If an account uses
auth-reset-sent-after = , we have sent it a link to choose a new password. The link works for one hour.
auth-back-to-login = Back to log in
auth-reset-intro = Enter the email address of your account and we will send you a link.
auth-send-link = Send the link
auth-new-password-title = Choose a new password
auth-for-account = For the account
auth-new-password = New password
auth-new-password-again = New password again
auth-set-password = Set the password
auth-ask-new-link = Ask for a new link
auth-confirm-title = Confirm your address
auth-confirm-before = Press the button to confirm that
auth-confirm-after = is your address for plypost. Game mail then goes to it, and moves you send from it are played.
auth-confirm = Confirm
auth-confirm-new-link = Ask for a new link in your settings
auth-unsubscribe = Unsubscribe
auth-unsubscribe-done = Done: you will no longer get { $what }. You can switch them on again in your settings.
auth-unsubscribe-ask = Stop sending me { $what }?
# The mails an unsubscribe link is about. $kind: your_turn, reminder, chat, challenge, game_end.
auth-unsubscribe-what = { $kind ->
    [your_turn] emails when it is your move
    [reminder] reminders before your time runs out
    [chat] mails of what your opponents write in the chat
    [challenge] mails about challenges (made to you, accepted, declined)
    [game_end] mails telling how your games end
   *[other] these emails
}

## API tokens and the calendar

settings-api-title = API tokens and calendar
settings-api-settings = Settings
settings-api-how = How to use the API
settings-api-new-token-title = Your new token
settings-api-copy-now = Copy it now: it is shown only this once. Send it as
settings-api-token = Token
settings-api-tokens = Personal access tokens
settings-api-no-tokens = You have no tokens.
settings-api-c-name = Name
settings-api-c-scopes = Scopes
settings-api-c-made = Made
settings-api-c-last-used = Last used
settings-api-revoke = Revoke
settings-api-new-token = New token
settings-api-name = Name (what it is for)
settings-api-read = read: see your games, challenges and profile
settings-api-play = play: make challenges, move, resign, answer draw offers
settings-api-make-token = Make a token
settings-api-calendar = Deadline calendar
settings-api-calendar-intro = An iCalendar link with one event per game where it is your move, ending at your deadline, with a reminder. Subscribe to it in your calendar app; it follows your games as they move. Anyone with the link sees your deadlines, so keep it to yourself.
settings-api-calendar-link = Calendar link
settings-api-new-link = Make a new link (the old one stops working)
settings-api-make-link = Make a calendar link
settings-api-never = never
settings-api-revoked = The token was revoked; it no longer works.
settings-api-calendar-ready = Your calendar link is ready; an earlier link no longer works.

## Settings

settings-title = Settings
settings-signed-in-as = Signed in as
settings-member-since = member since
settings-notifications = Notifications and time
settings-notify-turn = Email me when it is my move
settings-notify-reminder = Remind me before my time runs out
settings-notify-chat = Email me what my opponents write in a game's chat
settings-notify-challenge = Email me challenges made to me, and when mine are accepted or declined
settings-notify-game-end = Email me how my games end
settings-notify-computer = Email me the computer's moves even when they come within a minute of mine (I am usually still on the page)
settings-long-notation = Show moves in long notation
settings-instead-of-standard = instead of standard notation
settings-public-chat = Let everyone read the chat of my finished games (only where my opponent allows it too)
settings-bots-before = Let bots (engines playing through the
settings-bot-api = bot API
settings-bots-after = ) challenge me
settings-time-zone = Time zone for dates
settings-save-preferences = Save preferences
settings-vacation = Vacation
settings-vacation-intro = Up to { $days } days a year. While you are on vacation your clocks stop in every game that allows it (not in "no vacation" games), your opponents see it, and no reminders are sent.
settings-on-vacation = You are on vacation
settings-vacation-since = since { $since }
settings-vacation-until = , until { $until } at the latest (when this year's allowance runs out).
settings-end-vacation = End my vacation
settings-vacation-left = Vacation left this year:
settings-start-vacation = Start my vacation
settings-moving-by-mail = Moving by mail
settings-mail-intro = Every mail about a game can be answered: reply with your move on the first line (any notation the game page takes), optionally a comment on the next line; or
settings-mail-or-move = or a move followed by
settings-mail-address = Replies go to a personal address at { $address } that names the game and you.
settings-mail-revoke-hint = If a mail of yours was forwarded or seen by someone else, revoke the addresses: replies to every earlier mail are then ignored, and new mails carry new addresses.
settings-mail-revoke = Revoke my reply addresses
settings-email-address = Email address
settings-currently = Currently
settings-not-confirmed = not confirmed
settings-link-to-confirm = A link to confirm
settings-link-mailed = was mailed to it { $at }.
settings-until-follow-old = Until you follow it, game mail goes to { $email }.
settings-until-follow-none = Until you follow it, no game mail is sent to you and moves by mail are not played.
settings-send-again = Send the link again
settings-address-unconfirmed = Your address is not confirmed: no game mail is sent to you.
settings-mail-confirmation = Mail me a confirmation link
settings-new-email = New email
settings-current-password = Current password
settings-change-email = Change email
settings-password = Password
settings-password-hint = At least 10 characters. Your other sessions will be signed out.
settings-change-password = Change password
settings-tokens-before = Tokens let scripts, bots and apps use the
settings-json-api = JSON API
settings-tokens-after = for you; the calendar link shows your deadlines in a calendar app.
settings-manage-tokens = Manage tokens and the calendar link
settings-your-data = Your data
settings-download = Download everything stored about you
settings-download-what = (JSON: your account, games with their moves, notes, chat messages, challenges, presets, ratings, API tokens, tournaments).
settings-delete-account = Delete your account
settings-delete-hint = Your active games are resigned, your open challenges withdrawn, your tournament places given up and your notes deleted. Finished games stay in the logs under an anonymous name. This cannot be undone.
settings-confirm-username = Your username, to confirm
settings-your-password = Your password
settings-delete-my-account = Delete my account
settings-notice-email = Your email address was changed.
settings-notice-email-link = A confirmation link was mailed to the new address.
settings-notice-email-confirmed = Your address is confirmed.
settings-notice-password = Your password was changed. Other sessions were signed out.
settings-notice-preferences = Your preferences were saved.
settings-notice-vacation-started = Your vacation has started: your clocks are stopped.
settings-notice-replies-revoked = Your reply addresses were revoked: replies to earlier mails are ignored; new mails carry new addresses.
settings-notice-vacation-ended = Welcome back: your vacation has ended and your clocks run again.
settings-vacation-none = none
