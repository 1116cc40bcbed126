import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route tree mirrors section 2 of the spec; each area adds its routes in its block.
export default [
  route("locales/:lng", "routes/locales.ts"),
  route("language", "routes/language.ts"),
  route("logout", "routes/logout.ts"),

  // Guest-only pages.
  layout("routes/guest-layout.tsx", [route("login", "routes/login.tsx")]),

  // Pages behind sign-in.
  layout("routes/app-layout.tsx", [index("routes/dashboard.tsx")]),

  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
