import type { Config } from "#config";
import type { Database } from "./db/client.ts";
import type { TFunction } from "i18next";
import type { BillingProvider } from "./services/billing/provider.ts";
import type { ChatProvider } from "./services/chat/provider.ts";
import type { PmsConnector } from "./services/pms-connector.ts";
import type { Mailer } from "./services/mail/transport.ts";
import type { RateLimitSettings } from "./services/rate-limit.ts";

/** What every route handler can reach; built once per API instance. */
export interface ApiDeps {
  db: Database;
  config: Config;
  /** The clock, injectable so tests can move time (token expiry, trials). */
  now: () => Date;
  /**
   * Delivers e-mail. Default: SMTP through nodemailer when SMTP_URL is set, otherwise none (every
   * e-mail is still recorded in the outbox table, which the development mailbox shows).
   */
  mailer?: Mailer | null;
  /** Overrides of the login / forgot-password / resend limits (tests use small ones). */
  rateLimits?: Partial<RateLimitSettings>;
  /** The least time POST /api/auth/forgot-password takes, known e-mail or not (default 300 ms). */
  forgotPasswordMinMs?: number;
  /** The billing provider; default: Stripe when STRIPE_SECRET_KEY is set, else the built-in one. */
  billing?: BillingProvider;
  /** Who writes the chat's answers; default: the built-in revenue assistant. */
  chatProvider?: ChatProvider;
  /** Connects a business to its PMS; default: the built-in PMS and "Import from a file" (tests pass the simulated one). */
  pmsConnector?: PmsConnector;
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
