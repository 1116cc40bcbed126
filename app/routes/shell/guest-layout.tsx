import { CardShell } from "#app/components/layout/card-shell";
import { guestOnlyMiddleware } from "#app/lib/request-context.server";
import { noHydration } from "#app/lib/hydration";
import type { Route } from "./+types/guest-layout";

/** Pages for visitors who are not signed in (sign-in, registration, forgotten password): a signed-in user is sent home. */
export const middleware: Route.MiddlewareFunction[] = [guestOnlyMiddleware];

/** Works fully as HTML forms and links: sent without scripts (app/lib/hydration.ts). */
export const handle = noHydration;

export default CardShell;
