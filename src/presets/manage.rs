//! Changing presets: fork, save a new version, retire, delete. Every action checks here that
//! the user may do it (the web layer only passes the signed-in user along).

use diesel::prelude::*;
use plypost_rules::Variant;

use super::model::{NewPreset, NewVersion, PresetId, PresetRow, VersionRow, Visibility};
use super::notes::VersionNotes;
use super::query::{find_by_slug, open_challenge_count, rules_of, version};
use super::settings::{self, Field, FieldErrors, Settings, SettingsInput};
use super::PresetError;
use crate::accounts::User;
use crate::clock::Clock;
use crate::db::schema::{games, preset_versions, presets};
use crate::db::{is_unique_violation, Db, DbConn, UserId};
use crate::i18n::Message;

/// `Terachess II (fast)!` → `terachess-ii-fast`.
pub fn slugify(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "preset".to_owned()
    } else {
        out.to_owned()
    }
}

/// Only the owner edits; built-in presets nobody does.
fn check_owner(preset: &PresetRow, user: UserId) -> Result<(), PresetError> {
    if preset.is_builtin() {
        return Err(PresetError::ReadOnly);
    }
    if preset.owner_id != Some(user) {
        return Err(PresetError::Forbidden(Message::new(
            "error-preset-owner-only",
        )));
    }
    Ok(())
}

fn name_taken(
    conn: &mut DbConn,
    owner: UserId,
    name: &str,
    except: Option<PresetId>,
) -> Result<bool, PresetError> {
    let mut query = presets::table
        .filter(presets::owner_id.eq(owner))
        .filter(presets::name_key.eq(name.to_lowercase()))
        .select(presets::id)
        .into_boxed();
    if let Some(id) = except {
        query = query.filter(presets::id.ne(id));
    }
    Ok(query.first::<PresetId>(conn).optional()?.is_some())
}

fn name_error(name: &str) -> PresetError {
    let mut errors = FieldErrors::default();
    errors.add(
        Field::Name,
        Message::new("error-preset-name-taken").arg("name", name),
    );
    PresetError::Fields(errors)
}

fn free_slug(conn: &mut DbConn, base: &str) -> Result<String, PresetError> {
    for n in 1..1000 {
        let slug = if n == 1 {
            base.to_owned()
        } else {
            format!("{base}-{n}")
        };
        let taken = presets::table
            .filter(presets::slug.eq(&slug))
            .select(presets::id)
            .first::<PresetId>(conn)
            .optional()?
            .is_some();
        if !taken {
            return Ok(slug);
        }
    }
    Err(PresetError::Invalid(Message::new(
        "error-preset-name-crowded",
    )))
}

/// Who made a version, when, and what they said about it.
struct Stamp<'a> {
    by: UserId,
    notes: &'a str,
    now: chrono::NaiveDateTime,
}

/// Stores `settings` as version `number`.
fn insert_version(
    conn: &mut DbConn,
    preset_id: PresetId,
    number: i64,
    settings: &Settings,
    stamp: Stamp,
) -> Result<(), PresetError> {
    let Stamp { by, notes, now } = stamp;
    diesel::insert_into(preset_versions::table)
        .values(NewVersion {
            preset_id,
            version: number,
            definition: &settings.definition,
            definition_hash: &super::definition_hash(&settings.definition),
            setup_fen: &settings.setup_fen,
            move_count_limit: settings.move_count_limit.map(i64::from),
            repetition: settings.repetition,
            created_at: now,
            created_by: Some(by),
            notes,
            name: &settings.name,
            description: &settings.description,
            days_per_move: settings.days_per_move,
            light_color: &settings.light_color,
            dark_color: &settings.dark_color,
            coordinates: settings.coordinates,
            piece_letters: &settings.piece_letters,
            time_kind: &settings.time_kind,
            reserve_days: settings.reserve_days,
            increment_hours: settings.increment_hours,
            cap_days: settings.cap_days,
            setups: &super::setups::encode(&settings.setups),
        })
        .execute(conn)?;
    Ok(())
}

/// Presets one player may make (fork) in an hour.
pub const MAX_CREATED_PER_HOUR: i64 = 20;

