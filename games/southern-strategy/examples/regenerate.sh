#!/usr/bin/env bash
# Rebuilds the shipped hot-seat example from scratch with the demo secrets: a new game, both
# supply phases, and the initiative roll, stopping at the first impulse. Run it after a change
# to the state or the data, then check that the winner of the initiative still matches
# crown-impulse.yaml (the test `the_shipped_example_is_what_the_commands_make` compares).
set -euo pipefail
cd "$(dirname "$0")"
rm -rf demo-secrets demo-game.yaml
adjutant() { cargo run --quiet --manifest-path ../../../Cargo.toml -- "$@"; }
adjutant new --id ss-example --demo --name "crown=Demo Crown" --name "patriot=Demo Patriot" \
  --secrets demo-secrets -o demo-game.yaml
adjutant play demo-game.yaml crown-supply.yaml --secrets demo-secrets > /dev/null
adjutant play demo-game.yaml patriot-supply.yaml --secrets demo-secrets > /dev/null
grep -m1 'initiative:' demo-game.yaml
