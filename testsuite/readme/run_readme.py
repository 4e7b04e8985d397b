#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs every command that a Markdown file shows, as a reader would type it.

usage: run_readme.py [options] FILE.md...

The commands are the lines of the file's ```sh code blocks, taken in order and
run one after another in one bash session (variables, `export`s and `cd`s
carry over from one command to the next, as in a terminal), started in a
scratch copy of the checkout and with a scratch HOME.  The first command that
fails stops the run: its place in the file, the command as written, what ran
instead (when a mapping applied), its exit status and its output are printed,
and the exit status is 1.

The conventions a Markdown file follows (README.md, "Testing the README"):
- Every fenced code block names its language.  ```sh marks commands to type:
  they are run.  Any other language (text for output, ini, c, json, sql...)
  is not run.  bash, shell, console and a block with no language are errors,
  so that no command can slip past the test by its spelling.
- An HTML comment on the last non-blank line before a block's opening fence
  directs the test:
    <!-- readme-test: skip REASON -->    the block is not run; the reason is
                                         required (say why it cannot be run
                                         here, e.g. it needs a distcc server)
    <!-- readme-test: after ANCHOR -->   the block runs right after the last
                                         block of the section ANCHOR (its
                                         GitHub anchor: "using-it-with-kbuild")
                                         instead of in file order: for an
                                         example that needs the setup a later
                                         section shows
- A command is one or more lines, up to the line where bash finds it
  complete (backslash continuations, quotes spanning lines); comment lines
  are left out.
- A command that would take too long (a whole kernel) or that must not run
  inside the test (make check itself, installing packages) is mapped to a
  short real one by MAP (testsuite/readme/commands.toml: each entry a regular
  expression the whole command must match, the command run instead and why).
  Commands are matched with continuation lines joined and every run of
  blanks made one space.  Every entry must match some command (a stale entry is
  an error) unless --allow-unused.  A command that is not mapped runs exactly
  as written; one that would change this machine (sudo, apt, dpkg -i, make
  install without DESTDIR= or PREFIX=) is refused unless mapped, and each
  command has --timeout seconds.

Environment of the commands: HOME is the scratch HOME, PATH a fresh login's
(/usr/local/bin:/usr/bin:/bin and the sbin directories: no build/tools),
INLINETUNE_CACHE the real cache (so the harness finds its kernel trees),
README_TEST_KSRC and README_TEST_KOBJ (--ksrc, --kobj: the unpacked
linux-source-6.1 and an arm64 defconfig O= tree of it, configured and
prepared, which mappings use), README_TEST_SCRATCH the scratch directory.
"""
import argparse
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import tomllib

FENCE = re.compile(r'^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$')
DIRECTIVE = re.compile(r'^\s*<!--\s*readme-test:\s*(?P<verb>\S+)\s*(?P<arg>.*?)\s*-->\s*$')
HEADING = re.compile(r'^(?P<level>#{1,6})\s+(?P<title>.*?)\s*#*\s*$')
RUN_LANGS = {'sh'}
REFUSED_LANGS = {'', 'bash', 'shell', 'console', 'sh-session', 'shell-session', 'zsh'}
FRESH_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
# Commands that would change the machine the test runs on.
CHANGES_SYSTEM = [
    (re.compile(r'(^|[\s;&|(])sudo\s'), 'runs sudo'),
    (re.compile(r'(^|[\s;&|(])apt(-get)?\s+(-\S+\s+)*(install|remove|purge|upgrade)\b'), 'installs or removes packages'),
    (re.compile(r'(^|[\s;&|(])dpkg\s+(-\S+\s+)*(-i|--install|-r|--remove|-P|--purge)\b'), 'installs or removes packages'),
    (re.compile(r'(^|[\s;&|(])make\s(?!.*\b(DESTDIR|PREFIX)=)(.*\s)?install(\s|$)'), 'installs into the system (no DESTDIR= or PREFIX=)'),
]
OUTPUT_LINES_OK = 12
OUTPUT_LINES_FAILED = 80


class Error(Exception):
    pass


def slug(title):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    title = re.sub(r'<[^>]*>', '', title).strip().lower()
    title = re.sub(r'[^\w\- ]', '', title)
    return title.replace(' ', '-')


class Block:
    def __init__(self, path, line, lang, lines, section, directive):
        self.path, self.line, self.lang, self.lines = path, line, lang, lines
        self.section, self.directive = section, directive   # section: list of anchors, outermost first

    def where(self, offset=0):
        return '%s:%d' % (self.path, self.line + offset)


def read_blocks(path, display):
    """Every fenced code block of PATH, with its language, section and directive."""
    with open(path, encoding='utf-8') as f:
        text = f.read().split('\n')
    blocks, sections = [], []      # sections: [(level, anchor)], the headings in force
    anchors = set()
    i = 0
    while i < len(text):
        line = text[i]
        m = FENCE.match(line)
        if not m:
            h = HEADING.match(line)
            if h:
                level = len(h.group('level'))
                while sections and sections[-1][0] >= level:
                    sections.pop()
                anchor = slug(h.group('title'))
                sections.append((level, anchor))
                anchors.add(anchor)
            i += 1
            continue
        fence, indent = m.group('fence'), len(m.group('indent'))
        lang = m.group('info').strip().split(' ')[0]
        start = i
        body = []
        i += 1
        while i < len(text):
            c = FENCE.match(text[i])
            if c and c.group('fence')[0] == fence[0] and len(c.group('fence')) >= len(fence) and not c.group('info').strip():
                break
            body.append(text[i][indent:] if text[i][:indent].strip() == '' else text[i])
            i += 1
        else:
            raise Error('%s:%d: code block never closed' % (display, start + 1))
        i += 1
        directive = None
        j = start - 1
        while j >= 0 and not text[j].strip():
            j -= 1
        if j >= 0:
            d = DIRECTIVE.match(text[j])
            if d:
                directive = (d.group('verb'), d.group('arg'), j + 1)
            elif 'readme-test' in text[j]:
                raise Error('%s:%d: cannot read this directive: write <!-- readme-test: skip REASON --> '
                            'or <!-- readme-test: after ANCHOR -->' % (display, j + 1))
        blocks.append(Block(display, start + 1, lang, body, [a for _, a in sections], directive))
    return blocks, anchors


def split_commands(block):
    """The block's commands: (line offset in the block, text as written)."""
    commands, cur, first = [], [], None
    for n, line in enumerate(block.lines):
        if not cur and (not line.strip() or line.lstrip().startswith('#')):
            continue
        if not cur:
            first = n
        cur.append(line)
        text = '\n'.join(cur)
        if line.endswith('\\'):
            continue
        if subprocess.run(['bash', '-n', '-c', text], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0:
            commands.append((first + 1, text))
            cur = []
    if cur:
        raise Error('%s: the command starting here is incomplete (bash -n): %s'
                    % (block.where(first + 1), cur[0]))
    return commands


def normalize(text):
    """The command as matched by the map: continuation lines joined, blanks runs one space."""
    return re.sub(r'\s+', ' ', text.replace('\\\n', ' ')).strip()


def order_blocks(blocks, anchors):
    """Runnable blocks in run order: file order, each `after` block moved behind its section."""
    run = [b for b in blocks if b.lang in RUN_LANGS and not (b.directive and b.directive[0] == 'skip')]
    base = [b for b in run if not b.directive]
    for b in run:
        if not b.directive:
            continue
        verb, arg, _ = b.directive
        if verb != 'after':
            continue
        if arg not in anchors:
            raise Error('%s: "after %s": no section has that anchor' % (b.where(), arg))
        targets = [k for k, t in enumerate(base) if arg in t.section and t.path == b.path]
        if not targets:
            raise Error('%s: "after %s": that section has no block that runs in file order' % (b.where(), arg))
        pos = targets[-1] + 1
        while pos < len(base) and base[pos].directive and base[pos].directive[1] == arg:
            pos += 1
        base.insert(pos, b)
    return base


def check_blocks(blocks):
    for b in blocks:
        if b.lang in REFUSED_LANGS:
            what = 'has no language' if not b.lang else 'is marked "%s"' % b.lang
            raise Error('%s: code block %s: mark commands to run ```sh, output or other text ```text '
                        '(README.md, "Testing the README")' % (b.where(), what))
        if b.directive:
            verb, arg, line = b.directive
            if verb not in ('skip', 'after'):
                raise Error('%s:%d: unknown readme-test directive "%s" (skip REASON, after ANCHOR)'
                            % (b.path, line, verb))
            if not arg:
                raise Error('%s:%d: "readme-test: %s" needs %s' % (b.path, line, verb,
                            'a reason' if verb == 'skip' else 'a section anchor'))
            if b.lang not in RUN_LANGS:
                raise Error('%s:%d: a readme-test directive on a ```%s block, which is not run'
                            % (b.path, line, b.lang))


