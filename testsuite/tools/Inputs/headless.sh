# Debian's Chromium, headless and offline, for report-browser.test.
# usage: sh headless.sh DIR CHROMIUM-ARGS... URL
# DIR is made afresh for the browser's profile and HOME.  Every network
# request goes to a proxy that is not there (the page must need none: its
# Content-Security-Policy forbids them too), background services are off,
# and --enable-logging=stderr --v=0 prints the page's console messages on
# stderr as "...:INFO:CONSOLE(LINE)] "MESSAGE", source: URL (LINE)".
# --no-sandbox: Chromium's sandbox refuses to run as root.
set -eu
dir=$1
shift
rm -rf "$dir"
mkdir -p "$dir/home"
HOME="$dir/home" exec timeout 60 chromium --headless=new --disable-gpu --no-sandbox \
  --user-data-dir="$dir/profile" --no-first-run --no-default-browser-check \
  --disable-extensions --disable-background-networking --disable-component-update \
  --disable-sync --disable-default-apps --proxy-server=127.0.0.1:9 \
  --enable-logging=stderr --v=0 "$@"
