import { canAnimate, type IOStreams } from '../io/streams.js';

/** A progress line on stderr, only on a terminal; redrawn at most ten times a second. */
export class Progress {
  private last = 0;
  private readonly enabled: boolean;

  constructor(
    private readonly io: IOStreams,
    private readonly label: string,
    private readonly total: number,
  ) {
    this.enabled = canAnimate(io);
  }

  update(done: number, extra = ''): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.last < 100 && done < this.total) return;
    this.last = now;
    const width = 30;
    const share = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const bar = '█'.repeat(Math.round(share * width)).padEnd(width, '░');
    this.io.stderr.write(`\r${this.label} ${bar} ${done.toLocaleString('en')}/${this.total.toLocaleString('en')} ${Math.round(share * 100)}%${extra ? ` ${extra}` : ''}\u001b[K`);
  }

  stop(): void {
    if (this.enabled && this.last > 0) this.io.stderr.write('\r\u001b[K');
    this.last = 0;
  }
}
