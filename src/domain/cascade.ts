import { CASCADE_LIMITS } from './limits.js';

// A multipleLevelSelect cascade's tree, and what the sandbox bounds of it. No zod here: the sandbox
// checks a form it stores with it, on every start's path.

/** spec §2.4 "a cascade option tree": a choice whose `options` are the next level's choices. */
export interface CascadeNode {
  name: string;
  value: string;
  key?: string;
  options?: CascadeNode[];
}

/**
 * What is wrong with a cascade's size (CASCADE_LIMITS: the sandbox's own guard, sandbox/formLimits.ts;
 * the spec gives none, so the CLI sends what the service may take), or the characters of its full
 * paths when it fits within `paths`. Read without recursion.
 */
export function cascadeProblem(options: readonly CascadeNode[] | undefined, paths: number = CASCADE_LIMITS.paths): string | number {
  const { options: most, levels, text } = CASCADE_LIMITS;
  const stack: Array<{ nodes: readonly CascadeNode[]; level: number; prefix: number }> = [{ nodes: options ?? [], level: 1, prefix: 0 }];
  let count = 0;
  let pathChars = 0;
  while (stack.length) {
    const { nodes, level, prefix } = stack.pop()!;
    if (nodes.length && level > levels) return `a cascade has at most ${levels} levels`;
    for (const n of nodes) {
      if (++count > most) return `a cascade has at most ${most.toLocaleString('en')} options`;
      const value = String(n.value ?? n.name ?? '');
      if (value.length > text || String(n.name ?? '').length > text) return `a cascade option's name and value are at most ${text} characters`;
      // a choice's full path: its parents' values and its own, joined by " / "
      const path = prefix + (prefix ? 3 : 0) + value.length;
      if (n.options?.length) stack.push({ nodes: n.options, level: level + 1, prefix: path });
      else if ((pathChars += path + 1) > paths) return `the full paths of a form's cascades are at most ${CASCADE_LIMITS.paths.toLocaleString('en')} characters together (the form page lists each)`;
    }
  }
  return pathChars;
}
