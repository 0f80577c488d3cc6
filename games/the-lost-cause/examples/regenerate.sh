#!/usr/bin/env bash
# Rebuilds the shipped solitaire example from scratch with the demo secrets (self mode): a
# new game and its first decision (start the war), stopping at the first Command action,
# which command.yaml answers. Run it after a change to the state, the rules or the data;
# the test `the_shipped_lost_cause_example_is_what_the_commands_make` tells when it is due.
set -euo pipefail
cd "$(dirname "$0")"
# A built adjutant given as $ADJUTANT is used as it is; else it is built and run by cargo.
adjutant() {
  if [ -n "${ADJUTANT:-}" ]; then "$ADJUTANT" "$@"; else cargo run --quiet --manifest-path ../../../Cargo.toml -- "$@"; fi
}
# The dice depend on everything in the game (its id, data and state), so it tries game ids
# until the first decision after the start is a Command action.
for n in "" -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12; do
  rm -rf demo-secrets demo-game.yaml
  adjutant new --game the-lost-cause --id "tlc-example$n" --demo --name "csa=Demo Player" \
    --secrets demo-secrets -o demo-game.yaml 2> /dev/null
  adjutant play demo-game.yaml start.yaml --secrets demo-secrets > /dev/null
  if grep -q '^  decision: command' demo-game.yaml; then
    echo "tlc-example$n: the example stops at a Command action"
    exit 0
  fi
done
echo "no game id stopped at a Command action" >&2
exit 1
