import { loginCodeVerifyHandler } from './login-code-handlers';

/** POST /email/verify: the emailed code → `data: {access_token, token_type, expires_in, refresh_token, webauthn_registered}`. */
export const handler = loginCodeVerifyHandler('verify-login-code');
