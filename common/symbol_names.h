// SPDX-License-Identifier: GPL-3.0-or-later
// The spellings under which a policy can name a function.  GCC-free.
#pragma once

#include <string>
#include <vector>

namespace inlinetune {

// For ASSEMBLER_NAME (the symbol, e.g. "_ZN2ns3fooEi" or "vfs_symlink"): the
// symbol itself, then for C++ the demangled name with parameter types
// ("ns::foo(int)") and without them ("ns::foo"), then SOURCE_NAME if it differs
// (a C function renamed with asm("...")).  Demangling uses libiberty's
// cplus_demangle, the same code GCC and binutils use.
std::vector<std::string> symbol_names(const std::string &assembler_name,
                                      const std::string &source_name = "");

} // namespace inlinetune
