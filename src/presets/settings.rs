//! What an owner can change in a preset, read from the edit form and checked: the name, the
//! setup (validated by the rules engine), the draw rules, the default time control, the
//! appearance and the description. Pure functions, tested without a database.

use plypost_rules::{NamedSetup, Position, RuleOptions, Variant};

use super::model::{VersionRow, Visibility};
use super::notes::Change;
use crate::domain::TimeKind;
use crate::i18n::{Message, MessageValue};
use crate::presets::fen_problems::{fen_error, setup_problem};
use crate::time_control::{TimeControl, TimeControlInput, DAY, HOUR};

pub const NAME_MAX_CHARS: usize = 60;
pub const DESCRIPTION_MAX_CHARS: usize = 10_000;
pub const NOTE_MAX_CHARS: usize = 200;
/// Longest accepted setup text (a 16x16 FEN is about 150 characters).
pub const FEN_MAX_CHARS: usize = 1_000;
/// Bounds of the move-count draw limit, in plies.
pub const MOVE_COUNT_MIN: u32 = 1;
pub const MOVE_COUNT_MAX: u32 = 10_000;
/// Piece letters shown in text diagrams: at most this many characters each.
pub const SHOWN_LETTER_MAX_CHARS: usize = 3;
/// Longest variant definition (a 16x16 built-in definition is about 12 000 characters).
pub const DEFINITION_MAX_CHARS: usize = 40_000;

/// A field of the edit form, for attaching an error message to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Name,
    Visibility,
    Setup,
    Setups,
    MoveCount,
    Days,
    Colors,
    Letters,
    Description,
    Note,
    Definition,
}

/// The messages for the fields that were refused.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldErrors(pub Vec<(Field, Message)>);

impl FieldErrors {
    pub fn add(&mut self, field: Field, message: Message) {
        self.0.push((field, message));
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The message of `field`, if it was refused.
    pub fn get(&self, field: Field) -> Option<&Message> {
        self.0.iter().find(|(f, _)| *f == field).map(|(_, m)| m)
    }
}

/// The edit form as typed.
#[derive(Debug, Clone, Default)]
pub struct SettingsInput {
    pub name: String,
    pub visibility: String,
    pub setup_fen: String,
    /// Several named start positions: `name: FEN` per line, the default's line marked `*`
    /// (see `presets::setups`); empty: the setup field only.
    pub setups: String,
    /// A number of plies; empty: no move-count draw.
    pub move_count_limit: String,
    pub repetition: bool,
    /// The default time control, as on the challenge form: `days`, `fischer` or `untimed`,
    /// and the fields of each.
    pub time_kind: String,
    pub days_per_move: String,
    pub reserve_days: String,
    pub increment_hours: String,
    pub cap_days: String,
    /// `#rrggbb` (or `#rgb`); empty: the default colour.
    pub light_color: String,
    pub dark_color: String,
    pub coordinates: bool,
    /// `G=E, C=K`: the letter shown for a piece in text diagrams.
    pub piece_letters: String,
    pub description: String,
    /// What the owner says about this change (shown in the version history).
    pub note: String,
    /// The variant definition (built-in TOML format); empty: keep the current one.
    pub definition: String,
}

/// Checked settings, ready to be stored as a version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub name: String,
    pub visibility: Visibility,
    pub setup_fen: String,
    /// The named start positions (`setup_fen` is one of them); empty: one setup.
    pub setups: Vec<NamedSetup>,
    pub move_count_limit: Option<u32>,
    pub repetition: bool,
    /// The default time control (`days_per_move` is kept for the other kinds too, as the
    /// days offered when a player switches to days per move).
    pub time_kind: String,
    pub days_per_move: i64,
    pub reserve_days: Option<i64>,
    pub increment_hours: Option<i64>,
    pub cap_days: Option<i64>,
    pub light_color: String,
    pub dark_color: String,
    pub coordinates: bool,
    pub piece_letters: String,
    pub description: String,
    /// The variant definition text the version pins.
    pub definition: String,
}

