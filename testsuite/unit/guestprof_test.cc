// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof's QEMU-free parts: the cache model against hand-computed
// traces, the presets, the plugin's arguments and their errors, the symbol
// table (synthetic, and this test binary's own through libelf), the region
// state machine and the profile file.
#include "args.h"
#include "cache_model.h"
#include "error.h"
#include "presets.h"
#include "profile.h"
#include "symbols.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <list>
#include <random>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace guestprof;

namespace {

// The message of the inlinetune::Error F throws, or "" when it throws none.
template <typename F> std::string error_of(F f) {
  try {
    f();
  } catch (const inlinetune::Error &e) {
    return e.what();
  }
  return "";
}

Config parse(std::vector<std::string> args) {
  return parse_args(args);
}

} // namespace

// ---- the cache ---------------------------------------------------------

TEST(GuestprofCache, DirectMappedConflict) {
  // 256 B, 1-way, 64 B lines: 4 sets; 0x000 and 0x100 share set 0.
  Cache c({256, 1, 64});
  EXPECT_FALSE(c.access(0x000)); // cold
  EXPECT_TRUE(c.access(0x03f));  // same line, last byte
  EXPECT_FALSE(c.access(0x040)); // set 1, cold
  EXPECT_FALSE(c.access(0x100)); // set 0: evicts 0x000
  EXPECT_FALSE(c.access(0x000)); // conflict miss: evicts 0x100
  EXPECT_FALSE(c.access(0x100));
  EXPECT_TRUE(c.access(0x040)); // set 1 untouched by set 0's conflicts
}

TEST(GuestprofCache, LruOrderInATwoWaySet) {
  // 256 B, 2-way, 64 B lines: 2 sets; A, B, C all in set 0.
  Cache c({256, 2, 64});
  const uint64_t A = 0x000, B = 0x080, C = 0x100;
  EXPECT_FALSE(c.access(A));
  EXPECT_FALSE(c.access(B));
  EXPECT_TRUE(c.access(A));  // A most recent, B least
  EXPECT_FALSE(c.access(C)); // evicts B, not A
  EXPECT_TRUE(c.access(A));
  EXPECT_FALSE(c.access(B)); // evicts C (A was used after it)
  EXPECT_TRUE(c.access(A));
  EXPECT_FALSE(c.access(C)); // evicts B
  EXPECT_TRUE(c.access(C));
  EXPECT_TRUE(c.access(A));
}

TEST(GuestprofCache, L2SeesOnlyL1Misses) {
  // One-line L1s in front of a 2-way, one-set L2.
  ModelSpec spec{"t", {64, 1, 64}, {64, 1, 64}, {128, 2, 64}, {10, 100}};
  Hierarchy h(spec);
  const uint64_t A = 0x1000, B = 0x2000, C = 0x3000, D = 0x4000;
  auto fetch = [&](uint64_t a) { return h.fetch(a).set_associative; };
  auto data = [&](uint64_t a) { return h.data(a).set_associative; };
  EXPECT_EQ(fetch(A), Miss::l2);   // L2: A
  EXPECT_EQ(data(B), Miss::l2);    // L2: B A
  EXPECT_EQ(fetch(A), Miss::none); // an L1I hit: the L2 does not see it, A stays its LRU line
  EXPECT_EQ(data(C), Miss::l2);    // evicts A (were the L1 hit seen, B would go); L2: C B
  EXPECT_EQ(data(B), Miss::l1);    // L1D held C; L2 hit; L2: B C
  EXPECT_EQ(fetch(D), Miss::l2);   // L2: D B
  EXPECT_EQ(fetch(A), Miss::l2);   // A was evicted from the L2
}

