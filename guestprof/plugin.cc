// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/plugin.cc: guestprof, inlinetune's QEMU TCG plugin: per
// measured region and per kernel function, the instructions executed, the
// calls, and the misses of one or more cache models (docs/guest-profile.md),
// each also counted in the same caches made fully associative (the `_fa`
// counts, cache_model.h's Hierarchy: the misses without conflicts).
// The only file that includes qemu-plugin.h: the rest of guestprof/ is
// QEMU-free and unit-tested (testsuite/unit/guestprof_*_test.cc).
//
// Load it with
//   qemu-system-aarch64 ... -plugin
//   build/guestprof/guestprof.so,vmlinux=PATH,out=PATH[,cache=n1+small]
// (harness/qemu.sh: QM_PLUGIN).  Bad arguments are reported on stderr as
// "guestprof: error: argument 'KEY=VALUE': ..." and qemu_plugin_install
// returns 1, which makes QEMU 7.2 exit with status 1 ("Could not load
// plugin ...: qemu_plugin_install returned error code 1").
//
// How it counts, cheaply (QEMU's contrib cache plugin calls back on every
// instruction, under locks):
//  - at translation, each instruction's function is looked up once (a
//    binary search, skipped while the instructions stay in one function);
//  - instructions and calls are counted by QEMU's inline ops (an add to a
//    counter, no call) into the function's row of live counters;
//  - the L1I is looked up once per run of consecutive instructions of a TB
//    in one cache line (the smallest L1I line of the models) and one
//    function: the later instructions of a run would hit the line the
//    first made most recent, with no other fetch between, so they change
//    neither the counts nor the LRU order;
//  - data accesses come through memory callbacks: MMIO is skipped, the
//    guest physical address is looked up; instruction fetches use the host
//    address QEMU holds the instruction at (as contrib's cache.c does, so
//    that the two give the same whole-run totals: testsuite/guestprof/);
//  - a region is a snapshot of the live counters at its markers (hint #126
//    starts, hint #127 ends), so nothing is counted per region.  The
//    markers themselves are outside every region: a start marker counts
//    itself before the snapshot, an end marker after it.
//
// QEMU versions: built against the qemu-plugin.h of the QEMU that loads it
// (scripts/qemu-plugin-src.sh).  Debian 12's QEMU 7.2 has plugin API 1,
// Debian 13's QEMU 10.0 (the trixie root of `make toolchains`) API 4.  Two
// differences matter here, kept in the "QEMU plugin API" section below:
// from API 2 the inline adds go into a scoreboard (QEMU's per-vCPU memory)
// instead of any address, so the instructions and calls are added there
// and moved into the profile's rows at every marker and at exit; from API 3
// qemu_plugin_insn_data copies the instruction's bytes out.
//
// Limits: one vCPU (the model is one core; the plugin refuses -smp > 1);
// system emulation of aarch64 only; the profile is written at QEMU's exit.
// Debugging: qemu's -d plugin shows qemu_plugin_outs; guestprof is silent
// unless something fails.

#include "args.h"
#include "error.h"
#include "profile.h"
#include "project_version.h"
#include "symbols.h"

extern "C" {
#include <qemu-plugin.h>

// The plugin API whose calls are used: the header's, unless a test builds
// the API-1 calls against a header that claims another version, which the
// installed QEMU must then refuse (testsuite/guestprof/version.test).
#ifndef GUESTPROF_QEMU_API
#define GUESTPROF_QEMU_API QEMU_PLUGIN_VERSION
#endif
}

#include <elf.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <vector>

extern "C" {
QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;
}

