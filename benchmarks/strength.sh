#!/usr/bin/env bash
# The arena runs behind docs/strength.md. Each writes one JSON report into $OUT (default
# benchmarks/results/strength, or benchmarks/results/strength/RULESET for rob and four).
# rlcard-rule needs: python3 -m pip install 'dizhu[peers]'
#   bash benchmarks/strength.sh                    # classic, play mode
#   RULESET=four bash benchmarks/strength.sh       # four, play mode
#   RULESET=rob bash benchmarks/strength.sh        # rob, full mode (its auction is the point)
#   RULESET=laizi bash benchmarks/strength.sh      # laizi (or tiandi), full mode: each level
#                                                  # against the one below, DECKS each (2000),
#                                                  # EXPERT_DECKS for expert (2000)
#   RULESET=laizi MODE=play bash benchmarks/strength.sh   # the same in play mode, into .../play,
#                                                  # with random against random first
# ONLY="hard-vs-normal normal-vs-easy" runs just those.
# PART=250 plays each run in parts of 250 decks (NAME.partN.json: decks N*250 on), skips the
# parts already written (so a stopped run goes on where it was) and pools them into NAME.json
# with benchmarks/merge_reports.py.
set -euo pipefail
RULESET=${RULESET:-classic}
if [ "$RULESET" = classic ]; then
  OUT=${OUT:-benchmarks/results/strength}
elif [ "${MODE:-}" = play ] && [[ "$RULESET" = laizi || "$RULESET" = tiandi ]]; then
  OUT=${OUT:-benchmarks/results/strength/$RULESET/play}
else
  OUT=${OUT:-benchmarks/results/strength/$RULESET}
fi
PART=${PART:-0}
JOBS=${JOBS:-2}
mkdir -p "$OUT"
LADDER=(  # each level against the one below, and against itself (the role baseline)
  "easy random 2000 1"
  "easy easy 2000 1"
  "normal easy 2000 1"
  "normal normal 2000 1"
  "hard normal 2000 1"
  "hard hard 2000 1"
  "expert hard 2000 1"
)
case "$RULESET" in
  classic)
    MODE=play
    RUNS=(
      "random random 20000 20240"
      "rlcard-rule random 20000 20240"
      "rlcard-rule rlcard-rule 20000 20240"
      "${LADDER[@]}"
      "easy rlcard-rule 5000 2"
      "normal rlcard-rule 5000 2"
      "hard rlcard-rule 5000 2"
      "expert rlcard-rule 5000 2"
    ) ;;
  four|rob)
    MODE=$([ "$RULESET" = rob ] && echo full || echo play)
    RUNS=("random random 5000 1" "${LADDER[@]}") ;;
  laizi|tiandi)
    MODE=${MODE:-full}
    DECKS=${DECKS:-2000}
    RUNS=("easy random $DECKS 1" "normal easy $DECKS 1" "hard normal $DECKS 1"
          "expert hard ${EXPERT_DECKS:-2000} 1")
    if [ "$MODE" = play ]; then RUNS=("random random $DECKS 1" "${RUNS[@]}"); fi ;;
  *) echo "strength.sh: no runs for the ruleset $RULESET" >&2; exit 2 ;;
esac
for run in "${RUNS[@]}"; do
  set -- $run
  name="$1-vs-$2"
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then continue; fi
  if [ "$PART" -gt 0 ]; then
    parts=()
    for ((first = 0; first < $3; first += PART)); do
      part="$OUT/$name.part$((first / PART)).json"
      parts+=("$part")
      if [ -s "$part" ]; then continue; fi
      python3 -m dizhu arena "$1" "$2" --decks $(($3 - first < PART ? $3 - first : PART)) \
        --first-deck "$first" --seed "$4" --jobs "$JOBS" --json --ruleset "$RULESET" \
        --mode "$MODE" > "$part.tmp" && mv "$part.tmp" "$part"
      echo "$name: decks from $first done" >&2
    done
    python3 benchmarks/merge_reports.py "${parts[@]}" > "$OUT/$name.json"
  else
    python3 -m dizhu arena "$1" "$2" --decks "$3" --seed "$4" --jobs "$JOBS" --json \
      --ruleset "$RULESET" --mode "$MODE" > "$OUT/$name.json"
  fi
  echo "$name: done" >&2
done
