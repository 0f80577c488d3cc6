#!/usr/bin/env bash
# Rebuilds the shipped solitaire example from scratch with the demo secrets (self mode): a
# new game and its first decision (start the war), stopping at the first Command action,
# which command.yaml answers. Run it after a change to the state, the rules or the data;
# the test `the_shipped_lost_cause_example_is_what_the_commands_make` tells when it is due.
set -euo pipefail
cd "$(dirname "$0")"
adjutant() { cargo run --quiet --manifest-path ../../../Cargo.toml -- "$@"; }
rm -rf demo-secrets demo-game.yaml
adjutant new --game the-lost-cause --id tlc-example --demo --name "csa=Demo Player" \
  --secrets demo-secrets -o demo-game.yaml 2> /dev/null
adjutant play demo-game.yaml start.yaml --secrets demo-secrets > /dev/null
grep -q '^  decision: command' demo-game.yaml || { echo "the example no longer stops at a Command action" >&2; exit 1; }