impl Settings {
    /// The settings a stored version pins (and the preset's current visibility).
    pub fn of_version(v: &VersionRow, visibility: Visibility) -> Self {
        Settings {
            name: v.name.clone(),
            visibility,
            setup_fen: v.setup_fen.clone(),
            setups: super::setups::decode(&v.setups),
            move_count_limit: v.move_count_limit.and_then(|l| u32::try_from(l).ok()),
            repetition: v.repetition,
            time_kind: v.time_kind.clone(),
            days_per_move: v.days_per_move,
            reserve_days: v.reserve_days,
            increment_hours: v.increment_hours,
            cap_days: v.cap_days,
            light_color: v.light_color.clone(),
            dark_color: v.dark_color.clone(),
            coordinates: v.coordinates,
            piece_letters: v.piece_letters.clone(),
            description: v.description.clone(),
            definition: v.definition.clone(),
        }
    }

    /// The default time control.
    pub fn time_control(&self) -> TimeControl {
        time_control_of(
            &self.time_kind,
            self.days_per_move,
            self.reserve_days,
            self.increment_hours,
            self.cap_days,
        )
    }

    pub fn rule_options(&self) -> RuleOptions {
        RuleOptions {
            move_count_limit: self.move_count_limit,
            repetition: self.repetition,
        }
    }

    /// The form filled with these settings.
    pub fn to_input(&self) -> SettingsInput {
        SettingsInput {
            name: self.name.clone(),
            visibility: self.visibility.as_str().to_owned(),
            setup_fen: self.setup_fen.clone(),
            setups: super::setups::to_text(&self.setups, &self.setup_fen),
            move_count_limit: self
                .move_count_limit
                .map(|l| l.to_string())
                .unwrap_or_default(),
            repetition: self.repetition,
            time_kind: self.time_kind.clone(),
            days_per_move: self.days_per_move.to_string(),
            reserve_days: self.reserve_days.map(|d| d.to_string()).unwrap_or_default(),
            increment_hours: self
                .increment_hours
                .map(|h| h.to_string())
                .unwrap_or_default(),
            cap_days: self.cap_days.map(|d| d.to_string()).unwrap_or_default(),
            light_color: self.light_color.clone(),
            dark_color: self.dark_color.clone(),
            coordinates: self.coordinates,
            piece_letters: self.piece_letters.clone(),
            description: self.description.clone(),
            note: String::new(),
            definition: self.definition.clone(),
        }
    }

    /// What changed from `old` to `self`, for the version history.
    pub fn changes_from(&self, old: &Settings) -> Vec<Change> {
        let mut out = Vec::new();
        if self.name != old.name {
            out.push(Change::Renamed {
                from: old.name.clone(),
            });
        }
        if self.visibility != old.visibility {
            out.push(Change::Visibility {
                now: self.visibility.as_str().to_owned(),
            });
        }
        if self.setup_fen != old.setup_fen {
            out.push(Change::Setup);
        }
        if self.setups != old.setups {
            out.push(Change::Setups {
                count: self.setups.len(),
            });
        }
        if self.move_count_limit != old.move_count_limit {
            out.push(Change::MoveCount {
                plies: self.move_count_limit,
            });
        }
        if self.repetition != old.repetition {
            out.push(Change::Repetition {
                on: self.repetition,
            });
        }
        if self.time_control() != old.time_control() {
            out.push(Change::TimeControl {
                kind: self.time_kind.clone(),
                days_per_move: self.days_per_move,
                reserve_days: self.reserve_days,
                increment_hours: self.increment_hours,
                cap_days: self.cap_days,
            });
        }
        if self.light_color != old.light_color
            || self.dark_color != old.dark_color
            || self.coordinates != old.coordinates
            || self.piece_letters != old.piece_letters
        {
            out.push(Change::Appearance);
        }
        if self.description != old.description {
            out.push(Change::Description);
        }
        if self.definition != old.definition {
            out.push(Change::Definition);
        }
        out
    }
}

