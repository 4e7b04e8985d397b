// SPDX-License-Identifier: GPL-3.0-or-later
#include "symbol_names.h"

#include <gtest/gtest.h>

using namespace inlinetune;
using Names = std::vector<std::string>;

TEST(SymbolNames, CFunctionIsItsOwnName) {
  EXPECT_EQ(symbol_names("vfs_symlink"), (Names{"vfs_symlink"}));
  EXPECT_EQ(symbol_names("vfs_symlink", "vfs_symlink"), (Names{"vfs_symlink"}));
}

TEST(SymbolNames, AsmLabelKeepsBothSpellings) {
  EXPECT_EQ(symbol_names("*renamed", "original"), (Names{"renamed", "original"}));
}

TEST(SymbolNames, CxxHasMangledAndTwoDemangledForms) {
  EXPECT_EQ(symbol_names("_ZN2ns1K1fEi"), (Names{"_ZN2ns1K1fEi", "ns::K::f(int)", "ns::K::f"}));
  EXPECT_EQ(symbol_names("_ZN2ns2twIiEET_S1_"),
            (Names{"_ZN2ns2twIiEET_S1_", "int ns::tw<int>(int)", "ns::tw<int>"}));
  EXPECT_EQ(symbol_names("_ZN2nsplENS_1VES0_"),
            (Names{"_ZN2nsplENS_1VES0_", "ns::operator+(ns::V, ns::V)", "ns::operator+"}));
}

TEST(SymbolNames, NotReallyMangledStaysAsIs) {
  EXPECT_EQ(symbol_names("_Zbogus"), (Names{"_Zbogus"}));
}
