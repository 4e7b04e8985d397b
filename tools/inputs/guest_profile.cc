// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/guest_profile.h"

#include "error.h"
#include "inputs/csv_reader.h"

#include <fmt/format.h>
#include <simdjson.h>

#include <string_view>
#include <tuple>
#include <utility>

namespace inlinetune {

uint64_t modelled_cycles(const CacheModel &model, uint64_t insns, const Misses &misses) {
  return insns + (misses.l1i + misses.l1d) * model.l2_hit + misses.l2 * model.memory;
}

std::optional<size_t> GuestProfile::find_model(const std::string &name) const {
  for (size_t i = 0; i < models.size(); ++i)
    if (models[i].name == name)
      return i;
  return std::nullopt;
}

const GuestRegion *GuestProfile::find_region(const std::string &name) const {
  for (const GuestRegion &r : regions)
    if (r.name == name)
      return &r;
  return nullptr;
}

namespace {

using simdjson::dom::element;
using simdjson::dom::object;

// One line's reading: every problem is "PATH:LINE: ...".
struct Line {
  const std::string &path;
  size_t number;
  template <typename... A> [[noreturn]] void fail(fmt::format_string<A...> f, A &&...a) const {
    throw Error("{}:{}: {}", path, number, fmt::format(f, std::forward<A>(a)...));
  }
  element field(object o, std::string_view key) const {
    element e;
    if (o[key].get(e))
      fail("no \"{}\"", key);
    return e;
  }
  uint64_t count(object o, std::string_view key) const {
    uint64_t v;
    if (field(o, key).get_uint64().get(v))
      fail("\"{}\" is not a count", key);
    return v;
  }
  std::string text(object o, std::string_view key) const {
    std::string_view v;
    if (field(o, key).get_string().get(v))
      fail("\"{}\" is not a string", key);
    return std::string(v);
  }
  // A string or null (or missing).
  std::optional<std::string> optional_text(object o, std::string_view key) const {
    element e;
    if (o[key].get(e) || e.is_null())
      return std::nullopt;
    std::string_view v;
    if (e.get_string().get(v))
      fail("\"{}\" is not a string or null", key);
    return std::string(v);
  }
  object sub(object o, std::string_view key) const {
    object v;
    if (field(o, key).get_object().get(v))
      fail("\"{}\" is not an object", key);
    return v;
  }
  CacheGeometry geometry(object o, std::string_view key) const {
    object g = sub(o, key);
    return {count(g, "size"), count(g, "ways"), count(g, "line")};
  }
  // "misses": {"MODEL": {"l1i": N, "l1d": N, "l2": N, "l1i_fa": N, "l1d_fa": N,
  // "l2_fa": N}, ...}: one per model; the set-associative hierarchy's misses,
  // then the fully associative one's.
  std::pair<std::vector<Misses>, std::vector<Misses>>
  misses(object o, const std::vector<CacheModel> &models) const {
    object m = sub(o, "misses");
    std::vector<Misses> set, fa;
    for (const CacheModel &model : models) {
      object c;
      if (m[model.name].get_object().get(c))
        fail("no misses of cache model {}", model.name);
      auto miss = [&](std::string_view key) {
        element e;
        if (c[key].get(e))
          fail("no {} misses of cache model {}", key, model.name);
        uint64_t v;
        if (e.get_uint64().get(v))
          fail("the {} misses of cache model {} are not a count", key, model.name);
        return v;
      };
      set.push_back({miss("l1i"), miss("l1d"), miss("l2")});
      fa.push_back({miss("l1i_fa"), miss("l1d_fa"), miss("l2_fa")});
    }
    return {std::move(set), std::move(fa)};
  }
  // "KEY": {"MODEL": N, ...} (cycles, cycles_fa): one per model, each the
  // formula over the misses given.
  std::vector<uint64_t> cycles(object o, std::string_view key, uint64_t region, uint64_t insns,
                               const std::vector<CacheModel> &models,
                               const std::vector<Misses> &misses) const {
    object cs = sub(o, key);
    std::vector<uint64_t> out;
    for (size_t m = 0; m < models.size(); ++m) {
      uint64_t c;
      if (cs[models[m].name].get_uint64().get(c))
        fail("no modelled {} of cache model {}", key, models[m].name);
      const uint64_t want = modelled_cycles(models[m], insns, misses[m]);
      if (c != want)
        fail("region {}: modelled {} of {} are {}, the formula of docs/guest-profile.md gives {}",
             region, key, models[m].name, c, want);
      out.push_back(c);
    }
    return out;
  }
};

} // namespace

GuestProfile parse_guest_profile(const std::string &text, const std::string &path) {
  GuestProfile p;
  p.path = path;
  simdjson::dom::parser parser;
  bool header = false, run = false;
  size_t number = 0, at = 0;
  uint64_t header_regions = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos)
      end = text.size();
    const std::string_view raw(text.data() + at, end - at);
    at = end + 1;
    ++number;
    const Line l{path, number};
    if (raw.find_first_not_of(" \t\r") == std::string_view::npos)
      continue;
    element doc;
    if (auto error = parser.parse(simdjson::padded_string(raw)).get(doc))
      l.fail("not JSON: {}", simdjson::error_message(error));
    object o;
    if (doc.get_object().get(o))
      l.fail("not a JSON object");
    element format;
    if (!o["format"].get(format)) {
      // The header.
      if (header)
        l.fail("a second header (the first is line 1)");
      if (number != 1)
        l.fail("the header is not the first line");
      header = true;
      std::string_view f;
      if (format.get_string().get(f) || f != kGuestProfileFormat)
        l.fail("not a guest profile (\"format\" is not \"{}\")", kGuestProfileFormat);
      int64_t version;
      if (l.field(o, "format_version").get_int64().get(version) || version != kGuestProfileVersion)
        l.fail("format_version {}: this inlinetune reads format {}",
               simdjson::to_string(l.field(o, "format_version")), kGuestProfileVersion);
      bool complete;
      if (l.field(o, "complete").get_bool().get(complete))
        l.fail("\"complete\" is not true or false");
      if (!complete) {
        std::optional<std::string> why = l.optional_text(o, "error");
        l.fail("an incomplete profile (\"complete\": false): {}; refused",
               why ? *why : "no reason given");
      }
      p.tool = l.optional_text(o, "tool").value_or("");
      p.vmlinux = l.optional_text(o, "vmlinux").value_or("");
      p.vmlinux_build_id = l.optional_text(o, "vmlinux_build_id");
      int64_t qpv;
      if (!o["qemu_plugin_version"].get_int64().get(qpv))
        p.qemu_plugin_version = qpv;
      simdjson::dom::array models;
      if (l.field(o, "models").get_array().get(models))
        l.fail("\"models\" is not an array");
      for (element m : models) {
        object mo;
        if (m.get_object().get(mo))
          l.fail("a model that is not an object");
        CacheModel model;
        model.name = l.text(mo, "name");
        if (p.find_model(model.name))
          l.fail("cache model {} twice", model.name);
        model.l1i = l.geometry(mo, "l1i");
        model.l1d = l.geometry(mo, "l1d");
        model.l2 = l.geometry(mo, "l2");
        object lat = l.sub(mo, "latency");
        model.l2_hit = l.count(lat, "l2_hit");
        model.memory = l.count(lat, "memory");
        p.models.push_back(std::move(model));
      }
      header_regions = l.count(o, "regions");
      continue;
    }
    if (!header)
      l.fail("not a guest profile (no header line with \"format\": \"{}\" first)",
             kGuestProfileFormat);
    const std::string kind = l.text(o, "kind");
    if (kind == "run") {
      if (run)
        l.fail("a second run line");
      if (!p.regions.empty())
        l.fail("the run line after the regions");
      run = true;
      p.run_insns = l.count(o, "insns");
      std::tie(p.run_misses, p.run_misses_fa) = l.misses(o, p.models);
    } else if (kind == "region") {
      GuestRegion r;
      r.line = number;
      r.region = l.count(o, "region");
      if (r.region != p.regions.size() + 1)
        l.fail("region {}, where region {} was expected (regions are numbered 1, 2, ... in order)",
               r.region, p.regions.size() + 1);
      r.workload = l.optional_text(o, "workload");
      r.metric = l.optional_text(o, "metric");
      element it;
      if (!o["iterations"].get(it) && !it.is_null()) {
        uint64_t n;
        if (it.get_uint64().get(n))
          l.fail("\"iterations\" is not a count or null");
        r.iterations = n;
      }
      r.name = r.workload ? *r.workload : fmt::format("region{}", r.region);
      for (const GuestRegion &other : p.regions)
        if (other.name == r.name)
          l.fail("region {} measures workload '{}' again (region {}, line {})", r.region, r.name,
                 other.region, other.line);
      r.insns = l.count(o, "insns");
      std::tie(r.misses, r.misses_fa) = l.misses(o, p.models);
      r.cycles = l.cycles(o, "cycles", r.region, r.insns, p.models, r.misses);
      r.cycles_fa = l.cycles(o, "cycles_fa", r.region, r.insns, p.models, r.misses_fa);
      p.regions.push_back(std::move(r));
    } else if (kind == "function") {
      const uint64_t region = l.count(o, "region");
      if (p.regions.empty() || p.regions.back().region != region)
        l.fail("a function line of region {}, which is not the region open here ({})", region,
               p.regions.empty() ? std::string("none")
                                 : fmt::format("region {}", p.regions.back().region));
      GuestFunction f;
      f.line = number;
      f.function = l.text(o, "function");
      f.addr = l.optional_text(o, "addr");
      const std::string space = l.text(o, "space");
      if (space != "kernel" && space != "user")
        l.fail("\"space\" is '{}', not kernel or user", space);
      f.user = space == "user";
      f.insns = l.count(o, "insns");
      f.calls = l.count(o, "calls");
      std::tie(f.misses, f.misses_fa) = l.misses(o, p.models);
      p.regions.back().functions.push_back(std::move(f));
    } else {
      l.fail("unknown kind '{}'", kind);
    }
  }
  if (!header)
    throw Error("{}: not a guest profile (empty)", path);
  if (!run)
    throw Error("{}: no run line", path);
  if (header_regions != p.regions.size())
    throw Error("{}:1: the header counts {} region{}, the file holds {}", path, header_regions,
                header_regions == 1 ? "" : "s", p.regions.size());
  // The function lines of a region sum to it, exactly.
  for (const GuestRegion &r : p.regions) {
    uint64_t insns = 0;
    std::vector<Misses> misses(p.models.size()), misses_fa(p.models.size());
    for (const GuestFunction &f : r.functions) {
      insns += f.insns;
      for (size_t m = 0; m < misses.size(); ++m) {
        misses[m] += f.misses[m];
        misses_fa[m] += f.misses_fa[m];
      }
    }
    if (insns != r.insns)
      throw Error("{}:{}: region {}: its function lines sum to {} instructions, the region line "
                  "says {}",
                  path, r.line, r.region, insns, r.insns);
    for (auto [sum, line, what] : {std::tuple(&misses, &r.misses, "L1I/L1D/L2"),
                                   std::tuple(&misses_fa, &r.misses_fa, "L1I_FA/L1D_FA/L2_FA")})
      for (size_t m = 0; m < sum->size(); ++m)
        if (!((*sum)[m] == (*line)[m]))
          throw Error("{}:{}: region {}: its function lines sum to {}/{}/{} {} misses of {}, the "
                      "region line says {}/{}/{}",
                      path, r.line, r.region, (*sum)[m].l1i, (*sum)[m].l1d, (*sum)[m].l2, what,
                      p.models[m].name, (*line)[m].l1i, (*line)[m].l1d, (*line)[m].l2);
  }
  return p;
}

GuestProfile read_guest_profile(const std::string &path) {
  return parse_guest_profile(read_text_file(path), path);
}

} // namespace inlinetune
