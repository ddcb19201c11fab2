//! The bot API in the OpenAPI document (`/api/v1/openapi.json`, tag `bot`): its paths are
//! Lichess's, so they are described here from one table rather than generated from the
//! handlers; `/help/bots` says what differs for correspondence.

use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{
    ContentBuilder, ObjectBuilder, OpenApi, Ref, Required, ResponseBuilder, Type,
};
use utoipa::Modify;

/// Adds the bot API's paths and its error shape (`{"error": "..."}`).
pub struct BotApi;

/// What an endpoint answers with 200.
#[derive(Clone, Copy)]
enum Answer {
    Json,
    Ndjson,
    Pgn,
}

/// Method, path, whether it needs a token, its 200 answer, and what it does.
const ENDPOINTS: &[(HttpMethod, &str, bool, Answer, &str)] = &[
    (HttpMethod::Post, "/api/token/test", false, Answer::Json, "Tests tokens (the body: tokens separated by commas): `{\"<token>\": {\"userId\", \"scopes\", \"expires\"} or null}`. A token with the play scope has `bot:play`."),
    (HttpMethod::Get, "/api/account", true, Answer::Json, "The caller's account: `id`, `username`, `title` (`BOT` for a bot), `createdAt` and `seenAt` in ms, `perfs`."),
    (HttpMethod::Get, "/api/account/playing", true, Answer::Json, "`nbMyTurn` and `nowPlaying`: the caller's games in progress as `GameEventInfo`, the most urgent first (`nb`, 1 to 50, default 9)."),
    (HttpMethod::Get, "/api/users/status", false, Answer::Json, "`[{id, name, title, online}]` for `ids` (names, comma-separated, at most 100); a bot is online while its event stream is open."),
    (HttpMethod::Get, "/api/user/{username}", false, Answer::Json, "A player's account, as `/api/account`."),
    (HttpMethod::Post, "/api/bot/account/upgrade", true, Answer::Json, "Turns the caller's account, which has never played, into a bot, for good."),
    (HttpMethod::Get, "/api/bot/online", false, Answer::Ndjson, "The bots online, one account a line (`nb`, 1 to 512, default 100)."),
    (HttpMethod::Get, "/game/export/{gameId}", false, Answer::Pgn, "The game's PGN; Lichess's game JSON with `Accept: application/json`."),
    (HttpMethod::Get, "/api/stream/event", true, Answer::Ndjson, "The caller's events: on connecting a `gameStart` for every game in progress and a `challenge` for every challenge waiting; then `gameStart`, `gameFinish`, `challenge`, `challengeCanceled`, `challengeDeclined`. An empty line after 6 s of silence. A new stream closes the account's earlier one."),
    (HttpMethod::Get, "/api/bot/game/stream/{gameId}", true, Answer::Ndjson, "A game: `gameFull`, then a `gameState` after every move, offer and the end (`wtime`/`btime`: ms to the deadline), and `chatLine`s. An empty line after 6 s of silence; closes after 30 minutes without news."),
    (HttpMethod::Post, "/api/bot/game/{gameId}/move/{move}", true, Answer::Json, "A move in UCI as Fairy-Stockfish writes it (`e2e4`, `a10a11`, `e7e8q`); `offeringDraw=true` offers a draw with it. An illegal move is refused with 400."),
    (HttpMethod::Post, "/api/bot/game/{gameId}/resign", true, Answer::Json, "Resigns."),
    (HttpMethod::Post, "/api/bot/game/{gameId}/abort", true, Answer::Json, "Aborts the game before both sides have moved."),
    (HttpMethod::Post, "/api/bot/game/{gameId}/chat", true, Answer::Json, "Writes `text` in the game's chat (`room` is read; the game has one chat)."),
    (HttpMethod::Post, "/api/bot/game/{gameId}/takeback/{accept}", true, Answer::Json, "Answers the opponent's takeback request (`yes` or `no`)."),
    (HttpMethod::Post, "/api/bot/game/{gameId}/draw/{accept}", true, Answer::Json, "Answers the opponent's draw offer (`yes` or `no`)."),
    (HttpMethod::Post, "/api/challenge/{username}", true, Answer::Json, "Challenges a player: `rated`, `days` (none: unlimited), `color`, `variant` (a variant key, `standard` for chess, or a preset's slug); form or JSON. Answers the challenge (`ChallengeJson`), whose id the game will carry. Real-time clocks and `fen` are refused."),
    (HttpMethod::Post, "/api/challenge/{challengeId}/accept", true, Answer::Json, "Accepts a challenge made to the caller."),
    (HttpMethod::Post, "/api/challenge/{challengeId}/decline", true, Answer::Json, "Declines a challenge made to the caller, with a `reason` (`generic`, `later`, `tooFast`, `tooSlow`, `timeControl`, `rated`, `casual`, `standard`, `variant`, `noBot`, `onlyBot`)."),
    (HttpMethod::Post, "/api/challenge/{challengeId}/cancel", true, Answer::Json, "Withdraws the caller's challenge."),
];

impl Modify for BotApi {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.schemas.insert(
            "BotApiError".to_owned(),
            ObjectBuilder::new()
                .property("error", ObjectBuilder::new().schema_type(Type::String))
                .required("error")
                .into(),
        );
        let error = |description: &str| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("BotApiError")))
                        .build(),
                )
                .build()
        };
        for (method, path, authenticated, answer, description) in ENDPOINTS {
            let (media, what) = match answer {
                Answer::Json => ("application/json", "JSON"),
                Answer::Ndjson => ("application/x-ndjson", "One JSON object a line"),
                Answer::Pgn => ("application/x-chess-pgn", "PGN"),
            };
            let mut operation = OperationBuilder::new()
                .tag("bot")
                .description(Some(*description))
                .response(
                    "200",
                    ResponseBuilder::new()
                        .description(what)
                        .content(media, ContentBuilder::new().build())
                        .build(),
                )
                .response("400", error("A refused action, a malformed body"))
                .response("404", error("No such game, challenge or player"))
                .response(
                    "429",
                    error("Too many requests or streams (see Retry-After)"),
                );
            if *authenticated {
                operation = operation
                    .security(SecurityRequirement::new("token", Vec::<String>::new()))
                    .response("401", error("No token, or an unknown one"))
                    .response("403", error("The token lacks the scope"));
            }
            for name in path
                .split('/')
                .filter_map(|part| part.strip_prefix('{').and_then(|p| p.strip_suffix('}')))
            {
                operation = operation.parameter(
                    ParameterBuilder::new()
                        .name(name)
                        .parameter_in(ParameterIn::Path)
                        .required(Required::True)
                        .schema(Some(ObjectBuilder::new().schema_type(Type::String))),
                );
            }
            openapi
                .paths
                .add_path_operation(*path, vec![method.clone()], operation.build());
        }
    }
}
