//! The rules of a preset in plain words, from the variant definition and the preset's draw
//! rules: promotion and the special rules. Plain text (the page escapes it).

use plypost_rules::{RuleOptions, StalemateRule, Variant};

/// Names joined as "A", "A or B", "A, B or C".
fn or_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// "a" or "an" before `word` (by its first letter: piece names, not phonetics).
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o') => "an",
        _ => "a",
    }
}

/// The same, capitalised, to start a sentence.
fn capital_article(word: &str) -> &'static str {
    if article(word) == "an" {
        "An"
    } else {
        "A"
    }
}

fn plural(n: u8, one: &str, many: &str) -> String {
    if n == 1 {
        one.to_owned()
    } else {
        format!("{n} {many}")
    }
}

/// Promotion rules, one sentence per line: the zone, then each promoting piece.
pub fn promotion_rules(variant: &Variant) -> Vec<String> {
    let promoting: Vec<_> = variant
        .pieces()
        .iter()
        .filter(|p| p.can_promote())
        .collect();
    if promoting.is_empty() {
        return vec!["No piece promotes.".to_owned()];
    }
    let zone = variant.promotion_zone();
    let mut out = vec![format!(
        "The promotion zone is {} (the last from each player's side).",
        plural(zone, "the last rank", "ranks")
    )];
    out.push(if variant.promotion_is_optional() {
        "Promotion is optional on a move that ends in the zone.".to_owned()
    } else {
        "Promotion is compulsory: every move of a promoting piece that ends in the zone promotes."
            .to_owned()
    });
    for piece in promoting {
        let mut sentence = if piece.promotes_by_start_file {
            let targets: Vec<String> = (0..variant.width())
                .filter_map(|file| {
                    let kind = variant.file_promotion_target(file)?;
                    Some(format!(
                        "{}: {}",
                        plypost_board::square_name(usize::from(file), variant.width())
                            .trim_end_matches(char::is_numeric),
                        variant.kind(kind).name
                    ))
                })
                .collect();
            format!(
                "{} {} promotes to the piece of the file it started on ({}), even after it changed file by capturing.",
                capital_article(&piece.name),
                piece.name,
                targets.join(", ")
            )
        } else {
            let names: Vec<String> = piece
                .promotes_to
                .iter()
                .map(|&k| variant.kind(k).name.clone())
                .collect();
            if names.len() == 1 {
                format!(
                    "{} {} promotes to {} {}.",
                    capital_article(&piece.name),
                    piece.name,
                    article(&names[0]),
                    names[0]
                )
            } else {
                format!(
                    "{} {} promotes to {} {}, as the player chooses.",
                    capital_article(&piece.name),
                    piece.name,
                    article(&names[0]),
                    or_list(&names)
                )
            }
        };
        if let Some(black) = &piece.black_promotes_to {
            let list = |ids: &[plypost_rules::KindId]| {
                let names: Vec<String> =
                    ids.iter().map(|&k| variant.kind(k).name.clone()).collect();
                if names.is_empty() {
                    "nothing".to_owned()
                } else {
                    or_list(&names)
                }
            };
            sentence = format!(
                "{} {} promotes to {} for White and to {} for Black.",
                capital_article(&piece.name),
                piece.name,
                list(&piece.promotes_to),
                list(black)
            );
        }
        let limited: Vec<String> = variant
            .pieces()
            .iter()
            .filter_map(|k| {
                variant
                    .promotion_limit(k.id)
                    .map(|n| format!("{n} {}", k.name))
            })
            .collect();
        if !limited.is_empty()
            && piece
                .promotes_to
                .iter()
                .any(|&t| variant.promotion_limit(t).is_some())
        {
            sentence.push_str(&format!(
                " It may promote only to a piece its side has fewer of than: {}.",
                limited.join(", ")
            ));
        }
        if variant.promotion_is_optional() && piece.must_promote_on_last_rank {
            sentence.push_str(" It must promote on reaching the last rank.");
        }
        out.push(sentence);
    }
    if let Some(note) = variant.provisional_promotion() {
        out.push(format!("Provisional: {note}"));
    }
    out
}

