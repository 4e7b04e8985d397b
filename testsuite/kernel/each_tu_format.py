# SPDX-License-Identifier: GPL-3.0-or-later
# The kernel suite's lit test format: lit's ShTest, and a test file with an
# `EACH-TU:` line runs once per TU it names (words, or @FILE for a list such
# as harness/kernel-tus.txt, relative to the repository), as FILE/TU with %tu
# set, so that each TU passes or fails on its own line. (A module of its own:
# lit pickles the format into its worker processes.)
import os

import lit.formats
import lit.Test
import lit.TestRunner


class TuTest(lit.Test.Test):
    """One TU's run of a test file: named FILE/TU, read from FILE."""

    def __init__(self, suite, path_in_suite, config, source, tu):
        super().__init__(suite, path_in_suite, config, source)
        self.source = source
        self.tu = tu

    def getSourcePath(self):
        return self.source


def read_tu_list(path):
    """A TU list: one TU a line, first word; '#' starts a comment."""
    with open(path) as f:
        return [w[0] for w in (line.split('#', 1)[0].split() for line in f) if w]


def each_tu(root, path):
    with open(path) as f:
        for line in f:
            if 'EACH-TU:' in line:
                words = line.split('EACH-TU:', 1)[1].split()
                if len(words) == 1 and words[0].startswith('@'):
                    return read_tu_list(os.path.join(root, words[0][1:]))
                return words
    return None


class EachTuShTest(lit.formats.ShTest):
    def __init__(self, root, **kwargs):
        super().__init__(**kwargs)
        self.root = root

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        for test in super().getTestsInDirectory(testSuite, path_in_suite, litConfig, localConfig):
            tus = each_tu(self.root, test.getSourcePath())
            if tus is None:
                yield test
                continue
            for tu in tus:
                yield TuTest(testSuite, test.path_in_suite + (tu,), localConfig, test.getSourcePath(), tu)

    def execute(self, test, litConfig):
        extra = list(self.extra_substitutions)
        if isinstance(test, TuTest):
            extra.append(('%tu', test.tu))
        return lit.TestRunner.executeShTest(test, litConfig, self.execute_external, extra,
                                            self.preamble_commands)


def need(lit_config, config, key):
    """The input KEY of the file prepare.sh wrote, for a lit.local.cfg: a
    fatal error when it is missing, never a skipped test."""
    value = config.inputs.get(key)
    if not value or not os.path.exists(value):
        lit_config.fatal('%s names no %s (%s): run testsuite/kernel/prepare.sh for this part'
                         % (config.inputs_file, key, value))
    return value