TEST(GuestprofCache, FullyAssociativeLru) {
  // Four 64 B lines; the ways do not matter: direct-mapped or 4-way, the
  // shadow is the same.
  for (uint32_t ways : {1u, 4u}) {
    FullyAssociativeCache c(Geometry{256, ways, 64});
    const uint64_t A = 0x0000, B = 0x1040, C = 0x2080, D = 0x30c0, E = 0x4100;
    EXPECT_FALSE(c.access(A));
    EXPECT_TRUE(c.access(A + 63)); // the same line
    EXPECT_FALSE(c.access(B));
    EXPECT_FALSE(c.access(C));
    EXPECT_FALSE(c.access(D));
    EXPECT_TRUE(c.access(A));  // A D C B
    EXPECT_FALSE(c.access(E)); // evicts B: E A D C
    EXPECT_FALSE(c.access(B)); // evicts C: B E A D
    EXPECT_TRUE(c.access(D));  // D B E A
    EXPECT_FALSE(c.access(C)); // evicts A: C D B E
    EXPECT_FALSE(c.access(A)); // evicts E
    EXPECT_TRUE(c.access(B));
    EXPECT_TRUE(c.access(C));
  }
  // One line: every other line evicts it.
  FullyAssociativeCache one(Geometry{64, 1, 64});
  EXPECT_FALSE(one.access(0));
  EXPECT_TRUE(one.access(8));
  EXPECT_FALSE(one.access(64));
  EXPECT_FALSE(one.access(0));
}

TEST(GuestprofCache, FullyAssociativeAgreesWithAListLru) {
  // Random lines, a quarter of them from a hot few: the shadow against the
  // plainest true LRU there is, a list searched front to back, full and
  // not full, with evictions reusing the map's nodes.
  std::mt19937_64 rng(7);
  for (uint32_t lines : {1u, 2u, 8u, 64u}) {
    FullyAssociativeCache c(Geometry{uint64_t(lines) * 64, 1, 64});
    std::list<uint64_t> lru;
    for (int i = 0; i < 20000; ++i) {
      uint64_t line = rng() % (3 * lines + 1);
      if (rng() % 4 == 0)
        line = rng() % (lines / 2 + 1);
      auto it = std::find(lru.begin(), lru.end(), line);
      bool hit = it != lru.end();
      if (hit)
        lru.erase(it);
      else if (lru.size() == lines)
        lru.pop_back();
      lru.push_front(line);
      ASSERT_EQ(c.access(line * 64 + rng() % 64), hit) << lines << " lines, access " << i;
    }
  }
}

TEST(GuestprofCache, ConflictMissesAreTheShadowsHits) {
  // A direct-mapped 2-line L1I (two sets of one way) and its fully
  // associative shadow of two lines: A and C share set 0, B and D set 1.
  // Each L2 holds 16 lines.
  ModelSpec spec{"t", {128, 1, 64}, {128, 1, 64}, {1024, 16, 64}, {10, 100}};
  Hierarchy h(spec);
  const uint64_t A = 0x000, B = 0x040, C = 0x080, D = 0x0c0;
  auto expect = [&](uint64_t a, Miss sa, Miss fa) {
    Outcome o = h.fetch(a);
    EXPECT_EQ(o.set_associative, sa) << std::hex << a;
    EXPECT_EQ(o.fully_associative, fa) << std::hex << a;
  };
  expect(A, Miss::l2, Miss::l2);   // compulsory in both
  expect(C, Miss::l2, Miss::l2);   // compulsory; set 0: C; the shadow: C A
  expect(A, Miss::l1, Miss::none); // a conflict miss: the shadow still holds A
  expect(C, Miss::l1, Miss::none); // again; set 0: C; the shadow: C A
  expect(B, Miss::l2, Miss::l2);   // set 1: B; the shadow: B C
  expect(D, Miss::l2, Miss::l2);   // set 1: D; the shadow: D B (C evicted)
  expect(C, Miss::none, Miss::l1); // set 0 kept C: a miss only fully associative
  expect(A, Miss::l1, Miss::l1);   // a capacity miss: both miss
  // The data side has its own L1s and shares each L2 with the fetches.
  Outcome d = h.data(B);
  EXPECT_EQ(d.set_associative, Miss::l1);
  EXPECT_EQ(d.fully_associative, Miss::l1);
}

