// SPDX-License-Identifier: GPL-3.0-or-later
#include "read/decoded_cache.h"

#include "atomic_file.h"
#include "error.h"
#include "support/bytes.h"

// Keys and checksums are stored: XXH3, whose output is fixed across
// xxHash's versions since 0.8, inlined as support/hash.h has it.
#define XXH_INLINE_ALL
#include <xxhash.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

namespace fs = std::filesystem;

namespace {

// Every file: this magic, its kind ('S': a stream's TUs, 'T': a TU's
// payload), the payload's size and XXH3-64, then the payload.
constexpr char kMagic[8] = {'i', 't', 'd', 'e', 'c', 'o', 'd', '1'};
constexpr size_t kHeaderSize = sizeof kMagic + 1 + 8 + 8;
constexpr uint64_t kDefaultMaxBytes = uint64_t(4) << 30;
// A temporary file this old was left by a process that died while writing.
constexpr time_t kStaleTempSeconds = 3600;
// A stream used this recently is not trimmed: a reader that found it may
// still have to load its payloads (DecodedCache::load).
constexpr time_t kInUseSeconds = 3600;
// A stream used is marked so (its mtime) when its mark is this old or older.
constexpr time_t kTouchSeconds = 600;
static_assert(kTouchSeconds < kInUseSeconds, "a stream in use must stay marked in use");

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

// MTIME: the file's, when asked for (0 when fstat fails).
std::optional<std::string> read_whole(const std::string &path, time_t *mtime = nullptr) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return std::nullopt;
  std::string out;
  struct stat st;
  const bool known = fstat(fd, &st) == 0;
  if (known && st.st_size > 0)
    out.reserve(static_cast<size_t>(st.st_size));
  if (mtime)
    *mtime = known ? st.st_mtime : 0;
  char buf[1 << 16];
  ssize_t got;
  while ((got = ::read(fd, buf, sizeof buf)) != 0) {
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      close(fd);
      return std::nullopt;
    }
    out.append(buf, static_cast<size_t>(got));
  }
  close(fd);
  return out;
}

} // namespace

// ---- keys ----------------------------------------------------------------------

struct CacheKey::State {
  XXH3_state_t *xxh = XXH3_createState();
};

CacheKey::CacheKey() : state_(std::make_unique<State>()) {
  if (!state_->xxh)
    throw std::bad_alloc();
  XXH3_128bits_reset(state_->xxh);
}

CacheKey::~CacheKey() {
  XXH3_freeState(state_->xxh);
}

void CacheKey::add(std::string_view bytes) {
  XXH3_128bits_update(state_->xxh, bytes.data(), bytes.size());
}

void CacheKey::add_number(uint64_t n) {
  ByteWriter b;
  b.u64(n);
  add(b.bytes());
}

std::string CacheKey::hex() const {
  const XXH128_hash_t h = XXH3_128bits_digest(state_->xxh);
  return fmt::format("{:016x}{:016x}", h.high64, h.low64);
}

// ---- the cache ---------------------------------------------------------------

uint64_t parse_cache_size(const std::string &text) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
    ++digits;
  const std::string_view suffix = std::string_view(text).substr(digits);
  uint64_t scale = 0;
  if (suffix.empty())
    scale = 1;
  else if (suffix == "K" || suffix == "k")
    scale = uint64_t(1) << 10;
  else if (suffix == "M" || suffix == "m")
    scale = uint64_t(1) << 20;
  else if (suffix == "G" || suffix == "g")
    scale = uint64_t(1) << 30;
  // 19 digits always fit in 64 bits.
  const uint64_t n = digits && digits <= 19 ? std::stoull(text.substr(0, digits)) : 0;
  if (!digits || digits > 19 || !scale || n > UINT64_MAX / scale)
    throw UsageError("INLINETUNE_DECODED_CACHE_SIZE={}: want a size in bytes, with an optional "
                     "K, M or G suffix (4G)",
                     text);
  return n * scale;
}

