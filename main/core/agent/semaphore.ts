/** Bounds how many sub-agents run at once; waiting is abortable. */
export class Semaphore {
  private active = 0;
  private readonly queue: { grant: () => void; signal?: AbortSignal; onAbort?: () => void }[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`semaphore limit must be a positive integer, got ${limit}`);
  }

  get running(): number {
    return this.active;
  }

  /** Resolves with a release function; rejects with the signal's reason if aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(new Error('cancelled by user'));
    const release = () => {
      let done = false;
      return () => {
        if (done) return;
        done = true;
        this.active--;
        this.next();
      };
    };
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(release());
    }
    return new Promise((resolve, reject) => {
      const waiter: (typeof this.queue)[number] = {
        signal,
        grant: () => {
          if (waiter.onAbort) signal?.removeEventListener('abort', waiter.onAbort);
          this.active++;
          resolve(release());
        },
      };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(new Error('cancelled by user'));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.queue.push(waiter);
    });
  }

  private next(): void {
    if (this.active < this.limit) this.queue.shift()?.grant();
  }
}
