import 'swagger-ui-dist/swagger-ui.css';
import './reference.css';
// The UMD bundle (React included) as one module: the reference page is its own entry, never part of the console's
// first load, and no script of it is inline (the page's CSP has no 'unsafe-inline' for scripts).
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-bundle.js';
import { apiBase } from '../base';

/**
 * Renders `/v1/openapi.json` of the same deployment: the document is fetched from the page's own origin, under the
 * stage path when there is one, and "Try it out" calls go there too (`connect-src 'self'`).
 */
const target = document.getElementById('reference');
if (target) {
  SwaggerUIBundle({
    url: `${apiBase(location.pathname)}/v1/openapi.json`,
    domNode: target,
    // Deep links put an anchor inside each operation's toggle button: a control nested in a control (axe, serious).
    deepLinking: false,
    // The document names its servers from the issuer; the page must not be steered to another origin by a link.
    queryConfigEnabled: false,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
}

/**
 * Swagger UI renders the server chooser as a bare `<select id="servers">` under a visual heading only; a select with
 * no accessible name is unusable with a screen reader (axe, critical), so it is named as soon as it appears.
 */
function nameUnlabelledControls(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('select#servers:not([aria-label])')) {
    select.setAttribute('aria-label', 'Server');
  }
}
new MutationObserver(nameUnlabelledControls).observe(document.body, { childList: true, subtree: true });
