import { generateDraft } from '../../api/resources/ai.js';
import { draftChanges } from '../../domain/drafter/changes.js';
import type { Draft } from '../../domain/drafter/types.js';
import { outline } from '../../output/outline.js';
import { bodyOf } from '../inputs.js';
import { tool, type ToolSpec } from '../tool.js';

const NEXT = 'Show it to the user; refine it with ai_refine (pass this draft as currentForm), or create it with forms_create (pass it as it is).';

export const AI_TOOLS: readonly ToolSpec[] = [
  tool({
    name: 'ai_draft', title: 'Draft a form from a sentence', effect: 'read', idempotent: false,
    description: "Ask the service's AI builder for a form draft from a description (at least 10 characters); creates nothing.",
    input: bodyOf('generateFormDraft').pick({ prompt: true }),
    run: async (ctx, a) => {
      const draft = await generateDraft(await ctx.client(), a.prompt);
      return { summary: `${outline(draft)}${NEXT}`, data: draft };
    },
  }),
  tool({
    name: 'ai_refine', title: 'Change a draft with an instruction', effect: 'read', idempotent: false,
    description: 'Change a draft (currentForm, as ai_draft gave it) by an instruction: "add a phone field", "make e-mail optional", "in Spanish"; creates nothing.',
    input: bodyOf('generateFormDraft').required({ currentForm: true }),
    run: async (ctx, a) => {
      const draft = await generateDraft(await ctx.client(), a.prompt, a.currentForm);
      const changes = draftChanges(a.currentForm as Draft, draft as Draft);
      return { summary: `${changes.length ? `Changed:\n  ${changes.join('\n  ')}` : 'Nothing changed.'}\n${outline(draft)}${NEXT}`, data: draft };
    },
  }),
];
