import type { QuizData } from '../domain/quiz.js';
import type { FormDoc } from './repo/forms.js';
import type { SubmissionRow } from './repo/submissions.js';

export interface SandboxEvents {
  /** a new submission was committed (not an idempotent replay) */
  'submission.created': { accountId: string; row: SubmissionRow; doc: FormDoc; quizData?: QuizData };
}

type Listener<T> = (event: T) => void;

/** A per-instance event bus: two sandboxes in one process never hear each other. */
export class EventBus {
  private readonly listeners = new Map<keyof SandboxEvents, Set<Listener<never>>>();

  on<K extends keyof SandboxEvents>(name: K, fn: Listener<SandboxEvents[K]>): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(fn as Listener<never>);
    return () => set.delete(fn as Listener<never>);
  }

  emit<K extends keyof SandboxEvents>(name: K, event: SandboxEvents[K]): void {
    for (const fn of this.listeners.get(name) ?? []) (fn as Listener<SandboxEvents[K]>)(event);
  }
}
