//! The rules of a preset in plain words of the reader's language, from the variant
//! definition and the preset's draw rules: promotion and the special rules. Plain text (the
//! page escapes it). The sentences are the `rules-` messages; piece names are translated
//! where the language has them.

use plypost_rules::{KindId, RuleOptions, StalemateRule, Variant};

use crate::i18n::{piece_name, Lang};

/// Names joined as "A", "A or B", "A, B or C" in `lang`.
fn or_list(lang: &Lang, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => lang.t2("rules-or-list", "rest", rest.join(", "), "last", last),
    }
}

/// English's indefinite article before a piece name (`a`, `an`), by its first letter. The
/// English messages use it as `$a-or-an`; other languages' messages leave it out.
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o') => "an",
        _ => "a",
    }
}

/// The names of `ids` in `lang`.
fn names(lang: &Lang, variant: &Variant, ids: &[KindId]) -> Vec<String> {
    ids.iter()
        .map(|&k| piece_name(lang, &variant.kind(k).name))
        .collect()
}

/// Promotion rules, one sentence per line: the zone, then each promoting piece.
pub fn promotion_rules(lang: &Lang, variant: &Variant) -> Vec<String> {
    let promoting: Vec<_> = variant
        .pieces()
        .iter()
        .filter(|p| p.can_promote())
        .collect();
    if promoting.is_empty() {
        return vec![lang.t("rules-no-promotion")];
    }
    let mut out = vec![
        lang.t1(
            "rules-promotion-zone",
            "ranks",
            i64::from(variant.promotion_zone()),
        ),
        lang.t(if variant.promotion_is_optional() {
            "rules-promotion-optional"
        } else {
            "rules-promotion-compulsory"
        }),
    ];
    for piece in promoting {
        let name = piece_name(lang, &piece.name);
        let first = lang.t2(
            "rules-piece-sentence-start",
            "a-or-an",
            article(&piece.name),
            "piece",
            &name,
        );
        let mut sentence = if piece.promotes_by_start_file {
            let targets: Vec<String> = (0..variant.width())
                .filter_map(|file| {
                    let kind = variant.file_promotion_target(file)?;
                    Some(format!(
                        "{}: {}",
                        plypost_board::square_name(usize::from(file), variant.width())
                            .trim_end_matches(char::is_numeric),
                        piece_name(lang, &variant.kind(kind).name)
                    ))
                })
                .collect();
            lang.t2(
                "rules-promotes-by-file",
                "who",
                &first,
                "targets",
                targets.join(", "),
            )
        } else {
            let targets = names(lang, variant, &piece.promotes_to);
            let english_first = piece
                .promotes_to
                .first()
                .map(|&k| variant.kind(k).name.clone())
                .unwrap_or_default();
            lang.t_args(
                "rules-promotes-to",
                &[
                    ("who", &first),
                    ("a-or-an", &article(&english_first)),
                    ("targets", &or_list(lang, &targets)),
                    ("count", &targets.len()),
                ],
            )
        };
        if let Some(black) = &piece.black_promotes_to {
            let list = |ids: &[KindId]| {
                let targets = names(lang, variant, ids);
                if targets.is_empty() {
                    lang.t("rules-nothing")
                } else {
                    or_list(lang, &targets)
                }
            };
            sentence = lang.t3(
                "rules-promotes-by-colour",
                "who",
                &first,
                "white",
                list(&piece.promotes_to),
                "black",
                list(black),
            );
        }
        let limited: Vec<String> = variant
            .pieces()
            .iter()
            .filter_map(|k| {
                variant
                    .promotion_limit(k.id)
                    .map(|n| format!("{n} {}", piece_name(lang, &k.name)))
            })
            .collect();
        if !limited.is_empty()
            && piece
                .promotes_to
                .iter()
                .any(|&t| variant.promotion_limit(t).is_some())
        {
            sentence.push(' ');
            sentence.push_str(&lang.t1("rules-promotion-limit", "limits", limited.join(", ")));
        }
        if variant.promotion_is_optional() && piece.must_promote_on_last_rank {
            sentence.push(' ');
            sentence.push_str(&lang.t("rules-must-promote-on-last-rank"));
        }
        out.push(sentence);
    }
    if let Some(note) = lang.provisional_promotion(variant) {
        out.push(lang.t1("rules-provisional", "note", note));
    }
    out
}

/// The names of the pieces of `variant` that `keep` selects, in `lang`.
fn pieces_where(
    lang: &Lang,
    variant: &Variant,
    keep: impl Fn(&plypost_rules::PieceKind) -> bool,
) -> Vec<String> {
    variant
        .pieces()
        .iter()
        .filter(|p| keep(p))
        .map(|p| piece_name(lang, &p.name))
        .collect()
}

