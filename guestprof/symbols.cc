// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/symbols.cc: vmlinux's symbol table, through libelf.
#include "symbols.h"

#include "error.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <tuple>

namespace guestprof {

SymbolTable::SymbolTable(std::vector<RawSymbol> syms) {
  // One symbol per address: the preferred one first.
  std::sort(syms.begin(), syms.end(), [](const RawSymbol &a, const RawSymbol &b) {
    return std::make_tuple(a.addr, !a.func, a.size == 0, a.binding, a.name) <
           std::make_tuple(b.addr, !b.func, b.size == 0, b.binding, b.name);
  });
  std::vector<RawSymbol> chosen;
  for (auto &s : syms)
    if (chosen.empty() || chosen.back().addr != s.addr)
      chosen.push_back(std::move(s));
  for (size_t i = 0; i < chosen.size(); ++i) {
    const RawSymbol &s = chosen[i];
    uint64_t next = i + 1 < chosen.size() ? chosen[i + 1].addr : UINT64_MAX;
    uint64_t end = s.size ? s.addr + s.size : std::min(next, s.section_end);
    end = std::min(end, next);
    if (end > s.addr)
      functions_.push_back({s.name, s.addr, end});
  }
}

long SymbolTable::lookup(uint64_t addr) const {
  auto it = std::upper_bound(functions_.begin(), functions_.end(), addr,
                             [](uint64_t a, const Function &f) { return a < f.start; });
  if (it == functions_.begin())
    return -1;
  --it;
  return addr < it->end ? long(it - functions_.begin()) : -1;
}

namespace {

struct ElfHandle {
  int fd = -1;
  Elf *elf = nullptr;
  ~ElfHandle() {
    if (elf)
      elf_end(elf);
    if (fd >= 0)
      close(fd);
  }
};

} // namespace

Vmlinux read_vmlinux(const std::string &path) {
  if (elf_version(EV_CURRENT) == EV_NONE)
    throw inlinetune::Error("libelf: {}", elf_errmsg(-1));
  ElfHandle h;
  h.fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (h.fd < 0)
    throw inlinetune::Error("{}: {}", path, std::strerror(errno));
  h.elf = elf_begin(h.fd, ELF_C_READ, nullptr);
  if (!h.elf || elf_kind(h.elf) != ELF_K_ELF)
    throw inlinetune::Error("{}: not an ELF file", path);
  GElf_Ehdr eh;
  if (!gelf_getehdr(h.elf, &eh))
    throw inlinetune::Error("{}: {}", path, elf_errmsg(-1));
  Vmlinux out;
  out.machine = eh.e_machine;
  size_t nsec = 0;
  if (elf_getshdrnum(h.elf, &nsec) != 0)
    throw inlinetune::Error("{}: {}", path, elf_errmsg(-1));
  std::vector<GElf_Shdr> shdrs(nsec);
  Elf_Scn *symtab = nullptr;
  for (size_t i = 0; i < nsec; ++i) {
    Elf_Scn *scn = elf_getscn(h.elf, i);
    if (!scn || !gelf_getshdr(scn, &shdrs[i]))
      throw inlinetune::Error("{}: section {}: {}", path, i, elf_errmsg(-1));
    if (shdrs[i].sh_type == SHT_SYMTAB)
      symtab = scn;
    if (shdrs[i].sh_type == SHT_NOTE && out.build_id.empty()) {
      Elf_Data *data = elf_getdata(scn, nullptr);
      size_t off = 0, name_off, desc_off;
      GElf_Nhdr nh;
      while (data && (off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
        const char *base = static_cast<const char *>(data->d_buf);
        if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
            std::memcmp(base + name_off, "GNU", 4) == 0) {
          static const char hex[] = "0123456789abcdef";
          for (size_t k = 0; k < nh.n_descsz; ++k) {
            unsigned char b = static_cast<unsigned char>(base[desc_off + k]);
            out.build_id += hex[b >> 4];
            out.build_id += hex[b & 15];
          }
          break;
        }
      }
    }
  }
  if (!symtab)
    throw inlinetune::Error(
        "{}: no symbol table (.symtab); stripped? guestprof needs the booted kernel's own vmlinux, "
        "as kbuild links it",
        path);
  GElf_Shdr sh;
  gelf_getshdr(symtab, &sh);
  Elf_Data *data = elf_getdata(symtab, nullptr);
  if (!data)
    throw inlinetune::Error("{}: .symtab: {}", path, elf_errmsg(-1));
  size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
  std::vector<RawSymbol> raw;
  for (size_t i = 0; i < n; ++i) {
    GElf_Sym s;
    if (!gelf_getsym(data, int(i), &s))
      throw inlinetune::Error("{}: .symtab entry {}: {}", path, i, elf_errmsg(-1));
    int type = GELF_ST_TYPE(s.st_info), bind = GELF_ST_BIND(s.st_info);
    if ((type != STT_FUNC && type != STT_NOTYPE) || s.st_shndx == SHN_UNDEF || s.st_shndx >= nsec ||
        !(shdrs[s.st_shndx].sh_flags & SHF_EXECINSTR))
      continue;
    const char *name = elf_strptr(h.elf, sh.sh_link, s.st_name);
    if (!name || !*name || name[0] == '$' || (name[0] == '.' && name[1] == 'L'))
      continue;
    const GElf_Shdr &sec = shdrs[s.st_shndx];
    raw.push_back({name, s.st_value, s.st_size, type == STT_FUNC,
                   bind == STB_GLOBAL ? 0
                   : bind == STB_WEAK ? 1
                                      : 2,
                   sec.sh_addr + sec.sh_size});
  }
  if (raw.empty())
    throw inlinetune::Error("{}: no function symbols in executable sections", path);
  out.symbols = SymbolTable(std::move(raw));
  return out;
}

} // namespace guestprof
