### The site's frame (header, navigation, footer), shared words, and how dates and numbers
### are written. Other files hold one area of the site each.

language-name = English

## Dates and numbers (see src/i18n/format.rs for the variables)

month-short-1 = Jan
month-short-2 = Feb
month-short-3 = Mar
month-short-4 = Apr
month-short-5 = May
month-short-6 = Jun
month-short-7 = Jul
month-short-8 = Aug
month-short-9 = Sep
month-short-10 = Oct
month-short-11 = Nov
month-short-12 = Dec
date-format = { $year }-{ $mm }-{ $dd }
datetime-format = { $date } { $time } { $zone }
number-group-separator = ,
number-decimal-separator = .

## Header and navigation

site-title-suffix = plypost
nav-sections = Sections
nav-home = Home
nav-games = Games
nav-tournaments = Tournaments
nav-presets = Presets
nav-logs = Logs
nav-ratings = Ratings
nav-help = Help
nav-account = Account
nav-admin = Admin
nav-log-out = Log out
nav-log-in = Log in
nav-register = Register

## Footer

footer-about = plypost — correspondence chess variants. Free software, MIT or Apache-2.0.
footer-variants-help = Writing a variant: the definition format and XBetza
footer-api-help = The JSON API
footer-language = Language
footer-language-choose = Show the site in this language

## Error and message pages

status-400-title = Bad request
status-400 = The request could not be understood. Please go back and try again.
status-403-title = Forbidden
status-403 = You are not allowed to do that. If you submitted a form, reload the page and try again.
status-404-title = Page not found
status-404 = There is nothing at this address.
status-405-title = Not allowed
status-405 = This address does not accept that kind of request.
status-413-title = Too large
status-413 = What you sent is larger than the server accepts.
status-429-title = Too many requests
status-429 = Please wait a little and try again.
status-503-title = Temporarily unavailable
status-503 = The server cannot answer right now. Please try again in a moment.
status-4xx-title = Request refused
status-4xx = The request could not be served.
status-500-title = Something went wrong
status-500 = The server failed to answer this request. The problem has been logged; please try again later.
error-home = Go to the home page
error-back = Go back

## Shared words

count-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}

## Spans of time

duration-none = no time left
duration-less-than-a-minute = less than a minute
duration-pair = { $big } { $small }
duration-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}

## Time controls

time-days-per-move = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
time-fischer = { $reserve } + { $increment } per move
time-fischer-no-increment = { $reserve } in all
time-with-cap = { $control }, at most { $cap }
time-untimed = untimed

## Titles of refusals

refusal-nothing-changed = Nothing changed
refusal-not-allowed = Not allowed
refusal-not-accepted = Not accepted
refusal-please-wait = Please wait

## Requests the server could not read

request-body-unreadable = The request body could not be read.
request-form-unreadable = The form could not be read.
request-form-incomplete = The form was incomplete.
request-field-nul = The field “{ $field }” contains a NUL character, which no text may hold.
request-address-nul = The address contains a NUL character (%00), which no text may hold.

## Settings: the language

settings-language = Language of pages and mails
settings-language-browser = The browser's choice (mails: { $mails })

## Results and how games end (pages and mails)

end-reason = { $reason ->
    [checkmate] checkmate
    [resignation] resignation
    [time] time
    [agreement] draw agreed
    [stalemate] stalemate
    [repetition] threefold repetition
    [move_count] move-count rule
    [bare_king] bare King
    [abandoned] abandoned
    [withdrawal] withdrawal from the tournament
    [adjudication] adjudicated by an admin
    [aborted] aborted
   *[account_deleted] account deleted
}
result-in-progress = in progress
result-with-reason = { $result }, { $reason }
result-none-reason = no result, { $reason }
result-none = no result