std::shared_ptr<DecodedCache> DecodedCache::from_environment() {
  uint64_t max_bytes = kDefaultMaxBytes;
  if (const char *size = std::getenv("INLINETUNE_DECODED_CACHE_SIZE"); size && *size)
    max_bytes = parse_cache_size(size);
  std::string dir;
  if (const char *env = std::getenv("INLINETUNE_DECODED_CACHE"); env && *env) {
    if (std::string_view(env) == "off" || std::string_view(env) == "0")
      return nullptr;
    dir = env;
  } else if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/') {
    dir = std::string(xdg) + "/inlinetune/decoded";
  } else if (const char *home = std::getenv("HOME"); home && *home) {
    dir = std::string(home) + "/.cache/inlinetune/decoded";
  } else {
    return nullptr;
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || access(dir.c_str(), W_OK | X_OK) != 0)
    return nullptr;
  return std::make_shared<DecodedCache>(dir, max_bytes);
}

DecodedCache::DecodedCache(std::string dir, uint64_t max_bytes)
    : dir_(std::move(dir)), max_bytes_(max_bytes) {}

DecodedCache::~DecodedCache() {
  if (stored_)
    try {
      trim();
    } catch (...) { // a cache that cannot be trimmed now is trimmed next time
    }
}

std::string DecodedCache::path(const std::string &key, std::optional<size_t> index) const {
  std::string p = dir_ + "/" + key.substr(0, 2) + "/" + key;
  if (index)
    p += "." + std::to_string(*index);
  return p;
}

bool DecodedCache::write(const std::string &path, std::string_view kind, std::string_view payload) {
  ByteWriter head;
  head.bytes().assign(kMagic, sizeof kMagic);
  head.bytes().append(kind);
  head.u64(payload.size());
  head.u64(XXH3_64bits(payload.data(), payload.size()));
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  AtomicFile file(path);
  int fd = file.create(AtomicFile::default_mode());
  if (fd < 0)
    return false;
  bool ok = write_all(fd, head.bytes()) && write_all(fd, payload);
  ok = close(fd) == 0 && ok;
  if (!ok || !file.commit())
    return false;
  stored_ = true;
  return true;
}

std::optional<std::string> DecodedCache::read(const std::string &path, std::string_view kind,
                                              time_t *mtime) const {
  std::optional<std::string> data = read_whole(path, mtime);
  if (!data || data->size() < kHeaderSize ||
      data->compare(0, sizeof kMagic, kMagic, sizeof kMagic) ||
      data->compare(sizeof kMagic, 1, kind) != 0)
    return std::nullopt;
  ByteReader r(std::string_view(*data).substr(sizeof kMagic + 1));
  const uint64_t size = r.u64(), sum = r.u64();
  const std::string_view payload = std::string_view(*data).substr(kHeaderSize);
  if (!r.ok() || payload.size() != size || XXH3_64bits(payload.data(), payload.size()) != sum)
    return std::nullopt;
  return data->substr(kHeaderSize);
}

std::optional<std::vector<CachedTu>> DecodedCache::find(const std::string &key, bool payloads) {
  const std::string stream_path = path(key, std::nullopt);
  time_t used = 0;
  std::optional<std::string> stream = read(stream_path, "S", &used);
  if (!stream)
    return std::nullopt;
  ByteReader r(*stream);
  std::vector<CachedTu> tus(r.count(5 * 8 + 3));
  for (CachedTu &tu : tus) {
    tu.index = r.u64();
    tu.lines = r.u64();
    tu.size = r.u64();
    tu.digest = r.u64();
    tu.offset = r.u64();
    tu.object = r.str();
    tu.header_source = r.str();
    tu.header_object = r.str();
  }
  if (!r.ok() || !r.at_end() || tus.empty())
    return std::nullopt;
  for (CachedTu &tu : tus) {
    tu.payload_file = path(key, tu.index);
    std::optional<std::string> payload = read(tu.payload_file, "T");
    if (!payload)
      return std::nullopt;
    if (payloads)
      tu.payload = std::move(*payload);
  }
  // Used now: the last to go when the cache is trimmed.  Marked at most
  // every kTouchSeconds, as relatime marks reads: the trim orders by use
  // and keeps what was used in the last kInUseSeconds, so a later mark
  // changes nothing it does, and 15,600 marks (each an inode written) were
  // a twentieth of a kernel's cached diff's system calls (bench-tools).
  if (time(nullptr) - used >= kTouchSeconds)
    utimensat(AT_FDCWD, stream_path.c_str(), nullptr, 0);
  return tus;
}

