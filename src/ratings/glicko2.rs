//! Glicko-2, as in Mark Glickman's "Example of the Glicko-2 system" (2013): the steps of
//! that paper, numbered as there. Pure arithmetic, no IO.
//!
//! plypost plays one rating period per rated game (a player's period holds that one game),
//! and lets a period of inactivity widen the deviation by step 6 alone.

/// The system constant τ: how much the volatility may change in one period.
pub const TAU: f64 = 0.5;
/// A new player's rating, deviation and volatility.
pub const NEW_RATING: f64 = 1500.0;
pub const NEW_DEVIATION: f64 = 350.0;
pub const NEW_VOLATILITY: f64 = 0.06;
/// The Glicko-2 scale factor between the two scales (step 2).
const SCALE: f64 = 173.7178;
/// The convergence tolerance of step 5.
const EPSILON: f64 = 0.000_001;
/// Step 5 gives up after this many iterations (it converges in a handful).
const MAX_ITERATIONS: usize = 100;

/// A rating on the Glicko scale (1500 ± 350).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Self {
            rating: NEW_RATING,
            deviation: NEW_DEVIATION,
            volatility: NEW_VOLATILITY,
        }
    }
}

/// One game of a period: the opponent's rating before it and the score (1, ½ or 0).
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    pub opponent: Rating,
    pub score: f64,
}

/// g(φ) of step 3.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// E(μ, μj, φj) of step 3: the expected score.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// The rating after a period with `games` (steps 2–8). A period without games only
    /// widens the deviation ([`Rating::after_idle_periods`]).
    pub fn after(self, games: &[Outcome]) -> Rating {
        if games.is_empty() {
            return self.after_idle_periods(1);
        }
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - NEW_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        // Steps 3 and 4: the estimated variance v and improvement Δ.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let mu_j = (game.opponent.rating - NEW_RATING) / SCALE;
            let phi_j = game.opponent.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma_new = new_volatility(phi, sigma, v, delta);
        // Step 6: the pre-period deviation.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        // Step 7: the new deviation and rating.
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: SCALE * mu_new + NEW_RATING,
            deviation: SCALE * phi_new,
            volatility: sigma_new,
        }
    }

    /// The rating after `periods` periods without a game: step 6 once per period (the
    /// deviation grows, never past a new player's).
    pub fn after_idle_periods(self, periods: u32) -> Rating {
        if periods == 0 {
            return self;
        }
        // The volatility is on the Glicko-2 scale already.
        let sigma = self.volatility;
        let mut phi = self.deviation / SCALE;
        for _ in 0..periods {
            phi = (phi * phi + sigma * sigma).sqrt();
            if phi * SCALE >= NEW_DEVIATION {
                break;
            }
        }
        Rating {
            deviation: (phi * SCALE).min(NEW_DEVIATION),
            ..self
        }
    }
}

/// Step 5: σ' by the Illinois algorithm.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < MAX_ITERATIONS as f64 {
            k += 1.0;
        }
        a - k * TAU
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    for _ in 0..MAX_ITERATIONS {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: NEW_VOLATILITY,
        }
    }

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not {expected} (± {tolerance})"
        );
    }

    /// The worked example of Glickman's paper.
    #[test]
    fn the_papers_example() {
        let player = rating(1500.0, 200.0);
        let after = player.after(&[
            Outcome {
                opponent: rating(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: rating(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: rating(1700.0, 300.0),
                score: 0.0,
            },
        ]);
        // The paper rounds μ′ to −0.2069 before step 8, so its 1464.06 holds to ±0.01; on
        // the Glicko-2 scale the result agrees to the four decimals printed there.
        close(after.rating, 1464.06, 0.01);
        close((after.rating - NEW_RATING) / SCALE, -0.2069, 0.000_05);
        close(after.deviation, 151.52, 0.005);
        close(after.deviation / SCALE, 0.8722, 0.000_05);
        close(after.volatility, 0.05999, 0.000_01);
    }

    #[test]
    fn two_new_players_first_game() {
        let new = Rating::default();
        let winner = new.after(&[Outcome {
            opponent: new,
            score: 1.0,
        }]);
        let loser = new.after(&[Outcome {
            opponent: new,
            score: 0.0,
        }]);
        close(winner.rating, 1662.31, 0.005);
        close(winner.deviation, 290.32, 0.005);
        close(loser.rating, 1337.69, 0.005);
        close(loser.deviation, 290.32, 0.005);
    }

    #[test]
    fn a_draw_between_equals_moves_no_rating_and_narrows_both() {
        let new = Rating::default();
        let drawn = new.after(&[Outcome {
            opponent: new,
            score: 0.5,
        }]);
        close(drawn.rating, 1500.0, 1e-9);
        assert!(drawn.deviation < NEW_DEVIATION);
    }

    #[test]
    fn idle_periods_widen_the_deviation_up_to_a_new_players() {
        let settled = rating(1800.0, 60.0);
        let one = settled.after_idle_periods(1);
        // Step 6: φ* = √(φ² + σ²) on the Glicko-2 scale.
        let expected = ((60.0 / SCALE).powi(2) + 0.06f64.powi(2)).sqrt() * SCALE;
        close(one.deviation, expected, 1e-9);
        assert_eq!(one.rating, 1800.0);
        assert_eq!(settled.after_idle_periods(0), settled);
        assert_eq!(settled.after_idle_periods(100_000).deviation, NEW_DEVIATION);
    }
}
