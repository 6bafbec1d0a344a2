//! What the server answers, and to whom. The path is matched as it came on the wire: nothing is
//! percent-decoded or normalised, so there is exactly one spelling of each thing served and every
//! other spelling is the same 404.

use std::net::IpAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use tokio::sync::watch;

use crate::assets::{self, Asset};
use crate::events::{self, Views};
use crate::limits::RateLimiter;
use crate::security_headers::SECURITY_HEADERS;
use crate::token::Token;
use crate::view_source::ViewSource;

/// The one answer to anything not served: it says nothing about why.
const NOT_FOUND_BODY: &str = "Not found\n";

/// What the routes share.
pub(crate) struct App {
    pub(crate) token: Token,
    pub(crate) source: Arc<dyn ViewSource>,
    pub(crate) assets: &'static [Asset],
    pub(crate) views: Arc<Views>,
    pub(crate) stopped: watch::Receiver<bool>,
    pub(crate) rate: RateLimiter,
}

/// The address a request came from, put in by the connection that read it.
#[derive(Clone, Copy)]
pub(crate) struct ClientIp(pub(crate) IpAddr);

/// The request's target as it came on the wire (`wire`), `None` when it could not be kept.
#[derive(Clone)]
pub(crate) struct RawTarget(pub(crate) Option<String>);

/// What a path names.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    Page,
    State,
    Events,
    Asset(&'static Asset),
}

pub(crate) fn router(app: Arc<App>) -> Router {
    // Every path goes to one handler that reads the raw URI: the router's own matching is not
    // used, so nothing between the wire and `target` can reinterpret a path.
    Router::new()
        .fallback(answer)
        .layer(axum::middleware::map_response(secure))
        .with_state(app)
}

async fn answer(
    State(app): State<Arc<App>>,
    Extension(ClientIp(ip)): Extension<ClientIp>,
    Extension(RawTarget(raw)): Extension<RawTarget>,
    request: Request,
) -> Response {
    // Counted before anything else, so guessing paths costs as much as using them.
    if !app.rate.allow(ip) {
        let mut response = plain(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many requests; slow down\n",
        );
        // One token comes back within a second (the bucket refills at several a second).
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return response;
    }
    let Some(target) = raw.and_then(|raw| target(&app, &raw, request.uri())) else {
        return not_found();
    };
    // The method first: a POST with a body is told what is served (405 with `Allow`), not only
    // that its body is refused. Either way the body is never read, and the connection ends with
    // the answer (`server::serve`).
    let method = request.method();
    if method != Method::GET && method != Method::HEAD {
        let mut response = plain(StatusCode::METHOD_NOT_ALLOWED, "Only GET and HEAD\n");
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    // Nothing served takes a body; refuse it unread rather than read what we would throw away.
    if has_body(&request) {
        return plain(
            StatusCode::PAYLOAD_TOO_LARGE,
            "No request body is accepted\n",
        );
    }
    let head = method == Method::HEAD;
    match target {
        Target::Page => match assets::find(app.assets, "index.html") {
            Some(page) => asset(page),
            None => not_found(),
        },
        Target::Asset(file) => asset(file),
        Target::State => match events::read(&app.source).await {
            Ok(json) => (
                [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
                json,
            )
                .into_response(),
            Err(sentence) => plain(StatusCode::SERVICE_UNAVAILABLE, &format!("{sentence}\n")),
        },
        // HEAD only asks what a stream would be; starting one would read the source for nothing.
        Target::Events if head => {
            ([(header::CONTENT_TYPE, "text/event-stream")], Body::empty()).into_response()
        }
        Target::Events => events::stream(&app.source, &app.views, app.stopped.clone()).await,
    }
}

/// What `raw`, the target as sent, names, or `None` for anything else. Only origin-form (`/p/…`,
/// as browsers send), no query, no fragment, and exactly `/p/TOKEN/` followed by nothing,
/// `state`, `events` or an asset's name. `uri` is hyper's reading of the same target; a target
/// it reads otherwise (it drops a fragment) is nothing served.
fn target(app: &App, raw: &str, uri: &Uri) -> Option<Target> {
    if uri.scheme().is_some() || uri.authority().is_some() || uri.query().is_some() {
        return None;
    }
    if raw != uri.path() {
        return None;
    }
    let path = raw;
    // Said outright although the matching below refuses them too: no escape, no backslash, no
    // fragment and no dot segment ever reaches a lookup.
    if path.contains(['%', '\\', '#']) || path.split('/').any(|s| s == "." || s == "..") {
        return None;
    }
    let (token, rest) = path.strip_prefix("/p/")?.split_once('/')?;
    if !app.token.matches(token) {
        return None;
    }
    match rest {
        "" => Some(Target::Page),
        "state" => Some(Target::State),
        "events" => Some(Target::Events),
        name => assets::find(app.assets, name).map(Target::Asset),
    }
}

pub(crate) fn has_body<B>(request: &axum::http::Request<B>) -> bool {
    let headers = request.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|length| length.as_bytes() != b"0")
}

fn asset(file: &'static Asset) -> Response {
    ([(header::CONTENT_TYPE, file.content_type)], file.bytes).into_response()
}

fn not_found() -> Response {
    plain(StatusCode::NOT_FOUND, NOT_FOUND_BODY)
}

fn plain(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text.to_owned(),
    )
        .into_response()
}

/// Adds [`SECURITY_HEADERS`] to every answer, replacing any the answer set itself (the event
/// stream's own `Cache-Control`, say).
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    response
}
