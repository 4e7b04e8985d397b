// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/profile.h: the live counters, the measured regions, and the
// profile file (docs/guest-profile.md, "The profile file (format 1)").
// QEMU-free: the plugin's glue adds to the counters (through QEMU's inline
// ops and its callbacks) and calls the region markers; everything here is
// unit-tested without QEMU.
//
// The counters: per function, one row of uint64_t: instructions, calls,
// then per model its kMissCounts miss counts (cache_model.h).  A region is the difference of two
// snapshots of every row, taken at its start and end markers: nothing is
// added per instruction for regions, so an open region costs nothing.
#pragma once

#include "cache_model.h"
#include "symbols.h"

#include <cstdint>
#include <string>
#include <vector>

namespace guestprof {

// The profile file's format_version (docs/guest-profile.md).
inline constexpr int kFormatVersion = 2;

// Columns of a counter row.
enum : size_t { kInsns = 0, kCalls = 1, kFirstMiss = 2 };

class Profile {
public:
  // FUNCTIONS are the kernel's; rows [kernel unknown] and [user] follow.
  Profile(std::vector<Function> functions, std::vector<ModelSpec> models);
  Profile(const Profile &) = delete;
  Profile &operator=(const Profile &) = delete;

  size_t stride() const { return stride_; }
  size_t kernel_unknown() const { return functions_.size(); }
  size_t user() const { return functions_.size() + 1; }
  size_t rows() const { return functions_.size() + 2; }
  // Row F's counters: stable for the Profile's lifetime (QEMU's inline ops
  // hold pointers into them).
  uint64_t *row(size_t f) { return &live_[f * stride_]; }
  uint64_t *insns(size_t f) { return row(f) + kInsns; }
  uint64_t *calls(size_t f) { return row(f) + kCalls; }
  // Model M's miss count K (kL1i ... kL2Fa) in row F.
  uint64_t *miss(size_t f, size_t m, size_t k) { return row(f) + kFirstMiss + kMissCounts * m + k; }
  const std::vector<ModelSpec> &models() const { return models_; }

  // The markers.  A start while a region is open, or an end while none is,
  // makes the profile incomplete: the error is kept (the first one), and
  // no region is opened or closed after it.
  void region_start();
  void region_end();
  // At exit: a region still open makes the profile incomplete.
  void finish();
  bool complete() const { return error_.empty(); }
  const std::string &error() const { return error_; }
  size_t regions() const { return regions_.size(); }
  bool region_open() const { return open_; }

  // The profile, format 1, as JSON Lines; HEADER_EXTRA holds the header's
  // fields that describe the run (tool, vmlinux, build id, plugin API).
  struct Header {
    std::string tool, vmlinux, build_id;
    int qemu_plugin_version = 0;
  };
  std::string render(const Header &h) const;
  // Writes render() to PATH whole (a temporary file renamed); throws
  // inlinetune::Error naming PATH on failure.
  void write(const std::string &path, const Header &h) const;

private:
  struct Region {
    // The rows that executed an instruction: (row, counters).
    std::vector<std::pair<size_t, std::vector<uint64_t>>> rows;
  };
  void fail(std::string why);

  std::vector<Function> functions_;
  std::vector<ModelSpec> models_;
  size_t stride_;
  std::vector<uint64_t> live_, start_;
  std::vector<Region> regions_;
  bool open_ = false;
  std::string error_;
};

} // namespace guestprof
