import { loginCodeRequestHandler } from './login-code-handlers';

/** POST /email/login: mails a 6-digit sign-in code; `{success, code, msg, data: {email}}`. */
export const handler = loginCodeRequestHandler('create-login-code');
