//! A small reader and interpreter for the W3C EBNF of `grammar/fen.ebnf`: it reads the
//! productions and their comments, recognises strings (counting their derivations, so that
//! ambiguity shows) and generates strings with the spans of the productions that name a node
//! kind. Shared by `tests/grammar.rs`, `tests/conformance.rs` and `examples/railroad.rs`.
#![allow(dead_code)]

pub mod diagram;

use std::collections::HashMap;
use std::fmt::Write as _;

/// One expression of a production's body.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// Literal text, `"K"`.
    Literal(String),
    /// One character from a set of inclusive ranges, `[a-h]`, `[#x9-#xD#x20]`.
    Class(Vec<(char, char)>),
    /// Another production, by name.
    Ref(String),
    /// `A B`.
    Seq(Vec<Expr>),
    /// `A | B`.
    Alt(Vec<Expr>),
    /// `A?`.
    Opt(Box<Expr>),
    /// `A*`.
    Star(Box<Expr>),
    /// `A+`.
    Plus(Box<Expr>),
}

/// One production: `name ::= expr`, with the comments written before it and inside it.
#[derive(Clone, Debug)]
pub struct Production {
    pub name: String,
    pub expr: Expr,
    /// The production's text as written (`name ::= ...`), comments removed, whitespace runs
    /// collapsed to one space.
    pub text: String,
    /// The comments before the production (since the previous one) and inside it, joined.
    pub comment: String,
    /// The 1-based line of the production's name.
    pub line: usize,
}

impl Production {
    /// The node kind the comment gives with `[node KIND]`.
    pub fn node(&self) -> Option<&str> {
        annotation(&self.comment, "node")
    }

    /// The token kind the comment gives with `[tokens KIND]`.
    pub fn tokens(&self) -> Option<&str> {
        annotation(&self.comment, "tokens")
    }

    /// The token kind the comment gives with `[runs KIND]`.
    pub fn runs(&self) -> Option<&str> {
        annotation(&self.comment, "runs")
    }
}

fn annotation<'c>(comment: &'c str, key: &str) -> Option<&'c str> {
    let open = format!("[{key} ");
    let start = comment.find(&open)? + open.len();
    let end = comment[start..].find(']')? + start;
    Some(comment[start..end].trim())
}

/// A grammar: its productions in file order, and the comments outside productions.
#[derive(Clone, Debug)]
pub struct Grammar {
    pub productions: Vec<Production>,
    index: HashMap<String, usize>,
    /// Every comment of the file, in order.
    pub comments: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Name(String),
    Defines,
    Literal(String),
    Class(Vec<(char, char)>),
    Open,
    Close,
    Bar,
    Question,
    Star,
    Plus,
}

/// A token with the line it starts on and the comments before it.
struct Lexed {
    token: Token,
    line: usize,
    comments: Vec<String>,
    /// Byte range in the source, for the production's text.
    start: usize,
    end: usize,
}

fn hex_char(chars: &[char], at: &mut usize) -> Result<char, String> {
    // At `#x`.
    *at += 2;
    let start = *at;
    while *at < chars.len() && chars[*at].is_ascii_hexdigit() {
        *at += 1;
    }
    let digits: String = chars[start..*at].iter().collect();
    u32::from_str_radix(&digits, 16)
        .ok()
        .and_then(char::from_u32)
        .ok_or_else(|| format!("bad character reference #x{digits}"))
}

