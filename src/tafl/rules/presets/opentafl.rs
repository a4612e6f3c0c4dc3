//! The ten variants built into OpenTafl, as the rules strings OpenTafl
//! writes in the files it saves (v0.4.8.0b): a record OpenTafl saved
//! replays under the same rules with `--rules` and with its tag.

use crate::tafl::rules::RuleSet;

/// Each variant: its preset's name, a line for `hirp rules`, and the rules
/// string OpenTafl writes for it.
pub(super) const VARIANTS: [(&str, &str, &str); 10] = [
    (
        "sea-battle",
        "Sea Battle, OpenTafl's: the king escapes to the edge, unarmed",
        "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: \
         starti:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        "fetlar",
        "Fetlar, OpenTafl's: the king escapes to a corner",
        "dim:11 name:Fetlar atkf:y nj:n cj:n \
         starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "copenhagen-opentafl",
        "Copenhagen, OpenTafl's: shieldwalls closed at a flank, exit forts",
        "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y \
         starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "copenhagen-relaxed",
        "Copenhagen with relaxed shieldwalls, OpenTafl's: any closing move captures",
        "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y \
         starti:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    ),
    (
        "berserk",
        "Berserk, OpenTafl's: commanders, a knight and the king jump; a piece that captures moves again",
        "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
         starti:/3ttttt3/5c5/11/t4T4t/t3TTT3t/tc1TTKTT1ct/t3NTT3t/t4T4t/11/5c5/3ttttt3/",
    ),
    (
        "brandub-opentafl",
        "Brandub, OpenTafl's: a weak king, captured by two",
        "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: \
         starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ),
    (
        "tawlbwrdd",
        "Tawlbwrdd, OpenTafl's: the king escapes to the edge, weak",
        "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: \
         starti:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/",
    ),
    (
        "tablut",
        "Tablut, OpenTafl's: the king escapes to the edge; Linnaean captures",
        "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: \
         cenhe:tcnkTCNK linc:y starti:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        "foteviken-tablut",
        "Foteviken Tablut, OpenTafl's: the attackers' forts on the four edges",
        "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: \
         afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK \
         aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: \
         starti:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/",
    ),
    (
        "magpie",
        "Magpie, OpenTafl's: the king moves one square at a time",
        "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, \
         starti:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    ),
];

/// The variant named `name`, if it is one of [`VARIANTS`].
pub(super) fn variant(name: &str) -> Option<RuleSet> {
    let (_, _, rules) = VARIANTS.iter().find(|(n, ..)| *n == name)?;
    let (rules, _) = RuleSet::from_opentafl(rules).expect("a preset's rules string reads");
    Some(rules)
}
