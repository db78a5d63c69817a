import { execa, type ResultPromise } from 'execa';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BIN, cleanEnv, waitFor } from './cli.js';
import { runInProcess } from './inProcessCli.js';
import { runToEnd } from './spawner.js';

// The shell of the documentation's runnable examples (test/commands/readmeExamples.test.ts): enough
// of sh to run the command lines the README and docs/ show, as written. `formctl` runs in this
// process against the embedded sandbox (`--sandbox` is added when a line does not say it: the docs
// type `formctl forms list`, as a user whose profile is the sandbox would); every other program runs
// in bash. Understood: `\` continuations, comments, `&&`, `||`, `|`, `> file`, `< file`, `VAR=value`,
// `VAR=$(…)`, `$(…)` inside words, `ENV=value command`, "$VAR" and a trailing `&` (a long-running
// command started as a real process, awaited until it says it is ready, stopped with Ctrl-C at the
// block's end).

export interface DocShell {
  /** the variables the lines set, passed to every command */
  vars: Record<string, string>;
  /** the directory relative paths are read from and written to */
  cwd: string;
  /** processes started with `&`, stopped by finish() */
  background: ResultPromise[];
  /** how many commands ran (formctl or another program) */
  commands: number;
}

export interface Outcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Splits `text` on `sep` where it is outside quotes and $(…). */
export function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '$' && text[i + 1] === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0 && text.startsWith(sep, i)) {
      out.push(text.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim());
}

/** The lines of a block: continuations joined, comments and blank lines dropped. */
export function commandLines(block: string): string[] {
  return block
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => splitTop(` ${l}`, ' #')[0]!.trim())
    .filter((l) => l !== '');
}

/** The files an unquoted `dir/*.ext` names, sorted; the word itself when none does (as sh leaves it). */
function glob(word: string, cwd: string): string[] {
  const slash = word.lastIndexOf('/');
  const dir = word.slice(0, slash + 1);
  const pattern = new RegExp(`^${word.slice(slash + 1).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  const names = existsSync(resolve(cwd, dir || '.')) ? readdirSync(resolve(cwd, dir || '.')).filter((n) => pattern.test(n) && !n.startsWith('.')) : [];
  return names.length ? names.sort().map((n) => dir + n) : [word];
}

/** Shell words of one command, variables and $(…) already expanded: single and double quotes, and `*` outside them. */
function words(text: string, cwd = '.'): string[] {
  const out: string[] = [];
  let cur: string | undefined;
  let star = false;
  const end = () => {
    if (cur !== undefined) out.push(...(star && !cur.includes('/*/') ? glob(cur, cwd) : [cur]));
    cur = undefined;
    star = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) throw new Error(`unclosed ${c} in: ${text}`);
      cur = (cur ?? '') + text.slice(i + 1, close);
      i = close;
    } else if (/\s/.test(c)) end();
    else {
      star ||= c === '*';
      cur = (cur ?? '') + c;
    }
  }
  end();
  return out;
}

/** "$VAR", ${VAR} and $(…) replaced (outside single quotes; a ' inside "…" is a letter), as sh expands them. */
async function expand(sh: DocShell, text: string): Promise<string> {
  let out = '';
  let dq = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const name = c === '$' ? /^\$\{?(\w+)\}?/.exec(text.slice(i)) : null;
    if (c === "'" && !dq) {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed ' in: ${text}`);
      out += text.slice(i, close + 1);
      i = close;
    } else if (c === '$' && text[i + 1] === '(') {
      const inner = splitTop(text.slice(i + 2), ')')[0]!;
      out += (await pipeline(sh, inner)).stdout.replace(/\n+$/, '');
      i += 2 + inner.length;
    } else if (name) {
      out += sh.vars[name[1]!] ?? process.env[name[1]!] ?? '';
      i += name[0].length - 1;
    } else {
      if (c === '"') dq = !dq;
      out += c;
    }
  }
  return out;
}

