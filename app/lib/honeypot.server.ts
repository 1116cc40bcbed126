import { Honeypot } from "remix-utils/honeypot/server";
import { perConfig } from "#config";

/**
 * The honeypot of public forms (the booking engine): a field people never see and bots fill in,
 * plus an encrypted timestamp so a replayed or forged form is refused. Keyed on the session
 * secret so every web process accepts the others' forms.
 */
export const honeypot = perConfig(
  (config) => new Honeypot({ nameFieldName: "website_url", validFromFieldName: "form_started", encryptionSeed: config.SESSION_SECRET }),
);
