//! Why sharing could not start, in words a GM can act on.

use std::io;
use std::net::SocketAddr;

/// Why [`Share::start`](crate::Share::start) failed. [`code`](ShareError::code) is stable for the
/// window's `{code, message}`; the `Display` message is for the GM.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShareError {
    /// Another program (or another share) already listens on the port.
    #[error("port {port} is in use by another program; pick another or leave the port empty")]
    AddressInUse { port: u16 },
    /// The address is not one of this computer's.
    #[error(
        "{ip} is not an address of this computer; pick one of its addresses or leave the address \
         empty"
    )]
    InvalidAddress { ip: std::net::IpAddr },
    /// The port is reserved for administrators (below 1024 on most systems).
    #[error(
        "port {port} needs administrator rights; pick a port from 1024 up or leave the port empty"
    )]
    PermissionDenied { port: u16 },
    /// The operating system gave no random numbers for the token.
    #[error("the system's random number source failed ({0}); sharing was not started")]
    Random(String),
    /// Anything else the operating system refused.
    #[error("could not start sharing on {addr}: {source}")]
    Io { addr: SocketAddr, source: io::Error },
}

impl ShareError {
    /// A stable identifier: `address_in_use`, `invalid_address`, `permission_denied`,
    /// `random_failed` or `io_error`.
    pub fn code(&self) -> &'static str {
        match self {
            ShareError::AddressInUse { .. } => "address_in_use",
            ShareError::InvalidAddress { .. } => "invalid_address",
            ShareError::PermissionDenied { .. } => "permission_denied",
            ShareError::Random(_) => "random_failed",
            ShareError::Io { .. } => "io_error",
        }
    }

    pub(crate) fn binding(addr: SocketAddr, source: io::Error) -> ShareError {
        match source.kind() {
            io::ErrorKind::AddrInUse => ShareError::AddressInUse { port: addr.port() },
            io::ErrorKind::AddrNotAvailable => ShareError::InvalidAddress { ip: addr.ip() },
            io::ErrorKind::PermissionDenied => ShareError::PermissionDenied { port: addr.port() },
            _ => ShareError::Io { addr, source },
        }
    }
}