namespace {

using namespace guestprof;

// What a fetch callback needs: the run's host address and its function's row.
struct Run {
  uint64_t haddr;
  uint64_t *row;
};

// A marker instruction: it counts itself, outside the region.
struct Marker {
  bool start;
  bool entry; // the first instruction of its function
  bool fetch; // the first of a run: looks the L1I up
  uint64_t haddr;
  uint64_t *row;
};

struct State {
#if GUESTPROF_QEMU_API >= 2
  // Instructions and calls per row, two counters a row, added by QEMU's
  // inline ops (one element: one vCPU).
  struct qemu_plugin_scoreboard *score = nullptr;
#endif
  Config config;
  Vmlinux vmlinux;
  std::unique_ptr<Profile> profile;
  std::vector<Hierarchy> models;
  unsigned run_shift = 63; // log2 of the smallest L1I line
  // Callback data, kept for QEMU's lifetime (TBs hold pointers into them;
  // a deque never moves its elements).
  std::deque<Run> runs;
  std::deque<Marker> markers;
};

State *state;

constexpr uint32_t kStartMarker = 0xd5032fdf; // hint #126
constexpr uint32_t kEndMarker = 0xd5032fff;   // hint #127

[[noreturn]] void die(const char *what) {
  std::fprintf(stderr, "guestprof: error: %s\n", what);
  std::fflush(stderr);
  _exit(1);
}

// ---- QEMU plugin API: what differs between versions -----------------------
// add_inline(insn, row, counter): QEMU adds 1 to that counter (kInsns or
// kCalls) of that row each time insn executes, inline (no call).
// sync_counts(): moves what the scoreboard holds into the rows (API 2 on;
// nothing before, where the inline ops write the rows themselves); called
// with the guest stopped (a marker's callback, QEMU's exit), one vCPU.
// insn_word(insn): the 4 bytes of an instruction.
#if GUESTPROF_QEMU_API >= 2
void add_inline(struct qemu_plugin_insn *insn, size_t row, size_t counter) {
  qemu_plugin_u64 entry = {state->score, (row * 2 + counter) * sizeof(uint64_t)};
  qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(insn, QEMU_PLUGIN_INLINE_ADD_U64, entry, 1);
}
void sync_counts() {
  auto *sb = static_cast<uint64_t *>(qemu_plugin_scoreboard_find(state->score, 0));
  for (size_t r = 0, n = state->profile->rows(); r < n; ++r) {
    uint64_t *row = state->profile->row(r);
    row[kInsns] += sb[2 * r];
    row[kCalls] += sb[2 * r + 1];
    sb[2 * r] = sb[2 * r + 1] = 0;
  }
}
#else
void add_inline(struct qemu_plugin_insn *insn, size_t row, size_t counter) {
  qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                             state->profile->row(row) + counter, 1);
}
void sync_counts() {}
#endif
uint32_t insn_word(struct qemu_plugin_insn *insn) {
  uint32_t word = 0;
  if (qemu_plugin_insn_size(insn) != 4)
    return 0;
#if GUESTPROF_QEMU_API >= 3
  qemu_plugin_insn_data(insn, &word, 4);
#else
  std::memcpy(&word, qemu_plugin_insn_data(insn), 4);
#endif
  return word;
}
// ---- end of the QEMU plugin API differences -------------------------------

// Counts an outcome into a model's counters M: an L1 miss into L1 (kL1i or
// kL1d), an L2 miss into kL2 too; the same for the fully associative shadow.
inline void count(const Outcome &o, uint64_t *m, size_t l1, size_t l1_fa) {
  if (o.set_associative != Miss::none) {
    ++m[l1];
    if (o.set_associative == Miss::l2)
      ++m[kL2];
  }
  if (o.fully_associative != Miss::none) {
    ++m[l1_fa];
    if (o.fully_associative == Miss::l2)
      ++m[kL2Fa];
  }
}

inline void count_fetch(uint64_t haddr, uint64_t *row) {
  uint64_t *m = row + kFirstMiss;
  for (auto &h : state->models) {
    count(h.fetch(haddr), m, kL1i, kL1iFa);
    m += kMissCounts;
  }
}

void on_fetch(unsigned int, void *udata) {
  auto *run = static_cast<Run *>(udata);
  count_fetch(run->haddr, run->row);
}

void on_mem(unsigned int, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata) {
  struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
  if (hw && qemu_plugin_hwaddr_is_io(hw))
    return;
  uint64_t addr = hw ? qemu_plugin_hwaddr_phys_addr(hw) : vaddr;
  uint64_t *m = static_cast<uint64_t *>(udata) + kFirstMiss;
  for (auto &h : state->models) {
    count(h.data(addr), m, kL1d, kL1dFa);
    m += kMissCounts;
  }
}

void marker_self(const Marker &mk) {
  ++mk.row[kInsns];
  if (mk.entry)
    ++mk.row[kCalls];
  if (mk.fetch)
    count_fetch(mk.haddr, mk.row);
}

void on_marker(unsigned int, void *udata) {
  auto *mk = static_cast<Marker *>(udata);
  sync_counts();
  if (mk->start) {
    marker_self(*mk);
    state->profile->region_start();
  } else {
    state->profile->region_end();
    marker_self(*mk);
  }
}