TEST(GuestprofCache, Geometry) {
  EXPECT_EQ((Geometry{65536, 4, 64}.sets()), 256u);
  EXPECT_EQ((Geometry{65536, 4, 64}.invalid_reason()), "");
  EXPECT_EQ((Geometry{3000, 4, 64}.invalid_reason()), "size 3000 is not a power of two");
  EXPECT_EQ((Geometry{65536, 3, 64}.invalid_reason()), "ways 3 is not a power of two");
  EXPECT_EQ((Geometry{65536, 4, 48}.invalid_reason()), "line 48 is not a power of two");
  EXPECT_EQ((Geometry{65536, 4, 2}.invalid_reason()), "line 2 is outside 4..4096 bytes");
  EXPECT_EQ((Geometry{128, 4, 64}.invalid_reason()),
            "size 128 is smaller than one set (4 ways x 64 B lines = 256 B)");
  EXPECT_TRUE(parse_geometry("64K:4:64") == (Geometry{65536, 4, 64}));
  EXPECT_TRUE(parse_geometry("1M:8:64") == (Geometry{1048576, 8, 64}));
  EXPECT_TRUE(parse_geometry("32768:2:32") == (Geometry{32768, 2, 32}));
  EXPECT_EQ(error_of([] { parse_geometry("64K:4"); }),
            "'64K:4' is not SIZE:WAYS:LINE (e.g. 64K:4:64)");
  EXPECT_EQ(error_of([] { parse_geometry("64X:4:64"); }),
            "size '64X' is not a number of bytes (a K or M suffix for KiB, MiB)");
  EXPECT_EQ(error_of([] { parse_geometry("64K:four:64"); }), "ways 'four' is not a number");
  EXPECT_EQ(error_of([] { parse_geometry("64K:3:64"); }), "64K:3:64: ways 3 is not a power of two");
  EXPECT_EQ(describe({65536, 4, 64}), "64 KiB, 4-way, 64 B lines");
}

TEST(GuestprofCache, ModelledCycles) {
  Misses m{10, 20, 5};
  EXPECT_EQ(modelled_cycles(1000, m, {11, 200}), 1000u + 30 * 11 + 5 * 200);
}

// ---- presets -----------------------------------------------------------

TEST(GuestprofPresets, AllValid) {
  std::vector<std::string> names;
  for (const auto &p : presets()) {
    names.push_back(p.name);
    for (const Geometry *g : {&p.l1i, &p.l1d, &p.l2})
      EXPECT_EQ(g->invalid_reason(), "") << p.name;
    EXPECT_GT(p.latency.l2_hit, 0u);
    EXPECT_GT(p.latency.memory, p.latency.l2_hit);
    EXPECT_GT(p.l2.size, p.l1i.size) << p.name;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"n1", "v1", "small"}));
  const ModelSpec *n1 = find_preset("n1");
  ASSERT_TRUE(n1);
  EXPECT_TRUE(n1->l1i == (Geometry{65536, 4, 64}));
  EXPECT_TRUE(n1->l1d == (Geometry{65536, 4, 64}));
  EXPECT_TRUE(n1->l2 == (Geometry{1048576, 8, 64}));
  EXPECT_EQ(find_preset("n2"), nullptr);
}

// ---- arguments ---------------------------------------------------------

TEST(GuestprofArgs, DefaultsAndPresets) {
  Config c = parse({"vmlinux=/k/vmlinux", "out=/tmp/p.jsonl"});
  EXPECT_EQ(c.vmlinux, "/k/vmlinux");
  EXPECT_EQ(c.out, "/tmp/p.jsonl");
  ASSERT_EQ(c.models.size(), 1u);
  EXPECT_EQ(c.models[0].name, "n1");
  c = parse({"vmlinux=v", "out=o", "cache=n1+small+v1"});
  ASSERT_EQ(c.models.size(), 3u);
  EXPECT_EQ(c.models[1].name, "small");
  EXPECT_EQ(c.models[2].name, "v1");
  EXPECT_TRUE(parse({"vmlinux=v", "out=o", "cache=none"}).models.empty());
}

TEST(GuestprofArgs, Custom) {
  Config c = parse({"vmlinux=v", "out=o", "l1i=16K:4:64", "latency=12:300"});
  ASSERT_EQ(c.models.size(), 1u);
  EXPECT_EQ(c.models[0].name, "custom");
  EXPECT_TRUE(c.models[0].l1i == (Geometry{16384, 4, 64}));
  EXPECT_TRUE(c.models[0].l1d == find_preset("n1")->l1d); // n1's where not given
  EXPECT_TRUE(c.models[0].latency == (Latency{12, 300}));
  c = parse({"vmlinux=v", "out=o", "cache=n1+custom", "l2=256K:8:64"});
  ASSERT_EQ(c.models.size(), 2u);
  EXPECT_TRUE(c.models[1].l2 == (Geometry{262144, 8, 64}));
}