/// A stored default time control (days per move when the kind is unknown).
pub fn time_control_of(
    kind: &str,
    days: i64,
    reserve_days: Option<i64>,
    increment_hours: Option<i64>,
    cap_days: Option<i64>,
) -> TimeControl {
    let Ok(kind) = kind.parse::<TimeKind>() else {
        return TimeControl::DaysPerMove(days);
    };
    TimeControl::from_day_columns(&crate::time_control::DayColumns {
        kind,
        days_per_move: Some(days),
        reserve_days,
        increment_hours,
        cap_days,
    })
}

/// A name: trimmed, not empty, no control characters.
pub fn check_name(text: &str) -> Result<String, Message> {
    let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(Message::new("error-preset-name-empty"));
    }
    if name.chars().count() > NAME_MAX_CHARS {
        return Err(Message::new("error-preset-name-long").arg("max", NAME_MAX_CHARS));
    }
    if name.chars().any(char::is_control) {
        return Err(Message::new("error-preset-name-control"));
    }
    Ok(name)
}

/// The setup as a position of `variant`, or the engine's reason why it is not one.
pub fn check_setup(variant: &Variant, fen: &str) -> Result<Position, Message> {
    let fen = fen.trim();
    if fen.chars().count() > FEN_MAX_CHARS {
        return Err(Message::new("error-preset-setup-long").arg("max", FEN_MAX_CHARS));
    }
    let invalid = |why: Message| Message::new("error-preset-setup-invalid").arg("why", why);
    let position = Position::from_fen(variant, fen).map_err(|e| invalid(fen_error(&e)))?;
    if let Some(problem) = position.setup_problems().first() {
        return Err(invalid(setup_problem(problem)));
    }
    if position.legal_moves().is_empty() {
        return Err(Message::new("error-preset-setup-no-move"));
    }
    Ok(position)
}

/// The named start positions: each FEN checked as the setup field is, an error naming its
/// setup. Returns the list and its default's FEN (`None` for an empty list).
fn check_setups(
    variant: &Variant,
    text: &str,
) -> Result<(Vec<NamedSetup>, Option<String>), Message> {
    let (list, default) = super::setups::parse_text(text)?;
    for setup in &list {
        check_setup(variant, &setup.fen).map_err(|e| {
            Message::new("error-preset-setups-position")
                .arg("name", &setup.name)
                .arg("problem", e)
        })?;
    }
    let default_fen = list.get(default).map(|s| s.fen.clone());
    Ok((list, default_fen))
}

/// `#rgb` or `#rrggbb`, lower-cased; empty stays empty (the default colour).
fn check_color(text: &str, which: &'static str) -> Result<String, Message> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(String::new());
    }
    let hex = text.strip_prefix('#').unwrap_or("");
    if (hex.len() == 3 || hex.len() == 6) && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(format!("#{}", hex.to_ascii_lowercase()))
    } else {
        Err(Message::new("error-preset-colour").arg("which", which))
    }
}

/// Reads `G=E, C=K` into pairs, normalised to `G=E C=K`. Every letter on the left must be a
/// piece of the variant; on the right, 1 to 3 letters, digits or `+`.
pub fn check_piece_letters(variant: &Variant, text: &str) -> Result<String, Message> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for item in text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|s| !s.is_empty())
    {
        let Some((letter, shown)) = item.split_once('=') else {
            return Err(Message::new("error-preset-letters-pair").arg("item", item));
        };
        if variant.kind_by_letter(letter).is_none() {
            return Err(Message::new("error-preset-letters-unknown")
                .arg("letter", letter)
                .arg("variant", variant));
        }
        let ok = !shown.is_empty()
            && shown.chars().count() <= SHOWN_LETTER_MAX_CHARS
            && shown.chars().all(|c| c.is_ascii_alphanumeric() || c == '+');
        if !ok {
            return Err(Message::new("error-preset-letters-shown")
                .arg("letter", letter)
                .arg("max", SHOWN_LETTER_MAX_CHARS));
        }
        if pairs.iter().any(|(l, _)| l == letter) {
            return Err(Message::new("error-preset-letters-twice").arg("letter", letter));
        }
        pairs.push((letter.to_owned(), shown.to_owned()));
    }
    Ok(pairs
        .iter()
        .map(|(l, s)| format!("{l}={s}"))
        .collect::<Vec<_>>()
        .join(" "))
}

