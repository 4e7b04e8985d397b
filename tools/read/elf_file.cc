// SPDX-License-Identifier: GPL-3.0-or-later
#include "read/elf_file.h"

#include "error.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <gelf.h>
#include <libelf.h>
#include <sys/stat.h>
#include <unistd.h>

namespace inlinetune {

namespace {

constexpr std::string_view kElfMagic = "\x7f"
                                       "ELF";
constexpr std::string_view kArMagic = "!<arch>\n";
// An object this small is read into memory, a larger one mapped:
// unmapping thousands of small objects from a process reading on several
// threads cost TLB shootdowns on every core (some 10% of a cached
// `inlinetune diff` of a kernel's objects).
constexpr uint64_t kReadWholeBytes = uint64_t(16) << 20;
constexpr std::string_view kThinMagic = "!<thin>\n";

struct ElfEnd {
  void operator()(Elf *elf) const { elf_end(elf); }
};
using ElfPtr = std::unique_ptr<Elf, ElfEnd>;

void init_libelf() {
  static const bool ok = elf_version(EV_CURRENT) != EV_NONE;
  if (!ok)
    throw Error("libelf: {}", elf_errmsg(-1));
}

// libelf keeps its last error until it is read; reading it clears it.
std::string last_elf_error() {
  int err = elf_errno();
  return err ? elf_errmsg(err) : "unknown libelf error";
}

} // namespace

FileKind file_kind(std::string_view head) {
  if (head.substr(0, kElfMagic.size()) == kElfMagic)
    return FileKind::elf;
  if (head.substr(0, kArMagic.size()) == kArMagic)
    return FileKind::archive;
  if (head.substr(0, kThinMagic.size()) == kThinMagic)
    return FileKind::thin_archive;
  return FileKind::other;
}

ElfFile::ElfFile(const std::string &path) {
  init_libelf();
  fd_ = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd_ < 0 || fstat(fd_, &st) != 0) {
    int err = errno;
    if (fd_ >= 0)
      close(fd_);
    throw Error(std::strerror(err));
  }
  size_ = static_cast<uint64_t>(st.st_size);
  elf_errno();
  // An archive is always mapped: libelf leaks the member descriptors of an
  // archive it read into memory (LeakSanitizer, tools/archives.test).
  char head[kArMagic.size()] = {};
  const ssize_t got = pread(fd_, head, sizeof head, 0);
  const bool archive = got > 0 && file_kind(std::string_view(head, size_t(got))) != FileKind::elf;
  elf_ =
      elf_begin(fd_, !archive && size_ <= kReadWholeBytes ? ELF_C_READ : ELF_C_READ_MMAP, nullptr);
  if (!elf_ || (elf_kind(elf_) != ELF_K_ELF && elf_kind(elf_) != ELF_K_AR)) {
    std::string what = elf_ ? "not an ELF object or archive" : last_elf_error();
    if (elf_)
      elf_end(elf_);
    close(fd_);
    throw Error(what);
  }
}

ElfFile::~ElfFile() {
  elf_end(elf_);
  close(fd_);
}

bool ElfFile::is_archive() const {
  return elf_kind(elf_) == ELF_K_AR;
}

void ElfFile::for_each_member(
    const std::function<void(const std::string &, uint64_t, Elf *)> &visit) const {
  // libelf trims a member that runs past the end of the file to what is there,
  // and an archive cut between members just ends early: the sizes in the
  // headers themselves tell.
  size_t raw_size = 0;
  const char *raw = elf_rawfile(elf_, &raw_size);
  uint64_t end = kArMagic.size(); // of the last member read
  Elf_Cmd cmd = ELF_C_READ_MMAP;
  for (;;) {
    elf_errno();
    ElfPtr member(elf_begin(fd_, cmd, elf_));
    if (!member) {
      int err = elf_errno();
      // elf_next() answers ELF_C_NULL after the last member.
      if (cmd != ELF_C_NULL && size_ > kArMagic.size())
        throw Error("damaged archive: {}", err ? elf_errmsg(err) : "unreadable member");
      break;
    }
    Elf_Arhdr *header = elf_getarhdr(member.get());
    uint64_t offset = static_cast<uint64_t>(elf_getaroff(member.get()));
    uint64_t size = 0;
    if (!header || !raw || offset + 60 > raw_size ||
        std::from_chars(raw + offset + 48, raw + offset + 58, size).ec != std::errc() ||
        offset + 60 + size > raw_size)
      throw Error("damaged archive: member at byte {} is cut short", offset);
    end = offset + 60 + size + size % 2;
    if (header->ar_name && elf_kind(member.get()) == ELF_K_ELF)
      visit(header->ar_name, offset, member.get());
    cmd = elf_next(member.get());
  }
  if (end < size_)
    throw Error("damaged archive: unreadable data at byte {}", end);
}

