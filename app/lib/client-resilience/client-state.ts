import { createConnectionHealth } from "./connection-health";
import { createStore } from "./store";

/** The browser's one connection health record (fed by every same-origin fetch, see install.ts). */
export const connectionHealth = createConnectionHealth({ now: () => Date.now() });

/** True once the server runs a newer build than this page. */
export const newVersionStore = createStore(false);

/** The address whose code could not be loaded, when the reload guard held a reload back. */
export const chunkFailureStore = createStore<string | null>(null);
