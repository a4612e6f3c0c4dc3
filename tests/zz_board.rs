struct Keep(Vec<(usize, usize, hirp::rules::Position)>);
impl hirp::replay::Observer for Keep {
    fn step(&mut self, s: &hirp::replay::StepView<'_>) {
        self.0.push((s.index, s.token, *s.position));
    }
}
#[test]
fn show() {
    let text = std::fs::read_to_string("fixtures/rulebook/corrected.hirp").unwrap();
    let parsed = hirp::parse(&text);
    let mut keep = Keep(vec![]);
    let report = hirp::replay::replay_game_with(&parsed.record.games[0], &[], &mut keep);
    let mid = keep
        .0
        .iter()
        .find(|(i, t, _)| *i == 7 && *t == 3)
        .unwrap()
        .2;
    print!("{}", hirp::render::text::board(&mid).plain());
    print!("{}", hirp::render::text::board(&report.position).plain());
}
