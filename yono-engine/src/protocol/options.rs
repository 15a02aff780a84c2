//! The engine's options: declared once here, listed by `usi`, set by `setoption`.

use yono::Ruleset;

use crate::{EngineConfig, SearchMode};

/// The largest transposition table, in MiB.
pub(crate) const MAX_HASH_MB: u64 = 4096;
/// The largest evaluation noise, in centi-pawns.
pub(crate) const MAX_NOISE: u64 = 1000;
/// The most search threads.
pub(crate) const MAX_THREADS: u64 = 64;
/// The most principal variations reported.
pub(crate) const MAX_MULTIPV: u64 = 32;
/// The variants' names.
fn variants() -> Vec<&'static str> {
    vec![Ruleset::Shogi.name(), Ruleset::Yono.name()]
}

/// The search modes' names, as `SearchMode` spells them.
fn modes() -> Vec<&'static str> {
    SearchMode::ALL.iter().map(|m| m.name()).collect()
}

/// The option values a session holds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Options {
    pub variant: Ruleset,
    pub config: EngineConfig,
    pub ponder: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Ruleset::Shogi,
            config: EngineConfig::default(),
            ponder: false,
        }
    }
}

enum Kind {
    Spin { min: u64, max: u64 },
    Combo(fn() -> Vec<&'static str>),
    Check,
}

struct Declared {
    name: &'static str,
    kind: Kind,
}

/// Every option, in the order `usi` lists them.
const DECLARED: &[Declared] = &[
    Declared {
        name: "USI_Variant",
        kind: Kind::Combo(variants),
    },
    Declared {
        name: "USI_Hash",
        kind: Kind::Spin {
            min: 1,
            max: MAX_HASH_MB,
        },
    },
    Declared {
        name: "USI_Ponder",
        kind: Kind::Check,
    },
    Declared {
        name: "Threads",
        kind: Kind::Spin {
            min: 1,
            max: MAX_THREADS,
        },
    },
    Declared {
        name: "MultiPV",
        kind: Kind::Spin {
            min: 1,
            max: MAX_MULTIPV,
        },
    },
    Declared {
        name: "SearchMode",
        kind: Kind::Combo(modes),
    },
    Declared {
        name: "Seed",
        kind: Kind::Spin {
            min: 0,
            max: u32::MAX as u64,
        },
    },
    Declared {
        name: "Noise",
        kind: Kind::Spin {
            min: 0,
            max: MAX_NOISE,
        },
    },
];

impl Options {
    fn current(&self, name: &str) -> String {
        match name {
            "USI_Variant" => self.variant.name().to_string(),
            "USI_Hash" => self.config.hash_mb.to_string(),
            "USI_Ponder" => self.ponder.to_string(),
            "Threads" => self.config.threads.to_string(),
            "MultiPV" => self.config.multipv.to_string(),
            "SearchMode" => self.config.mode.name().to_string(),
            "Seed" => self.config.seed.to_string(),
            "Noise" => self.config.noise.to_string(),
            _ => unreachable!("every declared option has a value"),
        }
    }

    /// The `option ...` lines of the `usi` answer; defaults are the current values.
    pub(crate) fn usi_lines(&self) -> Vec<String> {
        DECLARED
            .iter()
            .map(|d| {
                let default = self.current(d.name);
                match &d.kind {
                    Kind::Spin { min, max } => format!(
                        "option name {} type spin default {default} min {min} max {max}",
                        d.name
                    ),
                    Kind::Combo(vars) => {
                        let vars: String = vars().iter().map(|v| format!(" var {v}")).collect();
                        format!("option name {} type combo default {default}{vars}", d.name)
                    }
                    Kind::Check => format!("option name {} type check default {default}", d.name),
                }
            })
            .collect()
    }

