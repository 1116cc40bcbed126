import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * The request id of the work being done, carried through async calls: set from the proxy's
 * X-Request-Id (or made here) when a request arrives, sent on by the web's API client, and saved
 * with the jobs a request enqueues so their logs carry it too (docs/decisions/0028-*.md).
 */
export interface WorkContext {
  requestId: string;
  /** The job being run, in job logs. */
  jobId?: string;
  job?: string;
  /**
   * Reads shared by everything one incoming request does, its in-process API calls included
   * (perRequest below). Absent in jobs: they never share reads.
   */
  reads?: RequestReads;
  /** The API request being answered only reads (GET, HEAD, OPTIONS): perReadOnlyRequest may share its reads. */
  readOnly?: boolean;
}

/**
 * What one incoming request has already read (the caller's token, their access to a business…),
 * so the page's several in-process API calls read each once (docs/decisions/0032-*.md). Never
 * shared between requests; emptied by any request that may write, and closed when the incoming
 * request ends, so work it left running reads afresh.
 */
export class RequestReads {
  private readonly answers = new Map<string, Promise<unknown>>();
  private open = true;

  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.open) return compute();
    let answer = this.answers.get(key) as Promise<T> | undefined;
    if (!answer) {
      const fresh = compute();
      answer = fresh;
      this.answers.set(key, fresh);
      // A failure is not remembered: the next caller tries again.
      fresh.catch(() => {
        if (this.answers.get(key) === fresh) this.answers.delete(key);
      });
    }
    return answer;
  }

  /** Seeds an answer read by a wider query (app-state reads every business's access at once). */
  put<T>(key: string, value: T): void {
    if (this.open && !this.answers.has(key)) this.answers.set(key, Promise.resolve(value));
  }

  forget(): void {
    this.answers.clear();
  }

  close(): void {
    this.open = false;
    this.answers.clear();
  }
}

const storage = new AsyncLocalStorage<WorkContext>();

/** An id we accept from outside (the characters Hono's requestId accepts, bounded); anything else is replaced. */
const ACCEPTED_ID = /^[\w\-=]{1,128}$/;

export function acceptedRequestId(value: string | null | undefined): string {
  return value && ACCEPTED_ID.test(value) ? value : randomUUID();
}

export function currentWork(): WorkContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runWithWork<T>(work: WorkContext, fn: () => T): T {
  return storage.run(work, fn);
}

/**
 * compute()'s answer, read once per incoming request: a second caller in the same request (the
 * next in-process API call of the same page) gets the same promise. Outside a request (jobs,
 * scripts) it simply computes. Callers must not mutate what they get.
 */
export function perRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const reads = storage.getStore()?.reads;
  return reads ? reads.get(key, compute) : compute();
}

/**
 * perRequest while the API request being answered only reads; computed afresh in a request that
 * may write (it could read, change and read again what the key names) and outside requests.
 */
export function perReadOnlyRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  return storage.getStore()?.readOnly ? perRequest(key, compute) : compute();
}

/** Seeds perRequest's answer for `key` in the current request, if it has none yet. */
export function knownThisRequest<T>(key: string, value: T): void {
  storage.getStore()?.reads?.put(key, value);
}
