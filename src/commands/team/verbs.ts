import { addMember, listMembers, removeMember, renameTeam, resetPassword, updateMember, type MemberChange } from '../../api/resources/team.js';
import type { Deps } from '../../cmdutil/factory.js';
import { ApiError, CancelError, UsageError } from '../../errors.js';
import { checkEmail, explained, memberId, memberView, passwords, userType } from './shared.js';

interface Common {
  passwordStdin?: boolean;
  yes?: boolean;
}

export async function list(deps: Deps): Promise<void> {
  deps.outputFor(memberView);
  const { members } = await explained(async () => listMembers(await deps.client()));
  await deps.printList({ ...memberView, empty: 'No team members yet. Add one: formctl team add EMAIL --role editor --password-stdin' }, members);
}

interface AddOpts extends Common {
  role: string;
  name?: string;
  subDomain?: string[];
}

export async function add(deps: Deps, [email]: unknown[], opts: AddOpts): Promise<void> {
  deps.outputFor(memberView);
  const address = checkEmail('', String(email));
  const role = userType(opts.role);
  const [password] = await passwords(deps, opts.passwordStdin, [`Login password for ${address}`]);
  const r = await explained(async () => addMember(await deps.client(), { name: opts.name, email: address, password: password!, userType: role, subDomainIds: opts.subDomain }));
  deps.info(`Added ${r.member.email} as ${r.member.userType}. Their API key is in their own settings (in the sandbox: formctl sandbox keys).`);
  await deps.printOne(memberView, r.member);
}

interface UpdateOpts extends Common {
  name?: string;
  email?: string;
  role?: string;
  teamName?: string;
  subDomains?: string;
  setPassword?: boolean;
}

export async function update(deps: Deps, [ref]: unknown[], opts: UpdateOpts): Promise<void> {
  deps.outputFor(memberView);
  const change: MemberChange = {};
  if (opts.name !== undefined) change.name = opts.name;
  if (opts.email !== undefined) change.email = checkEmail('--email', opts.email);
  if (opts.role !== undefined) change.userType = userType(opts.role);
  if (opts.teamName !== undefined) change.teamName = opts.teamName;
  if (opts.subDomains !== undefined) change.subDomainIds = opts.subDomains.split(',').map((s) => s.trim()).filter(Boolean);
  if (opts.setPassword || opts.passwordStdin) change.pass = (await passwords(deps, opts.passwordStdin, ['New login password']))[0];
  if (Object.keys(change).length === 0) throw new UsageError('nothing to change: pass --name, --email, --role, --team-name, --sub-domains or --set-password');
  const client = await deps.client();
  const id = await memberId(client, String(ref));
  const r = await explained(() => updateMember(client, id, change));
  await deps.printOne(memberView, r.member);
}

async function confirmed(deps: Deps, opts: Common, question: string): Promise<void> {
  if (opts.yes) return;
  if (!(await deps.prompter().confirm(question, '--yes'))) throw new CancelError('nothing changed');
}

export async function remove(deps: Deps, [ref]: unknown[], opts: Common): Promise<void> {
  const client = await deps.client();
  const id = await memberId(client, String(ref));
  await confirmed(deps, opts, `Remove team member ${String(ref)}? Their API key stops working; their forms stay with the account.`);
  const r = await explained(() => removeMember(client, id));
  deps.info(`${r.message}: ${String(ref)}.`);
}

function blocking(block: boolean) {
  return async (deps: Deps, [ref]: unknown[], opts: Common): Promise<void> => {
    deps.outputFor(memberView);
    const client = await deps.client();
    const id = await memberId(client, String(ref));
    if (block) await confirmed(deps, opts, `Block team member ${String(ref)}? Their API key stops working until you unblock them.`);
    const r = await explained(() => updateMember(client, id, { block }));
    deps.info(block ? `Blocked ${r.member.email}: their key answers 401 until unblocked.` : `Unblocked ${r.member.email}.`);
    await deps.printOne(memberView, r.member);
  };
}

export const block = blocking(true);
export const unblock = blocking(false);

/** spec §4.6: with the member's own key; the profile in use must be that member's. */
export async function resetPasswordCommand(deps: Deps, [ref]: unknown[], opts: Common): Promise<void> {
  const [oldPass, newPass, confirm] = await passwords(deps, opts.passwordStdin, ['Current password', 'New password', 'New password again']);
  if (newPass !== confirm) throw new UsageError('the new password and its confirmation differ');
  const client = await deps.client();
  const id = await memberId(client, String(ref));
  const r = await explained(() => resetPassword(client, id, { oldPass: oldPass!, newPass: newPass!, confirmPass: confirm! })).catch((e: unknown) => {
    // the service's words name its own properties and routes: said again in formctl's
    if (e instanceof ApiError && e.status === 400) {
      if (/oldPass/i.test(e.message)) e.message = `the current password is not this member's (the service: ${e.message}); nothing changed`;
      else if (/own key/i.test(e.message)) e.message = `${e.message}. With an Owner's or Admin's key: formctl team update ${String(ref)} --password-stdin`;
    }
    throw e;
  });
  deps.info(`${r.message}.`);
}

export async function rename(deps: Deps, [name]: unknown[], opts: Common): Promise<void> {
  const teamName = String(name).trim();
  if (teamName === '' || teamName.length > 100) throw new UsageError(`the team name must be 1 to 100 characters, got ${teamName.length}`);
  const [password] = await passwords(deps, opts.passwordStdin, ['Your login password']);
  const r = await explained(async () => renameTeam(await deps.client(), { teamName, password: password! }));
  deps.info(`${r.message}: ${r.teamName}.`);
}