void on_tb_trans(qemu_plugin_id_t, struct qemu_plugin_tb *tb) try {
  State &s = *state;
  const auto &funcs = s.vmlinux.symbols.functions();
  size_t n = qemu_plugin_tb_n_insns(tb);
  bool caches = !s.models.empty();
  long func = -1; // the last instruction's function, if any
  size_t prev_row = SIZE_MAX;
  uint64_t prev_line = 0;
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    uint64_t va = qemu_plugin_insn_vaddr(insn);
    size_t row;
    if (!(va >> 63)) {
      row = s.profile->user();
      func = -1;
    } else {
      if (func < 0 || va < funcs[size_t(func)].start || va >= funcs[size_t(func)].end)
        func = s.vmlinux.symbols.lookup(va);
      row = func < 0 ? s.profile->kernel_unknown() : size_t(func);
    }
    uint64_t *counters = s.profile->row(row);
    bool entry = func >= 0 && va == funcs[size_t(func)].start;
    uint64_t haddr = uint64_t(reinterpret_cast<uintptr_t>(qemu_plugin_insn_haddr(insn)));
    uint64_t line = haddr >> s.run_shift;
    bool fetch = caches && (i == 0 || line != prev_line || row != prev_row);
    prev_line = line;
    prev_row = row;

    uint32_t word = insn_word(insn);
    if (word == kStartMarker || word == kEndMarker) {
      s.markers.push_back({word == kStartMarker, entry, fetch, haddr, counters});
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker, QEMU_PLUGIN_CB_NO_REGS,
                                             &s.markers.back());
      continue; // no memory access: a NOP
    }
    add_inline(insn, row, kInsns);
    if (entry)
      add_inline(insn, row, kCalls);
    if (!caches)
      continue;
    if (fetch) {
      s.runs.push_back({haddr, counters});
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_fetch, QEMU_PLUGIN_CB_NO_REGS,
                                             &s.runs.back());
    }
    qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
                                     counters);
  }
} catch (const std::exception &e) {
  die(e.what());
}

void on_qemu_exit(qemu_plugin_id_t, void *) try {
  State &s = *state;
  sync_counts();
  s.profile->finish();
  Profile::Header h;
  h.tool = std::string("guestprof ") + inlinetune::kVersion + " (" + inlinetune::kCommit + ")";
  h.vmlinux = s.config.vmlinux;
  h.build_id = s.vmlinux.build_id;
  h.qemu_plugin_version = QEMU_PLUGIN_VERSION;
  s.profile->write(s.config.out, h);
} catch (const std::exception &e) {
  die(e.what()); // a profile that could not be written must not look like a good run
}

int install(const qemu_info_t *info, int argc, char **argv) {
  auto st = std::make_unique<State>();
  st->config = parse_args(std::vector<std::string>(argv, argv + argc));
  if (!info->system_emulation)
    throw inlinetune::Error(
        "guestprof profiles a kernel: load it into qemu-system-aarch64, not a user-mode QEMU");
  if (std::strcmp(info->target_name, "aarch64") != 0)
    throw inlinetune::Error("guestprof profiles aarch64 kernels; this QEMU emulates {}",
                            info->target_name);
  if (info->system.smp_vcpus != 1)
    throw inlinetune::Error(
        "guestprof models one core; this machine has {} vCPUs (boot with -smp 1)",
        info->system.smp_vcpus);
  st->vmlinux = read_vmlinux(st->config.vmlinux);
  if (st->vmlinux.machine != EM_AARCH64)
    throw inlinetune::Error("{}: not an aarch64 ELF file (e_machine {})", st->config.vmlinux,
                            st->vmlinux.machine);
  // Make the out= path's directory problems visible now, not at exit.
  std::string dir = st->config.out.substr(0, st->config.out.rfind('/') + 1);
  if (!dir.empty() && access(dir.c_str(), W_OK) != 0)
    throw inlinetune::Error("argument 'out={}': cannot write into {}: {}", st->config.out, dir,
                            std::strerror(errno));
  st->profile = std::make_unique<Profile>(st->vmlinux.symbols.functions(), st->config.models);
  for (const auto &m : st->config.models) {
    st->models.emplace_back(m);
    unsigned shift = 0;
    while ((uint64_t(1) << shift) < m.l1i.line)
      ++shift;
    st->run_shift = std::min(st->run_shift, shift);
  }
#if GUESTPROF_QEMU_API >= 2
  st->score = qemu_plugin_scoreboard_new(2 * sizeof(uint64_t) * st->profile->rows());
#endif
  state = st.release();
  return 0;
}

} // namespace

extern "C" QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                                      int argc, char **argv) {
  try {
    if (install(info, argc, argv) != 0)
      return 1;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "guestprof: error: %s\n", e.what());
    return 1;
  }
  // Each translated block: count its instructions and calls inline, hook
  // its fetch runs and memory accesses to the cache models and its markers
  // to the regions.
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
  // At exit: close the books and write the profile.
  qemu_plugin_register_atexit_cb(id, on_qemu_exit, nullptr);
  return 0;
}
