import type { Config } from "../config.ts";
import type { Database } from "./db/client.ts";
import type { TFunction } from "i18next";

/** What every route handler can reach; built once per API instance. */
export interface ApiDeps {
  db: Database;
  config: Config;
  /** The clock, injectable so tests can move time (token expiry, trials). */
  now: () => Date;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    requestId: string;
    /** The caller's interface locale, from the Accept-Language header. */
    locale: string;
    t: TFunction;
  };
}
