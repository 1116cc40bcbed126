/** Runs async tasks with at most `max` in flight; the rest wait in arrival order. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly active: number;
  /** Tasks waiting for a free slot. */
  readonly pending: number;
}

export function createLimiter(max: number): Limiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`a limiter needs at least one slot, got ${max}`);
  let active = 0;
  const queue: (() => void)[] = [];

  function next() {
    if (active >= max) return;
    const start = queue.shift();
    if (start) start();
  }

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          active++;
          let settled: Promise<T>;
          try {
            settled = task();
          } catch (error) {
            settled = Promise.reject(error);
          }
          settled.then(resolve, reject).finally(() => {
            active--;
            next();
          });
        });
        next();
      });
    },
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
  };
}
