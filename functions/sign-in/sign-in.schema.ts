import * as z from 'zod/mini';

export const EmailSchema = z.string().check(z.meta({ description: 'An email address' }));

/** Body of `POST /email/login`. */
export const LoginCodeRequestSchema = z.object({ email: EmailSchema });

/** Body of `POST /email/verify`. */
export const VerifyLoginCodeSchema = z.object({
  email: EmailSchema,
  code: z.string().check(z.regex(/^\d{6}$/), z.meta({ description: 'The 6-digit code from the sign-in email' })),
});

/** The console session `POST /email/verify` starts (and `/oauth/token` refreshes). */
export const TokenSetSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number(),
    refresh_token: z.optional(z.string()),
    scope: z.string(),
  })
  .check(z.meta({ id: 'TokenSet', description: 'An access token, and a single-use refresh token when issued' }));

/** What `POST /email/verify` answers in `data`: the session, and whether a passkey is registered (never, yet). */
export const VerifiedSessionSchema = z.object({ ...TokenSetSchema.shape, webauthn_registered: z.boolean() });
