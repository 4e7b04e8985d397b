// SPDX-License-Identifier: GPL-3.0-or-later
// Reading ELF objects and ar archives: what the log reader needs from them and
// nothing more.  Objects and regular archives go through elfutils' libelf;
// thin archives ("!<thin>\n", which libelf 0.188 does not recognise: elf_begin
// answers ELF_K_NONE) have their member table parsed here, and their members
// are the files the table names.  No CLI code; errors are thrown as
// inlinetune::Error saying what is wrong, without the file's name: the caller
// knows what to call the file (an archive member, say) and adds it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

typedef struct Elf Elf; // <libelf.h>

namespace inlinetune {

// What a file is, from its first bytes.
enum class FileKind { elf, archive, thin_archive, other };
FileKind file_kind(std::string_view head);

// Defined function symbols (STT_FUNC) by name: st_size, summed over symbols of
// the same name (an `ld -r` merge may hold several static functions of one
// name).  Pieces GCC splits off (foo.part.0, foo.cold) keep their own names.
using FunctionSizes = std::unordered_map<std::string, uint64_t>;

// An open file read through libelf: an ELF object or a regular archive.  The
// file stays open (and mapped) for the object's lifetime.
class ElfFile {
public:
  // Throws Error when the file cannot be opened or is neither.
  explicit ElfFile(const std::string &path);
  ~ElfFile();
  ElfFile(const ElfFile &) = delete;
  ElfFile &operator=(const ElfFile &) = delete;

  Elf *elf() const { return elf_; }
  bool is_archive() const;

  // For an archive: calls VISIT for every member that is an ELF object, in
  // archive order, with the member's name and its offset in the archive (which
  // identifies it).  Members that are not ELF (the symbol table, the long-name
  // table, anything else) are skipped.
  void for_each_member(const std::function<void(const std::string &name, uint64_t offset,
                                                Elf *member)> &visit) const;

  // For an archive: the member whose header starts at OFFSET, as a thin
  // archive's "/N:OFFSET" entry names it.  Calls VISIT as above; throws Error
  // when there is no ELF member there.
  void with_member_at(uint64_t offset,
                      const std::function<void(const std::string &name, uint64_t offset,
                                               Elf *member)> &visit) const;

private:
  int fd_ = -1;
  uint64_t size_ = 0; // of the file
  Elf *elf_ = nullptr;
};

// What the sections named NAME in ELF hold, in section order: for an
// SHT_NOTE section, the descriptors of its notes (each must have owner OWNER
// and type TYPE); for any other type, the whole contents (the raw form:
// earlier builds of the plugin, `objcopy --add-section`).  Notes with another
// owner or type, or a note list that does not parse, are PROBLEMS (the notes
// before it are kept).  nullopt when no section is named NAME.  The views
// point into libelf's data and stay valid while ELF is open.  Throws Error
// when the section table or a section cannot be read.
struct SectionPayloads {
  std::vector<std::string_view> payloads;
  std::vector<std::string> problems;
};
std::optional<SectionPayloads> section_payloads(Elf *elf, std::string_view name,
                                                std::string_view owner, uint32_t type);

// The defined STT_FUNC symbols of ELF's symbol table.
FunctionSizes function_sizes(Elf *elf);

// One entry of a thin archive's member table.
struct ThinMember {
  std::string name; // as stored: relative to the archive's directory, or absolute
  std::string path; // the file to open: NAME resolved against the archive's directory
  // For "/N:OFFSET" entries (a member of a regular archive that was added to
  // the thin archive): the member's header offset inside the file at PATH.
  std::optional<uint64_t> nested_offset;
};

// Parses the member table of the thin archive ARCHIVE_PATH whose bytes are
// CONTENTS.  Throws Error on a malformed table.
std::vector<ThinMember> thin_archive_members(const std::string &archive_path,
                                             std::string_view contents);

} // namespace inlinetune