/// Copies the current version of `slug` into a new preset owned by `user`, named `name` (or,
/// when empty, after the source). Returns the new preset.
pub fn fork(
    db: &mut Db,
    clock: &dyn Clock,
    user: &User,
    slug: &str,
    name: &str,
) -> Result<PresetRow, PresetError> {
    let chosen = if name.trim().is_empty() {
        None
    } else {
        Some(settings::check_name(name).map_err(|e| {
            let mut errors = FieldErrors::default();
            errors.add(Field::Name, e);
            PresetError::Fields(errors)
        })?)
    };
    db.write(|conn| {
        let lately: i64 = presets::table
            .filter(presets::owner_id.eq(Some(user.id)))
            .filter(presets::created_at.gt(clock.now_db() - chrono::Duration::hours(1)))
            .count()
            .get_result(conn)?;
        if lately >= MAX_CREATED_PER_HOUR {
            return Err(PresetError::TooMany(
                Message::new("error-preset-too-many-made").arg("count", lately),
            ));
        }
        let source = find_by_slug(conn, slug)?;
        let base = version(conn, source.id, source.current_version)?;
        let name = match chosen {
            Some(name) => {
                if name_taken(conn, user.id, &name, None)? {
                    return Err(name_error(&name));
                }
                name
            }
            None => {
                let stem: String = format!("{} (fork)", source.name)
                    .chars()
                    .take(settings::NAME_MAX_CHARS - 4)
                    .collect();
                let mut candidate = stem.clone();
                let mut n = 2;
                while name_taken(conn, user.id, &candidate, None)? {
                    candidate = format!("{stem} {n}");
                    n += 1;
                }
                candidate
            }
        };
        let slug = free_slug(
            conn,
            &format!("{}-{}", slugify(&user.username), slugify(&name)),
        )?;
        let now = clock.now_db();
        diesel::insert_into(presets::table)
            .values(NewPreset {
                slug: &slug,
                name: &name,
                name_key: &name.to_lowercase(),
                owner_id: Some(user.id),
                variant_name: &source.variant_name,
                visibility: Visibility::Public.as_str(),
                current_version: 1,
                created_at: now,
                updated_at: now,
                forked_from: Some(source.id),
            })
            .execute(conn)
            .map_err(|e| {
                if is_unique_violation(&e) {
                    name_error(&name)
                } else {
                    e.into()
                }
            })?;
        let preset = find_by_slug(conn, &slug)?;
        let mut copied = Settings::of_version(&base, Visibility::Public);
        copied.name = name.clone();
        let notes = VersionNotes::Forked {
            from: source.name.clone(),
            version: base.version,
        }
        .encode();
        insert_version(
            conn,
            preset.id,
            1,
            &copied,
            Stamp {
                by: user.id,
                notes: &notes,
                now,
            },
        )?;
        Ok(preset)
    })
}

/// What the edit form starts from: the preset, its current version and its variant.
pub struct Editing {
    pub preset: PresetRow,
    pub current: VersionRow,
    pub variant: Variant,
    pub settings: Settings,
}

/// Loads a preset for editing by `user` (the owner only).
pub fn editing(conn: &mut DbConn, user: UserId, slug: &str) -> Result<Editing, PresetError> {
    let preset = find_by_slug(conn, slug)?;
    check_owner(&preset, user)?;
    let current = version(conn, preset.id, preset.current_version)?;
    let (variant, _) = rules_of(conn, current.id)?;
    let visibility = Visibility::parse(&preset.visibility).unwrap_or(Visibility::Public);
    let settings = Settings::of_version(&current, visibility);
    Ok(Editing {
        preset,
        current,
        variant,
        settings,
    })
}

/// The result of a save.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// A new version with this number.
    Version(i64),
    /// Nothing differed from the current version: no version was made.
    Unchanged,
}

/// Saves the edit form as a new version. `base_version` is the version the form was opened
/// on: if someone saved meanwhile, the save is refused rather than silently overwriting.
pub fn save(
    db: &mut Db,
    clock: &dyn Clock,
    user: UserId,
    slug: &str,
    base_version: i64,
    input: &SettingsInput,
) -> Result<Saved, PresetError> {
    db.write(|conn| {
        let Editing {
            preset,
            current: _,
            variant,
            settings: old,
        } = editing(conn, user, slug)?;
        let new = settings::check(&variant, input).map_err(PresetError::Fields)?;
        if preset.current_version != base_version {
            return Err(PresetError::Invalid(
                Message::new("error-preset-saved-since").arg("version", preset.current_version),
            ));
        }
        let changes = new.changes_from(&old);
        if changes.is_empty() {
            return Ok(Saved::Unchanged);
        }
        if new.name != old.name && name_taken(conn, user, &new.name, Some(preset.id))? {
            return Err(name_error(&new.name));
        }
        let note = input.note.trim();
        let notes = VersionNotes::Edited {
            changes,
            note: (!note.is_empty()).then(|| note.to_owned()),
        }
        .encode();
        let number = preset.current_version + 1;
        let now = clock.now_db();
        insert_version(
            conn,
            preset.id,
            number,
            &new,
            Stamp {
                by: user,
                notes: &notes,
                now,
            },
        )?;
        let changed = diesel::update(
            presets::table
                .filter(presets::id.eq(preset.id))
                .filter(presets::current_version.eq(preset.current_version)),
        )
        .set((
            presets::name.eq(&new.name),
            presets::name_key.eq(new.name.to_lowercase()),
            presets::visibility.eq(new.visibility.as_str()),
            presets::current_version.eq(number),
            presets::updated_at.eq(now),
        ))
        .execute(conn)
        .map_err(|e| {
            if is_unique_violation(&e) {
                name_error(&new.name)
            } else {
                e.into()
            }
        })?;
        if changed != 1 {
            return Err(PresetError::Invalid(Message::new(
                "error-preset-saved-meanwhile",
            )));
        }
        Ok(Saved::Version(number))
    })
    .map_err(|e| match e {
        // Two saves of the same version raced: the unique (preset, version) key refused one.
        PresetError::Db(ref d) if is_unique_violation(d) => {
            PresetError::Invalid(Message::new("error-preset-saved-meanwhile"))
        }
        e => e,
    })
}

