import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route tree mirrors section 2 of the spec; each area adds its routes in its block.
export default [
  route("locales/:lng", "routes/locales.ts"),
  route("language", "routes/language.ts"),
  route("404", "routes/not-found.tsx"),
  route("unauthorized", "routes/unauthorized.tsx"),
  route("logout", "routes/logout.ts"),

  // Guest-only pages.
  layout("routes/guest-layout.tsx", [
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
  ]),

  // Public pages: open signed in or not.
  layout("routes/public-layout.tsx", [
    route("reset-password", "routes/reset-password.tsx"),
    route("check-email", "routes/check-email.tsx"),
    route("verify-email/:id/:hash", "routes/verify-email.tsx", { id: "verify-email-id-hash" }),
    route("dev/mailbox", "routes/dev-mailbox.tsx"),
    route("dev/mailbox/:id", "routes/dev-mailbox-message.tsx"),
    route("invitations/:token", "routes/invitations.tsx"),
  ]),

  // Pages behind sign-in.
  layout("routes/app-layout.tsx", [
    index("routes/dashboard.tsx"),
    route("account-settings", "routes/account-settings.tsx", [
      route("my-account", "routes/account-settings.my-account.tsx"),
      route("security", "routes/account-settings.security.tsx"),
      route("language", "routes/account-settings.language.tsx"),
      route("notifications", "routes/account-settings.notifications.tsx"),
      route("subscriptions", "routes/account-settings.subscriptions.tsx"),
    ]),
    route("account-settings/my-account/photo", "routes/account-settings.my-account.photo.ts"),

    // Billing: subscribe, coupons (admin).
    route("subscribe", "routes/subscribe.tsx"),
    route("manage/coupons", "routes/manage-coupons.tsx"),
    route("manage/coupons/:code", "routes/manage-coupons.edit.tsx"),

    // Pricing: price settings, calendar, days to update, occupation logs, holidays (admin).
    route("price-settings", "routes/price-settings.tsx"),
    route("price-settings/new-setting", "routes/price-settings.new-setting.tsx"),
    route("price-settings/seasonalities", "routes/price-settings.seasonalities.tsx"),
    route("price-settings/preview", "routes/price-settings.preview.tsx"),
    route("price-settings/step-content", "routes/price-settings.step-parts.tsx", { id: "price-settings-step-content" }),
    route("price-settings/step-wrapper", "routes/price-settings.step-parts.tsx", { id: "price-settings-step-wrapper" }),
    route("price-settings/layout-container", "routes/price-settings.step-parts.tsx", { id: "price-settings-layout-container" }),
    route("calendar", "routes/calendar.tsx"),
    route("days-to-update", "routes/days-to-update.tsx"),
    route("occupation-logs", "routes/occupation-logs.tsx"),
    route("manage/holidays", "routes/manage-holidays.tsx"),
    route("manage/holidays/add", "routes/manage-holidays.add.tsx"),
    route("manage/holidays/:id", "routes/manage-holidays.edit.tsx"),

    // Admin: users and permissions.
    route("manage/users", "routes/manage-users.tsx"),
    route("manage/users/add", "routes/manage-users.add.tsx"),
    route("manage/users/:id", "routes/manage-users.edit.tsx"),
    route("manage/users/:id/features", "routes/manage-users.features.tsx"),
    route("manage/permissions", "routes/manage-permissions.tsx"),
    route("manage/permissions/add", "routes/manage-permissions.add.tsx"),
    route("manage/permissions/addUser", "routes/manage-permissions.add-user.tsx"),
    route("manage/permissions/:id", "routes/manage-permissions.edit.tsx"),

    // Onboarding, businesses and collaborators.
    route("onboarding", "routes/onboarding.tsx"),
    route("onboarding/easylite", "routes/onboarding.easylite.tsx"),
    route("onboarding/completed", "routes/onboarding.completed.tsx"),
    route("setup-in-progress", "routes/setup-in-progress.tsx"),
    route("pms-credentials", "routes/pms-credentials.tsx"),
    route("businesses", "routes/businesses.tsx", [
      index("routes/businesses._index.tsx"),
      route("overview", "routes/businesses.overview.tsx"),
      route("logo", "routes/businesses.logo.tsx"),
      route("type", "routes/businesses.type.tsx"),
      route("rooms", "routes/businesses.rooms.tsx"),
      route("capacity", "routes/businesses.capacity.tsx"),
      route("room-configurations", "routes/businesses.room-configurations.tsx"),
    ]),
    route("businesses/select", "routes/businesses.select.ts"),
    route("businesses/:id/logo", "routes/businesses.logo-image.ts"),
    route("pms-settings/collaborators", "routes/pms-settings-collaborators.tsx"),
    route("pms-settings/add-collaborator", "routes/pms-settings-collaborators.add.tsx"),
    route("pms-settings/edit-collaborator/:id", "routes/pms-settings-collaborators.edit.tsx"),
    route("manage/businesses", "routes/manage-businesses.tsx"),
    route("manage/businesses/add", "routes/manage-businesses.add.tsx"),
    route("manage/businesses/:id", "routes/manage-businesses.edit.tsx"),
    route("manage/users/:id/businesses", "routes/manage-users-businesses.tsx"),

    // Bookings: reservations, rooms overview, availability, room blocks, booking quotes.
    route("bookings", "routes/bookings.tsx"),
    route("bookings/home", "routes/bookings.home.tsx"),
    route("bookings/create", "routes/bookings.create.tsx"),
    route("bookings/export.csv", "routes/bookings.export.ts"),
    route("bookings/:id", "routes/bookings.detail.tsx"),
    route("bookings/:id/edit", "routes/bookings.edit.tsx"),
    route("availability", "routes/availability.tsx"),
    route("pms-settings/room-blocks", "routes/room-blocks.tsx"),
    route("booking-quote/:id", "routes/booking-quote.tsx"),

    // AI chat (plan ai).
    route("chat", "routes/chat.tsx"),
    route("ai", "routes/ai.tsx"),

    // Competitors: rate shopper (feature competitors), market analysis (plan competitorAnalysis).
    route("rate-shopper", "routes/rate-shopper.tsx"),
    route("market-analysis", "routes/market-analysis.tsx"),
    route("market-analysis/dashboard", "routes/market-analysis.dashboard.tsx"),

    // Booking engine (plan motor): the settings of the public page.
    route("booking-engine/setup", "routes/booking-engine.setup.tsx"),
  ]),

  // The booking engine's public page: no app layout, open to anyone (spec section 2).
  route("p/:slug", "routes/public-booking.tsx", [
    index("routes/public-booking._index.tsx"),
    route("book", "routes/public-booking.book.tsx"),
    route("confirmation/:code", "routes/public-booking.confirmation.tsx"),
  ]),

  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
