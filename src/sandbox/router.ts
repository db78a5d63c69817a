import type { Handler } from './http.js';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** path below /v1 with :name segments; :qrId only matches ^[A-Z0-9]+$ (spec §4) */
  path: string;
  handler: Handler;
}

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

const PARAM_PATTERNS: Record<string, string> = { qrId: '[A-Z0-9]+' };

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add(routes: Route[]): this {
    for (const r of routes) {
      const names: string[] = [];
      const source = r.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        names.push(name);
        return `(${PARAM_PATTERNS[name] ?? '[^/]+'})`;
      });
      this.routes.push({ ...r, regex: new RegExp(`^${source}$`), names });
    }
    return this;
  }

  /** spec §7: a route or method that does not exist is 404, checked before the key. */
  match(method: string, path: string): { route: Route; params: Record<string, string> } | null {
    for (const r of this.routes) {
      if (r.method !== method) continue;
      const m = r.regex.exec(path);
      if (!m) continue;
      const params: Record<string, string> = {};
      r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1] ?? '')));
      return { route: r, params };
    }
    return null;
  }
}