def read_map(path):
    with open(path, 'rb') as f:
        data = tomllib.load(f)
    entries = []
    for n, e in enumerate(data.get('command', [])):
        missing = [k for k in ('readme', 'run', 'why') if not e.get(k)]
        if missing:
            raise Error('%s: entry %d has no %s' % (path, n + 1, ', '.join(missing)))
        try:
            rx = re.compile(e['readme'])
        except re.error as err:
            raise Error('%s: entry %d: bad regular expression %r: %s' % (path, n + 1, e['readme'], err))
        entries.append({'rx': rx, 'run': e['run'], 'why': ' '.join(e['why'].split()), 'used': 0, 'n': n + 1,
                        'readme': e['readme']})
    return entries


def map_command(entries, text):
    norm = normalize(text)
    hits = [(e, m) for e in entries for m in [e['rx'].fullmatch(norm)] if m]
    if len(hits) > 1:
        raise Error('the command matches %d entries of the map (%s): make them exclusive'
                    % (len(hits), ', '.join(str(e['n']) for e, _ in hits)))
    if not hits:
        return None, text
    e, m = hits[0]
    e['used'] += 1
    return e, m.expand(e['run'])


def copy_checkout(root, dst, build):
    """The checkout's files (tracked and untracked, not ignored) with their times; build/ linked."""
    files = subprocess.run(['git', '-C', root, 'ls-files', '-z', '-co', '--exclude-standard'],
                           check=True, stdout=subprocess.PIPE).stdout.decode().split('\0')
    for f in files:
        if not f or not os.path.lexists(os.path.join(root, f)):
            continue          # deleted but not yet committed
        out = os.path.join(dst, f)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        shutil.copy2(os.path.join(root, f), out, follow_symlinks=False)
    os.symlink(build, os.path.join(dst, 'build'))


