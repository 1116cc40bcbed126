import { parseConfig } from "#config";

/** The configuration every test starts from (tests/helpers/api.ts), `env` on top. */
export const testConfig = (env: Record<string, string> = {}) =>
  parseConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/tarifa-test-data", SESSION_SECRET: "test-secret-test-secret-test-secret!", LOG_LEVEL: "silent", ...env });