fn lex(source: &str) -> Result<(Vec<Lexed>, Vec<String>), String> {
    let chars: Vec<char> = source.chars().collect();
    // Byte offset of each char, and one past the end.
    let mut offsets: Vec<usize> = source.char_indices().map(|(i, _)| i).collect();
    offsets.push(source.len());
    let mut tokens = Vec::new();
    let mut all_comments = Vec::new();
    let mut pending = Vec::new();
    let mut line = 1;
    let mut at = 0;
    while at < chars.len() {
        let c = chars[at];
        if c == '\n' {
            line += 1;
            at += 1;
            continue;
        }
        if c.is_whitespace() {
            at += 1;
            continue;
        }
        let start = at;
        let start_line = line;
        let token = if c == '/' && chars.get(at + 1) == Some(&'*') {
            let mut end = at + 2;
            loop {
                if end + 1 >= chars.len() {
                    return Err(format!("line {line}: unclosed comment"));
                }
                if chars[end] == '*' && chars[end + 1] == '/' {
                    break;
                }
                end += 1;
            }
            let text: String = chars[at + 2..end].iter().collect();
            line += text.matches('\n').count();
            all_comments.push(text.clone());
            pending.push(text);
            at = end + 2;
            continue;
        } else if c == ':' && chars.get(at + 1) == Some(&':') && chars.get(at + 2) == Some(&'=') {
            at += 3;
            Token::Defines
        } else if c == '"' || c == '\'' {
            let end = chars[at + 1..]
                .iter()
                .position(|&d| d == c)
                .ok_or_else(|| format!("line {line}: unclosed literal"))?
                + at
                + 1;
            let text: String = chars[at + 1..end].iter().collect();
            if text.is_empty() {
                return Err(format!("line {line}: empty literal"));
            }
            at = end + 1;
            Token::Literal(text)
        } else if c == '#' && chars.get(at + 1) == Some(&'x') {
            let ch = hex_char(&chars, &mut at)?;
            Token::Class(vec![(ch, ch)])
        } else if c == '[' {
            at += 1;
            if chars.get(at) == Some(&'^') {
                return Err(format!("line {line}: negated classes are not supported"));
            }
            let mut ranges = Vec::new();
            loop {
                let from = match chars.get(at) {
                    None => return Err(format!("line {line}: unclosed class")),
                    Some(']') => break,
                    Some('#') if chars.get(at + 1) == Some(&'x') => hex_char(&chars, &mut at)?,
                    Some(&d) => {
                        at += 1;
                        d
                    }
                };
                let to = if chars.get(at) == Some(&'-') && chars.get(at + 1) != Some(&']') {
                    at += 1;
                    match chars.get(at) {
                        Some('#') if chars.get(at + 1) == Some(&'x') => hex_char(&chars, &mut at)?,
                        Some(&d) => {
                            at += 1;
                            d
                        }
                        None => return Err(format!("line {line}: unclosed class")),
                    }
                } else {
                    from
                };
                if to < from {
                    return Err(format!("line {line}: empty range {from}-{to}"));
                }
                ranges.push((from, to));
            }
            at += 1;
            Token::Class(ranges)
        } else if c.is_ascii_alphabetic() || c == '_' {
            while at < chars.len() && (chars[at].is_ascii_alphanumeric() || chars[at] == '_') {
                at += 1;
            }
            Token::Name(chars[start..at].iter().collect())
        } else {
            at += 1;
            match c {
                '(' => Token::Open,
                ')' => Token::Close,
                '|' => Token::Bar,
                '?' => Token::Question,
                '*' => Token::Star,
                '+' => Token::Plus,
                other => return Err(format!("line {line}: unexpected character {other:?}")),
            }
        };
        tokens.push(Lexed {
            token,
            line: start_line,
            comments: std::mem::take(&mut pending),
            start: offsets[start],
            end: offsets[at],
        });
    }
    Ok((tokens, all_comments))
}

struct Reader<'t> {
    tokens: &'t [Lexed],
    at: usize,
    comments: Vec<String>,
}

impl Reader<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at).map(|t| &t.token)
    }

    /// Whether a new production starts here: a name followed by `::=`.
    fn at_production(&self) -> bool {
        matches!(self.peek(), Some(Token::Name(_)))
            && matches!(
                self.tokens.get(self.at + 1).map(|t| &t.token),
                Some(Token::Defines)
            )
    }

    fn next(&mut self) -> Option<&Lexed> {
        let token = self.tokens.get(self.at)?;
        self.at += 1;
        self.comments.extend(token.comments.iter().cloned());
        Some(token)
    }

    fn alternatives(&mut self) -> Result<Expr, String> {
        let mut alternatives = vec![self.sequence()?];
        while self.peek() == Some(&Token::Bar) {
            self.next();
            alternatives.push(self.sequence()?);
        }
        Ok(if alternatives.len() == 1 {
            alternatives.pop().unwrap()
        } else {
            Expr::Alt(alternatives)
        })
    }

    fn sequence(&mut self) -> Result<Expr, String> {
        let mut items = Vec::new();
        loop {
            if self.at_production() {
                break;
            }
            let primary = match self.peek() {
                Some(Token::Name(_) | Token::Literal(_) | Token::Class(_) | Token::Open) => {
                    self.primary()?
                }
                _ => break,
            };
            let item = match self.peek() {
                Some(Token::Question) => Expr::Opt(Box::new(primary)),
                Some(Token::Star) => Expr::Star(Box::new(primary)),
                Some(Token::Plus) => Expr::Plus(Box::new(primary)),
                _ => {
                    items.push(primary);
                    continue;
                }
            };
            self.next();
            items.push(item);
        }
        match items.len() {
            0 => Err(format!(
                "line {}: empty sequence",
                self.tokens.get(self.at).map_or(0, |t| t.line)
            )),
            1 => Ok(items.pop().unwrap()),
            _ => Ok(Expr::Seq(items)),
        }
    }

    fn primary(&mut self) -> Result<Expr, String> {
        let line = self.tokens.get(self.at).map_or(0, |t| t.line);
        match self.next().map(|t| t.token.clone()) {
            Some(Token::Name(name)) => Ok(Expr::Ref(name)),
            Some(Token::Literal(text)) => Ok(Expr::Literal(text)),
            Some(Token::Class(ranges)) => Ok(Expr::Class(ranges)),
            Some(Token::Open) => {
                let inner = self.alternatives()?;
                match self.next().map(|t| &t.token) {
                    Some(Token::Close) => Ok(inner),
                    _ => Err(format!("line {line}: `(` without `)`")),
                }
            }
            other => Err(format!("line {line}: unexpected {other:?}")),
        }
    }
}