/// The letter shown for each piece letter, from a normalised `G=E C=K` text.
pub fn shown_letters(text: &str) -> Vec<(String, String)> {
    text.split_whitespace()
        .filter_map(|pair| pair.split_once('='))
        .map(|(l, s)| (l.to_owned(), s.to_owned()))
        .collect()
}

/// The variant of a typed definition: `Ok(None)` when it is empty or the same as `current`'s;
/// otherwise the new variant, or every problem the engine found, one per line.
pub fn typed_variant(current: &Variant, text: &str) -> Result<Option<Variant>, Message> {
    let text = text.replace("\r\n", "\n");
    if text.trim().is_empty() || text.trim_end() == current.source_text().trim_end() {
        return Ok(None);
    }
    if text.chars().count() > DEFINITION_MAX_CHARS {
        return Err(Message::new("error-preset-definition-long").arg("max", DEFINITION_MAX_CHARS));
    }
    // One problem per line, each in the reader's language.
    Variant::from_toml(&text).map(Some).map_err(|errors| {
        let problems = errors
            .iter()
            .map(super::definition_problems::definition_error)
            .reduce(|list, next| {
                Message::new("error-lines")
                    .arg("first", list)
                    .arg("next", next)
            });
        Message::new("error-preset-definition-problems")
            .arg("count", errors.len())
            .arg(
                "problems",
                problems.map_or_else(|| MessageValue::from(""), MessageValue::from),
            )
    })
}

/// The days per move kept with another kind of default: as typed when valid, else 3.
fn kept_days(text: &str) -> i64 {
    let days = text
        .trim()
        .parse::<i64>()
        .unwrap_or(super::DEFAULT_DAYS_PER_MOVE);
    match TimeControl::parse(
        &TimeControlInput {
            kind: TimeKind::Days.as_str().to_owned(),
            days_per_move: days.to_string(),
            ..TimeControlInput::default()
        },
        true,
    ) {
        Ok(_) => days,
        Err(_) => super::DEFAULT_DAYS_PER_MOVE,
    }
}

/// The move-count limit: a number of plies in range, or empty for none.
fn check_move_count_limit(text: &str) -> Result<Option<u32>, Message> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<u32>() {
        Ok(n) if (MOVE_COUNT_MIN..=MOVE_COUNT_MAX).contains(&n) => Ok(Some(n)),
        _ => Err(Message::new("error-preset-move-count")
            .arg("min", MOVE_COUNT_MIN)
            .arg("max", MOVE_COUNT_MAX)),
    }
}

/// Days per move, reserve days, increment hours and cap days, as a version stores them.
type ClockColumns = (i64, Option<i64>, Option<i64>, Option<i64>);

/// The default time control, by the challenge form's own rules; untimed is allowed as a
/// default (the form asks for a named opponent when it is used).
fn check_default_clock(input: &SettingsInput) -> Result<(TimeControl, ClockColumns), Message> {
    let typed = TimeControlInput {
        kind: input.time_kind.clone(),
        days_per_move: input.days_per_move.clone(),
        reserve_days: input.reserve_days.clone(),
        increment_hours: input.increment_hours.clone(),
        cap_days: input.cap_days.clone(),
    };
    let control = TimeControl::parse(&typed, true)?;
    let columns = match control {
        TimeControl::DaysPerMove(days) => (days, None, None, None),
        TimeControl::Fischer {
            reserve,
            increment,
            cap,
        } => (
            kept_days(&input.days_per_move),
            Some(reserve / DAY),
            Some(increment / HOUR),
            cap.map(|c| c / DAY),
        ),
        TimeControl::Untimed => (kept_days(&input.days_per_move), None, None, None),
    };
    Ok((control, columns))
}

/// What is wrong with a description (nothing: empty).
fn description_problems(description: &str) -> Vec<Message> {
    let mut problems = Vec::new();
    if description.chars().count() > DESCRIPTION_MAX_CHARS {
        problems
            .push(Message::new("error-preset-description-long").arg("max", DESCRIPTION_MAX_CHARS));
    }
    if description
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        problems.push(Message::new("error-preset-description-control"));
    }
    problems
}

