  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
!  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
v  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
B  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
v  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
F  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
,  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
A  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
+  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
B  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
,  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
v  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
w  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
[  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
C  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
]  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
F  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
C  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
6  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
1  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
F  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
C  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
6  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
C  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
C  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
B  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
C  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
M  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
A  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
K  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
B  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
I  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
L  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
P  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
F  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
A  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
I  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
I  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
>  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
v  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
1  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
'  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
\  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
'  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
j  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
J  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
B  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
A  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
G  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
I  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
1  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
j  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
'  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
'  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
\  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
*  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
6  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
4  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
I  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
;  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
h  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
.  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
z  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
/  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
1  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
4  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
8  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
6  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
5  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
5  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
3  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
6  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
\  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
l  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
1  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
2  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
>  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
&  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
1  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
g  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
^  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
(  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
#  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
[  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
9  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
]  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
+  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
+  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
D  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
N  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
m  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
b  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
f  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
x  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
c  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
i  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
:  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
p  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
a  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
k  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
_  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
[  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
9  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
]  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
+  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
=  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
O  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
M  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
M  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
A  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
R  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
Y  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
)  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
|  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
r  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
u  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
s  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
t  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
$  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
{  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
P  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
I  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
P  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
E  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
A  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
T  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
U  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
S  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
[  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
]  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
}  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
"  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
-  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
q  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
   log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
0  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
d  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
o  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
n  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
e  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"

  log=$(mktemp)
  status=0
  ./build-fuzz/"$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || status=$?
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)" "$log" || true
  if [ "$status" -ne 0 ]; then
    tail -60 "$log"
    rm -f "$log"
    echo "$t failed (exit $status)"
    exit 1
  fi
  rm -f "$log"
