// SPDX-License-Identifier: GPL-3.0-or-later
// guestprof/symbols.h: the kernel's functions, from vmlinux's .symtab (read
// with libelf), as address ranges to look instructions up in.  QEMU-free.
//
// Which symbols: FUNC and NOTYPE symbols defined in executable sections
// (SHF_EXECINSTR), minus Arm's mapping symbols ($x, $d, ...) and local
// labels (.L...): the assembly entry code (vectors, el0t_64_sync, ...) is
// NOTYPE.  Several symbols at one address are one function, named by the
// first of: FUNC before NOTYPE, a size before none, GLOBAL before WEAK
// before LOCAL, then the smallest name.  A function covers [addr, addr +
// size); a size of 0 extends to the next symbol's address (or the section's
// end); a function also ends where the next one starts (a label inside an
// assembly routine starts a function of its own).  Addresses no function
// covers are "[kernel unknown]".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace guestprof {

struct RawSymbol {
  std::string name;
  uint64_t addr = 0, size = 0;
  bool func = false;        // STT_FUNC (else STT_NOTYPE)
  int binding = 0;          // 0 global, 1 weak, 2 local: the preference order
  uint64_t section_end = 0; // the end of its section
};

struct Function {
  std::string name;
  uint64_t start = 0, end = 0;
};

class SymbolTable {
public:
  SymbolTable() = default;
  explicit SymbolTable(std::vector<RawSymbol> symbols);
  // The index of the function covering ADDR, or -1.
  long lookup(uint64_t addr) const;
  const std::vector<Function> &functions() const { return functions_; }

private:
  std::vector<Function> functions_; // sorted by start, not overlapping
};

struct Vmlinux {
  SymbolTable symbols;
  std::string build_id; // hex, "" when the file has none
  uint16_t machine = 0; // e_machine
};

// Reads PATH; throws inlinetune::Error naming PATH when it cannot be read,
// is not ELF, or has no .symtab ("stripped? guestprof needs the symbol
// table of the booted kernel's vmlinux").
Vmlinux read_vmlinux(const std::string &path);

} // namespace guestprof