TEST(GuestprofArgs, Errors) {
  EXPECT_EQ(error_of([] { parse({"out=o"}); }),
            "argument vmlinux=PATH is required (docs/guest-profile.md)");
  EXPECT_EQ(error_of([] { parse({"vmlinux=v"}); }),
            "argument out=PATH is required (docs/guest-profile.md)");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "cahce=n1"});
            }),
            "argument 'cahce=n1': unknown argument 'cahce'; did you mean 'cache'? (known: vmlinux, "
            "out, cache, l1i, "
            "l1d, l2, latency)");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "verbose"});
            }),
            "argument 'verbose': unknown argument 'verbose' (known: vmlinux, out, cache, l1i, l1d, "
            "l2, latency)");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=", "out=o"});
            }),
            "argument 'vmlinux=': want vmlinux=VALUE");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=a", "vmlinux=b", "out=o"});
            }),
            "argument 'vmlinux=b': vmlinux= given twice (first 'vmlinux=a')");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "cache=n1+n2"});
            }),
            "argument 'cache=n1+n2': unknown cache model 'n2'; did you mean 'n1'? (known: n1, v1, "
            "small, custom; or "
            "cache=none)");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "cache=n1+n1"});
            }),
            "argument 'cache=n1+n1': model 'n1' named twice");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "l1i=3K:4:64"});
            }),
            "argument 'l1i=3K:4:64': 3K:4:64: size 3072 is not a power of two");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "cache=n1", "l1d=8K:2:64"});
            }),
            "argument 'l1d=8K:2:64': sets the custom model, which 'cache=n1' does not name (add "
            "'+custom')");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "cache=none", "l2=8K:2:64"});
            }),
            "argument 'l2=8K:2:64': a custom cache geometry with cache=none");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "latency=11"});
            }),
            "argument 'latency=11': want L2HIT:MEM, cycles of an L2 hit and of a memory access "
            "(e.g. 11:200)");
  EXPECT_EQ(error_of([] {
              parse({"vmlinux=v", "out=o", "latency=11:x"});
            }),
            "argument 'latency=11:x': memory latency 'x' is not a whole number of cycles (want "
            "L2HIT:MEM, e.g. 11:200)");
}

// ---- symbols -----------------------------------------------------------

TEST(GuestprofSymbols, Lookup) {
  std::vector<RawSymbol> raw = {
      {"sized", 0x1000, 0x20, true, 0, 0x2000},
      // A gap 0x1020..0x1040: no function.
      {"asm_entry", 0x1040, 0, false, 0, 0x2000},      // NOTYPE, no size: to the next symbol
      {"alias_local", 0x1080, 0x10, true, 2, 0x2000},  // two symbols at one address:
      {"alias_global", 0x1080, 0x10, true, 0, 0x2000}, // GLOBAL wins over LOCAL
      {"label", 0x1080, 0, false, 0, 0x2000},          // FUNC wins over NOTYPE
      {"last", 0x1100, 0, false, 0, 0x1180},           // no size, last: to its section's end
  };
  SymbolTable t(raw);
  auto name = [&](uint64_t a) {
    long i = t.lookup(a);
    return i < 0 ? std::string("-") : t.functions()[size_t(i)].name;
  };
  EXPECT_EQ(name(0x0fff), "-");
  EXPECT_EQ(name(0x1000), "sized");
  EXPECT_EQ(name(0x101f), "sized");
  EXPECT_EQ(name(0x1020), "-");
  EXPECT_EQ(name(0x1040), "asm_entry");
  EXPECT_EQ(name(0x107f), "asm_entry");
  EXPECT_EQ(name(0x1080), "alias_global");
  EXPECT_EQ(name(0x108f), "alias_global");
  EXPECT_EQ(name(0x1090), "-");
  EXPECT_EQ(name(0x117f), "last");
  EXPECT_EQ(name(0x1180), "-");
  EXPECT_EQ(t.functions().size(), 4u);
}

// A function of this binary, to find in its own symbol table.
extern "C" __attribute__((noinline, used)) int guestprof_test_probe_function(int x) {
  return x * 3 + 1;
}

