// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/args.cc: see args.h.
#include "args.h"

#include "did_you_mean.h"
#include "error.h"
#include "presets.h"

#include <map>

namespace guestprof {

namespace {

const std::vector<std::string_view> kKeys = {"vmlinux", "out", "cache",  "l1i",
                                             "l1d",     "l2",  "latency"};

// "L2HIT:MEM", two whole numbers of cycles.
Latency parse_latency(const std::string &arg, const std::string &v) {
  auto colon = v.find(':');
  auto number = [&](const std::string &s, const char *what) {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
      throw inlinetune::Error(
          "argument '{}': {} '{}' is not a whole number of cycles (want L2HIT:MEM, e.g. 11:200)",
          arg, what, s);
    return uint32_t(std::stoul(s));
  };
  if (colon == std::string::npos)
    throw inlinetune::Error(
        "argument '{}': want L2HIT:MEM, cycles of an L2 hit and of a memory access (e.g. 11:200)",
        arg);
  return {number(v.substr(0, colon), "L2 hit latency"),
          number(v.substr(colon + 1), "memory latency")};
}

} // namespace

Config parse_args(const std::vector<std::string> &args) {
  std::map<std::string, std::string> given; // key -> the whole argument
  std::map<std::string, std::string> value;
  for (const auto &arg : args) {
    auto eq = arg.find('=');
    std::string key = arg.substr(0, eq);
    bool known = false;
    for (auto k : kKeys)
      known |= k == key;
    if (!known) {
      std::string near = inlinetune::closest_word(key, kKeys);
      throw inlinetune::Error("argument '{}': unknown argument '{}'{} (known: vmlinux, out, cache, "
                              "l1i, l1d, l2, latency)",
                              arg, key, near.empty() ? "" : "; did you mean '" + near + "'?");
    }
    if (eq == std::string::npos || eq + 1 == arg.size())
      throw inlinetune::Error("argument '{}': want {}=VALUE", arg, key);
    if (given.count(key))
      throw inlinetune::Error("argument '{}': {}= given twice (first '{}')", arg, key, given[key]);
    given[key] = arg;
    value[key] = arg.substr(eq + 1);
  }
  Config c;
  for (const char *req : {"vmlinux", "out"})
    if (!given.count(req))
      throw inlinetune::Error("argument {}=PATH is required (docs/guest-profile.md)", req);
  c.vmlinux = value["vmlinux"];
  c.out = value["out"];

  // The custom model: n1's figures with what l1i=, l1d=, l2=, latency= say.
  bool custom_args = false;
  ModelSpec custom = *find_preset("n1");
  custom.name = "custom";
  for (const char *level : {"l1i", "l1d", "l2"}) {
    if (!given.count(level))
      continue;
    custom_args = true;
    Geometry g;
    try {
      g = parse_geometry(value[level]);
    } catch (const inlinetune::Error &e) {
      throw inlinetune::Error("argument '{}': {}", given[level], e.what());
    }
    (level[1] == '2' ? custom.l2 : level[2] == 'i' ? custom.l1i : custom.l1d) = g;
  }
  if (given.count("latency")) {
    custom_args = true;
    custom.latency = parse_latency(given["latency"], value["latency"]);
  }

  std::string spec = given.count("cache") ? value["cache"] : custom_args ? "custom" : "n1";
  if (spec == "none") {
    if (custom_args)
      throw inlinetune::Error("argument '{}': a custom cache geometry with cache=none",
                              given.count("l1i")   ? given["l1i"]
                              : given.count("l1d") ? given["l1d"]
                              : given.count("l2")  ? given["l2"]
                                                   : given["latency"]);
    return c;
  }
  bool has_custom = false;
  size_t start = 0;
  while (true) {
    size_t plus = spec.find('+', start);
    std::string name =
        spec.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
    const ModelSpec *p = find_preset(name);
    if (name == "custom") {
      p = &custom;
      has_custom = true;
    }
    if (!p) {
      std::vector<std::string_view> names;
      for (const auto &m : presets())
        names.push_back(m.name);
      names.push_back("custom");
      std::string near = inlinetune::closest_word(name, names);
      throw inlinetune::Error(
          "argument '{}': unknown cache model '{}'{} (known: {}, custom; or cache=none)",
          given["cache"], name, near.empty() ? "" : "; did you mean '" + near + "'?",
          preset_names());
    }
    for (const auto &m : c.models)
      if (m.name == name)
        throw inlinetune::Error("argument '{}': model '{}' named twice", given["cache"], name);
    c.models.push_back(*p);
    if (plus == std::string::npos)
      break;
    start = plus + 1;
  }
  if (custom_args && !has_custom)
    for (const char *k : {"l1i", "l1d", "l2", "latency"})
      if (given.count(k))
        throw inlinetune::Error(
            "argument '{}': sets the custom model, which '{}' does not name (add '+custom')",
            given[k], given["cache"]);
  return c;
}

} // namespace guestprof