impl Grammar {
    /// Reads a grammar; every name a production uses must be defined, once.
    pub fn parse(source: &str) -> Result<Grammar, String> {
        let (tokens, comments) = lex(source)?;
        let mut reader = Reader {
            tokens: &tokens,
            at: 0,
            comments: Vec::new(),
        };
        let mut productions = Vec::new();
        let mut index = HashMap::new();
        while reader.at < tokens.len() {
            if !reader.at_production() {
                let t = &tokens[reader.at];
                return Err(format!(
                    "line {}: expected `name ::=`, found {:?}",
                    t.line, t.token
                ));
            }
            let first = &tokens[reader.at];
            let (line, start) = (first.line, first.start);
            let Token::Name(name) = first.token.clone() else {
                unreachable!()
            };
            // Of the comments before the production, the last one is its own.
            reader.comments.clear();
            reader.comments.extend(first.comments.last().cloned());
            reader.at += 1;
            reader.next();
            let expr = reader.alternatives()?;
            let end = tokens[reader.at - 1].end;
            // The text without the comments inside it.
            let mut text = String::new();
            let mut rest = &source[start..end];
            while let Some(open) = rest.find("/*") {
                text.push_str(&rest[..open]);
                let close = rest[open..].find("*/").map_or(rest.len(), |c| open + c + 2);
                text.push(' ');
                rest = &rest[close..];
            }
            text.push_str(rest);
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            if index.insert(name.clone(), productions.len()).is_some() {
                return Err(format!("line {line}: `{name}` is defined twice"));
            }
            // The comments before this production are attached to its first token; those inside
            // it to later ones.
            let comment = reader.comments.join("\n");
            productions.push(Production {
                name,
                expr,
                text,
                comment,
                line,
            });
        }
        let grammar = Grammar {
            productions,
            index,
            comments,
        };
        for production in &grammar.productions {
            let mut names = Vec::new();
            production.expr.refs(&mut names);
            for name in names {
                if !grammar.index.contains_key(name) {
                    return Err(format!("`{}` uses undefined `{name}`", production.name));
                }
            }
        }
        Ok(grammar)
    }

    pub fn get(&self, name: &str) -> Option<&Production> {
        self.index.get(name).map(|&i| &self.productions[i])
    }

    /// The names reachable from `start`, `start` included, in order of first use.
    pub fn reachable(&self, start: &str) -> Vec<String> {
        let mut seen = vec![start.to_owned()];
        let mut at = 0;
        while at < seen.len() {
            let mut names = Vec::new();
            self.get(&seen[at]).unwrap().expr.refs(&mut names);
            for name in names {
                if !seen.iter().any(|s| s == name) {
                    seen.push(name.to_owned());
                }
            }
            at += 1;
        }
        seen
    }

    /// The number of derivations of `input` from `start` (0: rejected), saturating at
    /// `u64::MAX`.
    pub fn derivations(&self, start: &str, input: &str) -> u64 {
        let input: Vec<char> = input.chars().collect();
        let mut recognizer = Recognizer {
            grammar: self,
            memo: vec![None; self.productions.len() * (input.len() + 1)],
            input,
        };
        let index = self.index[start];
        let ends = recognizer.production(index, 0);
        let len = recognizer.input.len();
        ends.iter()
            .find(|(end, _)| *end == len)
            .map_or(0, |&(_, count)| count)
    }

    /// Whether `start` derives `input`.
    pub fn accepts(&self, start: &str, input: &str) -> bool {
        self.derivations(start, input) > 0
    }

