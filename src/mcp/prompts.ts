import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod/v4';
import { PATH_PARAMS } from '../domain/contract/operations.js';

// Prompts: the three asks assistants hear most, as the tool calls that answer them.

const qrId = PATH_PARAMS.qrId!.describe('the form (forms_list shows the ids)');

const user = (text: string) => ({ messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }] });

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'draft_form',
    { title: 'Draft a form', description: 'Draft a form from a description with the AI builder, refine it, and create it when told to', argsSchema: { description: z.string().min(10).describe('what the form is for and what it asks') } },
    ({ description }) =>
      user(`Draft a form for this: ${description}\n\nCall ai_draft with that description and show me the outline. When I ask for changes, call ai_refine with the instruction and the current draft as currentForm, and show what changed. Create it with forms_create (the draft as it is) only when I say so, then give me its short link.`),
  );
  server.registerPrompt(
    'summarize_submissions',
    { title: 'Summarize submissions', description: "Summarize a form's submissions: how many, and how they chose", argsSchema: { qrId, since: z.string().optional().describe('from when: 2026-11-01, 7d, yesterday, … (default: all)') } },
    ({ qrId: id, since }) =>
      user(`Summarize the submissions to form ${id}${since ? ` since ${since}` : ''}. Read the resource formctl://forms/${id} for its questions, call submissions_aggregate${since ? ` with since "${since}"` : ''} for the counts per option, and submissions_list for a few recent answers to the text questions. Give the total, the counts per option as a short table, and anything that stands out. Quote the numbers the tools give; do not estimate.`),
  );
  server.registerPrompt(
    'weekly_export',
    { title: 'Weekly export', description: "This week's submissions of a form as CSV", argsSchema: { qrId } },
    ({ qrId: id }) =>
      user(`Export the last 7 days of submissions to form ${id}: call submissions_export with since "7d" and give me the CSV as a file, with one line saying how many submissions it holds. Then call quota_get and tell me how many requests it cost.`),
  );
}
