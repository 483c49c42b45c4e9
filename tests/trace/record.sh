#!/bin/sh
# Records SWI-Prolog's standard error for trace programs: NAME.expected is
# what `swipl -q -g main -t halt NAME.pl < NAME.in` writes there, with
# variable names _123 normalised to _ (tests/trace.rs does the same to
# puzzlog's). Never edit NAME.expected by hand.
#   tests/trace/record.sh NAME...
cd "$(dirname "$0")"
for name in "$@"; do
  name=${name%.pl}
  input=/dev/null
  [ -f "$name.in" ] && input="$name.in"
  swipl -q -g main -t halt "$name.pl" < "$input" 2>&1 >/dev/null |
    sed -E 's/(^|[^A-Za-z0-9_])_G?[0-9]+/\1_/g' > "$name.expected"
done