void ElfFile::with_member_at(
    uint64_t offset, const std::function<void(const std::string &, uint64_t, Elf *)> &visit) const {
  if (!is_archive() || elf_rand(elf_, offset) != offset)
    throw Error("no archive member at offset {}", offset);
  ElfPtr member(elf_begin(fd_, ELF_C_READ_MMAP, elf_));
  Elf_Arhdr *header = member ? elf_getarhdr(member.get()) : nullptr;
  if (!header || !header->ar_name || elf_kind(member.get()) != ELF_K_ELF)
    throw Error("no ELF object in the archive at offset {}", offset);
  visit(header->ar_name, offset, member.get());
}

namespace {

// libelf reads an object cut short (a build killed while writing it) as one
// without sections; check the section table and what it points at against
// the size of the file.
void check_bounds(Elf *elf) {
  size_t file_size = 0;
  elf_rawfile(elf, &file_size);
  GElf_Ehdr ehdr;
  size_t count = 0;
  if (!gelf_getehdr(elf, &ehdr) || elf_getshdrnum(elf, &count) != 0)
    throw Error("damaged object: {}", last_elf_error());
  // (libelf answers 0 sections when they do not fit; e_shnum is 0 when the
  // count is too large for it and sits in section 0.)
  if (ehdr.e_shnum > count)
    count = ehdr.e_shnum;
  if (ehdr.e_shoff > file_size ||
      (ehdr.e_shoff && count * ehdr.e_shentsize > file_size - ehdr.e_shoff))
    throw Error("damaged object: the section table runs past the end of the file");
  for (Elf_Scn *scn = nullptr; (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr shdr;
    if (!gelf_getshdr(scn, &shdr))
      throw Error("damaged object: {}", last_elf_error());
    if (shdr.sh_type != SHT_NOBITS &&
        (shdr.sh_offset > file_size || shdr.sh_size > file_size - shdr.sh_offset))
      throw Error("damaged object: section {} runs past the end of the file", elf_ndxscn(scn));
  }
}

} // namespace

namespace {

// The notes of one SHT_NOTE section's DATA (libelf has turned their headers
// into host byte order: ELF_T_NHDR).
void read_notes(Elf_Data *data, std::string_view section, std::string_view owner, uint32_t type,
                SectionPayloads &out) {
  const char *base = static_cast<const char *>(data->d_buf);
  size_t offset = 0, index = 0;
  while (offset < data->d_size) {
    GElf_Nhdr note;
    size_t name_at, desc_at;
    size_t next = gelf_getnote(data, offset, &note, &name_at, &desc_at);
    ++index;
    if (next == 0) {
      out.problems.push_back(fmt::format(
          "section {}: note {} at byte {} is malformed (its sizes run past the section's {} bytes)",
          section, index, offset, data->d_size));
      return;
    }
    // n_namesz counts the terminating NUL.
    std::string_view name(base + name_at, note.n_namesz ? note.n_namesz - 1 : 0);
    if (name != owner || note.n_type != type || note.n_namesz == 0 ||
        base[name_at + note.n_namesz - 1] != '\0')
      out.problems.push_back(fmt::format("section {}: note {} at byte {} is not a log note "
                                         "(owner \"{}\", type {:#x}; want \"{}\", {:#x}): skipped",
                                         section, index, offset, name, note.n_type, owner, type));
    else
      out.payloads.emplace_back(base + desc_at, note.n_descsz);
    offset = next;
  }
}

} // namespace

std::optional<SectionPayloads> section_payloads(Elf *elf, std::string_view name,
                                                std::string_view owner, uint32_t type) {
  check_bounds(elf);
  size_t shstrndx;
  if (elf_getshdrstrndx(elf, &shstrndx) != 0)
    throw Error("cannot read the section table: {}", last_elf_error());
  std::optional<SectionPayloads> out;
  for (Elf_Scn *scn = nullptr; (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr shdr;
    if (!gelf_getshdr(scn, &shdr))
      throw Error("cannot read a section header: {}", last_elf_error());
    const char *scn_name = elf_strptr(elf, shstrndx, shdr.sh_name);
    if (!scn_name || name != scn_name)
      continue;
    if (!out)
      out.emplace();
    if (shdr.sh_type == SHT_NOBITS)
      continue;
    elf_errno();
    for (Elf_Data *data = nullptr; (data = elf_getdata(scn, data));) {
      if (!data->d_size)
        continue;
      if (shdr.sh_type == SHT_NOTE)
        read_notes(data, name, owner, type, *out);
      else
        out->payloads.emplace_back(static_cast<const char *>(data->d_buf), data->d_size);
    }
    if (int err = elf_errno())
      throw Error("cannot read section {}: {}", name, elf_errmsg(err));
  }
  return out;
}

FunctionSizes function_sizes(Elf *elf) {
  FunctionSizes sizes;
  for (Elf_Scn *scn = nullptr; (scn = elf_nextscn(elf, scn));) {
    GElf_Shdr shdr;
    if (!gelf_getshdr(scn, &shdr))
      throw Error("cannot read a section header: {}", last_elf_error());
    if (shdr.sh_type != SHT_SYMTAB || shdr.sh_entsize == 0)
      continue;
    Elf_Data *data = elf_getdata(scn, nullptr);
    if (!data)
      throw Error("cannot read the symbol table: {}", last_elf_error());
    size_t count = data->d_size / gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
    for (size_t i = 0; i < count; ++i) {
      GElf_Sym sym;
      if (!gelf_getsym(data, static_cast<int>(i), &sym))
        throw Error("cannot read symbol {}: {}", i, last_elf_error());
      if (GELF_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_shndx == SHN_UNDEF)
        continue;
      if (const char *sym_name = elf_strptr(elf, shdr.sh_link, sym.st_name))
        sizes[sym_name] += sym.st_size;
    }
  }
  return sizes;
}

// The GNU thin archive format, as binutils' bfd/archive.c writes it: the magic,
// then 60-byte member headers (name[16] date[12] uid[6] gid[6] mode[8] size[10]
// "`\n").  Only the symbol table ("/" or "/SYM64/") and the long-name table
// ("//") have their data in the archive, padded to an even length; every other
// header stands for a file outside, named "/N" (at offset N of the long-name
// table, ending in "/\n"), "/N:M" (the member at header offset M of the regular
// archive named at N) or, in principle, "name/".  Written by hand because
// libelf does not read thin archives (see elf_file.h), and this is all of it.
std::vector<ThinMember> thin_archive_members(const std::string &archive_path,
                                             std::string_view contents) {
  if (file_kind(contents) != FileKind::thin_archive)
    throw Error("not a thin archive");
  constexpr size_t kHeader = 60;
  auto malformed = [&](size_t at, std::string_view what) {
    return Error("malformed thin archive: {} at byte {}", what, at);
  };
  auto number = [&](std::string_view field, size_t at, const char *what) {
    while (!field.empty() && field.back() == ' ')
      field.remove_suffix(1);
    uint64_t value = 0;
    auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (field.empty() || ec != std::errc() || end != field.data() + field.size())
      throw malformed(at, what);
    return value;
  };
  std::filesystem::path dir = std::filesystem::path(archive_path).parent_path();
  std::vector<ThinMember> members;
  std::string_view long_names;
  size_t pos = kThinMagic.size();
  while (pos < contents.size()) {
    if (pos % 2 == 1 && contents[pos] == '\n') {
      ++pos;
      continue;
    }
    if (contents.size() - pos < kHeader)
      throw malformed(pos, "truncated member header");
    std::string_view header = contents.substr(pos, kHeader);
    if (header.substr(58, 2) != "`\n")
      throw malformed(pos, "bad member header");
    std::string_view name = header.substr(0, 16);
    while (!name.empty() && name.back() == ' ')
      name.remove_suffix(1);
    uint64_t size = number(header.substr(48, 10), pos + 48, "bad member size");
    size_t header_at = pos;
    pos += kHeader;
    if (name == "/" || name == "/SYM64/" || name == "//") {
      if (size > contents.size() - pos)
        throw malformed(header_at, "truncated table");
      if (name == "//")
        long_names = contents.substr(pos, size);
      pos += size;
      continue;
    }
    ThinMember member;
    if (name.size() > 1 && name[0] == '/' && name[1] >= '0' && name[1] <= '9') {
      std::string_view ref = name.substr(1);
      // GNU ar 2.40 (kbuild's vmlinux.a) may end the field in '/' after the
      // padding, "/18            /"; binutils reads the number and ignores that.
      if (ref.back() == '/') {
        ref.remove_suffix(1);
        while (!ref.empty() && ref.back() == ' ')
          ref.remove_suffix(1);
      }
      size_t colon = ref.find(':');
      uint64_t at = number(ref.substr(0, colon), header_at, "bad long-name reference");
      if (colon != std::string_view::npos)
        member.nested_offset = number(ref.substr(colon + 1), header_at, "bad nested offset");
      if (at >= long_names.size())
        throw malformed(header_at, "long name outside the long-name table");
      std::string_view entry = long_names.substr(at);
      entry = entry.substr(0, entry.find('\n'));
      if (!entry.empty() && entry.back() == '/')
        entry.remove_suffix(1);
      member.name = entry;
    } else {
      if (!name.empty() && name.back() == '/')
        name.remove_suffix(1);
      member.name = name;
    }
    if (member.name.empty())
      throw malformed(header_at, "empty member name");
    member.path = (dir / member.name).string();
    members.push_back(std::move(member));
  }
  return members;
}

} // namespace inlinetune
