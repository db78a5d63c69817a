import type { Action } from '../domain/roles.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContractChecker } from './contract.js';
import type { EventBus } from './events.js';
import type { FaultInjector, PickedFault } from './faults.js';
import type { PathRoute } from './routing.js';
import type { AccountRow } from './repo/accounts.js';
import type { FormRow } from './repo/forms.js';
import type { MemberRow } from './repo/members.js';
import type { SandboxStore } from './repo/store.js';
import type { SubmissionPages } from './submissionPages.js';
import type { Throttle } from './throttle.js';

/** Everything one running sandbox owns. No module holds mutable state: two sandboxes in one process are independent. */
export interface SandboxInstance {
  store: SandboxStore;
  /** the sandbox clock: the wall clock plus the offset kept in the data dir (POST /_sandbox/clock) */
  now(): Date;
  events: EventBus;
  faults: FaultInjector;
  /** page-end caches of submission lists */
  pages: SubmissionPages;
  /** spec §8: submission uploads per client IP and qrId */
  uploadThrottle: Throttle;
  /** when on: requests and responses checked against the OpenAPI description (tests) */
  contract?: ContractChecker;
  /** aborted when the sandbox closes: a request held by an injected latency ends at once */
  closing: AbortSignal;
  /**
   * served beyond loopback: webhooks go to public addresses only, so that strangers cannot use the
   * sandbox (and /_sandbox/deliveries) to reach the network it sits in
   */
  publicTargetsOnly: boolean;
}

/** What a route's handler gets: the request, the caller, and the resource the pipeline loaded. */
export interface RequestContext {
  sb: SandboxInstance;
  store: SandboxStore;
  now(): Date;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  /** the origin the client used, for links in responses */
  origin: string;
  member: MemberRow;
  account: AccountRow;
  /** the JSON body, read once on first use */
  json(): Promise<unknown>;
  /** the form named by the path, when the route declares `form` */
  form?: FormRow;
  /** the fault picked for this request, for the kinds a handler applies itself (ai-invalid, ai-failure) */
  fault?: PickedFault | null;
  /** applies the role table to an action decided by the handler (e.g. by upload category) */
  authorize(action: Action, form?: FormRow): void;
}

/**
 * A route of API v1 as data (the Prism / stripe-mock shape): the pipeline runs route → key → quota →
 * subscription → gate → access → body → handler, so a route holds only what is particular to it.
 */
export interface ApiRoute<B = unknown> extends PathRoute {
  /** the operation's id in the OpenAPI description */
  operationId: string;
  /** spec §5: the role table's action */
  action: Action;
  /**
   * the form named by :qrId, loaded before the access check: `available` (spec §4.4: unknown,
   * foreign, archived or blocked → 400), `archived` (restore), `upload` (spec §4.2: → 404)
   */
  form?: 'available' | 'archived' | 'upload';
  /** plan and feature limits (400), checked before access (spec §7 order) */
  gate?(ctx: RequestContext): void | Promise<void>;
  /** checks the JSON body after access; throws ApiFailure(400) with the spec's message */
  body?(raw: unknown, ctx: RequestContext): B | Promise<B>;
  handler(ctx: RequestContext, body: B): unknown;
}

/** Declares a route with its body type inferred from its `body` rule. */
export function route<B = undefined>(r: ApiRoute<B>): ApiRoute<B> {
  return r;
}
