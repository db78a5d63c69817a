// Route tables as data, matched by method and path. Shared by the API, the /_sandbox admin routes
// and the public pages; each declares its own route type.

import { QR_ID_PATTERN } from '../domain/ids.js';
import { decodeOrKeep } from '../domain/urls.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface PathRoute {
  method: Method;
  /** path with :name segments; :qrId only matches ^[A-Z0-9]+$ (spec §4) */
  path: string;
}

/** spec §4: `{qrId}` matches ^[A-Z0-9]+$ in every path. */
const PARAM_PATTERNS: Record<string, string> = { qrId: QR_ID_PATTERN.source.replace(/^\^|\$$/g, '') };

export class RouteTable<R extends PathRoute> {
  private readonly compiled: Array<{ route: R; regex: RegExp; names: string[] }> = [];

  constructor(routes: readonly R[]) {
    for (const route of routes) {
      const names: string[] = [];
      const source = route.path
        .split(/(:[A-Za-z]+)/)
        .map((part) => {
          if (!part.startsWith(':')) return part.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
          names.push(part.slice(1));
          return `(${PARAM_PATTERNS[part.slice(1)] ?? '[^/]+?'})`;
        })
        .join('');
      this.compiled.push({ route, regex: new RegExp(`^${source}$`), names });
    }
  }

  get routes(): R[] {
    return this.compiled.map((c) => c.route);
  }

  match(method: string, path: string): { route: R; params: Record<string, string> } | null {
    for (const c of this.compiled) {
      if (c.route.method !== method) continue;
      const m = c.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      c.names.forEach((n, i) => (params[n] = decodeOrKeep(m[i + 1] ?? '')));
      return { route: c.route, params };
    }
    return null;
  }
}
