//! Time management: how long the seat to move may think, from a fixed move time or
//! from its clock (remaining time, increment, byoyomi).

use std::time::Duration;

use crate::api::Limits;

/// Moves the engine expects still to play when it plans from a clock without
/// increment (the game's length is unknown; most games end well within it).
const MOVES_TO_GO: u32 = 40;
/// Kept back from every deadline for the reply to reach the referee.
const OVERHEAD: Duration = Duration::from_millis(15);
/// The shortest time ever planned (the reply must still carry a searched move).
const MIN_TIME: Duration = Duration::from_millis(5);

/// How long one search may take: past `soft` no new iteration starts (the best move
/// is usually stable by then); at `hard` the search stops wherever it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TimePlan {
    pub soft: Option<Duration>,
    pub hard: Option<Duration>,
}

impl TimePlan {
    /// The plan for the seat with index `mover`: a fixed move time is used whole;
    /// a clock gives a share of the remaining time plus most of the increment, and
    /// the byoyomi when the main time is nearly gone. No time limit: no deadline.
    pub(crate) fn new(limits: &Limits, mover: usize) -> TimePlan {
        if let Some(t) = limits.time {
            return TimePlan {
                soft: Some(t),
                hard: Some(t),
            };
        }
        let Some(clock) = limits.clocks.get(mover).copied().flatten() else {
            return TimePlan {
                soft: None,
                hard: None,
            };
        };
        // All the time that may be spent on this move without losing on time.
        let available = (clock.remaining + clock.byoyomi)
            .saturating_sub(OVERHEAD)
            .max(MIN_TIME);
        let share = clock.remaining / MOVES_TO_GO + clock.increment * 3 / 4 + clock.byoyomi;
        let soft = (share * 6 / 10).clamp(MIN_TIME, available);
        // Thinking longer than the share is allowed when the search asks for it, up
        // to a fifth of the main time (and the byoyomi, which is lost if not used).
        let hard = (share * 3)
            .min(clock.remaining / 5 + clock.byoyomi + clock.increment / 2)
            .clamp(soft, available);
        TimePlan {
            soft: Some(soft),
            hard: Some(hard),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Clock;

    fn clock(remaining_ms: u64, inc_ms: u64, byo_ms: u64) -> Limits {
        let c = Clock {
            remaining: Duration::from_millis(remaining_ms),
            increment: Duration::from_millis(inc_ms),
            byoyomi: Duration::from_millis(byo_ms),
        };
        Limits::clocks([Some(c), None, Some(c), None])
    }

    #[test]
    fn fixed_time_is_used_whole() {
        let t = Duration::from_millis(100);
        let plan = TimePlan::new(&Limits::time(t).with_nodes(5), 0);
        assert_eq!(plan.soft, Some(t));
        assert_eq!(plan.hard, Some(t));
    }

    #[test]
    fn no_clock_no_deadline() {
        let plan = TimePlan::new(&clock(1000, 0, 0), 1);
        assert_eq!((plan.soft, plan.hard), (None, None));
    }

    #[test]
    fn clock_plans_stay_within_the_time_left() {
        for (rem, inc, byo) in [
            (60_000, 0, 0),
            (60_000, 1000, 0),
            (0, 0, 1000),
            (3_000, 0, 10_000),
            (10, 0, 0),
            (0, 0, 0),
            (600_000, 5_000, 0),
        ] {
            let plan = TimePlan::new(&clock(rem, inc, byo), 2);
            let (soft, hard) = (plan.soft.unwrap(), plan.hard.unwrap());
            assert!(soft <= hard, "{rem} {inc} {byo}: {soft:?} > {hard:?}");
            let left = Duration::from_millis(rem + byo);
            assert!(
                hard <= left.saturating_sub(OVERHEAD).max(MIN_TIME),
                "{rem} {inc} {byo}: {hard:?} beyond {left:?}"
            );
            assert!(soft >= MIN_TIME);
        }
        // Byoyomi alone: most of it is used.
        let plan = TimePlan::new(&clock(0, 0, 1000), 0);
        assert!(plan.hard.unwrap() >= Duration::from_millis(900));
        // More main time never plans less.
        let short = TimePlan::new(&clock(10_000, 0, 0), 0);
        let long = TimePlan::new(&clock(100_000, 0, 0), 0);
        assert!(long.soft > short.soft && long.hard > short.hard);
    }
}
