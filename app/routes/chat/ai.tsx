import { redirect } from "react-router";
import { guard, type RouteHandle } from "#app/lib/guard.server";
import type { Route } from "./+types/ai";

// /ai is the chat's other address (spec section 2), behind the same gate.
export const handle: RouteHandle = { permission: "user.chat-ai", plan: "ai", skipSetupCheck: true };
export const middleware: Route.MiddlewareFunction[] = [guard(handle)];

export function loader() {
  return redirect("/chat");
}
