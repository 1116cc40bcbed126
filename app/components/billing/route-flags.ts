/** The coupons admin pages skip the business redirects: an administrator may have no business at all. */
export const couponsHandle = { skipSubscribedMiddleware: true, skipSetupCheck: true, skipOnboarding: true, skipEmailVerification: true } as const;
