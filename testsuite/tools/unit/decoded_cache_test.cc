// SPDX-License-Identifier: GPL-3.0-or-later
// The decoded-log cache's pieces: numbers in bytes (support/bytes.h), the
// cache's files (read/decoded_cache.h: found, checked, trimmed) and the
// model's payload (model/tu_records.h: a TU's records back as they were).
// End to end, with the command's outputs compared: tools/decoded-cache.test.
#include "error.h"
#include "model/tu_records.h"
#include "read/decoded_cache.h"
#include "support/bytes.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <limits>
#include <sys/stat.h>
#include <unistd.h>

using namespace inlinetune;

namespace {

std::string temp_dir() {
  std::string pattern = testing::TempDir() + "inlinetune-cache-XXXXXX";
  EXPECT_NE(mkdtemp(pattern.data()), nullptr);
  return pattern;
}

TEST(Bytes, NumbersComeBackAsWritten) {
  const uint64_t unsigned_values[] = {
      0, 1, 127, 128, 300, 16383, 16384, UINT32_MAX, std::numeric_limits<uint64_t>::max()};
  const int64_t signed_values[] = {
      0, -1, 1, -64, 64, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
  ByteWriter w;
  for (uint64_t v : unsigned_values) {
    w.var(v);
    w.u64(v);
  }
  for (int64_t v : signed_values)
    w.svar(v);
  w.str(std::string("a\0b", 3));
  w.u32(0xdeadbeef);
  w.u8(7);
  ByteReader r(w.bytes());
  for (uint64_t v : unsigned_values) {
    EXPECT_EQ(r.var(), v);
    EXPECT_EQ(r.u64(), v);
  }
  for (int64_t v : signed_values)
    EXPECT_EQ(r.svar(), v);
  EXPECT_EQ(r.str(), std::string_view("a\0b", 3));
  EXPECT_EQ(r.u32(), 0xdeadbeefu);
  EXPECT_EQ(r.u8(), 7);
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.at_end());
  // Varints are short for small ids.
  ByteWriter small;
  small.var(127);
  EXPECT_EQ(small.bytes().size(), 1u);
}

TEST(Bytes, ReadingPastTheEndIsNoticed) {
  ByteWriter w;
  w.var(1000); // a string of 1000 bytes that are not there
  ByteReader r(w.bytes());
  EXPECT_EQ(r.str(), "");
  EXPECT_FALSE(r.ok());
  ByteReader cut(std::string_view("\x80\x80", 2)); // a varint without its end
  EXPECT_EQ(cut.var(), 0u);
  EXPECT_FALSE(cut.ok());
  ByteWriter many;
  many.var(1u << 30); // a count the bytes left cannot hold
  ByteReader counted(many.bytes());
  EXPECT_EQ(counted.count(1), 0u);
  EXPECT_FALSE(counted.ok());
}

TEST(CacheSize, TakesBytesWithSuffixes) {
  EXPECT_EQ(parse_cache_size("0"), 0u);
  EXPECT_EQ(parse_cache_size("123"), 123u);
  EXPECT_EQ(parse_cache_size("10k"), 10u << 10);
  EXPECT_EQ(parse_cache_size("3M"), uint64_t(3) << 20);
  EXPECT_EQ(parse_cache_size("4G"), uint64_t(4) << 30);
  for (const char *bad :
       {"", "G", "-1", "4Q", "4GB", " 4", "1.5G", "99999999999999999999", "17179869184G"})
    EXPECT_THROW(parse_cache_size(bad), UsageError) << bad;
}

CachedTu tu(size_t index, std::string payload) {
  CachedTu t;
  t.index = index;
  t.lines = 3;
  t.size = 99;
  t.digest = 0x1234;
  t.offset = index * 100;
  t.object = index == 1 ? "fs/open.o" : "";
  t.header_source = "fs/open.c";
  t.header_object = "fs/open.o";
  t.payload = std::move(payload);
  return t;
}

TEST(DecodedCache, FindsWhatWasStoredWhole) {
  const std::string dir = temp_dir();
  DecodedCache cache(dir, uint64_t(1) << 30);
  CacheKey k;
  k.add("stream bytes");
  const std::string key = k.hex();
  EXPECT_EQ(key.size(), 32u);
  EXPECT_FALSE(cache.find(key, true));
  cache.store_stream(key, {tu(1, ""), tu(2, "")});
  // A stream hits only once every TU's payload is there.
  EXPECT_FALSE(cache.find(key, true));
  cache.store_payload(key, 1, "one");
  EXPECT_FALSE(cache.find(key, false));
  cache.store_payload(key, 2, std::string("t\0o", 3));
  auto found = cache.find(key, true);
  ASSERT_TRUE(found);
  ASSERT_EQ(found->size(), 2u);
  EXPECT_EQ((*found)[0].object, "fs/open.o");
  EXPECT_EQ((*found)[1].object, "");
  EXPECT_EQ((*found)[1].offset, 200u);
  EXPECT_EQ((*found)[1].header_source, "fs/open.c");
  EXPECT_EQ((*found)[0].payload, "one");
  EXPECT_EQ((*found)[1].payload, std::string("t\0o", 3));
  // Without payloads: where they are, read by load().
  auto lazy = cache.find(key, false);
  ASSERT_TRUE(lazy);
  EXPECT_EQ((*lazy)[0].payload, "");
  EXPECT_EQ(cache.load((*lazy)[0].payload_file), std::optional<std::string>("one"));
  // A damaged payload does not check: no hit, and load() refuses it.
  {
    std::fstream f((*lazy)[0].payload_file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-1, std::ios::end);
    f.put('X');
  }
  EXPECT_FALSE(cache.find(key, true));
  EXPECT_FALSE(cache.load((*lazy)[0].payload_file));
  // Cut short, the same.
  cache.store_payload(key, 1, "one");
  ASSERT_TRUE(cache.find(key, true));
  ASSERT_EQ(truncate((*lazy)[0].payload_file.c_str(), 10), 0);
  EXPECT_FALSE(cache.find(key, true));
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST(DecodedCache, RemembersAFileByItsIdentity) {
  const std::string dir = temp_dir();
  DecodedCache cache(dir, uint64_t(1) << 30);
  const std::string file = dir + "/log.jsonl";
  std::ofstream(file) << "{}\n";
  struct stat st;
  ASSERT_EQ(stat(file.c_str(), &st), 0);
  EXPECT_FALSE(cache.known_file(st, "jsonl"));
  cache.remember(st, "jsonl", std::string(32, 'a'));
  cache.remember(st, "object", std::string(32, 'b'), "sizes");
  std::optional<DecodedCache::KnownFile> known = cache.known_file(st, "jsonl");
  ASSERT_TRUE(known);
  EXPECT_EQ(known->key, std::string(32, 'a'));
  EXPECT_EQ(known->extra, "");
  // Known in another context (another payload format, another kind of
  // stream) is another entry: a key made under other options is never
  // given for these.
  known = cache.known_file(st, "object");
  ASSERT_TRUE(known);
  EXPECT_EQ(known->key, std::string(32, 'b'));
  EXPECT_EQ(known->extra, "sizes");
  EXPECT_FALSE(cache.known_file(st, "jsonl\nread-tu-0"));
  // Written again, the file is another identity (its ctime at least).
  usleep(10000);
  std::ofstream(file) << "{}\n";
  struct stat again;
  ASSERT_EQ(stat(file.c_str(), &again), 0);
  EXPECT_FALSE(cache.known_file(again, "jsonl"));
  std::system(("rm -rf '" + dir + "'").c_str());
}

// A hit marks its stream used (the trim's order) when the mark is ten
// minutes old or more; a fresher one is left as it is, not written again.
TEST(DecodedCache, AHitMarksAnOldStreamUsed) {
  const std::string dir = temp_dir();
  CacheKey k;
  k.add("marked");
  const std::string key = k.hex();
  const std::string p = dir + "/" + key.substr(0, 2) + "/" + key;
  {
    DecodedCache cache(dir, 0);
    cache.store_stream(key, {tu(1, "")});
    cache.store_payload(key, 1, "x");
  }
  auto mtime = [&] {
    struct stat st {};
    EXPECT_EQ(stat(p.c_str(), &st), 0);
    return st.st_mtime;
  };
  DecodedCache cache(dir, uint64_t(1) << 30);
  const time_t now = time(nullptr);
  for (time_t age : {time_t(300), time_t(660), time_t(7200)}) {
    struct timespec at[2] = {{now - age, 0}, {now - age, 0}};
    ASSERT_EQ(utimensat(AT_FDCWD, p.c_str(), at, 0), 0);
    ASSERT_TRUE(cache.find(key, false));
    if (age < 600)
      EXPECT_EQ(mtime(), now - age) << age;
    else
      EXPECT_GE(mtime(), now) << age;
  }
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST(DecodedCache, TrimsTheLeastRecentlyUsedStreamsWhenItStores) {
  const std::string dir = temp_dir();
  std::string keys[3];
  {
    DecodedCache cache(dir, 0); // nothing stored yet: no trim on the way out
  }
  for (int i = 0; i < 3; ++i) {
    CacheKey k;
    k.add_number(static_cast<uint64_t>(i));
    keys[i] = k.hex();
  }
  {
    DecodedCache cache(dir, uint64_t(1) << 30);
    for (int i = 0; i < 3; ++i) {
      cache.store_stream(keys[i], {tu(1, "")});
      cache.store_payload(keys[i], 1, std::string(1000, 'x'));
    }
  }
  // Stream 0 used last, streams 1 and 2 long ago.
  for (int i = 1; i < 3; ++i) {
    const std::string p = dir + "/" + keys[i].substr(0, 2) + "/" + keys[i];
    struct timespec old[2] = {{1000000000, 0}, {1000000000 + i, 0}};
    ASSERT_EQ(utimensat(AT_FDCWD, p.c_str(), old, 0), 0);
  }
  {
    DecodedCache cache(dir, 2500); // room for two streams; 90% of it for one
    ASSERT_TRUE(cache.find(keys[0], true));
    CacheKey k;
    k.add("a fourth");
    struct stat st {};
    cache.remember(st, "jsonl", k.hex()); // stores something: trimmed when it goes
  }
  DecodedCache after(dir, uint64_t(1) << 30);
  EXPECT_TRUE(after.find(keys[0], true));
  EXPECT_FALSE(after.find(keys[1], true));
  EXPECT_FALSE(after.find(keys[2], true));
  std::system(("rm -rf '" + dir + "'").c_str());
}

TEST(TuRecords, PayloadGivesBackTheRecords) {
  ReadTu t;
  t.records = 5;
  for (const char *name : {"f", "g", "fs/open.c:3:4", "OK", "max-inline-insns-auto", "", "h"})
    t.local.intern(name);
  ReadTu::ReadSite s{};
  s.id = 6;
  s.lexical_caller = s.lexical_caller_symbol = s.caller_symbol = 0;
  s.callee = s.callee_symbol = 1;
  s.location = 2;
  s.reason = 3;
  s.chain_at = 0;
  s.chain_len = 2;
  s.pass = Pass::ipa;
  s.inlined = false;
  s.limit = SiteLimit{-7, std::optional<int64_t>(31), 4, 0};
  t.sites.push_back(s);
  s.pass = Pass::einline;
  s.inlined = true;
  s.limit = SiteLimit{12, std::nullopt, 4, 5};
  s.chain_len = 0;
  t.sites.push_back(s);
  t.chains = {0, 6};
  ReadTu::ReadFunction f{};
  f.name = f.symbol = 0;
  f.size_before = 10;
  f.size_after = std::nullopt;
  f.inlined_callees = -2;
  f.out_of_line = true;
  f.never_inline = true;
  t.functions.push_back(f);
  t.problems = {"site record: \"pass\": bad"};
  t.entries = {{ReadTu::Kind::site, 0, 2},
               {ReadTu::Kind::function, 0, 3},
               {ReadTu::Kind::problem, 0, 4},
               {ReadTu::Kind::site, 1, 5}};
  const std::string header =
      R"({"record":"tu","schema":2,"source":"fs/open.c","object":"fs/open.o"})";
  const std::string payload = encode_read_tu(t, header);

  ReadTu back;
  decode_read_tu(payload, back);
  EXPECT_EQ(back.records, 5u);
  EXPECT_EQ(back.header.source, "fs/open.c");
  EXPECT_FALSE(back.header_problem);
  ASSERT_EQ(back.local.size(), t.local.size());
  for (NameId n = 0; n < t.local.size(); ++n)
    EXPECT_EQ(back.local[n], t.local[n]);
  ASSERT_EQ(back.sites.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const auto &a = t.sites[i], &b = back.sites[i];
    EXPECT_EQ(std::tie(a.id, a.lexical_caller, a.callee, a.location, a.reason, a.chain_at,
                       a.chain_len, a.pass, a.inlined),
              std::tie(b.id, b.lexical_caller, b.callee, b.location, b.reason, b.chain_at,
                       b.chain_len, b.pass, b.inlined));
    ASSERT_TRUE(b.limit);
    EXPECT_EQ(std::tie(a.limit->value, a.limit->flip_at, a.limit->param, a.limit->params_of),
              std::tie(b.limit->value, b.limit->flip_at, b.limit->param, b.limit->params_of));
  }
  EXPECT_EQ(back.chains, t.chains);
  ASSERT_EQ(back.functions.size(), 1u);
  EXPECT_EQ(back.functions[0].size_before, std::optional<int64_t>(10));
  EXPECT_FALSE(back.functions[0].size_after);
  EXPECT_EQ(back.functions[0].inlined_callees, -2);
  EXPECT_TRUE(back.functions[0].never_inline);
  EXPECT_TRUE(back.functions[0].emitted);
  EXPECT_EQ(back.problems, t.problems);
  ASSERT_EQ(back.entries.size(), 4u);
  EXPECT_EQ(back.entries[2].kind, ReadTu::Kind::problem);
  EXPECT_EQ(back.entries[3].line, 5u);

  // Damage is an Error, and leaves the ReadTu it was decoded into alone;
  // so is a name id out of range.
  ReadTu untouched;
  untouched.records = 42;
  EXPECT_THROW(decode_read_tu(payload.substr(0, payload.size() - 1), untouched), Error);
  EXPECT_THROW(decode_read_tu(payload + "x", untouched), Error);
  t.sites[0].callee = 99;
  EXPECT_THROW(decode_read_tu(encode_read_tu(t, header), untouched), Error);
  EXPECT_EQ(untouched.records, 42u);
}

} // namespace
