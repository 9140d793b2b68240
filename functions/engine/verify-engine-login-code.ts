import { loginCodeVerifyHandler } from '../sign-in/login-code-handlers';

/** POST /api/v1/user/email/verify: the emailed code → the session `POST /email/verify` issues, in `data`. */
export const handler = loginCodeVerifyHandler('verify-engine-login-code');