/// The special rules of the variant and the draw rules of the preset.
pub fn special_rules(lang: &Lang, variant: &Variant, options: RuleOptions) -> Vec<String> {
    let mut out = Vec::new();
    let royal = pieces_where(lang, variant, |p| p.is_royal);
    if !royal.is_empty() {
        let end = variant.end_rules();
        let stalemate = match end.stalemate {
            StalemateRule::Draw => "draw",
            StalemateRule::Loss => "loss",
            StalemateRule::Win => "win",
        };
        out.push(lang.t2(
            "rules-checkmate",
            "royal",
            or_list(lang, &royal),
            "stalemate",
            stalemate,
        ));
        if end.bare_king {
            out.push(lang.t("rules-bare-king"));
        }
    }
    if variant.has_king_jump() {
        out.push(lang.t("rules-king-jump"));
    }
    if let Some(c) = variant.castling() {
        let squares = |n: u8| lang.t1("rules-squares", "count", i64::from(n));
        let distance = if c.king_distance == c.queenside_king_distance {
            squares(c.king_distance)
        } else {
            lang.t2(
                "rules-castling-two-distances",
                "kingside",
                squares(c.king_distance),
                "queenside",
                squares(c.queenside_king_distance),
            )
        };
        out.push(lang.t2(
            "rules-castling",
            "distance",
            distance,
            "rook",
            piece_name(lang, &variant.kind(c.rook_kind).name),
        ));
    }
    let creators = pieces_where(lang, variant, |p| p.creates_en_passant);
    let takers = pieces_where(lang, variant, |p| p.captures_en_passant);
    if !creators.is_empty() && !takers.is_empty() {
        out.push(lang.t2(
            "rules-en-passant",
            "movers",
            or_list(lang, &creators),
            "takers",
            or_list(lang, &takers),
        ));
    }
    let hoppers = pieces_where(lang, variant, |p| {
        p.moves
            .iter()
            .any(|m| matches!(m.shape, plypost_rules::model::Shape::Hop { .. }))
    });
    if !hoppers.is_empty() {
        out.push(lang.t1("rules-hoppers", "pieces", hoppers.join(", ")));
    }
    out.push(match options.move_count_limit {
        Some(limit) => lang.t1("rules-move-count", "plies", i64::from(limit)),
        None => lang.t("rules-no-move-count"),
    });
    out.push(lang.t(if options.repetition {
        "rules-repetition"
    } else {
        "rules-no-repetition"
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_variant_is_described() {
        for lang in Lang::all() {
            for name in Variant::builtin_names() {
                let v = Variant::builtin(name).unwrap();
                assert!(!promotion_rules(&lang, &v).is_empty());
                assert!(
                    special_rules(&lang, &v, v.rule_options()).len() >= 3,
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn words_follow_the_definition() {
        let en = Lang::default();
        let chess = Variant::builtin("chess").unwrap();
        let promo = promotion_rules(&en, &chess).join(" ");
        assert!(
            promo.contains(
                "A Pawn promotes to a Queen, Rook, Bishop or Knight, as the player chooses."
            ),
            "{promo}"
        );
        let rules = special_rules(
            &en,
            &chess,
            RuleOptions {
                move_count_limit: None,
                repetition: true,
            },
        )
        .join(" ");
        assert!(rules.contains("Castling: the King, never moved and not in check, moves 2 squares toward an unmoved Rook"), "{rules}");
        assert!(rules.contains("No move-count draw"));
        assert!(!rules.contains("King's jump"));
        let gratia = Variant::builtin("gratia").unwrap();
        let promo = promotion_rules(&en, &gratia).join(" ");
        assert!(
            promo.contains("file it started on (a: Rook, b: Queen"),
            "{promo}"
        );
        assert_eq!(article("Elephant"), "an");
        assert_eq!(article("Queen"), "a");
        for name in Variant::builtin_names() {
            let v = Variant::builtin(name).unwrap();
            for line in promotion_rules(&en, &v) {
                for wrong in ["A A", "A E", "A I", "A O", "a A", "a E", "a I", "a O"] {
                    assert!(!line.contains(wrong), "{name}: {line}");
                }
            }
        }
        let tc2 = Variant::builtin("terachess2").unwrap();
        let rules = special_rules(&en, &tc2, tc2.rule_options()).join(" ");
        assert!(
            rules.contains("King's jump") && rules.contains("Cannon"),
            "{rules}"
        );
    }

    #[test]
    fn the_rules_read_in_french() {
        let fr = Lang::from_tag("fr").unwrap();
        let chess = Variant::builtin("chess").unwrap();
        let promo = promotion_rules(&fr, &chess).join(" ");
        assert!(
            promo.contains(
                "Pion\u{a0}: se promeut en Dame, Tour, Fou ou Cavalier, au choix du joueur."
            ),
            "{promo}"
        );
        let rules = special_rules(&fr, &chess, chess.rule_options()).join(" ");
        assert!(
            rules.contains("Matez le Roi adverse pour gagner. Le pat est nul."),
            "{rules}"
        );
        assert!(rules.contains("Roque\u{a0}: "), "{rules}");
    }
}
