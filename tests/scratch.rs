mod support;
#[test]
fn scratch() {
    for input in std::env::var("FENS").unwrap().split('|') {
        println!("==== {input:?}");
        print!("{}", fenlint::parse(input).tree().dump());
        print!("{}", support::render(input));
    }
}