    /// A random string derived from `start`, with the nodes the derivation makes: `(kind,
    /// start byte, end byte)` for each production with `[node KIND]`, each character that a
    /// `[tokens KIND]` production matches itself, and each longest stretch of the text of a
    /// `[runs KIND]` production that no node made inside it covers.
    pub fn generate(
        &self,
        start: &str,
        rng: &mut fastrand::Rng,
    ) -> (String, Vec<(String, usize, usize)>) {
        let mut out = String::new();
        let mut nodes = Vec::new();
        self.generate_production(start, rng, &mut out, &mut nodes);
        (out, nodes)
    }

    fn generate_production(
        &self,
        name: &str,
        rng: &mut fastrand::Rng,
        out: &mut String,
        nodes: &mut Vec<(String, usize, usize)>,
    ) {
        let production = self.get(name).unwrap();
        let start = out.len();
        let first_inside = nodes.len();
        self.generate_expr(&production.expr, production.tokens(), rng, out, nodes);
        if let Some(kind) = production.runs() {
            let covered = |at: usize| {
                nodes[first_inside..]
                    .iter()
                    .any(|&(_, from, to)| (from..to).contains(&at))
            };
            let mut runs = Vec::new();
            let mut run_start = None;
            for at in start..=out.len() {
                match (run_start, at < out.len() && !covered(at)) {
                    (None, true) => run_start = Some(at),
                    (Some(from), false) => {
                        runs.push((kind.to_owned(), from, at));
                        run_start = None;
                    }
                    _ => {}
                }
            }
            nodes.extend(runs);
        }
        if let Some(kind) = production.node() {
            nodes.push((kind.to_owned(), start, out.len()));
        }
    }

    fn generate_expr(
        &self,
        expr: &Expr,
        tokens: Option<&str>,
        rng: &mut fastrand::Rng,
        out: &mut String,
        nodes: &mut Vec<(String, usize, usize)>,
    ) {
        let token = |out: &mut String, nodes: &mut Vec<_>, text: &str| {
            for c in text.chars() {
                let start = out.len();
                out.push(c);
                if let Some(kind) = tokens {
                    nodes.push((kind.to_owned(), start, out.len()));
                }
            }
        };
        match expr {
            Expr::Literal(text) => token(out, nodes, text),
            Expr::Class(ranges) => {
                let size: u32 = ranges.iter().map(|&(a, b)| b as u32 - a as u32 + 1).sum();
                let mut pick = rng.u32(..size);
                for &(a, b) in ranges {
                    let width = b as u32 - a as u32 + 1;
                    if pick < width {
                        let c = char::from_u32(a as u32 + pick).unwrap();
                        token(out, nodes, &c.to_string());
                        break;
                    }
                    pick -= width;
                }
            }
            Expr::Ref(name) => self.generate_production(name, rng, out, nodes),
            Expr::Seq(items) => {
                for item in items {
                    self.generate_expr(item, tokens, rng, out, nodes);
                }
            }
            Expr::Alt(alternatives) => {
                let pick = rng.usize(..alternatives.len());
                self.generate_expr(&alternatives[pick], tokens, rng, out, nodes);
            }
            Expr::Opt(inner) => {
                if rng.bool() {
                    self.generate_expr(inner, tokens, rng, out, nodes);
                }
            }
            Expr::Star(inner) | Expr::Plus(inner) => {
                let least = usize::from(matches!(expr, Expr::Plus(_)));
                // Mostly short repetitions, now and then a long one (20-digit counters).
                let count = if rng.u8(..16) == 0 {
                    rng.usize(least..24)
                } else {
                    rng.usize(least..4)
                };
                for _ in 0..count {
                    self.generate_expr(inner, tokens, rng, out, nodes);
                }
            }
        }
    }
}