class Session:
    """One bash that reads commands from a pipe and reports each status on fd 3."""

    def __init__(self, cwd, env, logdir):
        self.logdir = logdir
        self.status_r, status_w = os.pipe()
        self.proc = subprocess.Popen(
            ['bash', '--norc', '--noprofile', '-c', 'exec 3>&%d; exec bash --norc --noprofile -s' % status_w],
            cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            pass_fds=(status_w,), start_new_session=True)
        os.close(status_w)
        self.n = 0

    def run(self, text, timeout):
        self.n += 1
        log = os.path.join(self.logdir, '%03d.log' % self.n)
        eof = '__README_TEST_EOF_%d_%d__' % (os.getpid(), self.n)
        if re.search(r'^' + eof + r'$', text, re.M):
            raise Error('the command holds the test\'s here-document delimiter')
        # read -d '': the whole here-document, as written, into one variable.
        script = ("IFS= read -r -d '' __readme_test_cmd <<'%s'\n%s\n%s\n"
                  "eval \"$__readme_test_cmd\" >%s 2>&1 </dev/null; echo \"$?\" >&3\n"
                  % (eof, text, eof, shlex_quote(log)))
        self.proc.stdin.write(script.encode())
        self.proc.stdin.flush()
        t0 = time.monotonic()
        buf = b''
        while not buf.endswith(b'\n'):
            left = timeout - (time.monotonic() - t0)
            ready, _, _ = select.select([self.status_r], [], [], max(left, 0))
            if not ready:
                self.kill()
                return None, time.monotonic() - t0, log
            chunk = os.read(self.status_r, 64)
            if not chunk:       # the session's bash exited (the command ran `exit`)
                return 'exited', time.monotonic() - t0, log
            buf += chunk
        return int(buf.strip()), time.monotonic() - t0, log

    def kill(self):
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()

    def close(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.kill()


def shlex_quote(s):
    return "'" + s.replace("'", "'\\''") + "'"


def tail(path, n):
    try:
        with open(path, errors='replace') as f:
            lines = f.read().splitlines()
    except OSError:
        return [], 0
    return lines[-n:], len(lines)


def indent(text, prefix):
    return '\n'.join(prefix + line for line in text.split('\n'))


def shown(text):
    """A command as a terminal shows it: a prompt on its first line only."""
    first, *rest = text.split('\n')
    return '\n'.join(['    $ ' + first] + ['      ' + line for line in rest])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('files', nargs='+', metavar='FILE.md', help='Markdown files, relative to --root')
    ap.add_argument('--root', required=True, help='the checkout (copied into the scratch directory)')
    ap.add_argument('--build', help='the build directory the copy links as build/ (default ROOT/build)')
    ap.add_argument('--map', required=True, help='the map of commands to short real ones (TOML)')
    ap.add_argument('--scratch', required=True, help='scratch directory (emptied first)')
    ap.add_argument('--ksrc', default='', help='README_TEST_KSRC: the unpacked linux-source-6.1')
    ap.add_argument('--kobj', default='', help='README_TEST_KOBJ: its configured arm64 defconfig O= tree')
    ap.add_argument('--timeout', type=float, default=300, help='seconds per command (default 300)')
    ap.add_argument('--allow-unused', action='store_true', help='a map entry no command matches is no error')
    ap.add_argument('--list', action='store_true', help='print the commands as they would run; run nothing')
    args = ap.parse_args()

    root = os.path.abspath(args.root)
    build = os.path.abspath(args.build or os.path.join(root, 'build'))
    try:
        entries = read_map(args.map)
        plan = []
        for f in args.files:
            blocks, anchors = read_blocks(os.path.join(root, f), f)
            check_blocks(blocks)
            for b in order_blocks(blocks, anchors):
                for off, text in split_commands(b):
                    where = b.where(off)
                    try:
                        entry, run = map_command(entries, text)
                    except Error as e:
                        raise Error('%s: %s' % (where, e))
                    if not entry:
                        for rx, what in CHANGES_SYSTEM:
                            if rx.search(normalize(text)):
                                raise Error('%s: the command %s on the machine that runs the test:\n%s\n'
                                            'map it to one that does not in %s'
                                            % (where, what, indent(text, '    '), args.map))
                    plan.append((where, text, entry, run))
            skipped = [b for b in blocks if b.directive and b.directive[0] == 'skip']
            for b in skipped:
                print('readme: %s: block not run: %s' % (b.where(), b.directive[1]))
        unused = [e for e in entries if not e['used']]
        if unused and not args.allow_unused:
            raise Error('%s: entr%s %s match%s no command (stale? remove or fix it): %s' % (
                args.map, 'ies' if len(unused) > 1 else 'y', ', '.join(str(e['n']) for e in unused),
                '' if len(unused) > 1 else 'es', '; '.join(e['readme'] for e in unused)))
    except Error as e:
        print('readme: error: %s' % e, file=sys.stderr)
        return 1

    if args.list:
        for where, text, entry, run in plan:
            print('%s:\n%s' % (where, indent(text, '    ')))
            if entry:
                print('  runs as (map entry %d):\n%s' % (entry['n'], indent(run, '    ')))
        return 0

    scratch = os.path.abspath(args.scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    src, home, logs = (os.path.join(scratch, d) for d in ('src', 'home', 'logs'))
    for d in (src, home, logs):
        os.makedirs(d)
    copy_checkout(root, src, build)
    cache = os.environ.get('INLINETUNE_CACHE') or os.path.join(
        os.environ.get('XDG_CACHE_HOME') or os.path.expanduser('~/.cache'), 'inlinetune')
    env = {'HOME': home, 'PATH': FRESH_PATH, 'LANG': 'C.UTF-8', 'TERM': 'dumb', 'SHELL': '/bin/bash',
           'USER': os.environ.get('USER', 'root'), 'LOGNAME': os.environ.get('LOGNAME', 'root'),
           'INLINETUNE_CACHE': cache, 'README_TEST_KSRC': args.ksrc, 'README_TEST_KOBJ': args.kobj,
           'README_TEST_SCRATCH': scratch}
    print('readme: %d commands from %s, in %s (HOME=%s)' % (len(plan), ' '.join(args.files), src, home))
    installed = shutil.which('inlinetune', path=FRESH_PATH)
    if installed:
        print('readme: note: %s is installed here: a command may find it without the setup the file shows'
              % installed)
    session = Session(src, env, logs)
    t_all = time.monotonic()
    try:
        for n, (where, text, entry, run) in enumerate(plan, 1):
            print('[%d/%d] %s:\n%s' % (n, len(plan), where, shown(text)))
            if entry:
                print('  runs as (%s, entry %d: %s):\n%s' % (os.path.basename(args.map), entry['n'],
                                                             entry['why'], shown(run)))
            sys.stdout.flush()
            rc, secs, log = session.run(run, args.timeout)
            lines, total = tail(log, OUTPUT_LINES_FAILED if rc != 0 else OUTPUT_LINES_OK)
            if rc == 0:
                if lines:
                    if total > len(lines):
                        print('    | ... (%d lines; all of them in %s)' % (total, log))
                    print('\n'.join('    | ' + line for line in lines))
                print('  ok (%.1f s)' % secs)
                continue
            why = ('did not finish in %d s (killed): map it to a shorter command in %s'
                   % (args.timeout, args.map) if rc is None else
                   'ended the shell session (exit)' if rc == 'exited' else 'failed (exit %d)' % rc)
            print('readme: error: %s: the command %s after %.1f s:\n%s' % (where, why, secs, shown(text)),
                  file=sys.stderr)
            if entry:
                print('  as run (map entry %d):\n%s' % (entry['n'], shown(run)), file=sys.stderr)
            print('  its output%s:' % (' (last %d of %d lines; all in %s)' % (len(lines), total, log)
                                       if total > len(lines) else ''), file=sys.stderr)
            print('\n'.join('    | ' + line for line in lines) or '    (none)', file=sys.stderr)
            return 1
    finally:
        session.close()
    print('readme: all %d commands ran (%d mapped, %d as written) in %.0f s'
          % (len(plan), sum(1 for p in plan if p[2]), sum(1 for p in plan if not p[2]),
             time.monotonic() - t_all))
    return 0


if __name__ == '__main__':
    sys.exit(main())
