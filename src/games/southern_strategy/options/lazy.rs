//! Self-play's options one at a time (`Game::lazy_candidates`): a pass that counts the
//! options without building any, marking where each section (an army, a supply line) starts,
//! and passes that build only the option drawn, skipping every section it is not in.

use super::*;
use crate::engine::game::LazyCandidates;

/// How many options there are, building none, and how many came before each section.
#[derive(Default)]
struct Count {
    n: usize,
    marks: Vec<usize>,
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
    /// `Count::marks` and `Count::n`.
    marks: &'m [usize],
    total: usize,
    /// How many sections have been opened.
    opened: usize,
}

impl Sink<Orders> for Pick<'_> {
    fn offer(
        &mut self,
        item: impl FnOnce() -> Candidate<Orders>,
        _summary: impl FnOnce() -> String,
    ) {
        if self.seen == self.want {
            self.got = Some(item());
        }
        self.seen += 1;
    }

    fn section(&mut self) -> bool {
        let j = self.opened;
        self.opened += 1;
        let start = self.marks[j];
        let end = self.marks.get(j + 1).copied().unwrap_or(self.total);
        debug_assert!(
            self.got.is_some() || self.seen == start,
            "sections out of step"
        );
        let wanted = self.got.is_none() && (start..end).contains(&self.want);
        // A skipped section offers nothing: its options are counted as passed.
        self.seen = if wanted { start } else { end };
        wanted
    }
}

impl<'a> Options<'a> {
    /// How many options `offer` gives, and how many come before each of its sections.
    fn count(&self) -> Count {
        // Room for the sections of a usual step from the start, so that marking them
        // allocates once.
        let mut count = Count {
            n: 0,
            marks: Vec::with_capacity(64),
        };
        self.offer(&mut count);
        count
    }

    /// The option at place `k` in `offer`'s order, the others left unbuilt, passing over the
    /// sections `count` says it is not in; `None` past the last.
    fn pick(&self, count: &Count, k: usize) -> Option<Candidate<Orders>> {
        let mut pick = Pick {
            want: k,
            seen: 0,
            got: None,
            marks: &count.marks,
            total: count.n,
            opened: 0,
        };
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
    /// The options of `side`; none for a side the game does not have.
    pub fn new(data: &'a Data, st: &'a State, side: Option<Side>) -> Lazy<'a> {
        let options = side.map(|side| Options::new(data, st, side));
        let count = options.as_ref().map(Options::count).unwrap_or_default();
        Lazy { options, count }
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