/// The special rules of the variant and the draw rules of the preset.
pub fn special_rules(variant: &Variant, options: RuleOptions) -> Vec<String> {
    let mut out = Vec::new();
    let royal: Vec<String> = variant
        .pieces()
        .iter()
        .filter(|p| p.is_royal)
        .map(|p| p.name.clone())
        .collect();
    if !royal.is_empty() {
        let end = variant.end_rules();
        let stalemate = match end.stalemate {
            StalemateRule::Draw => "Stalemate is a draw.",
            StalemateRule::Loss => "A player who is stalemated loses.",
            StalemateRule::Win => "A player who is stalemated wins.",
        };
        out.push(format!(
            "Checkmate the enemy {} to win. {stalemate}",
            or_list(&royal)
        ));
        if end.bare_king {
            out.push(
                "Bare King: a player left with the King alone loses, unless the next move \
                 leaves the opponent's King alone too."
                    .to_owned(),
            );
        }
    }
    if variant.has_king_jump() {
        out.push(
            "King's jump: on its first move, and only when not in check, the King may jump to an \
             empty square two away (straight, diagonal or a Knight's leap), never capturing. A \
             straight or diagonal jump needs the square passed over to be unattacked; a \
             Knight-shaped jump needs one of its two passed squares to be unattacked."
                .to_owned(),
        );
    }
    if let Some(c) = variant.castling() {
        let distance = if c.king_distance == c.queenside_king_distance {
            plural(c.king_distance, "one square", "squares")
        } else {
            format!(
                "{} toward the last file or {} toward the a-file",
                plural(c.king_distance, "one square", "squares"),
                plural(c.queenside_king_distance, "one square", "squares")
            )
        };
        out.push(format!(
            "Castling: the King, never moved and not in check, moves {distance} toward an \
             unmoved {} of its side, which then stands on the square next to it on the inner \
             side. The squares the King passes over must not be attacked.",
            variant.kind(c.rook_kind).name
        ));
    }
    let creators: Vec<String> = variant
        .pieces()
        .iter()
        .filter(|p| p.creates_en_passant)
        .map(|p| p.name.clone())
        .collect();
    let takers: Vec<String> = variant
        .pieces()
        .iter()
        .filter(|p| p.captures_en_passant)
        .map(|p| p.name.clone())
        .collect();
    if !creators.is_empty() && !takers.is_empty() {
        out.push(format!(
            "En passant: after a {} moves two or more squares without capturing, an enemy {} \
             that could capture on a square it passed over may do so on the very next move, \
             removing it.",
            or_list(&creators),
            or_list(&takers)
        ));
    }
    let hoppers: Vec<String> = variant
        .pieces()
        .iter()
        .filter(|p| {
            p.moves
                .iter()
                .any(|m| matches!(m.shape, plypost_rules::model::Shape::Hop { .. }))
        })
        .map(|p| p.name.clone())
        .collect();
    if !hoppers.is_empty() {
        out.push(format!(
            "Hoppers ({}): capture by jumping exactly one piece of either colour (the screen) \
             along the line; they never capture the screen.",
            hoppers.join(", ")
        ));
    }
    out.push(match options.move_count_limit {
        Some(limit) => format!(
            "Move-count draw: the game is drawn after {limit} plies in a row without a capture \
             or a Pawn move."
        ),
        None => "No move-count draw (switched off in this preset).".to_owned(),
    });
    out.push(if options.repetition {
        "Repetition: the third occurrence of the same position is a draw.".to_owned()
    } else {
        "No repetition draw (switched off in this preset).".to_owned()
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_variant_is_described() {
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            assert!(!promotion_rules(&v).is_empty());
            assert!(special_rules(&v, v.rule_options()).len() >= 3, "{name}");
        }
    }

    #[test]
    fn words_follow_the_definition() {
        let chess = Variant::builtin("chess").unwrap();
        let promo = promotion_rules(&chess).join(" ");
        assert!(
            promo.contains("Pawn promotes to a Queen, Rook, Bishop or Knight"),
            "{promo}"
        );
        let rules = special_rules(
            &chess,
            RuleOptions {
                move_count_limit: None,
                repetition: true,
            },
        )
        .join(" ");
        assert!(rules.contains("Castling"));
        assert!(rules.contains("No move-count draw"));
        assert!(!rules.contains("King's jump"));
        let gratia = Variant::builtin("gratia").unwrap();
        let promo = promotion_rules(&gratia).join(" ");
        assert!(
            promo.contains("file it started on (a: Rook, b: Queen"),
            "{promo}"
        );
        assert_eq!(article("Elephant"), "an");
        assert_eq!(capital_article("Archbishop"), "An");
        assert_eq!(article("Queen"), "a");
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            for line in promotion_rules(&v) {
                for wrong in ["A A", "A E", "A I", "A O", "a A", "a E", "a I", "a O"] {
                    assert!(!line.contains(wrong), "{name}: {line}");
                }
            }
        }
        let tc2 = Variant::builtin("terachess2").unwrap();
        let rules = special_rules(&tc2, tc2.rule_options()).join(" ");
        assert!(
            rules.contains("King's jump") && rules.contains("Cannon"),
            "{rules}"
        );
    }
}
