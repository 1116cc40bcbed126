import { Honeypot } from "remix-utils/honeypot/server";
import { getConfig } from "#config";

let instance: Honeypot | undefined;

/**
 * The honeypot of public forms (the booking engine): a field people never see and bots fill in,
 * plus an encrypted timestamp so a replayed or forged form is refused. Keyed on the session
 * secret so every web process accepts the others' forms.
 */
export function honeypot(): Honeypot {
  instance ??= new Honeypot({ nameFieldName: "website_url", validFromFieldName: "form_started", encryptionSeed: getConfig().SESSION_SECRET });
  return instance;
}
