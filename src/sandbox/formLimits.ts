import { cascadeProblem, type CascadeNode } from '../domain/cascade.js';
import { CASCADE_LIMITS, QR_TEXT_LIMITS } from '../domain/limits.js';

// What the sandbox refuses of a form body beyond the contract: sizes the spec gives none of, whose
// cost every visit of the public page or its QR image would pay (docs/sandbox.md, "Sizes the spec
// does not give"). The CLI does not check them: the service may take more.

/** a label any image can draw: no control characters, no half of a surrogate pair */
const DRAWABLE = /^(?:[^\u0000-\u001f\u007f\ud800-\udfff\ufffe\uffff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/**
 * The problems of a form as it would be stored (a body's fields, or an update's fields merged with
 * the stored ones: a field whose type becomes multipleLevelSelect keeps its stored options). The
 * cascades' full paths count together against one budget: the page lists them all.
 */
export function sandboxFormProblems(doc: { fields?: unknown; qrConfig?: unknown }): string[] {
  const problems: string[] = [];
  const fields = Array.isArray(doc.fields) ? (doc.fields as Array<{ type?: unknown; option?: { options?: unknown } }>) : [];
  let budget: number = CASCADE_LIMITS.paths;
  fields.forEach((f, i) => {
    if (f?.type !== 'multipleLevelSelect') return;
    const problem = cascadeProblem(f.option?.options as CascadeNode[] | undefined, budget);
    if (typeof problem === 'string') problems.push(`fields[${i}].option.options: ${problem}`);
    else budget -= problem;
  });
  const q = (doc.qrConfig && typeof doc.qrConfig === 'object' ? doc.qrConfig : {}) as { frameText?: unknown; logo?: unknown };
  if (typeof q.frameText === 'string') {
    if (q.frameText.length > QR_TEXT_LIMITS.frameText) problems.push(`qrConfig.frameText: at most ${QR_TEXT_LIMITS.frameText} characters (a label under the code)`);
    else if (!DRAWABLE.test(q.frameText)) problems.push('qrConfig.frameText: control characters and unpaired surrogates cannot be drawn');
  }
  if (typeof q.logo === 'string' && q.logo.length > QR_TEXT_LIMITS.logo) problems.push(`qrConfig.logo: at most ${QR_TEXT_LIMITS.logo} characters (a URL)`);
  return problems;
}