impl Expr {
    /// The names this expression uses, in order.
    pub fn refs<'e>(&'e self, names: &mut Vec<&'e str>) {
        match self {
            Expr::Literal(_) | Expr::Class(_) => {}
            Expr::Ref(name) => names.push(name),
            Expr::Seq(items) | Expr::Alt(items) => items.iter().for_each(|i| i.refs(names)),
            Expr::Opt(inner) | Expr::Star(inner) | Expr::Plus(inner) => inner.refs(names),
        }
    }

    /// The expression written back in W3C EBNF, for messages and diagrams.
    pub fn to_ebnf(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, precedence: u8) {
        match self {
            Expr::Literal(text) => {
                let _ = write!(out, "\"{text}\"");
            }
            Expr::Class(ranges) => {
                out.push('[');
                for &(a, b) in ranges {
                    let show = |c: char| {
                        if c.is_ascii_graphic() {
                            c.to_string()
                        } else {
                            format!("#x{:X}", c as u32)
                        }
                    };
                    out.push_str(&show(a));
                    if b != a {
                        out.push('-');
                        out.push_str(&show(b));
                    }
                }
                out.push(']');
            }
            Expr::Ref(name) => out.push_str(name),
            Expr::Seq(items) => {
                if precedence > 1 {
                    out.push('(');
                }
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    item.write(out, 2);
                }
                if precedence > 1 {
                    out.push(')');
                }
            }
            Expr::Alt(items) => {
                if precedence > 0 {
                    out.push('(');
                }
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(" | ");
                    }
                    item.write(out, 1);
                }
                if precedence > 0 {
                    out.push(')');
                }
            }
            Expr::Opt(inner) | Expr::Star(inner) | Expr::Plus(inner) => {
                inner.write(out, 3);
                out.push(match self {
                    Expr::Opt(_) => '?',
                    Expr::Star(_) => '*',
                    _ => '+',
                });
            }
        }
    }
}

/// Every end position reachable from a start, with the number of derivations that reach it.
type Ends = Vec<(usize, u64)>;

struct Recognizer<'g> {
    grammar: &'g Grammar,
    input: Vec<char>,
    /// `production * (len + 1) + start` to its ends; `Some(None)` while being computed.
    memo: Vec<Option<Option<std::rc::Rc<Ends>>>>,
}

/// Adds `count` derivations ending at `at`.
fn add(ends: &mut Ends, at: usize, count: u64) {
    match ends.iter_mut().find(|(end, _)| *end == at) {
        Some((_, total)) => *total = total.saturating_add(count),
        None => ends.push((at, count)),
    }
}

impl Recognizer<'_> {
    fn production(&mut self, index: usize, start: usize) -> std::rc::Rc<Ends> {
        let slot = index * (self.input.len() + 1) + start;
        match &self.memo[slot] {
            Some(Some(ends)) => return ends.clone(),
            Some(None) => panic!(
                "left recursion through `{}`",
                self.grammar.productions[index].name
            ),
            None => {}
        }
        self.memo[slot] = Some(None);
        let expr = &self.grammar.productions[index].expr;
        let ends = std::rc::Rc::new(self.expr(expr, start));
        self.memo[slot] = Some(Some(ends.clone()));
        ends
    }

    fn expr(&mut self, expr: &Expr, start: usize) -> Ends {
        let mut ends = Ends::new();
        match expr {
            Expr::Literal(text) => {
                let mut at = start;
                for c in text.chars() {
                    if self.input.get(at) != Some(&c) {
                        return ends;
                    }
                    at += 1;
                }
                ends.push((at, 1));
            }
            Expr::Class(ranges) => {
                if let Some(&c) = self.input.get(start)
                    && ranges.iter().any(|&(a, b)| (a..=b).contains(&c))
                {
                    ends.push((start + 1, 1));
                }
            }
            Expr::Ref(name) => {
                let index = self.grammar.index[name.as_str()];
                ends = self.production(index, start).as_ref().clone();
            }
            Expr::Seq(items) => {
                ends.push((start, 1));
                for item in items {
                    let mut next = Ends::new();
                    for &(at, count) in &ends {
                        for (end, more) in self.expr(item, at) {
                            add(&mut next, end, count.saturating_mul(more));
                        }
                    }
                    ends = next;
                    if ends.is_empty() {
                        break;
                    }
                }
            }
            Expr::Alt(items) => {
                for item in items {
                    for (end, count) in self.expr(item, start) {
                        add(&mut ends, end, count);
                    }
                }
            }
            Expr::Opt(inner) => {
                ends.push((start, 1));
                for (end, count) in self.expr(inner, start) {
                    add(&mut ends, end, count);
                }
            }
            Expr::Star(inner) | Expr::Plus(inner) => {
                let mut frontier: Ends = vec![(start, 1)];
                if matches!(expr, Expr::Star(_)) {
                    ends.push((start, 1));
                }
                while !frontier.is_empty() {
                    let mut next = Ends::new();
                    for &(at, count) in &frontier {
                        for (end, more) in self.expr(inner, at) {
                            assert!(
                                end > at,
                                "a repetition of an expression that matches nothing"
                            );
                            add(&mut next, end, count.saturating_mul(more));
                        }
                    }
                    for &(end, count) in &next {
                        add(&mut ends, end, count);
                    }
                    frontier = next;
                }
            }
        }
        ends
    }
}
