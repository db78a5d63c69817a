import type { Deps } from '../../cmdutil/factory.js';

/** Prints the contract as OpenAPI 3.1 JSON (the same document the sandbox serves at /_sandbox/openapi.json). */
export async function run(deps: Deps): Promise<void> {
  const { buildOpenApi } = await import('../../domain/openapi.js');
  deps.io.stdout.write(`${JSON.stringify(buildOpenApi(), null, 2)}\n`);
}
