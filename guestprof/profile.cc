// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/profile.cc: regions and the profile writer.
#include "profile.h"

#include "atomic_file.h"
#include "error.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace guestprof {

using Json = nlohmann::ordered_json;

Profile::Profile(std::vector<Function> functions, std::vector<ModelSpec> models)
    : functions_(std::move(functions)), models_(std::move(models)),
      stride_(kFirstMiss + kMissCounts * models_.size()), live_(rows() * stride_, 0) {}

void Profile::fail(std::string why) {
  if (error_.empty())
    error_ = std::move(why);
}

void Profile::region_start() {
  if (!error_.empty())
    return;
  if (open_)
    return fail(fmt::format(
        "region {} started while region {} was open (a start marker, hint #126, with no end "
        "marker, hint #127, between them)",
        regions_.size() + 2, regions_.size() + 1));
  start_ = live_;
  open_ = true;
}

void Profile::region_end() {
  if (!error_.empty())
    return;
  if (!open_)
    return fail(fmt::format("an end marker (hint #127) with no region open (after {} region{})",
                            regions_.size(), regions_.size() == 1 ? "" : "s"));
  Region r;
  for (size_t f = 0; f < rows(); ++f) {
    const uint64_t *now = &live_[f * stride_], *then = &start_[f * stride_];
    if (now[kInsns] == then[kInsns])
      continue;
    std::vector<uint64_t> d(stride_);
    for (size_t k = 0; k < stride_; ++k)
      d[k] = now[k] - then[k];
    r.rows.emplace_back(f, std::move(d));
  }
  regions_.push_back(std::move(r));
  open_ = false;
}

void Profile::finish() {
  if (open_ && error_.empty())
    fail(fmt::format(
        "region {} was still open when QEMU exited (the guest stopped, panicked or was killed "
        "before its end marker)",
        regions_.size() + 1));
}

namespace {

Json geometry_json(const Geometry &g) {
  return Json{{"size", g.size}, {"ways", g.ways}, {"line", g.line}};
}

} // namespace

std::string Profile::render(const Header &h) const {
  auto misses = [&](const uint64_t *row) {
    Json m = Json::object();
    for (size_t i = 0; i < models_.size(); ++i) {
      Json counts = Json::object();
      for (size_t k = 0; k < kMissCounts; ++k)
        counts[kMissNames[k]] = row[kFirstMiss + kMissCounts * i + k];
      m[models_[i].name] = std::move(counts);
    }
    return m;
  };
  std::string out;
  auto line = [&](const Json &j) {
    out += j.dump();
    out += '\n';
  };

  Json models = Json::array();
  for (const auto &m : models_)
    models.push_back(
        Json{{"name", m.name},
             {"l1i", geometry_json(m.l1i)},
             {"l1d", geometry_json(m.l1d)},
             {"l2", geometry_json(m.l2)},
             {"latency", Json{{"l2_hit", m.latency.l2_hit}, {"memory", m.latency.memory}}}});
  line(Json{{"format", "inlinetune-guest-profile"},
            {"format_version", kFormatVersion},
            {"tool", h.tool},
            {"qemu_plugin_version", h.qemu_plugin_version},
            {"vmlinux", h.vmlinux},
            {"vmlinux_build_id", h.build_id.empty() ? Json() : Json(h.build_id)},
            {"models", models},
            {"complete", complete()},
            {"error", complete() ? Json() : Json(error_)},
            {"regions", regions_.size()}});

  // The whole run: every row summed.
  std::vector<uint64_t> total(stride_, 0);
  for (size_t f = 0; f < rows(); ++f)
    for (size_t k = 0; k < stride_; ++k)
      total[k] += live_[f * stride_ + k];
  line(Json{{"kind", "run"}, {"insns", total[kInsns]}, {"misses", misses(total.data())}});

  for (size_t r = 0; r < regions_.size(); ++r) {
    std::vector<uint64_t> sum(stride_, 0);
    for (const auto &[f, d] : regions_[r].rows)
      for (size_t k = 0; k < stride_; ++k)
        sum[k] += d[k];
    Json cycles = Json::object(), cycles_fa = Json::object();
    for (size_t i = 0; i < models_.size(); ++i) {
      const uint64_t *c = &sum[kFirstMiss + kMissCounts * i];
      cycles[models_[i].name] =
          modelled_cycles(sum[kInsns], Misses{c[kL1i], c[kL1d], c[kL2]}, models_[i].latency);
      cycles_fa[models_[i].name] =
          modelled_cycles(sum[kInsns], Misses{c[kL1iFa], c[kL1dFa], c[kL2Fa]}, models_[i].latency);
    }
    line(Json{{"kind", "region"},
              {"region", r + 1},
              {"workload", nullptr},
              {"metric", nullptr},
              {"iterations", nullptr},
              {"insns", sum[kInsns]},
              {"misses", misses(sum.data())},
              {"cycles", cycles},
              {"cycles_fa", cycles_fa}});
    // Most instructions first; ties by row (address order, then
    // [kernel unknown], [user]): deterministic.
    std::vector<const std::pair<size_t, std::vector<uint64_t>> *> order;
    for (const auto &row : regions_[r].rows)
      order.push_back(&row);
    std::stable_sort(order.begin(), order.end(),
                     [](auto *a, auto *b) { return a->second[kInsns] > b->second[kInsns]; });
    for (auto *row : order) {
      size_t f = row->first;
      Json j{{"kind", "function"}, {"region", r + 1}};
      if (f < functions_.size()) {
        j["function"] = functions_[f].name;
        j["addr"] = fmt::format("{:#x}", functions_[f].start);
        j["space"] = "kernel";
      } else {
        j["function"] = f == kernel_unknown() ? "[kernel unknown]" : "[user]";
        j["space"] = f == kernel_unknown() ? "kernel" : "user";
      }
      j["insns"] = row->second[kInsns];
      j["calls"] = row->second[kCalls];
      j["misses"] = misses(row->second.data());
      line(j);
    }
  }
  return out;
}

void Profile::write(const std::string &path, const Header &h) const {
  std::string text = render(h);
  inlinetune::AtomicFile file(path);
  int fd = file.create(inlinetune::AtomicFile::default_mode());
  if (fd < 0)
    throw inlinetune::Error("{}: cannot create: {}", path, std::strerror(errno));
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      int e = errno;
      close(fd);
      throw inlinetune::Error("{}: write failed: {}", path, std::strerror(e));
    }
    done += size_t(n);
  }
  if (close(fd) != 0)
    throw inlinetune::Error("{}: write failed: {}", path, std::strerror(errno));
  if (!file.commit())
    throw inlinetune::Error("{}: cannot rename the temporary file over it: {}", path,
                            std::strerror(errno));
}

} // namespace guestprof
