import { CardShell } from "#app/components/layout/card-shell";
import { noHydration } from "#app/lib/hydration";

/**
 * Pages anyone may open, signed in or not (reset password, check e-mail, verify e-mail, the
 * development mailbox): the guest layout's shell without its guest-only middleware.
 */
export const handle = noHydration;

export default CardShell;
