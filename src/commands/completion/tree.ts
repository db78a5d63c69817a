import type { Command } from 'commander';
import { FORMATS } from '../../output/format.js';

/** Values completed from local files only (completion never makes a request): see `formctl __complete`. */
export type DynamicKind = 'profiles' | 'forms';

export interface CommandNode {
  path: string[];
  description: string;
  options: string[];
  choices: Record<string, string[]>;
  /** options that take a value other than a choice: a path, so the shell completes file names */
  valueOptions: string[];
  /** what the first argument is, when it can be completed from local files */
  argKind?: DynamicKind;
  /** each long option's help, first sentence (shells that show one: fish) */
  optionHelp: Record<string, string>;
  /** a group whose default verb runs when none is named: its words stay after its argument */
  defaultVerb?: boolean;
  children: CommandNode[];
}

const DYNAMIC_OPTIONS: Record<string, DynamicKind> = { '--profile': 'profiles' };

/** Values offered for options that check their value themselves (no commander choices). */
const COMPLETION_VALUES: Record<string, readonly string[]> = { '--output': FORMATS, '--role': ['Admin', 'Editor', 'Viewer'] };

/**
 * A plain description of the commander tree, from which every shell's script is written: every
 * command takes the global flags after its words too (its help's "Inherited flags") and --help, and
 * `help` names a group or a topic.
 */
export function describeTree(cmd: Command): CommandNode {
  return withGlobals(describeNode(cmd, []));
}

function withGlobals(root: CommandNode): CommandNode {
  const globals = root.options.filter((o) => o !== '--version' && o !== '-V');
  const globalChoices = Object.fromEntries(Object.entries(root.choices).filter(([k]) => globals.includes(k)));
  const inherit = (n: CommandNode): CommandNode => ({
    ...n,
    options: [...new Set([...n.options, ...globals, '--help'])].sort(),
    choices: { ...globalChoices, ...n.choices },
    valueOptions: [...new Set([...n.valueOptions, ...root.valueOptions])].sort(),
    optionHelp: { ...root.optionHelp, '--help': 'display help for command', ...n.optionHelp },
    children: n.children.map(inherit),
  });
  const help: CommandNode = { path: ['help'], description: 'Help on a command or a topic', options: [], choices: { '': root.children.map((c) => c.path[0]!) }, valueOptions: [], optionHelp: {}, children: [] };
  return { ...root, options: [...new Set([...root.options, '--help'])].sort(), children: [...root.children.map(inherit), help] };
}

function describeNode(cmd: Command, path: string[]): CommandNode {
  const options: string[] = [];
  const choices: Record<string, string[]> = {};
  const optionHelp: Record<string, string> = {};
  for (const o of cmd.options) {
    if ((o as { hidden?: boolean }).hidden) continue;
    const help = o.description.split(/\n|(?<=\.) /)[0]!.replace(/\s*\(env [^)]*\)$/, '');
    if (o.long) optionHelp[o.long] = help;
    if (o.short) optionHelp[o.short] = help;
    if (o.long) options.push(o.long);
    if (o.short) options.push(o.short);
    const argChoices = (o as { argChoices?: string[] }).argChoices ?? (o.long ? COMPLETION_VALUES[o.long] : undefined);
    if (argChoices && o.long) choices[o.long] = [...argChoices];
    if (argChoices && o.short) choices[o.short] = [...argChoices];
  }
  const valueOptions = cmd.options
    .filter((o) => !(o as { hidden?: boolean }).hidden && (o.required || o.optional) && o.long && !(o as { argChoices?: string[] }).argChoices && !DYNAMIC_OPTIONS[o.long] && !COMPLETION_VALUES[o.long])
    .map((o) => o.long!);
  const args = (cmd as unknown as { registeredArguments: Array<{ argChoices?: string[]; name(): string }> }).registeredArguments ?? [];
  for (const a of args) {
    if (a.argChoices) choices[''] = a.argChoices;
  }
  const first = args[0]?.name();
  const argKind: DynamicKind | undefined = first === 'qrId' ? 'forms' : path.join(' ') === 'auth switch' ? 'profiles' : undefined;
  const node: CommandNode = {
    path,
    description: cmd.description().split('\n')[0] ?? '',
    options: options.sort(),
    choices,
    valueOptions: valueOptions.sort(),
    argKind,
    optionHelp,
    children: cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map((c) => describeNode(c, [...path, c.name()])),
  };
  return withDefaultVerb(node, (cmd as unknown as { _defaultCommandName?: string })._defaultCommandName);
}

