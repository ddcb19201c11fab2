//! The words the game pages compute in Rust, in the reader's language: a game's status and
//! result, the terms of a challenge, the engine's verdict. The services word these in English
//! for logs, mails and the API; the pages map their values to messages here.

use crate::domain::{ColorChoice, EndReason, GameResult, GameStatus, Side};
use crate::i18n::Lang;
use crate::time_control::TimeControl;

/// "rated" or "casual".
pub fn rating_word(lang: &Lang, rated: bool) -> String {
    lang.t(if rated { "game-rated" } else { "game-casual" })
}

/// A challenge's terms: "3 days per move, rated", "untimed, no vacation, casual".
pub fn challenge_terms(
    lang: &Lang,
    control: &TimeControl,
    allow_vacation: bool,
    rated: bool,
) -> String {
    let id = if allow_vacation {
        "games-terms"
    } else {
        "games-terms-no-vacation"
    };
    lang.t2(
        id,
        "control",
        control.describe_in(lang),
        "rating",
        rating_word(lang, rated),
    )
}

/// Who plays which colour in a challenge: "alice plays White", "colours drawn at random".
pub fn colours_text(lang: &Lang, author: &str, choice: ColorChoice) -> String {
    match choice {
        ColorChoice::White => lang.t1("games-plays-white", "name", author),
        ColorChoice::Black => lang.t1("games-plays-black", "name", author),
        ColorChoice::Random => lang.t("games-colours-random"),
    }
}

/// An open challenge's rating range: "for players rated 1400 to 1700", "… 1400 or more",
/// "… up to 1700".
pub fn rating_range(lang: &Lang, (low, high): (Option<i64>, Option<i64>)) -> Option<String> {
    Some(match (low, high) {
        (None, None) => return None,
        (Some(low), Some(high)) => lang.t2("games-rating-range", "low", low, "high", high),
        (Some(low), None) => lang.t1("games-rating-at-least", "low", low),
        (None, Some(high)) => lang.t1("games-rating-at-most", "high", high),
    })
}

/// A player's name as pages show it: the computer's in the reader's language ("Ordinateur
/// (niveau 3)"), anyone else's as it is.
pub fn player(lang: &Lang, name: &str) -> String {
    match crate::games::model::computer_level_of(name) {
        Some(level) => lang.t1("game-computer-name", "level", level),
        None => name.to_owned(),
    }
}

/// "White", "Black".
pub fn side_word(lang: &Lang, side: Side) -> String {
    lang.t(match side {
        Side::White => "game-white",
        Side::Black => "game-black",
    })
}

/// Where a game stands in a list: "In progress", "White won (checkmate)", "Draw (stalemate)",
/// "No result (aborted)".
pub fn status_text(
    lang: &Lang,
    status: GameStatus,
    result: Option<GameResult>,
    reason: Option<EndReason>,
) -> String {
    let outcome = match (status, result) {
        (_, Some(GameResult::WhiteWins)) => "white",
        (_, Some(GameResult::BlackWins)) => "black",
        (_, Some(GameResult::Draw)) => "draw",
        (GameStatus::Active, None) => return lang.t("games-list-in-progress"),
        (GameStatus::Finished, None) => "none",
    };
    let outcome = lang.t1("games-list-outcome", "outcome", outcome);
    match reason {
        Some(reason) => lang.t2(
            "games-list-outcome-reason",
            "outcome",
            outcome,
            "reason",
            crate::game_mail::reason_text(lang, reason),
        ),
        None => outcome,
    }
}

/// The engine's score from White's side: "+0.35 (White is better)", "Black mates in 3".
pub fn score_text(lang: &Lang, score: plypost_engine::Score) -> String {
    match score {
        plypost_engine::Score::Mate(n) if n > 0 => lang.t1("analysis-white-mates", "moves", n),
        plypost_engine::Score::Mate(n) => lang.t1("analysis-black-mates", "moves", -n),
        plypost_engine::Score::Cp(cp) => {
            let verdict = match cp {
                c if c > 30 => "white",
                c if c < -30 => "black",
                _ => "equal",
            };
            let number = lang.decimal(f64::from(cp) / 100.0, 2);
            let signed = if number.starts_with('-') {
                number
            } else {
                format!("+{number}")
            };
            lang.t2("analysis-score", "score", signed, "verdict", verdict)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_reads_as_before() {
        let en = Lang::default();
        assert_eq!(
            score_text(&en, plypost_engine::Score::Cp(35)),
            "+0.35 (White is better)"
        );
        assert_eq!(
            score_text(&en, plypost_engine::Score::Cp(-120)),
            "-1.20 (Black is better)"
        );
        assert_eq!(
            score_text(&en, plypost_engine::Score::Cp(0)),
            "+0.00 (about equal)"
        );
        assert_eq!(
            score_text(&en, plypost_engine::Score::Mate(-3)),
            "Black mates in 3"
        );
        assert_eq!(
            rating_range(&en, (None, Some(1600))).as_deref(),
            Some("for players rated up to 1600")
        );
        assert_eq!(
            status_text(
                &en,
                GameStatus::Finished,
                Some(GameResult::WhiteWins),
                Some(EndReason::Checkmate)
            ),
            "White won (checkmate)"
        );
        assert_eq!(
            status_text(&en, GameStatus::Active, None, None),
            "In progress"
        );
        assert_eq!(player(&en, "Computer (level 3)"), "Computer (level 3)");
        assert_eq!(player(&en, "alice"), "alice");
        assert_eq!(
            rating_range(&en, (Some(1450), Some(1600))).as_deref(),
            Some("for players rated 1450 to 1600")
        );
        assert_eq!(rating_range(&en, (None, None)), None);
        assert_eq!(
            challenge_terms(&en, &TimeControl::DaysPerMove(3), false, true),
            "3 days per move, no vacation, rated"
        );
        assert_eq!(
            colours_text(&en, "alice", ColorChoice::Black),
            "alice plays Black"
        );
    }

    #[test]
    fn french_scores_use_the_decimal_comma() {
        let fr = Lang::from_tag("fr").expect("French");
        assert_eq!(
            score_text(&fr, plypost_engine::Score::Cp(-120)),
            "-1,20 (avantage aux Noirs)"
        );
        assert_eq!(
            player(&fr, &crate::games::model::computer_name(3)),
            "Ordinateur (niveau 3)"
        );
        assert_eq!(
            status_text(
                &fr,
                GameStatus::Finished,
                Some(GameResult::Draw),
                Some(EndReason::Stalemate)
            ),
            "Nulle (pat)"
        );
        assert_eq!(
            rating_range(&fr, (Some(1450), None)).as_deref(),
            Some("pour les joueurs classés 1450 ou plus")
        );
    }
}
