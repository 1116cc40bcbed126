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
