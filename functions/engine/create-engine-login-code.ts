import { loginCodeRequestHandler } from '../sign-in/login-code-handlers';

/** POST /api/v1/user/email/login: mails a 6-digit sign-in code, as `POST /email/login` does; `data: {email}`. */
export const handler = loginCodeRequestHandler('create-engine-login-code');
