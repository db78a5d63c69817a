import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { getForm, listForms, type FormListItem } from '../api/resources/forms.js';
import { getSubmissionSchema } from '../api/resources/submissions.js';
import { isQrId } from '../domain/ids.js';
import { definitionOf, type RemoteForm } from '../domain/formCode.js';
import { FORMS_PAGE_MAX } from '../domain/limits.js';
import { errorResult, type Scrub } from './results.js';
import type { ToolContext } from './tool.js';

// Resources: each form's definition (the YAML `forms pull` writes) and its submission schema, listed
// from the account's forms and read on demand.

const formUri = (qrId: string) => `formctl://forms/${qrId}`;
const schemaUri = (qrId: string) => `${formUri(qrId)}/submission-schema`;

/** A failure to read a resource: an error the client shows, with the same words (and scrubbing) as a tool error. */
async function guarded<T>(scrub: Scrub, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const first = errorResult(e, scrub).content[0];
    throw new McpError(ErrorCode.InvalidParams, first?.type === 'text' ? first.text : 'failed');
  }
}

function qrIdOf(value: string | string[] | undefined): string {
  const id = String(Array.isArray(value) ? value[0] : value);
  if (!isQrId(id)) throw new McpError(ErrorCode.InvalidParams, `"${id}" is not a form id; expected upper-case letters and digits`);
  return id;
}

export function registerResources(server: McpServer, ctx: ToolContext, scrub: Scrub): void {
  const list = () =>
    guarded(scrub, async () => {
      // one request, whatever the account's size: assistants list resources on every connect and
      // refresh; the newest forms are listed, and any form's resource is read by its URI
      const forms: FormListItem[] = (await listForms(await ctx.client(), { page: 1, limit: FORMS_PAGE_MAX })).items;
      return {
        resources: forms.flatMap((f) => [
          { uri: formUri(f.qrId), name: `${f.qrId}.yaml`, title: `${f.title} (definition)`, mimeType: 'application/yaml' },
          { uri: schemaUri(f.qrId), name: `${f.qrId}-submission-schema.json`, title: `${f.title} (submission schema)`, mimeType: 'application/json' },
        ]),
      };
    });
  server.registerResource(
    'form',
    new ResourceTemplate('formctl://forms/{qrId}', { list }),
    { title: 'Form definition', description: 'A form as `formctl forms pull` writes it (YAML): settings and fields with their keys', mimeType: 'application/yaml' },
    async (uri, vars) =>
      guarded(scrub, async () => {
        const { stringify } = await import('yaml');
        const form = await getForm(await ctx.client(), qrIdOf(vars.qrId));
        return { contents: [{ uri: uri.href, mimeType: 'application/yaml', text: stringify(definitionOf(form as RemoteForm)) }] };
      }),
  );
  server.registerResource(
    'submission-schema',
    new ResourceTemplate('formctl://forms/{qrId}/submission-schema', { list: undefined }),
    { title: 'Submission schema', description: 'What each field of a form takes as an answer (spec §4.4)', mimeType: 'application/json' },
    async (uri, vars) =>
      guarded(scrub, async () => {
        const schema = await getSubmissionSchema(await ctx.client(), qrIdOf(vars.qrId));
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(schema, null, 2) }] };
      }),
  );
}
