/**
 * `npm run console:dev`: the console page under Vite's dev server (live reload) at http://localhost:5173/, its API
 * calls proxied to a running `npm start` (`HDS_URL`, default http://localhost:8787). For people working on the page;
 * nothing else needs it.
 */
import { createServer } from 'vite';
import { consoleViteConfig } from './console-build';

const target = process.env.HDS_URL ?? 'http://localhost:8787';
const proxied = ['/v1', '/api', '/email', '/oauth', '/_local', '/.well-known'];
const server = await createServer({
  ...consoleViteConfig('unused'),
  base: '/',
  server: {
    port: Number(process.env.CONSOLE_DEV_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, target])),
  },
});
await server.listen();
server.printUrls();
console.log(`API calls go to ${target}.`);
