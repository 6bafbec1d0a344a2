//! Bounds on what any one client (or all of them) can make the server do. The network is the
//! GM's, but a phone on it is not; these keep a misbehaving or hostile device from starving the
//! table's phones or the GM's machine.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The server's bounds. `Limits::default()` is what the app uses; tests shorten the timeout.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Limits {
    /// Open connections in all (a table is a handful of phones, each with a page and a stream).
    /// A new one past it takes the place of the connection idle the longest (see
    /// `max_idle_per_client`); only when every one is busy answering is it closed unanswered.
    pub max_connections: usize,
    /// Open connections from one address, so one device cannot take them all; past it, that
    /// address's longest-idle connection gives way, or with none idle the new one is closed.
    pub max_connections_per_client: usize,
    /// Idle connections from one address (no request under way: its head not in yet, or kept
    /// alive after an answer). A new one past it closes that address's longest-idle one, so
    /// connections that never send a request cannot pile up (a browser opens six or so at once).
    pub max_idle_per_client: usize,
    /// Requests a second one address may keep up…
    pub requests_per_second: u32,
    /// …after a burst of this many (a page load is a few files at once).
    pub request_burst: u32,
    /// Time a client has to send a request's headers, from the connection's start or the end of
    /// its previous answer; a client that trickles bytes (slowloris) or idles is dropped.
    pub header_read_timeout: Duration,
    /// Bytes of a request's head (line and headers); no route needs more than a browser sends.
    pub max_header_bytes: usize,
    /// Number of request headers.
    pub max_headers: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 64,
            max_connections_per_client: 16,
            max_idle_per_client: 8,
            requests_per_second: 20,
            request_burst: 40,
            header_read_timeout: Duration::from_secs(10),
            max_header_bytes: 8 * 1024,
            max_headers: 48,
        }
    }
}

/// Requests per address: a token bucket each, refilled at `requests_per_second` up to
/// `request_burst`.
pub(crate) struct RateLimiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Past this many addresses, full buckets are forgotten (a full bucket is the same as none), so
/// the map stays small however many addresses have come and gone.
const PRUNE_ABOVE: usize = 256;

impl RateLimiter {
    pub(crate) fn new(limits: &Limits) -> RateLimiter {
        RateLimiter {
            per_second: f64::from(limits.requests_per_second),
            burst: f64::from(limits.request_burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a request from `ip` may be answered now (and if so, count it).
    pub(crate) fn allow(&self, ip: IpAddr) -> bool {
        let now = Instant::now();
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, bucket| self.refill(bucket, now) < self.burst);
        }
        let bucket = buckets.entry(ip).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        if self.refill(bucket, now) >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn refill(&self, bucket: &mut Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.per_second).min(self.burst);
        bucket.at = now;
        bucket.tokens
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    const A: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1));
    const B: IpAddr = IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2));

    #[test]
    fn the_bucket_allows_the_burst_then_refuses() {
        let limiter = RateLimiter::new(&Limits::default());
        let allowed = (0..100).filter(|_| limiter.allow(A)).count();
        // The burst, plus whatever trickled in while counting (20 a second).
        assert!((40..=42).contains(&allowed), "{allowed}");
        assert!(limiter.allow(B), "another address has its own bucket");
    }
}