TEST(GuestprofSymbols, ReadsAnElfAndRefusesAStrippedOne) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  ASSERT_GT(n, 0);
  self[n] = 0;
  Vmlinux v = read_vmlinux(self);
  EXPECT_EQ(v.machine, 62); // EM_X86_64: the file's own machine, which the plugin checks is aarch64
  const Function *probe = nullptr;
  for (const auto &f : v.symbols.functions())
    if (f.name == "guestprof_test_probe_function")
      probe = &f;
  ASSERT_TRUE(probe);
  long i = v.symbols.lookup(probe->start + 1);
  ASSERT_GE(i, 0);
  EXPECT_EQ(v.symbols.functions()[size_t(i)].name, "guestprof_test_probe_function");

  char dir[] = "/tmp/guestprof_test.XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  std::string stripped = std::string(dir) + "/stripped";
  ASSERT_EQ(
      std::system(("objcopy --strip-all '" + std::string(self) + "' '" + stripped + "'").c_str()),
      0);
  EXPECT_EQ(error_of([&] { read_vmlinux(stripped); }),
            stripped + ": no symbol table (.symtab); stripped? guestprof needs the booted kernel's "
                       "own vmlinux, as "
                       "kbuild links it");
  EXPECT_EQ(error_of([&] { read_vmlinux(std::string(dir) + "/missing"); }),
            std::string(dir) + "/missing: No such file or directory");
  std::ofstream(std::string(dir) + "/text") << "not elf\n";
  EXPECT_EQ(error_of([&] { read_vmlinux(std::string(dir) + "/text"); }),
            std::string(dir) + "/text: not an ELF file");
  std::system(("rm -rf '" + std::string(dir) + "'").c_str());
}

// ---- regions and the profile -------------------------------------------

namespace {

std::vector<Function> two_functions() {
  return {{"f", 0xffff000000001000, 0xffff000000001100},
          {"g", 0xffff000000002000, 0xffff000000002040}};
}

// In the file's key order.
std::vector<nlohmann::ordered_json> lines(const std::string &text) {
  std::vector<nlohmann::ordered_json> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);)
    out.push_back(nlohmann::ordered_json::parse(l));
  return out;
}

} // namespace