/// Checks every field against the `current` variant (or the typed definition's, when it
/// changed); returns the settings or the message of each refused field.
pub fn check(current: &Variant, input: &SettingsInput) -> Result<Settings, FieldErrors> {
    let mut errors = FieldErrors::default();
    let (variant, definition, definition_ok) = match typed_variant(current, &input.definition) {
        Ok(None) => (current.clone(), current.source_text().to_owned(), true),
        Ok(Some(v)) => {
            let text = v.source_text().to_owned();
            (v, text, true)
        }
        Err(e) => {
            errors.add(Field::Definition, e);
            (current.clone(), String::new(), false)
        }
    };
    let variant = &variant;
    let name = check_name(&input.name).unwrap_or_else(|e| {
        errors.add(Field::Name, e);
        String::new()
    });
    let visibility = Visibility::parse(&input.visibility).unwrap_or_else(|| {
        errors.add(Field::Visibility, Message::new("error-preset-visibility"));
        Visibility::Public
    });
    // Against a definition that does not load, the setup cannot be judged. With a list of
    // start positions, its default is the setup.
    let (setups, listed_default) = match check_setups(variant, &input.setups) {
        Ok(checked) => checked,
        Err(e) => {
            if definition_ok {
                errors.add(Field::Setups, e);
            }
            (Vec::new(), None)
        }
    };
    let setup_fen = match listed_default {
        Some(fen) => fen,
        None => match check_setup(variant, &input.setup_fen) {
            Ok(_) => input.setup_fen.trim().to_owned(),
            Err(e) if definition_ok => {
                errors.add(Field::Setup, e);
                String::new()
            }
            Err(_) => String::new(),
        },
    };
    let move_count_limit = check_move_count_limit(&input.move_count_limit).unwrap_or_else(|e| {
        errors.add(Field::MoveCount, e);
        None
    });
    let (control, clock_columns) = check_default_clock(input).unwrap_or_else(|e| {
        errors.add(Field::Days, e);
        let days = kept_days(&input.days_per_move);
        (TimeControl::Untimed, (days, None, None, None))
    });
    let (days_per_move, reserve_days, increment_hours, cap_days) = clock_columns;
    let mut color = |text: &str, which: &'static str| {
        check_color(text, which).unwrap_or_else(|e| {
            if errors.get(Field::Colors).is_none() {
                errors.add(Field::Colors, e);
            }
            String::new()
        })
    };
    let light_color = color(&input.light_color, "light");
    let dark_color = color(&input.dark_color, "dark");
    let piece_letters = check_piece_letters(variant, &input.piece_letters).unwrap_or_else(|e| {
        errors.add(Field::Letters, e);
        String::new()
    });
    let description = input.description.replace("\r\n", "\n").trim().to_owned();
    for problem in description_problems(&description) {
        errors.add(Field::Description, problem);
    }
    if input.note.chars().count() > NOTE_MAX_CHARS || input.note.chars().any(char::is_control) {
        errors.add(
            Field::Note,
            Message::new("error-preset-note").arg("max", NOTE_MAX_CHARS),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Settings {
        name,
        visibility,
        setup_fen,
        setups,
        move_count_limit,
        repetition: input.repetition,
        time_kind: control.kind().as_str().to_owned(),
        days_per_move,
        reserve_days,
        increment_hours,
        cap_days,
        light_color,
        dark_color,
        coordinates: input.coordinates,
        piece_letters,
        description,
        definition,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Variant {
        Variant::builtin("chess").unwrap()
    }

    fn input() -> SettingsInput {
        SettingsInput {
            name: "  My   chess ".into(),
            visibility: "public".into(),
            setup_fen: chess().start_fen().to_owned(),
            setups: String::new(),
            move_count_limit: "100".into(),
            repetition: true,
            time_kind: "days".into(),
            days_per_move: "3".into(),
            reserve_days: String::new(),
            increment_hours: String::new(),
            cap_days: String::new(),
            light_color: "#EEDCB4".into(),
            dark_color: String::new(),
            coordinates: true,
            piece_letters: "N=S, Q=D".into(),
            description: "Hello\r\nworld".into(),
            note: String::new(),
            definition: String::new(),
        }
    }

    #[test]
    fn good_input_is_normalised() {
        let s = check(&chess(), &input()).unwrap();
        assert_eq!(s.name, "My chess");
        assert_eq!(s.light_color, "#eedcb4");
        assert_eq!(s.piece_letters, "N=S Q=D");
        assert_eq!(s.description, "Hello\nworld");
        assert_eq!(s.move_count_limit, Some(100));
        assert_eq!(
            shown_letters(&s.piece_letters),
            vec![("N".into(), "S".into()), ("Q".into(), "D".into())]
        );
    }

    #[test]
    fn every_bad_field_is_reported() {
        let bad = SettingsInput {
            name: " ".into(),
            visibility: "secret".into(),
            setup_fen: "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            move_count_limit: "0".into(),
            days_per_move: "99".into(),
            light_color: "red\" onload=\"x".into(),
            piece_letters: "Z=Q".into(),
            ..input()
        };
        let errors = check(&chess(), &bad).unwrap_err();
        for field in [
            Field::Name,
            Field::Visibility,
            Field::Setup,
            Field::MoveCount,
            Field::Days,
            Field::Colors,
            Field::Letters,
        ] {
            assert!(errors.get(field).is_some(), "{field:?}");
        }
        assert_eq!(
            errors.get(Field::Setup).map(ToString::to_string).as_deref(),
            Some("Invalid setup: rank 7 of the FEN has 9 squares, the board has 8.")
        );
    }

    #[test]
    fn a_setup_needs_the_royal_pieces_and_no_piece_where_it_must_promote() {
        assert_eq!(
            check_setup(&chess(), "8/8/8/8/8/8/8/4K3 w - - 0 1")
                .unwrap_err()
                .to_string(),
            "Invalid setup: Black has no King, and the variant gives each side one."
        );
        assert_eq!(
            check_setup(&chess(), "P3k3/8/8/8/8/8/8/4K3 w - - 0 1")
                .unwrap_err()
                .to_string(),
            "Invalid setup: the White Pawn on a8 stands where it must promote."
        );
        assert_eq!(
            check_setup(&chess(), "4k3/8/8/8/8/8/8/4K2p b - - 0 1")
                .unwrap_err()
                .to_string(),
            "Invalid setup: the Black Pawn on h1 stands where it must promote."
        );
        // A Rook on the last rank, a Pawn one short of it: fine.
        assert!(check_setup(&chess(), "R3k3/P7/8/8/8/8/8/4K3 b - - 0 1").is_ok());
        // Optional promotion (Obento's three-rank zone): a Pawn may stand in the zone.
        let obento = Variant::builtin("obento").unwrap();
        let start = Position::from_fen(&obento, obento.start_fen()).unwrap();
        assert!(start.setup_problems().is_empty());
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            for fen in
                std::iter::once(v.start_fen()).chain(v.setups().iter().map(|s| s.fen.as_str()))
            {
                assert!(check_setup(&v, fen).is_ok(), "{name}");
            }
        }
    }

    #[test]
    fn a_list_of_start_positions_sets_the_setup_and_names_a_bad_one() {
        let shuffled = "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w - - 0 1";
        let mut typed = input();
        typed.setups = format!("orthodox: {}\n*shuffle 1: {shuffled}", chess().start_fen());
        let settings = check(&chess(), &typed).unwrap();
        assert_eq!(settings.setups.len(), 2);
        assert_eq!(settings.setup_fen, shuffled);
        assert_eq!(settings.setups[1].name, "shuffle 1");
        // The form shows the list back with its default marked.
        assert!(settings.to_input().setups.contains("*shuffle 1: "));
        typed.setups = format!("orthodox: {}\nbroken: 8/8/8 w - - 0 1", chess().start_fen());
        let errors = check(&chess(), &typed).unwrap_err();
        let message = errors.get(Field::Setups).unwrap().to_string();
        assert!(
            message.starts_with("Start position “broken”: Invalid setup"),
            "{message}"
        );
        assert!(errors.get(Field::Setup).is_none());
    }

    #[test]
    fn empty_limit_switches_the_draw_off_and_finished_setups_are_refused() {
        let s = check(
            &chess(),
            &SettingsInput {
                move_count_limit: String::new(),
                ..input()
            },
        )
        .unwrap();
        assert_eq!(s.move_count_limit, None);
        // Black is stalemated.
        let err = check_setup(&chess(), "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
            .unwrap_err()
            .to_string();
        assert!(err.contains("no legal move"), "{err}");
    }

    #[test]
    fn a_new_definition_is_checked_and_judges_the_setup() {
        let chess = chess();
        // Unchanged (or empty): the current definition.
        let same = check(
            &chess,
            &SettingsInput {
                definition: chess.source_text().replace('\n', "\r\n"),
                ..input()
            },
        )
        .unwrap();
        assert_eq!(same.definition, chess.source_text());
        // Every problem, each with its line.
        let bad = chess
            .source_text()
            .replace("width = 8", "width = 99")
            .replacen("[[piece]]", "colour = \"blue\"\n[[piece]]", 1);
        let errors = check(
            &chess,
            &SettingsInput {
                definition: bad,
                ..input()
            },
        )
        .unwrap_err();
        let message = errors.get(Field::Definition).unwrap().to_string();
        assert!(
            message.starts_with("The variant definition has"),
            "{message}"
        );
        assert!(
            message.lines().skip(1).all(|l| l.starts_with("line ")),
            "{message}"
        );
        assert!(message.lines().count() >= 3, "{message}");
        assert_eq!(
            errors.get(Field::Setup),
            None,
            "no setup verdict without a variant"
        );
        // A valid new definition: the setup is judged by it.
        let wide = chess
            .source_text()
            .replace("width = 8", "width = 9")
            .replace(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
                "rnbqkbnrr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRR",
            );
        let errors = check(
            &chess,
            &SettingsInput {
                definition: wide.clone(),
                ..input()
            },
        )
        .unwrap_err();
        assert!(errors
            .get(Field::Setup)
            .unwrap()
            .to_string()
            .contains("the board has 9"));
        let ok = check(
            &chess,
            &SettingsInput {
                definition: wide.clone(),
                setup_fen: "4k4/9/9/9/9/9/9/4K4 w - - 0 1".into(),
                ..input()
            },
        )
        .unwrap();
        assert_eq!(ok.definition, wide);
    }

    #[test]
    fn any_kind_of_time_control_can_be_the_default() {
        let fischer = check(
            &chess(),
            &SettingsInput {
                time_kind: "fischer".into(),
                days_per_move: "junk".into(),
                reserve_days: "7".into(),
                increment_hours: "12".into(),
                ..input()
            },
        )
        .unwrap();
        assert_eq!(
            (
                fischer.time_kind.as_str(),
                fischer.reserve_days,
                fischer.increment_hours
            ),
            ("fischer", Some(7), Some(12))
        );
        assert_eq!(fischer.days_per_move, 3);
        assert_eq!(fischer.to_input().reserve_days, "7");
        let untimed = check(
            &chess(),
            &SettingsInput {
                time_kind: "untimed".into(),
                ..input()
            },
        )
        .unwrap();
        assert_eq!(untimed.time_control(), TimeControl::Untimed);
        let bad = check(
            &chess(),
            &SettingsInput {
                time_kind: "fischer".into(),
                reserve_days: "0".into(),
                ..input()
            },
        )
        .unwrap_err();
        assert!(bad
            .get(Field::Days)
            .unwrap()
            .to_string()
            .contains("reserve"));
    }

    #[test]
    fn changes_are_described() {
        let old = check(&chess(), &input()).unwrap();
        let mut new = old.clone();
        new.repetition = false;
        new.setup_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into();
        assert_eq!(
            new.changes_from(&old),
            vec![Change::Setup, Change::Repetition { on: false }]
        );
        assert!(old.changes_from(&old).is_empty());
    }
}
