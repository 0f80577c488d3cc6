//! The `adjutant` command: parses arguments and hands them to the library.

fn main() -> std::process::ExitCode {
    adjutant::cli::main()
}
