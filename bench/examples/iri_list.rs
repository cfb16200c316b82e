//! Writes the IRI-heavy list of the `parse_iri` benchmark to stdout, one IRI
//! a line (see `urikit_bench::iri_list` for how it is made).

fn main() {
    use std::io::Write;
    let list = urikit_bench::iri_list::iri_list(&urikit_bench::datasets_dir());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in list {
        writeln!(out, "{line}").expect("stdout");
    }
}