/**
 * A group whose default verb runs when none is named (`formctl analytics QRID --period week` is
 * `analytics show`): the group's words are the verb's too, its argument, options and their values.
 */
function withDefaultVerb(node: CommandNode, name: string | undefined): CommandNode {
  const verb = name === undefined ? undefined : node.children.find((c) => c.path.at(-1) === name);
  if (!verb) return node;
  const { '': args, ...values } = verb.choices;
  return {
    ...node,
    options: [...new Set([...node.options, ...verb.options])].sort(),
    choices: { ...values, ...node.choices, ...(args && !node.choices[''] ? { '': args } : {}) },
    valueOptions: [...new Set([...node.valueOptions, ...verb.valueOptions])].sort(),
    optionHelp: { ...verb.optionHelp, ...node.optionHelp },
    argKind: node.argKind ?? verb.argKind,
    defaultVerb: true,
  };
}

function flatten(node: CommandNode): CommandNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function bashScript(root: CommandNode): string {
  const nodes = flatten(root);
  const cases = nodes
    .map((n) => {
      const words = [...n.children.map((c) => c.path.at(-1)!), ...(n.choices[''] ?? []), ...n.options].join(' ');
      return `    ${shQuote(n.path.join(' '))}) echo ${shQuote(words)} ;;`;
    })
    .join('\n');
  const valueCases = nodes
    .flatMap((n) => Object.entries(n.choices).filter(([k]) => k !== '').map(([opt, vals]) => `    ${shQuote(`${n.path.join(' ')}|${opt}`)}) echo ${shQuote(vals.join(' '))} ;;`))
    .join('\n');
  const pathCases = nodes.filter((n) => n.valueOptions.length).map((n) => `    ${shQuote(n.path.join(' '))}) echo ${shQuote(n.valueOptions.join(' '))} ;;`).join('\n');
  const argCases = nodes.filter((n) => n.argKind).map((n) => `    ${shQuote(n.path.join(' '))}) echo ${n.argKind} ;;`).join('\n');
  return `# bash completion for formctl (generated by \`formctl completion bash\`; do not edit)
# Profile names and form ids come from local files (\`formctl __complete\`): completing never sends a request.
_formctl_words() {
  case "$1" in
${cases}
  esac
}
_formctl_values() {
  case "$1" in
${valueCases}
  esac
}
_formctl_path_options() {
  case "$1" in
${pathCases}
  esac
}
_formctl_arg_kind() {
  case "$1" in
${argCases}
  esac
}
_formctl() {
  local cur prev path="" w i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ $w == -* ]] && continue
    # a word that is a subcommand of the path so far extends it (arguments and values do not)
    if [[ " $(_formctl_words "$path") " == *" $w "* ]]; then path="\${path:+$path }$w"; fi
  done
  local values
  values="$(_formctl_values "$path|$prev")"
  if [[ -n $values ]]; then
    COMPREPLY=($(compgen -W "$values" -- "$cur"))
    return
  fi
  if [[ $prev == --profile ]]; then
    COMPREPLY=($(compgen -W "$(formctl __complete profiles 2>/dev/null)" -- "$cur"))
    return
  fi
  # an option that takes a path: nothing here, so bash falls back to file names (complete -o default)
  if [[ " $(_formctl_path_options "$path") " == *" $prev "* ]]; then
    COMPREPLY=()
    return
  fi
  local kind words
  kind="$(_formctl_arg_kind "$path")"
  words="$(_formctl_words "$path")"
  if [[ -n $kind && $cur != -* ]]; then words="$words $(formctl __complete "$kind" 2>/dev/null)"; fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _formctl formctl
`;
}

