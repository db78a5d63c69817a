import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { editDistance } from '../domain/editDistance.js';
import { HELP_TOPICS, topicText } from './helpTopics.js';

// `formctl help WORDS…` as gh reads it: a topic, or the help of the command the words name (commander
// alone shows the group's help for `help forms create` and the root help for any unknown word).


/** The candidates nearest to `word` (a third of its length in edits at most, and at least 1), nearest first. */
function nearestNames(word: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(word.length / 3));
  return candidates
    .map((c) => ({ c, d: editDistance(word.toLowerCase(), c.toLowerCase(), limit) }))
    .filter((x) => x.d <= limit || x.c.startsWith(word))
    .sort((x, y) => x.d - y.d)
    .map((x) => x.c);
}

function unknown(what: string, word: string, candidates: readonly string[], listing: string): UsageError {
  const near = nearestNames(word, candidates);
  const hint = near.length ? ` Did you mean ${near.slice(0, 3).join(', ')}?` : '';
  return new UsageError(`${what} "${word}".${hint} ${listing}`);
}

/** A help topic's text, when `word` names one. */
export function helpTopic(word: string | undefined): string | undefined {
  return word === undefined ? undefined : topicText(word);
}

/**
 * The command line that shows the help `help WORDS…` asks for (`forms create --help`), checked
 * against the tree: a word naming no command is an error with the nearest names.
 */
export function helpArgv(program: Command, words: string[]): string[] {
  let cmd = program;
  for (const word of words) {
    const shown = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
    const sub = shown.find((c) => c.name() === word || c.aliases().includes(word));
    if (!sub) {
      if (cmd === program) throw unknown('no help topic or command is named', word, [...shown.map((c) => c.name()), ...Object.keys(HELP_TOPICS), 'reference'], 'Run `formctl help` for the list.');
      const path = `formctl ${words.slice(0, words.indexOf(word)).join(' ')}`;
      throw unknown(`${path} has no command`, word, shown.map((c) => c.name()), `Run \`${path} --help\` for its commands.`);
    }
    cmd = sub;
  }
  return [...words, '--help'];
}
