import type { z } from 'zod/v4';
import type { AddMemberBody, ResetPasswordBody, TeamNameBody, UpdateMemberBody } from './bodySchemas.js';
import { PLAN_LIMITS } from '../../domain/plans.js';
import { ApiFailure } from '../http.js';
import { route, type RequestContext } from '../instance.js';
import { newObjectId } from '../repo/forms.js';
import { checkPassword, hashPassword, type MemberRow } from '../repo/members.js';
import { contractBody } from './bodies.js';

// spec §4.6 (docs/sandbox.md "Sandbox assumptions": slots per plan, blocked keys, removed members' forms)
export const TEAM_PLAN_MESSAGE = 'Your current plan does not include team members. Please upgrade to Business or above to continue.';
export const MEMBER_NOT_FOUND = 'Team member not found';

/** spec §2.10: the public member; passwords and API keys are never returned */
export function presentMember(m: MemberRow) {
  return { id: m.id, name: m.name, email: m.email, userType: m.user_type, blocked: m.blocked === 1, teamName: m.team_name ?? '' }; // spec §2.10: a string; a team not yet named has ''
}

/** spec §4.6 and §7: plan-gated (Business and above), checked before the role (403). */
function teamGate(ctx: RequestContext): void {
  if (PLAN_LIMITS[ctx.account.plan].teamSlots === 0) throw new ApiFailure(400, TEAM_PLAN_MESSAGE);
}

function target(ctx: RequestContext): MemberRow {
  const m = ctx.store.members.get(ctx.params.memberId!, ctx.account.id);
  if (!m) throw new ApiFailure(400, MEMBER_NOT_FOUND);
  return m;
}

function uniqueEmail(ctx: RequestContext, email: string, except?: string): void {
  const other = ctx.store.members.byEmail(email);
  if (other && other.id !== except) throw new ApiFailure(400, 'A member with this e-mail already exists');
}

async function addMember(ctx: RequestContext, b: z.infer<typeof AddMemberBody>) {
  const slots = PLAN_LIMITS[ctx.account.plan].teamSlots;
  const id = newObjectId(ctx.now().getTime());
  const checks = () => {
    uniqueEmail(ctx, b.email);
    if (ctx.store.members.teamSize(ctx.account.id) >= slots) throw new ApiFailure(400, `You have no team member slots left on your plan (${slots} members). Please upgrade your plan to add more.`);
  };
  // checked before the password is hashed (a refused request costs no hash), and again in the write:
  // other requests run while it is hashed
  checks();
  const password = await hashPassword(b.password);
  ctx.store.write(() => {
    checks();
    ctx.store.members.add({
      id, accountId: ctx.account.id, name: b.name ?? b.email.split('@')[0]!, email: b.email, role: b.userType, password,
      at: ctx.now().toISOString(), teamName: ctx.account.team_name, subDomainIds: b.subDomainIds,
    });
  });
  return { message: 'Team member added', member: presentMember(ctx.store.members.get(id, ctx.account.id)!) };
}

async function updateMember(ctx: RequestContext, b: z.infer<typeof UpdateMemberBody>) {
  const m = target(ctx);
  if (m.user_type === 'Owner') throw new ApiFailure(400, 'The account owner cannot be changed here');
  if (m.id === ctx.member.id && (b.block === true || b.userType !== undefined)) throw new ApiFailure(400, 'You cannot block yourself or change your own role');
  if (b.email !== undefined) uniqueEmail(ctx, b.email, m.id);
  const passwordHash = b.pass === undefined ? undefined : await hashPassword(b.pass);
  ctx.store.write(() => {
    if (b.email !== undefined) uniqueEmail(ctx, b.email, m.id);
    ctx.store.members.update(m.id, { name: b.name, email: b.email, blocked: b.block, teamName: b.teamName, userType: b.userType, passwordHash, subDomainIds: b.subDomainIds });
  });
  return { message: 'Team member updated', member: presentMember(ctx.store.members.get(m.id, ctx.account.id)!) };
}

/** The member's forms stay with the account: the owner becomes their creator (docs/sandbox.md). */
function deleteMember(ctx: RequestContext) {
  const m = target(ctx);
  if (m.user_type === 'Owner') throw new ApiFailure(400, 'The account owner cannot be removed');
  if (m.id === ctx.member.id) throw new ApiFailure(400, 'You cannot remove yourself');
  ctx.store.write(() => {
    ctx.store.forms.reassignCreator(ctx.account.id, m.id, ctx.store.members.ownerOf(ctx.account.id).id);
    ctx.store.members.delete(m.id);
  });
  return { message: 'Team member removed' };
}

/** spec §4.6: with the member's own key, for their own password only. */
async function resetPassword(ctx: RequestContext, b: z.infer<typeof ResetPasswordBody>) {
  const m = target(ctx);
  if (m.id !== ctx.member.id) throw new ApiFailure(400, "A member's password can only be reset with their own key; Owners and Admins set another member's password with PUT /team/members/{memberId} (pass)");
  if (b.newPass.length === 0) throw new ApiFailure(400, 'newPass must not be empty');
  if (b.confirmPass !== b.newPass) throw new ApiFailure(400, 'confirmPass must equal newPass');
  if (!(await checkPassword(m.password, b.oldPass))) throw new ApiFailure(400, 'oldPass is incorrect');
  const passwordHash = await hashPassword(b.newPass);
  ctx.store.write(() => {
    // the password checked is still the stored one: a change made meanwhile wins, and this one is refused
    if (ctx.store.members.get(m.id, ctx.account.id)?.password !== m.password) throw new ApiFailure(400, 'oldPass is incorrect');
    ctx.store.members.update(m.id, { passwordHash });
  });
  return { message: 'Password changed' };
}

async function renameTeam(ctx: RequestContext, b: z.infer<typeof TeamNameBody>) {
  const name = b.teamName.trim();
  if (name === '' || name.length > 100) throw new ApiFailure(400, 'teamName must be 1 to 100 characters');
  if (!(await checkPassword(ctx.member.password, b.password))) throw new ApiFailure(400, 'password is incorrect');
  ctx.store.write(() => {
    ctx.store.accounts.setTeamName(ctx.account.id, name);
    ctx.store.members.setTeamName(ctx.account.id, name);
  });
  return { message: 'Team renamed', teamName: name };
}

export const teamRoutes = [
  route({ operationId: 'listTeamMembers', method: 'GET', path: '/team/members', action: 'team.manage', gate: teamGate, handler: (ctx) => ({ members: ctx.store.members.ofAccount(ctx.account.id).map(presentMember) }) }),
  route({ operationId: 'addTeamMember', method: 'POST', path: '/team/members', action: 'team.manage', gate: teamGate, body: contractBody('AddMemberBody'), handler: addMember }),
  route({ operationId: 'updateTeamMember', method: 'PUT', path: '/team/members/:memberId', action: 'team.manage', gate: teamGate, body: contractBody('UpdateMemberBody'), handler: updateMember }),
  route({ operationId: 'deleteTeamMember', method: 'DELETE', path: '/team/members/:memberId', action: 'team.manage', gate: teamGate, handler: deleteMember }),
  route({ operationId: 'resetTeamMemberPassword', method: 'POST', path: '/team/members/:memberId/reset-password', action: 'team.ownPassword', gate: teamGate, body: contractBody('ResetPasswordBody'), handler: resetPassword }),
  route({ operationId: 'renameTeam', method: 'PATCH', path: '/team', action: 'team.manage', gate: teamGate, body: contractBody('TeamNameBody'), handler: renameTeam }),
];
