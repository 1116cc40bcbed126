/**
 * Whether this process is draining (SIGTERM received): readiness then answers 503 so a proxy or
 * orchestrator stops sending new work while the requests in flight finish (server/shutdown.ts).
 */
let draining = false;

export function markDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
