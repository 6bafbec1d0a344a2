//! The open connections, and which one gives way when a new one would pass a bound.
//!
//! A connection is *idle* while no request is under way on it: from its start until its first
//! request's head is in, and again from the end of each answer until the next head. An idle
//! connection costs a client nothing to hold (a slowloris never finishes its head), so if the
//! places were first come, first served, a few devices holding idle connections would lock every
//! phone out until the header timeout, and then do it again. Instead, a connection that would pass
//! a bound takes the place of the connection idle the longest (its own address's first, then any
//! address's), and is refused only when every place is busy answering. A busy connection answers
//! someone who had a request read (a page, a stream the link's holder asked for) and is never cut.
//!
//! A browser whose idle connection is closed opens another; a newcomer always finds a place
//! unless every place is busy, and then it waits for one no longer than an answer takes.

use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::Notify;

use crate::limits::Limits;

pub(crate) struct Connections {
    max_total: usize,
    max_per_client: usize,
    max_idle_per_client: usize,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    places: Vec<Place>,
    next_id: u64,
    /// Counts admissions and answers, to order idle connections by how long they have idled.
    clock: u64,
}

struct Place {
    id: u64,
    ip: IpAddr,
    /// Requests under way (hyper answers one at a time; a count costs nothing and cannot wrap).
    busy: u32,
    /// The `clock` when it last became idle.
    idle_since: u64,
    evict: Arc<Notify>,
}

/// A connection's place, given back when it is dropped (whatever way the connection ends).
pub(crate) struct Admitted {
    handle: Handle,
    evicted: Arc<Notify>,
}

/// What a connection's requests use to say they are under way; cloned into its service.
#[derive(Clone)]
pub(crate) struct Handle {
    connections: Arc<Connections>,
    id: u64,
}

/// A request under way: its connection is busy until this is dropped (when its answer's body
/// has been sent whole, or the connection is gone).
pub(crate) struct Busy(Handle);

impl Connections {
    pub(crate) fn new(limits: &Limits) -> Arc<Connections> {
        Arc::new(Connections {
            max_total: limits.max_connections,
            max_per_client: limits.max_connections_per_client,
            // A new connection is idle itself: a bound of 0 would refuse everyone.
            max_idle_per_client: limits.max_idle_per_client.max(1),
            open: Mutex::new(Open::default()),
        })
    }

    /// A place for a new connection from `ip`, taken from the longest-idle connection when a
    /// bound is reached (that connection is told through [`Admitted::evicted`]), or `None` when
    /// every connection that could give way is busy.
    pub(crate) fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Admitted> {
        let mut open = self.lock();
        loop {
            let mine = open.places.iter().filter(|place| place.ip == ip);
            let (mine_open, mine_idle) = mine.fold((0, 0), |(all, idle), place| {
                (all + 1, idle + usize::from(place.busy == 0))
            });
            let victim =
                if mine_open >= self.max_per_client || mine_idle >= self.max_idle_per_client {
                    open.longest_idle(|place| place.ip == ip)?
                } else if open.places.len() >= self.max_total {
                    open.longest_idle(|_| true)?
                } else {
                    break;
                };
            open.places.swap_remove(victim).evict.notify_one();
        }
        open.clock += 1;
        open.next_id += 1;
        let evicted = Arc::new(Notify::new());
        let place = Place {
            id: open.next_id,
            ip,
            busy: 0,
            idle_since: open.clock,
            evict: Arc::clone(&evicted),
        };
        let id = place.id;
        open.places.push(place);
        Some(Admitted {
            handle: Handle {
                connections: Arc::clone(self),
                id,
            },
            evicted,
        })
    }

