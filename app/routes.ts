import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The route tree mirrors section 2 of the spec; each area adds its routes in its block.
export default [
  route("locales/:lng", "routes/shell/locales.ts"),
  route("language", "routes/shell/language.ts"),
  route("404", "routes/shell/not-found.tsx"),
  route("unauthorized", "routes/shell/unauthorized.tsx"),
  route("logout", "routes/auth/logout.ts"),

  // Guest-only pages.
  layout("routes/shell/guest-layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("login/two-factor", "routes/auth/login.two-factor.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
  ]),

  // Public pages: open signed in or not.
  layout("routes/shell/public-layout.tsx", [
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("check-email", "routes/auth/check-email.tsx"),
    route("verify-email/:id/:hash", "routes/auth/verify-email.tsx", { id: "verify-email-id-hash" }),
    route("dev/mailbox", "routes/dev/mailbox.tsx"),
    route("dev/mailbox/:id", "routes/dev/mailbox-message.tsx"),
    route("invitations/:token", "routes/auth/invitations.tsx"),
  ]),

  // Pages behind sign-in.
  layout("routes/shell/app-layout.tsx", [
    index("routes/intelligence/dashboard.tsx"),
    route("account-settings", "routes/account/settings.tsx", [
      route("my-account", "routes/account/settings.my-account.tsx"),
      route("security", "routes/account/settings.security.tsx"),
      route("two-factor", "routes/account/settings.two-factor.tsx"),
      route("language", "routes/account/settings.language.tsx"),
      route("notifications", "routes/account/settings.notifications.tsx"),
      route("subscriptions", "routes/account/settings.subscriptions.tsx"),
    ]),
    route("account-settings/my-account/photo", "routes/account/settings.my-account.photo.ts"),
    route("notifications/list", "routes/account/notification-centre.tsx"),

    // Billing: subscribe, coupons (admin).
    route("subscribe", "routes/account/subscribe.tsx"),
    route("manage/coupons", "routes/manage/coupons.tsx"),
    route("manage/daily-command-execution", "routes/manage/daily-command-execution.tsx"),
    route("manage/coupons/:code", "routes/manage/coupons.edit.tsx"),

    // Pricing: price settings, calendar, days to update, occupation logs, holidays (admin).
    route("price-settings", "routes/pricing/price-settings.tsx"),
    route("price-settings/new-setting", "routes/pricing/price-settings.new-setting.tsx"),
    route("price-settings/seasonalities", "routes/pricing/price-settings.seasonalities.tsx"),
    route("price-settings/preview", "routes/pricing/price-settings.preview.tsx"),
    route("price-settings/step-content", "routes/pricing/price-settings.step-parts.tsx", { id: "price-settings-step-content" }),
    route("price-settings/step-wrapper", "routes/pricing/price-settings.step-parts.tsx", { id: "price-settings-step-wrapper" }),
    route("price-settings/layout-container", "routes/pricing/price-settings.step-parts.tsx", { id: "price-settings-layout-container" }),
    route("calendar", "routes/pricing/calendar.tsx"),
    route("days-to-update", "routes/pricing/days-to-update.tsx"),
    route("recommendations", "routes/pricing/recommendations.tsx"),
    route("stay-rules", "routes/pricing/stay-rules.tsx"),
    route("occupation-logs", "routes/pricing/occupation-logs.tsx"),
    route("manage/holidays", "routes/manage/holidays.tsx"),
    route("manage/holidays/add", "routes/manage/holidays.add.tsx"),
    route("manage/holidays/:id", "routes/manage/holidays.edit.tsx"),

    // Admin: users and permissions.
    route("manage/users", "routes/manage/users.tsx"),
    route("manage/users/add", "routes/manage/users.add.tsx"),
    route("manage/users/:id", "routes/manage/users.edit.tsx"),
    route("manage/users/:id/features", "routes/manage/users.features.tsx"),
    route("manage/permissions", "routes/manage/permissions.tsx"),
    route("manage/permissions/add", "routes/manage/permissions.add.tsx"),
    route("manage/permissions/addUser", "routes/manage/permissions.add-user.tsx"),
    route("manage/permissions/:id", "routes/manage/permissions.edit.tsx"),

    // Onboarding, businesses and collaborators.
    route("onboarding", "routes/onboarding/index.tsx"),
    route("onboarding/easylite", "routes/onboarding/easylite.tsx"),
    route("onboarding/completed", "routes/onboarding/completed.tsx"),
    route("setup-in-progress", "routes/onboarding/setup-in-progress.tsx"),
    route("pms-credentials", "routes/onboarding/pms-credentials.tsx"),
    route("businesses", "routes/business/layout.tsx", [
      index("routes/business/index.tsx"),
      route("overview", "routes/business/overview.tsx"),
      route("logo", "routes/business/logo.tsx"),
      route("type", "routes/business/type.tsx"),
      route("rooms", "routes/business/rooms.tsx"),
      route("capacity", "routes/business/capacity.tsx"),
      route("room-configurations", "routes/business/room-configurations.tsx"),
    ]),
    route("businesses/select", "routes/business/select.ts"),
    route("businesses/:id/logo", "routes/business/logo-image.ts"),
    route("pms-settings/collaborators", "routes/pms-settings/collaborators.tsx"),
    route("pms-settings/add-collaborator", "routes/pms-settings/collaborators.add.tsx"),
    route("pms-settings/edit-collaborator/:id", "routes/pms-settings/collaborators.edit.tsx"),
    route("manage/businesses", "routes/manage/businesses.tsx"),
    route("manage/businesses/add", "routes/manage/businesses.add.tsx"),
    route("manage/businesses/:id", "routes/manage/businesses.edit.tsx"),
    route("manage/businesses/:id/channex", "routes/manage/businesses.channex.tsx"),
    route("manage/businesses/:id/activity-log", "routes/manage/businesses.activity-log.tsx"),
    route("manage/users/:id/businesses", "routes/manage/users.businesses.tsx"),

    // Bookings: reservations, rooms overview, availability, room blocks, booking quotes.
    route("bookings", "routes/bookings/index.tsx"),
    route("bookings/home", "routes/bookings/home.tsx"),
    route("bookings/create", "routes/bookings/create.tsx"),
    route("bookings/export.csv", "routes/bookings/export.ts"),
    route("bookings/:id", "routes/bookings/detail.tsx"),
    route("bookings/:id/edit", "routes/bookings/edit.tsx"),
    route("availability", "routes/bookings/availability.tsx"),
    route("pms-settings/room-blocks", "routes/pms-settings/room-blocks.tsx"),

    // PMS settings: categories, rate plans, sales channels and their mapping, hotel policies, users.
    route("pms-settings", "routes/pms-settings/index.tsx"),
    route("pms-settings/categories", "routes/pms-settings/categories.tsx"),
    route("pms-settings/rate-plans", "routes/pms-settings/rate-plans.tsx"),
    route("pms-settings/rate-plans/create", "routes/pms-settings/rate-plan-form.tsx", { id: "pms-rate-plan-create" }),
    route("pms-settings/rate-plans/:planId/edit", "routes/pms-settings/rate-plan-form.tsx", { id: "pms-rate-plan-edit" }),
    route("pms-settings/sales-channels", "routes/pms-settings/sales-channels.tsx"),
    route("pms-settings/sales-channels/create", "routes/pms-settings/sales-channel-form.tsx", { id: "pms-sales-channel-create" }),
    route("pms-settings/sales-channels/:channelId/edit", "routes/pms-settings/sales-channel-form.tsx", { id: "pms-sales-channel-edit" }),
    route("pms-settings/sales-channels/booking", "routes/pms-settings/sales-channels.booking.tsx"),
    route("pms-settings/mapping/:channelUuid", "routes/pms-settings/mapping.tsx"),
    route("pms-settings/hotel-policies", "routes/pms-settings/hotel-policies.tsx"),
    route("pms-settings/users", "routes/pms-settings/users.tsx"),
    route("pms-settings/permissions", "routes/pms-settings/permissions.tsx"),

    // PMS settings, ledger: items, points of sale, accounts, suppliers, iCal (docs/api/ledger.md).
    route("pms-settings/items", "routes/pms-settings/items.tsx"),
    route("pms-settings/items-categories", "routes/pms-settings/items-categories.tsx"),
    route("pms-settings/points-of-sale", "routes/pms-settings/points-of-sale.tsx"),
    route("pms-settings/accounts", "routes/pms-settings/accounts.tsx"),
    route("pms-settings/suppliers", "routes/pms-settings/suppliers.tsx"),
    route("pms-settings/edit-suppliers/:id?", "routes/pms-settings/edit-suppliers.tsx"),
    route("pms-settings/ical", "routes/pms-settings/ical.tsx"),
    route("pms-settings/imports", "routes/pms-settings/imports.tsx"),
    route("pms-settings/imports/:importId", "routes/pms-settings/import.tsx"),
    route("pms-settings/imports/:importId/problems.csv", "routes/pms-settings/import-problems.ts"),
    route("pms-settings/activity-log", "routes/pms-settings/activity-log.tsx"),
    route("booking-quote/:id", "routes/bookings/quote.tsx"),

    // Learning centre (user.learning) and its administration (admin.learning).
    route("learning", "routes/learning/index.tsx"),
    route("learning/:id", "routes/learning/lesson.tsx"),
    route("manage/learning", "routes/manage/learning.tsx"),
    route("manage/learning/add", "routes/manage/learning.add.tsx"),
    route("manage/learning/:id", "routes/manage/learning.edit.tsx"),

    // AI chat (plan ai).
    route("chat", "routes/chat/index.tsx"),
    route("chat.bkp", "routes/chat/archive.tsx"),
    route("ai", "routes/chat/ai.tsx"),

    // Competitors: rate shopper (feature competitors), market analysis (plan competitorAnalysis).
    route("rate-shopper", "routes/competitors/rate-shopper.tsx"),
    route("market-analysis", "routes/competitors/market-analysis.tsx"),
    route("market-analysis/dashboard", "routes/competitors/market-analysis.dashboard.tsx"),

    // Intelligence: pickup, pace, booking curves and forecast.
    route("tracking", "routes/intelligence/tracking.tsx"),
    // Reports (user.business-intelligence): reports, export centre, rewards, the host's view.
    route("reports", "routes/reports/index.tsx"),
    route("reports/financial", "routes/reports/financial.tsx"),
    route("reports/commissions", "routes/reports/commissions.tsx"),
    route("exportar", "routes/reports/export-centre.tsx"),
    route("exportar/:file", "routes/reports/export-file.ts"),
    route("rewards", "routes/reports/rewards.tsx"),
    route("hosts", "routes/reports/hosts/index.tsx"),
    route("hosts/competitors", "routes/reports/hosts/competitors.tsx"),
    route("hosts/precifications", "routes/reports/hosts/precifications.tsx"),
    // Intelligence (the dashboard is the index above): month by month, sales, free exploration, goals.
    route("monthly", "routes/intelligence/monthly.tsx"),
    route("sales-dashboard", "routes/intelligence/sales-dashboard.tsx"),
    route("business-intelligence", "routes/intelligence/business-intelligence.tsx"),
    route("goals", "routes/intelligence/goals.tsx"),

    // Booking engine (plan motor): the settings of the public page.
    route("booking-engine/setup", "routes/bookings/booking-engine-setup.tsx"),
  ]),

  // The booking engine's public page: no app layout, open to anyone (spec section 2).
  route("p/:slug", "routes/public/booking.tsx", [
    index("routes/public/booking.index.tsx"),
    route("book", "routes/public/booking.book.tsx"),
    route("confirmation/:code", "routes/public/booking.confirmation.tsx"),
  ]),

  route("*", "routes/shell/catch-all.tsx"),
] satisfies RouteConfig;