std::string DecodedCache::identity(const struct stat &st, std::string_view context) {
  CacheKey key;
  key.add("file identity");
  key.add_number(context.size());
  key.add(context);
  for (uint64_t n :
       {uint64_t(st.st_dev), uint64_t(st.st_ino), uint64_t(st.st_size), uint64_t(st.st_mtim.tv_sec),
        uint64_t(st.st_mtim.tv_nsec), uint64_t(st.st_ctim.tv_sec), uint64_t(st.st_ctim.tv_nsec)})
    key.add_number(n);
  return key.hex();
}

std::optional<DecodedCache::KnownFile> DecodedCache::known_file(const struct stat &st,
                                                                std::string_view context) const {
  std::optional<std::string> entry = read(path(identity(st, context), std::nullopt), "I");
  if (!entry || entry->size() < 32)
    return std::nullopt;
  return KnownFile{entry->substr(0, 32), entry->substr(32)};
}

void DecodedCache::remember(const struct stat &st, std::string_view context, const std::string &key,
                            std::string_view extra) {
  if (key.size() != 32)
    return;
  std::string entry = key;
  entry.append(extra);
  write(path(identity(st, context), std::nullopt), "I", entry);
}

std::optional<std::string> DecodedCache::load(const std::string &payload_file) const {
  return read(payload_file, "T");
}

void DecodedCache::store_stream(const std::string &key, const std::vector<CachedTu> &tus) {
  ByteWriter out;
  out.var(tus.size());
  for (const CachedTu &tu : tus) {
    out.u64(tu.index);
    out.u64(tu.lines);
    out.u64(tu.size);
    out.u64(tu.digest);
    out.u64(tu.offset);
    out.str(tu.object);
    out.str(tu.header_source);
    out.str(tu.header_object);
  }
  write(path(key, std::nullopt), "S", out.bytes());
}

void DecodedCache::store_payload(const std::string &key, size_t index, std::string_view payload) {
  write(path(key, index), "T", payload);
}

// Streams by the time of their last use (their stream file's mtime), the
// oldest removed with their payloads until the cache is at 90% of its
// limit, as ccache trims to leave room before the next clean-up.
void DecodedCache::trim() {
  struct Group {
    std::optional<time_t> stream_used; // its stream file's mtime
    time_t payload_used = 0;           // else its newest payload's (a stream whose file is gone)
    uint64_t bytes = 0;
    std::vector<fs::path> files;
    time_t used() const { return stream_used ? *stream_used : payload_used; }
  };
  std::map<std::string, Group> groups;
  uint64_t total = 0;
  const time_t now = std::time(nullptr);
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir_, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat st;
    if (lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode))
      continue;
    const std::string name = it->path().filename().string();
    if (name.find(".tmp.") != std::string::npos) {
      if (now - st.st_mtime > kStaleTempSeconds)
        unlink(it->path().c_str());
      continue;
    }
    const size_t dot = name.find('.');
    Group &g = groups[name.substr(0, dot)];
    g.files.push_back(it->path());
    g.bytes += static_cast<uint64_t>(st.st_size);
    total += static_cast<uint64_t>(st.st_size);
    if (dot == std::string::npos)
      g.stream_used = st.st_mtime;
    else
      g.payload_used = std::max(g.payload_used, st.st_mtime);
  }
  if (total <= max_bytes_)
    return;
  std::vector<std::pair<time_t, const Group *>> order;
  for (const auto &[key, g] : groups)
    order.emplace_back(g.used(), &g);
  std::sort(order.begin(), order.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  const uint64_t goal = max_bytes_ / 10 * 9;
  for (const auto &[used, g] : order) {
    if (total <= goal || now - used < kInUseSeconds)
      break;
    for (const fs::path &f : g->files)
      unlink(f.c_str());
    total -= g->bytes;
  }
}

} // namespace inlinetune