    fn lock(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Open {
    /// The index of the connection idle the longest among those `eligible`.
    fn longest_idle(&self, eligible: impl Fn(&Place) -> bool) -> Option<usize> {
        (self.places.iter().enumerate())
            .filter(|(_, place)| place.busy == 0 && eligible(place))
            .min_by_key(|(_, place)| place.idle_since)
            .map(|(index, _)| index)
    }

    fn find(&mut self, id: u64) -> Option<&mut Place> {
        self.places.iter_mut().find(|place| place.id == id)
    }
}

impl Admitted {
    pub(crate) fn handle(&self) -> Handle {
        self.handle.clone()
    }

    /// Resolves once a newer connection has taken this one's place: the connection is to close
    /// at once, unanswered. Told once, whenever it is first awaited.
    pub(crate) async fn evicted(&self) {
        self.evicted.notified().await;
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let id = self.handle.id;
        let mut open = self.handle.connections.lock();
        // Gone already when it was evicted.
        open.places.retain(|place| place.id != id);
    }
}

impl Handle {
    /// A request's head is in: the connection is busy until the [`Busy`] is dropped.
    pub(crate) fn busy(&self) -> Busy {
        if let Some(place) = self.connections.lock().find(self.id) {
            place.busy += 1;
        }
        Busy(self.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let mut open = self.0.connections.lock();
        open.clock += 1;
        let now = open.clock;
        if let Some(place) = open.find(self.0.id) {
            place.busy = place.busy.saturating_sub(1);
            if place.busy == 0 {
                place.idle_since = now;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;
    use std::net::Ipv4Addr;
    use std::task::{Context, Waker};

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));
    const C: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 3));

    fn connections(total: usize, per_client: usize, idle_per_client: usize) -> Arc<Connections> {
        Connections::new(&Limits {
            max_connections: total,
            max_connections_per_client: per_client,
            max_idle_per_client: idle_per_client,
            ..Limits::default()
        })
    }

    fn was_evicted(admitted: &Admitted) -> bool {
        let evicted = std::pin::pin!(admitted.evicted());
        evicted
            .poll(&mut Context::from_waker(Waker::noop()))
            .is_ready()
    }

    fn open_count(connections: &Connections) -> usize {
        connections.lock().places.len()
    }

    #[test]
    fn busy_connections_are_bounded_per_client_and_in_all() {
        let connections = connections(3, 2, 2);
        let a: Vec<Admitted> = (0..2).map(|_| connections.admit(A).unwrap()).collect();
        let _busy_a: Vec<Busy> = a.iter().map(|a| a.handle().busy()).collect();
        assert!(connections.admit(A).is_none(), "two busy from A");
        let b = connections.admit(B).unwrap();
        let _busy_b = b.handle().busy();
        assert!(connections.admit(C).is_none(), "three busy in all");
        assert!(a.iter().chain([&b]).all(|a| !was_evicted(a)));
        drop(a);
        assert!(
            connections.admit(C).is_some(),
            "a closed connection gives its place back"
        );
    }

    #[test]
    fn past_its_idle_bound_a_client_gives_way_to_itself_oldest_first() {
        let connections = connections(64, 16, 2);
        let first = connections.admit(A).unwrap();
        let second = connections.admit(A).unwrap();
        let other = connections.admit(B).unwrap();
        let third = connections.admit(A).unwrap();
        assert!(was_evicted(&first));
        assert!(!was_evicted(&second) && !was_evicted(&third) && !was_evicted(&other));
        // Once busy it is not idle: A holds one idle (`third`), then two, and the next one from A
        // evicts the longer idle of those, not the busy one.
        let _busy = second.handle().busy();
        let fourth = connections.admit(A).unwrap();
        assert!(!was_evicted(&third));
        let _fifth = connections.admit(A).unwrap();
        assert!(!was_evicted(&second) && !was_evicted(&fourth));
        assert!(was_evicted(&third));
        drop((first, third));
        assert_eq!(
            open_count(&connections),
            4,
            "an evicted place is not given back twice"
        );
    }

    #[test]
    fn when_all_places_are_taken_the_longest_idle_anywhere_gives_way() {
        let connections = connections(3, 3, 3);
        let a = connections.admit(A).unwrap();
        let b = connections.admit(B).unwrap();
        let a2 = connections.admit(A).unwrap();
        // `a` has answered a request since `b` came: `b` is now the longest idle.
        drop(a.handle().busy());
        let c = connections.admit(C).unwrap();
        assert!(was_evicted(&b));
        assert!(!was_evicted(&a) && !was_evicted(&a2) && !was_evicted(&c));
        assert_eq!(open_count(&connections), 3);
    }

    #[test]
    fn a_busy_connection_is_never_evicted() {
        let connections = connections(2, 2, 2);
        let a = connections.admit(A).unwrap();
        let _busy = a.handle().busy();
        let b = connections.admit(B).unwrap();
        let b_busy = b.handle().busy();
        assert!(connections.admit(C).is_none());
        drop(b_busy);
        assert!(connections.admit(C).is_some());
        assert!(!was_evicted(&a) && was_evicted(&b));
    }
}
