//! Reads the HTML of a system's boxes and reference tables (`templates/print/<system>/`), the one
//! description of what they say, into paragraphs of styled runs for the PDF. The templates are
//! ours and well formed; every value in them arrived escaped.

/// An element or a text of the template's output.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Node {
    Element {
        tag: String,
        class: String,
        children: Vec<Node>,
    },
    Text(String),
}

impl Node {
    pub fn has_class(&self, name: &str) -> bool {
        matches!(self, Node::Element { class, .. } if class.split(' ').any(|c| c == name))
    }

    pub fn tag(&self) -> &str {
        match self {
            Node::Element { tag, .. } => tag,
            Node::Text(_) => "",
        }
    }

    pub fn children(&self) -> &[Node] {
        match self {
            Node::Element { children, .. } => children,
            Node::Text(_) => &[],
        }
    }

    /// The element children only (no whitespace between them).
    pub fn elements(&self) -> impl Iterator<Item = &Node> {
        self.children()
            .iter()
            .filter(|n| matches!(n, Node::Element { .. }))
    }

    /// The first element below this one with `class`, depth first.
    pub fn find(&self, class: &str) -> Option<&Node> {
        self.elements().find_map(|n| {
            if n.has_class(class) {
                Some(n)
            } else {
                n.find(class)
            }
        })
    }
}

const VOID: [&str; 4] = ["col", "br", "meta", "img"];

/// The nodes of `html`, under one root `div`.
pub(super) fn parse(html: &str) -> Node {
    let mut stack = vec![Node::Element {
        tag: "div".into(),
        class: String::new(),
        children: Vec::new(),
    }];
    let mut rest = html;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('<') {
            let end = after.find('>').unwrap_or(after.len());
            let inside = &after[..end];
            rest = after.get(end + 1..).unwrap_or("");
            if let Some(name) = inside.strip_prefix('/') {
                let name = name.trim();
                if stack.len() > 1 && stack.last().map(Node::tag) == Some(name) {
                    let done = stack.pop().expect("an open element");
                    push(&mut stack, done);
                }
                continue;
            }
            let tag: String = inside
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            let element = Node::Element {
                class: attribute(inside, "class"),
                tag: tag.clone(),
                children: Vec::new(),
            };
            if VOID.contains(&tag.as_str()) || inside.ends_with('/') {
                push(&mut stack, element);
            } else {
                stack.push(element);
            }
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            push(&mut stack, Node::Text(unescape(&rest[..end])));
            rest = &rest[end..];
        }
    }
    while stack.len() > 1 {
        let done = stack.pop().expect("an open element");
        push(&mut stack, done);
    }
    stack.pop().expect("the root")
}

fn push(stack: &mut [Node], node: Node) {
    if let Some(Node::Element { children, .. }) = stack.last_mut() {
        children.push(node);
    }
}

fn attribute(tag: &str, name: &str) -> String {
    let key = format!("{name}=\"");
    tag.find(&key)
        .map(|at| {
            let value = &tag[at + key.len()..];
            unescape(&value[..value.find('"').unwrap_or(value.len())])
        })
        .unwrap_or_default()
}

/// minijinja's HTML escapes, and numeric references.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let Some(end) = tail.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &tail[1..];
            continue;
        };
        let entity = &tail[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &tail[end + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A run of text in one weight.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Run {
    pub text: String,
    pub bold: bool,
}

/// The words of `node` as runs, whitespace collapsed: bold where the template makes it bold, tick
/// boxes as ☐ and ■, a box to write in as [ its value ], a fate card as [Q♥].
pub(super) fn runs(node: &Node) -> Vec<Run> {
    let mut out = Vec::new();
    collect(node, false, &mut out);
    // Collapse whitespace across runs, as HTML does.
    let mut collapsed: Vec<Run> = Vec::new();
    let mut space = true;
    for run in out {
        let mut text = String::new();
        for c in run.text.chars() {
            if c.is_whitespace() && c != '\u{a0}' {
                if !space {
                    text.push(' ');
                }
                space = true;
            } else {
                text.push(c);
                space = false;
            }
        }
        if text.is_empty() {
            continue;
        }
        match collapsed.last_mut() {
            Some(last) if last.bold == run.bold => last.text.push_str(&text),
            _ => collapsed.push(Run {
                text,
                bold: run.bold,
            }),
        }
    }
    if let Some(last) = collapsed.last_mut() {
        last.text.truncate(last.text.trim_end().len());
    }
    collapsed.retain(|r| !r.text.is_empty());
    collapsed
}

fn collect(node: &Node, bold: bool, out: &mut Vec<Run>) {
    match node {
        Node::Text(text) => out.push(Run {
            text: text.clone(),
            bold,
        }),
        Node::Element { tag, children, .. } => {
            // A span inside a bold heading is its plain gloss (`.ref h3 span`).
            let bold = (bold && tag != "span")
                || matches!(tag.as_str(), "b" | "strong" | "h3" | "th")
                || node.has_class("big")
                || node.has_class("tier")
                || node.has_class("card");
            let (open, close) = if node.has_class("tick") {
                (if node.has_class("on") { "■" } else { "☐" }, " ")
            } else if node.has_class("blankbox") || node.has_class("card") {
                (" [\u{a0}", "\u{a0}] ")
            } else if node.has_class("ruling") {
                (" ", " ")
            } else {
                ("", "")
            };
            if !open.is_empty() {
                out.push(Run {
                    text: open.into(),
                    bold,
                });
            }
            for child in children {
                collect(child, bold, out);
            }
            if !close.is_empty() {
                out.push(Run {
                    text: close.into(),
                    bold,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_templates_words_escapes_and_weights() {
        let root = parse(
            r#"<div class="box wide"><h3>Fate &amp; cards</h3><p>A <b>bold</b>
            word &#x27;here&#x27;<span class="blankbox">12</span><i class="tick on"></i><i class="tick"></i></p></div>"#,
        );
        let the_box = root.find("box").unwrap();
        assert!(the_box.has_class("wide"));
        let p = the_box.elements().nth(1).unwrap();
        let text: String = runs(p).iter().map(|r| r.text.as_str()).collect();
        assert_eq!(text, "A bold word 'here' [\u{a0}12\u{a0}] ■ ☐");
        assert!(runs(p)[1].bold);
        assert_eq!(
            runs(the_box.elements().next().unwrap())[0].text,
            "Fate & cards"
        );
    }
}
