# Two small builds of the same sources for the report tests (report.test,
# report-browser.test), compiled with the plugin: DIR/gcc with GCC's -O2
# params (profile=gcc), DIR/rfc with the RFC's (profile=rfc), each tagged with
# its profile.  The sources: open.c as fs/open.c (do_sys_openat2 vanishes
# under rfc) and slab.c as mm/slab.c.
# usage: sh report-builds.sh CC PLUGIN DIR
set -eu
cc=$1 plugin=$2 dir=$3
inputs=$(cd "$(dirname "$0")" && pwd)
rm -rf "$dir"
mkdir -p "$dir/src/fs" "$dir/src/mm"
cp "$inputs/open.c" "$dir/src/fs/open.c"
cp "$inputs/slab.c" "$dir/src/mm/slab.c"
cd "$dir/src"
for profile in gcc rfc; do
  for tu in fs/open mm/slab; do
    mkdir -p "../$profile/$(dirname "$tu")"
    "$cc" -O2 -fplugin="$plugin" -fplugin-arg-inlinetune-profile=$profile \
      -fplugin-arg-inlinetune-tag=$profile -c $tu.c -o ../$profile/$tu.o
  done
done
