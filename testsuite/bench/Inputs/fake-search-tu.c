// SPDX-License-Identifier: GPL-3.0-or-later
// A TU to compile with search.test's long policies.
static int helper(int x) { return x * 3 + 1; }
int caller(int x) { return helper(x) + helper(x + 1); }