    /// Sets an option (names in any case, as USI allows). `Ok(Some(note))` for an
    /// option USI defines that this engine does not use (accepted, ignored).
    pub(crate) fn set(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<Option<String>, String> {
        let Some(d) = DECLARED.iter().find(|d| d.name.eq_ignore_ascii_case(name)) else {
            if name.len() > 4 && name[..4].eq_ignore_ascii_case("USI_") {
                return Ok(Some(format!(
                    "option {name} is not used by this engine: ignored"
                )));
            }
            let names: Vec<&str> = DECLARED.iter().map(|d| d.name).collect();
            return Err(format!(
                "unknown option \"{name}\" (options: {})",
                names.join(", ")
            ));
        };
        let value = value.ok_or_else(|| format!("option {} needs a value", d.name))?;
        match &d.kind {
            Kind::Spin { min, max } => {
                let n: u64 = value
                    .parse()
                    .ok()
                    .filter(|n| (min..=max).contains(&n))
                    .ok_or_else(|| {
                        format!(
                            "option {} takes a whole number from {min} to {max}, got \"{value}\"",
                            d.name
                        )
                    })?;
                match d.name {
                    "USI_Hash" => self.config.hash_mb = n as usize,
                    "Threads" => self.config.threads = n as usize,
                    "MultiPV" => self.config.multipv = n as usize,
                    "Seed" => self.config.seed = n,
                    "Noise" => self.config.noise = n as u32,
                    _ => unreachable!("every spin option is stored"),
                }
            }
            Kind::Combo(vars) => {
                let vars = vars();
                let v = *vars
                    .iter()
                    .find(|v| v.eq_ignore_ascii_case(value))
                    .ok_or_else(|| {
                        format!(
                            "option {} takes one of {}, got \"{value}\"",
                            d.name,
                            vars.join(", ")
                        )
                    })?;
                match d.name {
                    "USI_Variant" => {
                        self.variant = v.parse().expect("the variants are ruleset names")
                    }
                    "SearchMode" => self.config.mode = v.parse().expect("the modes' own names"),
                    _ => unreachable!("every combo option is stored"),
                }
            }
            Kind::Check => {
                let on = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(format!(
                            "option {} takes true or false, got \"{value}\"",
                            d.name
                        ))
                    }
                };
                match d.name {
                    "USI_Ponder" => self.ponder = on,
                    _ => unreachable!("every check option is stored"),
                }
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_sets_every_option() {
        let mut o = Options::default();
        let lines = o.usi_lines();
        assert!(lines.contains(
            &"option name USI_Variant type combo default shogi var shogi var yono".to_string()
        ));
        assert!(lines
            .iter()
            .any(|l| l.starts_with("option name USI_Hash type spin default 16 min 1 max 4096")));
        o.set("usi_variant", Some("YONO")).unwrap();
        assert_eq!(o.variant, Ruleset::Yono);
        o.set("USI_Hash", Some("64")).unwrap();
        assert_eq!(o.config.hash_mb, 64);
        o.set("Seed", Some("7")).unwrap();
        o.set("Noise", Some("20")).unwrap();
        assert_eq!((o.config.seed, o.config.noise), (7, 20));
        o.set("SearchMode", Some("BRS+")).unwrap();
        assert_eq!(o.config.mode, SearchMode::BestReplyPlus);
        o.set("MultiPV", Some("3")).unwrap();
        o.set("Threads", Some("2")).unwrap();
        assert_eq!((o.config.multipv, o.config.threads), (3, 2));
        o.set("USI_Ponder", Some("true")).unwrap();
        assert!(o.ponder);
        assert!(o.set("USI_OwnBook", Some("true")).unwrap().is_some());
        let before = o.clone();
        for (name, value) in [
            ("USI_Hash", Some("0")),
            ("USI_Hash", Some("lots")),
            ("USI_Hash", None),
            ("USI_Variant", Some("chess")),
            ("USI_Ponder", Some("maybe")),
            ("SearchMode", Some("maxn")),
            ("MultiPV", Some("0")),
            ("Threads", Some("65")),
            ("Colour", Some("red")),
        ] {
            assert!(o.set(name, value).is_err(), "{name} {value:?}");
        }
        assert_eq!(o, before, "a refused option changes nothing");
    }
}
