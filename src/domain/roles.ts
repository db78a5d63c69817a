// spec §5: the roles of an account and what each may do, as data. The sandbox's pipeline applies
// this table to every route; the conformance test prints it and checks every cell over HTTP.
// Rule of thumb (spec §5): 403 means the role cannot take the action at all; 400 means the route
// exists but this user cannot change this resource.

export const ROLES = ['Owner', 'Admin', 'Editor', 'Viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * allow: permitted; own: permitted on forms this member created, else 400 (spec §5: "update only
 * forms the Editor created"); 400 / 403: refused with that status.
 */
export type Verdict = 'allow' | 'own' | 400 | 403;

interface ActionRule {
  /** what the action does, for messages: "Viewers cannot <phrase>" */
  phrase: string;
  verdicts: Record<Role, Verdict>;
}

const all: Record<Role, Verdict> = { Owner: 'allow', Admin: 'allow', Editor: 'allow', Viewer: 'allow' };
const changeForm: Record<Role, Verdict> = { Owner: 'allow', Admin: 'allow', Editor: 'own', Viewer: 400 };
const notViewer: Record<Role, Verdict> = { Owner: 'allow', Admin: 'allow', Editor: 'allow', Viewer: 400 };
const managers403: Record<Role, Verdict> = { Owner: 'allow', Admin: 'allow', Editor: 403, Viewer: 403 };

export const ROLE_TABLE = {
  // forms (spec §4.1): everyone reads; Viewer may not create (403) nor change (400)
  'form.read': { phrase: 'read forms', verdicts: all },
  'form.create': { phrase: 'create forms', verdicts: { Owner: 'allow', Admin: 'allow', Editor: 'allow', Viewer: 403 } },
  'form.update': { phrase: 'update forms', verdicts: changeForm },
  'form.archive': { phrase: 'archive forms', verdicts: changeForm },
  'form.restore': { phrase: 'restore forms', verdicts: changeForm },
  'form.delete': { phrase: 'delete forms', verdicts: changeForm },
  'form.clone': { phrase: 'clone forms', verdicts: notViewer },
  'form.share': { phrase: 'share forms', verdicts: notViewer },
  'form.analytics': { phrase: 'read analytics', verdicts: all },
  // submissions (spec §4.4): everyone reads and creates; Viewer may not edit; only Owner and Admin delete
  'submission.read': { phrase: 'read submissions', verdicts: all },
  'submission.create': { phrase: 'create submissions', verdicts: all },
  'submission.update': { phrase: 'edit submissions', verdicts: notViewer },
  'submission.delete': { phrase: 'delete submissions', verdicts: { Owner: 'allow', Admin: 'allow', Editor: 400, Viewer: 400 } },
  // uploads (spec §4.2): logos for any key; form assets change a form (so an Editor's only on forms it
  // created, spec §5, as updates); submission files go with submissions
  'file.logo': { phrase: 'upload logos', verdicts: all },
  'file.list': { phrase: 'list files', verdicts: all },
  'file.form': { phrase: 'upload files to forms', verdicts: changeForm },
  'file.submission': { phrase: 'upload submission files', verdicts: all },
  'file.delete': { phrase: 'delete files of forms', verdicts: changeForm },
  // webhook settings (spec §4.5) and team (spec §4.6): Owner and Admin only
  'webhook.read': { phrase: 'manage the webhook', verdicts: managers403 },
  'webhook.write': { phrase: 'manage the webhook', verdicts: managers403 },
  'team.manage': { phrase: 'manage the team', verdicts: managers403 },
  // spec §4.6 reset-password: every member, with their own key, for their own password (the handler checks whose)
  'team.ownPassword': { phrase: 'change their password', verdicts: all },
  // templates, presets and the AI builder (spec §4.7): every role
  'catalog.read': { phrase: 'browse templates', verdicts: all },
  'catalog.write': { phrase: 'save templates', verdicts: all },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof ROLE_TABLE;

export type AccessDecision = { ok: true } | { ok: false; status: 400 | 403; message: string };

/**
 * The table's answer for a role taking an action; `createdBy` tells, for actions on one form,
 * whether this member created it (needed for the "own" verdict).
 */
export function decideAccess(role: Role, action: Action, createdByCaller?: boolean): AccessDecision {
  const rule: ActionRule = ROLE_TABLE[action];
  const verdict = rule.verdicts[role];
  if (verdict === 'allow') return { ok: true };
  if (verdict === 'own') {
    if (createdByCaller !== false) return { ok: true };
    // "update forms" → "can only update forms they created"; "upload files to forms" → "… to forms they created"
    return { ok: false, status: 400, message: `${role}s can only ${rule.phrase} they created` };
  }
  return { ok: false, status: verdict, message: `${role}s cannot ${rule.phrase}` };
}
