import { listMembers, type TeamMember } from '../../api/resources/team.js';
import type { ApiClient } from '../../api/http.js';
import type { Deps } from '../../cmdutil/factory.js';
import { readStdin } from '../../cmdutil/input.js';
import { ApiError, UsageError } from '../../errors.js';
import type { View } from '../../output/format.js';

export const memberView: View<TeamMember> = {
  fields: ['id', 'name', 'email', 'userType', 'blocked', 'teamName'],
  columns: ['id', 'name', 'email', 'userType', 'blocked', 'teamName'],
  id: (m) => m.id,
};

export const USER_TYPES = ['Admin', 'Editor', 'Viewer'] as const;

/** --role, checked locally (spec §4.6: Admin, Editor or Viewer; any case) */
export function userType(raw: string): (typeof USER_TYPES)[number] {
  const hit = USER_TYPES.find((t) => t.toLowerCase() === raw.trim().toLowerCase());
  if (!hit) throw new UsageError(`--role: "${raw}" is not a member role; expected one of ${USER_TYPES.join(', ')} (the owner's role cannot be given)`);
  return hit;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(flag: string, raw: string): string {
  if (!EMAIL.test(raw.trim())) throw new UsageError(`${flag ? `${flag}: ` : ''}"${raw}" is not an e-mail address`);
  return raw.trim();
}

/**
 * Passwords never come from flag values: a hidden prompt on a terminal, or lines on stdin with
 * --password-stdin (in the order the command names).
 */
export async function passwords(deps: Deps, stdin: boolean | undefined, questions: string[]): Promise<string[]> {
  if (stdin) {
    if (deps.io.isStdinTTY) throw new UsageError('--password-stdin reads from stdin: pipe the password in, e.g. `printf "%s\\n" "$PASSWORD" | formctl …`');
    const lines = (await readStdin(deps.io)).split(/\r?\n/);
    const got = questions.map((_, i) => lines[i] ?? '');
    const missing = questions.findIndex((_, i) => got[i] === '');
    if (missing >= 0) throw new UsageError(`--password-stdin: expected ${questions.length} line${questions.length > 1 ? 's' : ''} on stdin (${questions.join(', ')}); line ${missing + 1} (${questions[missing]}) is empty`);
    return got;
  }
  const out: string[] = [];
  for (const q of questions) {
    const v = await deps.prompter().secret(`${q}:`, '--password-stdin (and pipe the password on stdin)');
    if (v === '') throw new UsageError(`${q}: must not be empty`);
    out.push(v);
  }
  return out;
}

/** A member named by id, or by e-mail (one more request: the member list). */
export async function memberId(client: ApiClient, ref: string): Promise<string> {
  if (!ref.includes('@')) {
    if (!/^[\w-]{1,64}$/.test(ref)) throw new UsageError(`"${ref}" is neither a team member id nor an e-mail address`);
    return ref;
  }
  let members: Awaited<ReturnType<typeof listMembers>>['members'];
  try {
    members = (await listMembers(client)).members;
  } catch (e) {
    // spec §5: Editors and Viewers may not list the team, so their own e-mail cannot be looked up
    if (e instanceof ApiError && e.status === 403) e.message = `${e.message}: the member id of ${ref} cannot be looked up with this key (an Editor or Viewer may not list the team); give the member id instead, which an Owner or Admin sees in \`formctl team list\``;
    throw e;
  }
  const hit = members.find((m) => m.email.toLowerCase() === ref.toLowerCase());
  // asked the service (exit 1, not 2: a request was sent)
  if (!hit) throw new Error(`no team member has the e-mail ${ref}`);
  return hit.id;
}

/** The plan gate, explained (spec §4.6: Business and above). */
export async function explained<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ApiError && e.status === 400 && /team members|slots/i.test(e.message)) {
      e.message = `${e.message} (team members need a Business plan or above; in the sandbox: formctl sandbox plan business)`;
    }
    throw e;
  }
}
