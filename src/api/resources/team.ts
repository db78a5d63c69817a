import type { AddMemberBody, ResetPasswordBody, TeamMember, TeamNameBody, UpdateMemberBody } from '../../domain/contract/schemas.js';
import type { ApiClient } from '../http.js';

/** spec §2.10: a team member as the API shows it (never a password or key) */
export type { TeamMember };
/** spec §4.6: any of name, email, block, teamName, userType, pass, subDomainIds */
export type MemberChange = UpdateMemberBody;

export const listMembers = (c: ApiClient) => c.data<{ members: TeamMember[] }>({ method: 'GET', path: '/team/members' });

export const addMember = (c: ApiClient, body: AddMemberBody) =>
  c.data<{ message: string; member: TeamMember }>({ method: 'POST', path: '/team/members', body });

export const updateMember = (c: ApiClient, id: string, body: MemberChange) =>
  c.data<{ message: string; member: TeamMember }>({ method: 'PUT', path: `/team/members/${encodeURIComponent(id)}`, body });

export const removeMember = (c: ApiClient, id: string) => c.data<{ message: string }>({ method: 'DELETE', path: `/team/members/${encodeURIComponent(id)}` });

export const resetPassword = (c: ApiClient, id: string, body: ResetPasswordBody) =>
  c.data<{ message: string }>({ method: 'POST', path: `/team/members/${encodeURIComponent(id)}/reset-password`, body });

export const renameTeam = (c: ApiClient, body: TeamNameBody) => c.data<{ message: string; teamName: string }>({ method: 'PATCH', path: '/team', body });
