import type { ApiClient } from '../http.js';

/** spec §2.10: a team member as the API shows it (never a password or key) */
export interface TeamMember {
  id: string;
  name: string;
  email: string;
  userType: string;
  blocked: boolean;
  teamName: string;
}

export interface MemberChange {
  name?: string;
  email?: string;
  block?: boolean;
  teamName?: string;
  userType?: string;
  pass?: string;
  subDomainIds?: string[];
}

export const listMembers = (c: ApiClient) => c.data<{ members: TeamMember[] }>({ method: 'GET', path: '/team/members' });

export const addMember = (c: ApiClient, body: { name?: string; email: string; password: string; userType: string; subDomainIds?: string[] }) =>
  c.data<{ message: string; member: TeamMember }>({ method: 'POST', path: '/team/members', body });

export const updateMember = (c: ApiClient, id: string, body: MemberChange) =>
  c.data<{ message: string; member: TeamMember }>({ method: 'PUT', path: `/team/members/${encodeURIComponent(id)}`, body });

export const removeMember = (c: ApiClient, id: string) => c.data<{ message: string }>({ method: 'DELETE', path: `/team/members/${encodeURIComponent(id)}` });

export const resetPassword = (c: ApiClient, id: string, body: { oldPass: string; newPass: string; confirmPass: string }) =>
  c.data<{ message: string }>({ method: 'POST', path: `/team/members/${encodeURIComponent(id)}/reset-password`, body });

export const renameTeam = (c: ApiClient, body: { teamName: string; password: string }) => c.data<{ message: string; teamName: string }>({ method: 'PATCH', path: '/team', body });