/** One stage of a pipeline, with `input` on its stdin. */
async function stage(sh: DocShell, text: string, input: string | undefined): Promise<Outcome> {
  const env: Record<string, string> = {};
  let rest = text;
  for (let m = /^(\w+)=(\S*)\s+/.exec(rest); m; m = /^(\w+)=(\S*)\s+/.exec(rest)) {
    env[m[1]!] = words(await expand(sh, m[2]!))[0] ?? '';
    rest = rest.slice(m[0].length);
  }
  sh.commands++;
  const found = /\s+([<>])\s*(\S+)$/.exec(rest);
  // a `>` inside quotes (a JMESPath comparison) is a letter, not a redirection
  const redirect = found && splitTop(rest, found[0]).length > 1 ? found : null;
  if (redirect) rest = rest.slice(0, redirect.index);
  if (redirect?.[1] === '<') input = readFileSync(resolve(sh.cwd, redirect[2]!), 'utf8');
  let r: Outcome;
  if (rest.startsWith('formctl ')) {
    const args = words(await expand(sh, rest), sh.cwd).slice(1);
    const line = args[0] === 'help' || args.includes('--sandbox') ? args : ['--sandbox', ...args];
    const here = process.cwd();
    process.chdir(sh.cwd);
    try {
      r = await runInProcess(line, { env: { ...sh.vars, ...env }, input });
    } finally {
      process.chdir(here);
    }
  } else {
    // --norc: bash reads ~/.bashrc when its stdin is a socket (Node's pipes), as if run by sshd;
    // the examples run as written, not through whatever the developer's shell start-up does
    // started by the worker's spawner (spawner.ts)
    const p = await runToEnd('bash', ['--norc', '-c', rest], { cwd: sh.cwd, env: { ...cleanEnv(), ...sh.vars, ...env }, input: input ?? '' });
    r = { exitCode: p.exitCode, stdout: p.stdout.toString(), stderr: p.stderr.toString() };
  }
  if (redirect?.[1] === '>') {
    writeFileSync(resolve(sh.cwd, redirect[2]!), r.stdout);
    r = { ...r, stdout: '' };
  }
  return r;
}

/** A pipeline: each stage's stdout on the next one's stdin; it fails when any stage does. */
export async function pipeline(sh: DocShell, text: string): Promise<Outcome> {
  let input: string | undefined;
  let last: Outcome = { exitCode: 0, stdout: '', stderr: '' };
  for (const part of splitTop(text, ' | ')) {
    last = await stage(sh, part, input);
    if (last.exitCode !== 0) return { ...last, stderr: `${part}: exit ${last.exitCode}\n${last.stderr}` };
    input = last.stdout;
  }
  return last;
}

// what the long-running commands say once they are ready: sandbox serve its keys, webhook listen where it listens
const READY = /Sandbox keys|"baseUrl"|Listening on/;

/** A long-running command (`serve`, `listen`) as a real process, running once it says it is ready. */
async function startBackground(sh: DocShell, text: string): Promise<void> {
  sh.commands++;
  const args = words(await expand(sh, text)).slice(1);
  const line = args.includes('--sandbox') ? args : ['--sandbox', ...args];
  const p = execa(process.execPath, [BIN, ...line], { cwd: sh.cwd, env: cleanEnv(sh.vars), extendEnv: false, reject: false, all: true, buffer: true });
  let said = '';
  p.all!.on('data', (d: Buffer) => (said += d.toString()));
  sh.background.push(p);
  await waitFor(() => READY.test(said) || p.exitCode !== null, `${text} to say it is ready`);
  if (p.exitCode !== null) throw new Error(`${text} ended at once (exit ${p.exitCode}): ${said}`);
}

/** Runs one command line; the outcome of the first command that failed, else of the last. */
export async function runLine(sh: DocShell, line: string): Promise<Outcome> {
  if (line.endsWith(' &')) {
    await startBackground(sh, line.slice(0, -2).trim());
    return { exitCode: 0, stdout: '', stderr: '' };
  }
  let r: Outcome = { exitCode: 0, stdout: '', stderr: '' };
  for (const command of splitTop(line, ' && ')) {
    if (/^npm\s/.test(command)) continue; // installing formctl: done by the suite's own set-up
    const captured = /^(\w+)=\$\((.*)\)$/.exec(command);
    const plain = /^(\w+)=/.exec(command);
    if (captured) {
      r = await pipeline(sh, captured[2]!);
      sh.vars[captured[1]!] = r.stdout.replace(/\n+$/, '');
    } else if (plain && splitTop(command, ' ').length === 1) {
      sh.vars[plain[1]!] = words(await expand(sh, command.slice(plain[0].length)))[0] ?? '';
    } else {
      // `a || b`: b runs when a fails (`forms diff … || true`: a difference is exit 1)
      for (const alternative of splitTop(command, ' || ')) if ((r = await pipeline(sh, alternative)).exitCode === 0) break;
    }
    if (r.exitCode !== 0) return r;
  }
  return r;
}

/** Stops the processes started with `&` as Ctrl-C would; each must end as documented (130). */
export async function finish(sh: DocShell): Promise<number[]> {
  const codes: number[] = [];
  // the last one started stops first, as a user would stop them (a listener puts the webhook back through the sandbox)
  for (const p of sh.background.splice(0).reverse()) {
    p.kill('SIGINT');
    codes.push((await p).exitCode ?? -1);
  }
  return codes;
}
