//! Which address to put in the link when the server listens on every interface.

use std::net::IpAddr;

/// This machine's address on the local network (the interface of the default route), for the
/// link players open when the server listens on `0.0.0.0`. `None` when there is no such network
/// (no interface up, or only loopback): then no phone could reach the server anyway.
pub fn lan_address() -> Option<IpAddr> {
    local_ip_address::local_ip()
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
}
