# SPDX-License-Identifier: GPL-3.0-or-later
# The guest profiles of guest-profiles.test, guest-report.test and
# guest-db.test, for the two builds Inputs/guest-stat-{base,new}.jsonl
# (fs/stat.c: NEW inlines vfs_statx into vfs_fstatat): DIR/base.prof and
# DIR/new.prof, and the logs as DIR/base.jsonl and DIR/new.jsonl.  The
# groups are known by hand (guest-profiles.test says how).  The fully
# associative misses are guest-profile.py's default but for base's [user],
# whose l1i_fa (3) is above its l1i (2): a negative conflict count, which
# format 2 allows (LRU is not optimal).
# usage: sh guest-profiles.sh DIR
set -eu
dir=$1
inputs=$(cd "$(dirname "$0")" && pwd)
cp "$inputs/guest-stat-base.jsonl" "$dir/base.jsonl"
cp "$inputs/guest-stat-new.jsonl" "$dir/new.jsonl"
python3 "$inputs/guest-profile.py" "$dir/base.prof" \
  'stat:100/el0_svc=2000:10:5:1,sys_newstat=500,vfs_fstatat=1000:20:0:2,vfs_statx=3000:50:10:5,cp_new_stat=1500:5:5:0,fill_stat=200,[user]=400:2:2:1:3:2:1,[kernel unknown]=100' \
  'pipe:10/pipe_read=5000:40:10:4,pipe_write=300,anon_pipe_buf_release=200,mutex_lock=100' \
  'only_base:1/el0_svc=10'
python3 "$inputs/guest-profile.py" "$dir/new.prof" \
  'stat:100/el0_svc=2000:10:5:1,sys_newstat=500,vfs_fstatat=3500:60:10:6,cp_new_stat=1300:5:5:0,fill_stat=300,[user]=400:2:2:1,[kernel unknown]=100' \
  'pipe:10/pipe_read=4000:30:10:4,pipe_write=250,anon_pipe_buf_release=240,mutex_lock=100'
