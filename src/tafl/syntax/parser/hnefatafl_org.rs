//! What hnefatafl.org's records share, whatever their form: the rules its
//! engine plays on each board size, written as a rules string for the game
//! read.

/// The rules the server plays on a board of `dim` (7, 11 or 13; any other
/// size reads as 11), as a rules string: `RuleSet::hnefatafl_org(dim)`
/// written out (a test holds them equal).
pub(super) fn rules_of(dim: u8) -> &'static str {
    match dim {
        7 => {
            "dim:7 atkf:n tfr:i norpt:d norpts:n plim:133 cne:y ks:t corh:tT cenh: cenhe:tT start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
        }
        13 => {
            "dim:13 tfr:i norpt:d norpts:n plim:133 cne:y corh:tT sw:s efe:y efw:f start:/3ttttttt3/6t6/13/t5T5t/t5T5t/t4TTT4t/tt1TTTKTTT1tt/t4TTT4t/t5T5t/t5T5t/13/6t6/3ttttttt3/"
        }
        _ => {
            "dim:11 tfr:i norpt:d plim:133 cne:y corh:tT sw:s efe:y efw:f start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/"
        }
    }
}
