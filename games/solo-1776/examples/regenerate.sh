#!/usr/bin/env bash
# Rebuilds the shipped solo 1776 example from scratch with the demo secrets (self mode): a
# new game waiting for its first British turn, which british-turn.yaml gives. Run it after a
# change to the state, the rules or the data; the test
# `the_shipped_solo_1776_example_is_what_the_commands_make` tells when it is due.
set -euo pipefail
cd "$(dirname "$0")"
# A built adjutant given as $ADJUTANT is used as it is; else it is built and run by cargo.
adjutant() {
  if [ -n "${ADJUTANT:-}" ]; then "$ADJUTANT" "$@"; else cargo run --quiet --manifest-path ../../../Cargo.toml -- "$@"; fi
}
rm -rf demo-secrets demo-game.yaml
adjutant new --game solo-1776 --id solo-1776-example --demo --name "british=Demo Player" \
  --secrets demo-secrets -o demo-game.yaml 2> /dev/null
grep -q '^  decision: turn' demo-game.yaml || { echo "the example no longer waits for a British turn" >&2; exit 1; }
