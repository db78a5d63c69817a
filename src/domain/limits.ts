// Limits both sides enforce: the sandbox to answer, the CLI to refuse before spending a request.

/** spec §4.2 / §8: both upload routes */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** spec §8: Idempotency-Key length */
export const MAX_IDEMPOTENCY_KEY = 128;
/** spec §2.10 / §8: webhook URL length */
export const MAX_WEBHOOK_URL = 2048;
/** spec §4.4 / §8: submissions page size, default 50, max 100 */
export const SUBMISSIONS_PAGE_DEFAULT = 50;
export const SUBMISSIONS_PAGE_MAX = 100;
/** spec §4.1: forms page size default 5; the maximum is not shown (docs/sandbox.md, "Sandbox assumptions") */
export const FORMS_PAGE_DEFAULT = 5;
export const FORMS_PAGE_MAX = 100;
/** copies per clone request (the clone body is not shown; docs/sandbox.md, "Sandbox assumptions") */
export const MAX_CLONES = 10;
/** qrIds are short (the service's are 8 characters); the spec gives no maximum, formctl refuses more than this before sending (docs/getting-started.md) */
export const MAX_QR_ID = 64;
/**
 * The sandbox's own, not both sides' (sandbox/formLimits.ts; the spec gives none, so the CLI sends
 * what the service may take): a multipleLevelSelect cascade's size — the form page lists every full
 * path ("Europe / France / Paris"), so a page grows with the paths, not with the options — and the
 * length of the QR frame's label and logo URL, which every image of the form draws and reads.
 */
export const CASCADE_LIMITS = { options: 5000, levels: 10, text: 200, paths: 100_000 } as const;
export const QR_TEXT_LIMITS = { frameText: 64, logo: 2048 } as const;