/// Hides the preset from the index and from new challenges (or brings it back).
pub fn set_retired(
    db: &mut Db,
    clock: &dyn Clock,
    user: UserId,
    slug: &str,
    retired: bool,
) -> Result<(), PresetError> {
    db.write(|conn| {
        let preset = find_by_slug(conn, slug)?;
        check_owner(&preset, user)?;
        diesel::update(presets::table.find(preset.id))
            .set((
                presets::retired.eq(retired),
                presets::updated_at.eq(clock.now_db()),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// Removes the closed (declined, withdrawn) challenges of a preset's versions, in the
/// deleting transaction. The challenges belong to `games`, which provides it
/// (`challenges::forget_closed_of_preset`); presets do not write them.
pub type ForgetClosedChallenges = fn(&mut DbConn, PresetId) -> Result<usize, diesel::result::Error>;

/// Deletes a preset that no game and no open challenge uses. Challenges that were declined
/// or withdrawn go with it (`forget_challenges`); presets forked from it forget where they
/// came from.
pub fn delete(
    db: &mut Db,
    user: UserId,
    slug: &str,
    forget_challenges: ForgetClosedChallenges,
) -> Result<(), PresetError> {
    db.write(|conn| {
        let preset = find_by_slug(conn, slug)?;
        check_owner(&preset, user)?;
        let version_ids = preset_versions::table
            .filter(preset_versions::preset_id.eq(preset.id))
            .select(preset_versions::id);
        let used_by: i64 = games::table
            .filter(games::preset_version_id.eq_any(version_ids))
            .count()
            .get_result(conn)?;
        if used_by > 0 {
            return Err(PresetError::Invalid(
                Message::new("error-preset-delete-used")
                    .arg("name", &preset.name)
                    .arg("count", used_by),
            ));
        }
        if open_challenge_count(conn, preset.id)? > 0 {
            return Err(PresetError::Invalid(
                Message::new("error-preset-delete-challenged").arg("name", &preset.name),
            ));
        }
        forget_challenges(conn, preset.id)?;
        diesel::update(presets::table.filter(presets::forked_from.eq(preset.id)))
            .set(presets::forked_from.eq(None::<PresetId>))
            .execute(conn)?;
        diesel::delete(preset_versions::table.filter(preset_versions::preset_id.eq(preset.id)))
            .execute(conn)?;
        diesel::delete(presets::table.find(preset.id)).execute(conn)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::slugify;

    #[test]
    fn slugs_are_plain() {
        assert_eq!(slugify("Terachess II (fast)!"), "terachess-ii-fast");
        assert_eq!(slugify("  ---  "), "preset");
        assert_eq!(slugify("Échecs"), "checs");
        assert!(slugify(&"x".repeat(100)).len() <= 40);
    }
}

#[cfg(test)]
mod message_tests {
    use crate::i18n::{Lang, Message};

    #[test]
    fn refusals_read_as_before_in_english() {
        let used = |n: i64| {
            Message::new("error-preset-delete-used")
                .arg("name", "Fast")
                .arg("count", n)
                .to_string()
        };
        assert_eq!(
            used(1),
            "“Fast” cannot be deleted: 1 game uses it. Retire it instead: it leaves the index \
             and starts no new games, and its games go on."
        );
        assert!(used(2).contains(": 2 games use it. "));
        let since = Message::new("error-preset-saved-since").arg("version", 7);
        assert!(since.to_string().contains("(it is now at version 7)"));
        let fr = Lang::from_tag("fr").expect("French");
        assert!(since.text(&fr).contains("version 7"));
    }
}
