### Players' profiles, the rating lists and the bots.

## The mark after a bot's name

bot-mark = BOT
bot-mark-title = A bot: an engine playing through the bot API

## A player's profile (/users/name)

users-feed-title = Games of { $name }
# Followed by users-bot-about-html.
users-bot-is = { $name } is a bot:
users-bot-about-html = an engine that plays through the <a href="/help/bots">bot API</a>. Challenge it like anyone; it answers at any hour while it is <a href="/bots">online</a>.
# $date: the day the account was made.
users-joined = Joined { $date }
users-feed-link = Atom feed of their games
users-challenge = Challenge { $name }
users-blocked = You have blocked { $name }: no challenges between you.
users-unblock = Unblock { $name }
users-block = Block { $name }
users-block-explained = A blocked player can no longer challenge you or accept your challenges.
# The viewer's games against this player.
users-record = Your record against { $name }: { $won } won, { $drawn } drawn, { $lost } lost.
users-ratings = Ratings
users-no-rated-games = No rated games yet.
users-column-variant = Variant
users-column-player = Player
users-column-rating = Rating
users-column-games = Games
users-column-won = Won
users-column-drawn = Drawn
users-column-lost = Lost
users-provisional = A rating marked ? is provisional: fewer games, or none for a while.
# The description of the rating chart, for screen readers. $first, $last: ratings.
users-chart-label = { $count ->
        [one] Rating after { $count } rated game, from { $first } to { $last }
       *[other] Rating after each of { $count } rated games, from { $first } to { $last }
    }
users-current-games = Current games
users-none = None.
# $shown: how many are listed; $total: how many there are.
users-current-total = The { $shown } most recently started of { $total } games in progress
users-current-total-link = all of them in the logs
users-finished-games = Finished games
users-none-on-this-page = None on this page.
users-finished-pages = Finished games pages
users-newest = Newest
users-newer = Newer
users-older = Older
# A game in the lists: "#12 Chess: alice vs bob".
users-game-title = #{ $id } { $variant }: { $white } vs { $black }
# $result: 1-0, 0-1 or 1/2-1/2; $date: the day it ended.
users-game-result-date = { $result }, { $date }
users-game-no-result-date = no result, { $date }
# A game in progress. A ply is one side's move.
users-game-plies = { $count ->
        [one] { $count } ply played
       *[other] { $count } plies played
    }

## The rating lists (/ratings, /ratings/variant)

# No markup; -html keeps the apostrophes as they are.
users-ratings-intro-html = Rated games are played with a variant's built-in rules and setup. Every rated game updates both players' ratings in its variant by the Glicko-2 system (τ = 0.5; a new player starts at 1500 ± 350). A rating is provisional, marked ?, while its deviation is above 110; each full 30 days without a rated game widens the deviation again.
users-leaderboard-title = { $variant } ratings
users-leaderboard-heading = { $variant }: ratings
# $deviation: a rating deviation; $days: a number of days.
users-leaderboard-rule = Players with a rating deviation below { $deviation } who played a rated game in the last { $days } days, best first.
users-leaderboard-empty = Nobody qualifies yet.

## The bots (/bots)

users-bots-title = Bots
users-bots-intro-html = Bots are engines that play through the <a href="/help/bots">bot API</a>, at any hour while they are online. Challenge one from its profile like any player; bots challenge only the players who allow it in their settings.
users-bots-empty = No bots yet.
users-bots-column-bot = Bot
users-bots-column-now = Now
users-bots-column-variants = Variants played
users-bots-online = online
users-bots-offline = offline
users-bots-no-variants = none yet
