//! Self-play's options one at a time (`Game::lazy_candidates`): a pass that counts the
//! options without building any, marking where each section (an army, a supply line) starts,
//! and passes that build only the option drawn, skipping every section it is not in.

use std::cell::Cell;

use super::*;
use crate::engine::game::LazyCandidates;

/// How many options there are, building none, and how many came before each section.
#[derive(Default)]
struct Count {
    n: usize,
    marks: Vec<usize>,
}

thread_local! {
    /// The marks of the last count on this thread, kept for the next: self-play counts at
    /// every step.
    static SPARE_MARKS: Cell<Vec<usize>> = const { Cell::new(Vec::new()) };
}

impl Drop for Count {
    fn drop(&mut self) {
        SPARE_MARKS.set(std::mem::take(&mut self.marks));
    }
}

impl Sink<Orders> for Count {
    fn offer(
        &mut self,
        _item: impl FnOnce() -> Candidate<Orders>,
        _summary: impl FnOnce() -> String,
    ) {
        self.n += 1;
    }

    fn section(&mut self) -> bool {
        self.marks.push(self.n);
        true
    }
}

/// The option at place `want` in the list, building none of the others, and skipping every
/// section `Count` found it is not in.
struct Pick<'m> {
    want: usize,
    seen: usize,
    got: Option<Candidate<Orders>>,
    /// `Count::marks`.
    marks: &'m [usize],
    /// The section `want` is in; `None` when it comes before the first.
    target: Option<usize>,
    /// How many sections have been opened.
    opened: usize,
}

impl<'m> Pick<'m> {
    fn new(count: &'m Count, want: usize) -> Pick<'m> {
        // The sections cut the options after the first section's start into runs, so the
        // last to start at `want` or before holds it (an empty one starts where the next does).
        let target = count.marks.partition_point(|&m| m <= want).checked_sub(1);
        Pick {
            want,
            seen: 0,
            got: None,
            marks: &count.marks,
            target,
            opened: 0,
        }
    }
}

impl Sink<Orders> for Pick<'_> {
    fn offer(
        &mut self,
        item: impl FnOnce() -> Candidate<Orders>,
        _summary: impl FnOnce() -> String,
    ) {
        debug_assert!(
            self.opened == 0 || Some(self.opened - 1) == self.target,
            "an option offered in a section passed over"
        );
        if self.seen == self.want {
            self.got = Some(item());
        }
        self.seen += 1;
    }

    fn section(&mut self) -> bool {
        let j = self.opened;
        self.opened += 1;
        let wanted = Some(j) == self.target;
        if wanted {
            // The sections passed over are counted as passed.
            self.seen = self.marks[j];
        }
        wanted
    }
}

impl<'a> Options<'a> {
    /// How many options `offer` gives, and how many come before each of its sections.
    fn count(&self) -> Count {
        let mut count = Count {
            n: 0,
            marks: SPARE_MARKS.take(),
        };
        count.marks.clear();
        self.offer(&mut count);
        count
    }

    /// The option at place `k` in `offer`'s order, the others left unbuilt, passing over the
    /// sections `count` says it is not in; `None` past the last.
    fn pick(&self, count: &Count, k: usize) -> Option<Candidate<Orders>> {
        let mut pick = Pick::new(count, k);
        self.offer(&mut pick);
        pick.got
    }
}

/// `Game::lazy_candidates`: the options counted once, and each built when taken by a pass
/// that builds nothing else. A pass costs about what counting does, far less than building
/// every option (their orders, ranges and range values) as `Bare` does.
pub struct Lazy<'a> {
    options: Option<Options<'a>>,
    count: Count,
}

impl<'a> Lazy<'a> {
    /// The options of `side`; none for a side the game does not have. Boxed from the start,
    /// as `Game::lazy_candidates` hands them out, and counted in their box: moving the board
    /// and the count into a box after was a copy of a few hundred bytes at every step.
    pub fn new(data: &'a Data, st: &'a State, side: Option<Side>) -> Box<Lazy<'a>> {
        let mut lazy = Box::new(Lazy {
            options: side.map(|side| Options::new(data, st, side)),
            count: Count::default(),
        });
        let Lazy { options, count } = &mut *lazy;
        if let Some(o) = options {
            *count = o.count();
        }
        lazy
    }
}

impl LazyCandidates<Orders> for Lazy<'_> {
    fn len(&self) -> usize {
        self.count.n
    }

    fn take(&mut self, k: usize) -> Candidate<Orders> {
        self.options
            .as_ref()
            .and_then(|o| o.pick(&self.count, k))
            .expect("a candidate below the count")
    }
}
