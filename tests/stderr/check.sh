#!/bin/sh
# Compares what SWI-Prolog and puzzlog write on standard error for the programs
# here (library output that goes to stderr: time/1, statistics/0, debug/3, ...),
# after normalising what depends on the run: numbers become N, fresh variables _,
# runs of spaces one space (so column widths are not compared), and SWI's
# backtrace (indented "[N] ..." lines and its note) is dropped.
#   tests/stderr/check.sh [NAME...]      (default: all)
# PUZZLOG (default target/release/puzzlog) runs each program as swipl does.
cd "$(dirname "$0")"
PUZZLOG=${PUZZLOG:-../../target/release/puzzlog}
norm() {
  sed -E -e '/^ +\[[0-9]+\] /d' -e '/^Note: some frames are missing/d' -e '/^Re-run your program in debug mode/d' \
         -e 's/(^|[^A-Za-z0-9_])_G?[0-9]+/\1_/g' \
         -e 's/[0-9][0-9,]*(\.[0-9]+)?/N/g' -e 's/  +/ /g'
}
if [ $# -eq 0 ]; then set -- $(ls *.pl | sed 's/\.pl$//'); fi
status=0
for name in "$@"; do
  name=${name%.pl}
  swipl -q -g main -t halt "$name.pl" 2>&1 >/dev/null | norm > "/tmp/$name.swi.err"
  "$PUZZLOG" -q -g main -t halt "$name.pl" 2>&1 >/dev/null | norm > "/tmp/$name.puzzlog.err"
  if diff "/tmp/$name.swi.err" "/tmp/$name.puzzlog.err" > "/tmp/$name.diff"; then
    echo "$name: same"
  else
    echo "$name: differs (< SWI-Prolog, > puzzlog)"; cat "/tmp/$name.diff"; status=1
  fi
done
exit $status
