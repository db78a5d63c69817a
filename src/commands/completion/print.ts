import type { Command } from 'commander';
import type { Deps } from '../../cmdutil/factory.js';
import { bashScript, describeTree, fishScript, zshScript } from './tree.js';

export async function run(deps: Deps, [shell]: unknown[], _opts: unknown, command: Command): Promise<void> {
  let root = command;
  while (root.parent) root = root.parent;
  const tree = describeTree(root);
  const script = shell === 'bash' ? bashScript(tree) : shell === 'zsh' ? zshScript(tree) : fishScript(tree);
  deps.io.stdout.write(script);
}