TEST(GuestprofProfile, RegionsAreDeltasOfTheLiveCounters) {
  Profile p(two_functions(), {*find_preset("n1"), *find_preset("small")});
  EXPECT_EQ(p.stride(), 2u + 2 * 6u);
  *p.insns(0) += 100; // before the region: in the run, not in the region
  p.region_start();
  *p.insns(0) += 7;
  *p.calls(0) += 1;
  *p.miss(0, 0, kL1i) += 2; // n1 L1I
  *p.miss(0, 1, kL1d) += 3; // small L1D
  *p.insns(p.user()) += 5;
  *p.miss(p.user(), 0, kL2) += 1; // n1 L2
  *p.miss(0, 0, kL1iFa) += 1;     // n1's shadow: one of the two L1I misses is a conflict miss
  *p.miss(p.user(), 0, kL2Fa) += 1;
  p.region_end();
  *p.insns(1) += 50; // after
  p.finish();
  ASSERT_TRUE(p.complete());
  auto j = lines(p.render({"guestprof test", "/k/vmlinux", "abcd", 1}));
  ASSERT_EQ(j.size(), 5u); // header, run, region, f, [user]
  EXPECT_EQ(j[0]["format"], "inlinetune-guest-profile");
  EXPECT_EQ(j[0]["format_version"], 2);
  EXPECT_EQ(j[0]["complete"], true);
  EXPECT_TRUE(j[0]["error"].is_null());
  EXPECT_EQ(j[0]["regions"], 1);
  EXPECT_EQ(j[0]["vmlinux_build_id"], "abcd");
  EXPECT_EQ(j[0]["models"][1]["name"], "small");
  EXPECT_EQ(j[0]["models"][0]["l2"]["size"], 1048576);
  EXPECT_EQ(j[1]["kind"], "run");
  EXPECT_EQ(j[1]["insns"], 162);
  EXPECT_EQ(j[2]["kind"], "region");
  EXPECT_EQ(j[2]["insns"], 12);
  EXPECT_TRUE(j[2]["workload"].is_null());
  EXPECT_EQ(j[2]["misses"]["n1"]["l1i"], 2);
  EXPECT_EQ(j[2]["misses"]["n1"]["l2"], 1);
  EXPECT_EQ(j[2]["misses"]["small"]["l1d"], 3);
  EXPECT_EQ(j[2]["cycles"]["n1"], 12 + 2 * 11 + 1 * 200);
  EXPECT_EQ(j[2]["misses"]["n1"]["l1i_fa"], 1);
  EXPECT_EQ(j[2]["misses"]["n1"]["l1d_fa"], 0);
  EXPECT_EQ(j[2]["misses"]["n1"]["l2_fa"], 1);
  EXPECT_EQ(j[2]["cycles_fa"]["n1"], 12 + 1 * 11 + 1 * 200);
  EXPECT_EQ(j[2]["cycles_fa"]["small"], 12); // its 3 L1D misses were all conflict misses
  // Every model's misses: the six counts, in order.
  std::vector<std::string> keys;
  for (auto &[k, v] : j[2]["misses"]["small"].items())
    keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"l1i", "l1d", "l2", "l1i_fa", "l1d_fa", "l2_fa"}));
  EXPECT_EQ(j[3]["function"], "f");
  EXPECT_EQ(j[3]["addr"], "0xffff000000001000");
  EXPECT_EQ(j[3]["space"], "kernel");
  EXPECT_EQ(j[3]["insns"], 7);
  EXPECT_EQ(j[3]["calls"], 1);
  EXPECT_EQ(j[4]["function"], "[user]");
  EXPECT_EQ(j[4]["space"], "user");
  EXPECT_FALSE(j[4].contains("addr"));
  // The function lines sum to the region line.
  uint64_t insns = 0, l2 = 0;
  for (size_t i = 3; i < j.size(); ++i) {
    insns += j[i]["insns"].get<uint64_t>();
    l2 += j[i]["misses"]["n1"]["l2"].get<uint64_t>();
  }
  EXPECT_EQ(insns, j[2]["insns"].get<uint64_t>());
  EXPECT_EQ(l2, j[2]["misses"]["n1"]["l2"].get<uint64_t>());
}

TEST(GuestprofProfile, RegionErrors) {
  {
    Profile p(two_functions(), {});
    p.region_end();
    EXPECT_FALSE(p.complete());
    EXPECT_EQ(p.error(), "an end marker (hint #127) with no region open (after 0 regions)");
  }
  {
    Profile p(two_functions(), {});
    p.region_start();
    p.region_end();
    p.region_start();
    p.region_start();
    EXPECT_EQ(
        p.error(),
        "region 3 started while region 2 was open (a start marker, hint #126, with no end marker, "
        "hint #127, between them)");
    p.region_end(); // after an error, nothing more is opened or closed
    EXPECT_EQ(p.regions(), 1u);
  }
  {
    Profile p(two_functions(), {});
    p.region_start();
    *p.insns(0) += 3;
    p.finish();
    EXPECT_EQ(p.error(), "region 1 was still open when QEMU exited (the guest stopped, panicked or "
                         "was killed before "
                         "its end marker)");
    auto j = lines(p.render({"t", "v", "", 1}));
    EXPECT_EQ(j[0]["complete"], false);
    EXPECT_EQ(j[0]["error"], p.error());
    EXPECT_EQ(j[0]["regions"], 0);
    EXPECT_TRUE(j[0]["vmlinux_build_id"].is_null());
    EXPECT_EQ(j.size(), 2u); // header and run line: the open region is not written
  }
}

TEST(GuestprofProfile, WritesWholeFiles) {
  char dir[] = "/tmp/guestprof_test.XXXXXX";
  ASSERT_TRUE(mkdtemp(dir));
  Profile p(two_functions(), {});
  p.finish();
  std::string path = std::string(dir) + "/p.jsonl";
  p.write(path, {"t", "v", "", 1});
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), p.render({"t", "v", "", 1}));
  EXPECT_EQ(error_of([&] {
              p.write(std::string(dir) + "/no/such/dir/p.jsonl", {"t", "v", "", 1});
            }).rfind(std::string(dir) + "/no/such/dir/p.jsonl: cannot create: ", 0),
            0u);
  std::system(("rm -rf '" + std::string(dir) + "'").c_str());
}
