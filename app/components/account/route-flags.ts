/**
 * Account settings stay reachable whatever the subscription's state (spec section 2), and also
 * before the first business exists: a new owner must be able to change a password or the
 * language without being sent to /setup-in-progress. Every settings page declares the same.
 */
export const accountSettingsHandle = { skipSubscribedMiddleware: true, skipSetupCheck: true } as const;

/** The verification pages work before the e-mail is verified and before any business exists (spec section 4). */
export const emailVerificationHandle = { skipEmailVerification: true, skipOnboarding: true, skipSetupCheck: true } as const;
