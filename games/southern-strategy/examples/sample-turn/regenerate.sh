#!/usr/bin/env bash
# Rebuilds this example from scratch with the demo secrets: a hot-seat game started from the
# rulebook's Sample Turn position (../../scenarios/sample-turn.yaml), both supply phases and the
# initiative roll, stopping at the first impulse. The dice depend on everything in the game (its
# id, data and state), so it tries game ids until the Patriot wins the initiative, as
# patriot-impulse.yaml expects. Run it after a change to the state or the data; the test
# `the_shipped_examples_are_what_the_commands_make` tells when it is due.
set -euo pipefail
cd "$(dirname "$0")"
# A built adjutant given as $ADJUTANT is used as it is; else it is built and run by cargo.
adjutant() {
  if [ -n "${ADJUTANT:-}" ]; then "$ADJUTANT" "$@"; else cargo run --quiet --manifest-path ../../../../Cargo.toml -- "$@"; fi
}
for n in 1 2 3 4 5 6 7 8 9 10 11 12; do
  rm -rf demo-secrets demo-game.yaml
  adjutant new --id "ss-sample-turn-$n" --demo --position ../../scenarios/sample-turn.yaml \
    --name "crown=Demo Crown" --name "patriot=Demo Patriot" \
    --secrets demo-secrets -o demo-game.yaml 2> /dev/null
  adjutant play demo-game.yaml crown-supply.yaml --secrets demo-secrets > /dev/null
  adjutant play demo-game.yaml patriot-supply.yaml --secrets demo-secrets > /dev/null
  if grep -q '^  initiative: patriot' demo-game.yaml; then
    echo "ss-sample-turn-$n: the Patriot has the initiative"
    exit 0
  fi
done
echo "no game id gave the Patriot the initiative" >&2
exit 1