export function zshScript(root: CommandNode): string {
  const cases = flatten(root)
    .map((n) => {
      const items = [
        ...n.children.map((c) => `${c.path.at(-1)!}:${c.description.replace(/:/g, '\\:')}`),
        ...(n.choices[''] ?? []).map((c) => `${c}:`),
      ];
      const values = Object.entries(n.choices).filter(([k]) => k !== '').map(([o, v]) => shQuote(`${o}=${v.join(' ')}`));
      // each option with what it does, as _describe shows it beside the option
      const opts = n.options.map((o) => shQuote(`${o}:${(n.optionHelp[o] ?? '').replace(/:/g, '\\:')}`));
      return `    ${shQuote(n.path.join(' '))}) cmds=(${items.map(shQuote).join(' ')}); opts=(${opts.join(' ')}); vals=(${values.join(' ')}); paths=(${n.valueOptions.join(' ')}); kind=${n.argKind ?? ''} ;;`;
    })
    .join('\n');
  return `#compdef formctl
# zsh completion for formctl (generated by \`formctl completion zsh\`; do not edit)
# Profile names and form ids come from local files (\`formctl __complete\`): completing never sends a request.
_formctl() {
  local -a cmds opts vals paths
  local cpath="" w i kind="" prev="\${words[CURRENT-1]}" v
  # (not named path: in zsh that is $PATH)
  _formctl_node() {
    case "$1" in
${cases}
    esac
  }
  _formctl_node ""
  for ((i = 2; i < CURRENT; i++)); do
    w="\${words[i]}"
    [[ $w == -* ]] && continue
    # a word that is a subcommand of the path so far extends it (arguments and values do not)
    if (( \${cmds[(I)$w:*]} )); then cpath="\${cpath:+$cpath }$w"; _formctl_node "$cpath"; fi
  done
  for v in $vals; do
    if [[ "\${v%%=*}" == "$prev" ]]; then compadd -- \${=v#*=}; return; fi
  done
  if [[ $prev == --profile ]]; then compadd -- $(formctl __complete profiles 2>/dev/null); return; fi
  if (( \${paths[(Ie)$prev]} )); then _files; return; fi
  if [[ "\${words[CURRENT]}" == -* ]]; then
    _describe 'option' opts
  elif (( \${#cmds} )); then
    _describe 'command' cmds
  elif [[ -n $kind ]]; then
    compadd -- $(formctl __complete $kind 2>/dev/null)
  else
    _files
  fi
}
compdef _formctl formctl
`;
}

export function fishScript(root: CommandNode): string {
  const lines = ['# fish completion for formctl (generated by `formctl completion fish`; do not edit)', '# Profile names and form ids come from local files (`formctl __complete`): completing never sends a request.', 'complete -c formctl -f'];
  for (const n of flatten(root)) {
    // a verb (no subcommands) stays the context after its arguments are typed; a group only until the next word
    const group = n.path.length === 0 ? '__fish_use_subcommand' : `${n.children.length ? '__fish_formctl_path' : '__fish_formctl_at'} ${n.path.map(shQuote).join(' ')}`;
    for (const c of n.children) lines.push(`complete -c formctl -n ${shQuote(group)} -a ${shQuote(c.path.at(-1)!)} -d ${shQuote(c.description)}`);
    // a default verb's words also after the group's argument, unless a verb was named
    const cond = n.defaultVerb ? `__fish_formctl_default ${[...n.path, '--', ...n.children.map((c) => c.path.at(-1)!)].map(shQuote).join(' ')}` : group;
    for (const o of n.options.filter((o) => o.startsWith('--'))) {
      const vals = n.choices[o];
      const how = vals ? ` -x -a ${shQuote(vals.join(' '))}` : o === '--profile' ? ` -x -a ${shQuote('(formctl __complete profiles 2>/dev/null)')}` : n.valueOptions.includes(o) ? ' -r -F' : '';
      const help = n.optionHelp[o];
      lines.push(`complete -c formctl -n ${shQuote(cond)} -l ${o.slice(2)}${how}${help ? ` -d ${shQuote(help)}` : ''}`);
    }
    if (n.choices['']) lines.push(`complete -c formctl -n ${shQuote(cond)} -a ${shQuote(n.choices[''].join(' '))}`);
    if (n.argKind) lines.push(`complete -c formctl -n ${shQuote(cond)} -a ${shQuote(`(formctl __complete ${n.argKind} 2>/dev/null)`)}`);
  }
  return `# fish completion for formctl (generated by \`formctl completion fish\`; do not edit)
# Profile names and form ids come from local files (\`formctl __complete\`): completing never sends a request.
function __fish_formctl_plain
    set -l words (commandline -opc)
    set -e words[1]
    for w in $words
        string match -q -- '-*' $w; or echo $w
    end
end
function __fish_formctl_path
    set -l plain (__fish_formctl_plain)
    test "$plain" = "$argv"
end
function __fish_formctl_at
    set -l plain (__fish_formctl_plain)
    set -l n (count $argv)
    test (count $plain) -ge $n; and test "$plain[1..$n]" = "$argv"
end
function __fish_formctl_default
    set -l i (contains -i -- -- $argv)
    set -l path $argv[1..(math $i - 1)]
    set -l verbs $argv[(math $i + 1)..-1]
    set -l plain (__fish_formctl_plain)
    set -l n (count $path)
    test (count $plain) -ge $n; and test "$plain[1..$n]" = "$path"; or return 1
    test (count $plain) -eq $n; and return 0
    not contains -- $plain[(math $n + 1)] $verbs
end
${lines.join('\n')}
`;
}
