import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: ['default'],
    setupFiles: ['test/support/quiet-bundling.ts'],
    globalSetup: ['test/support/console-global-setup.ts'],
    // Tests drive failure paths on purpose; their logs would bury the report. Tests that check logs set their own
    // level, and `HDS_LOG_LEVEL=debug npm test` shows everything while debugging one.
    // HDS_VALIDATE_RESPONSES: every answer of the local gateway is checked against the OpenAPI document, so each
    // integration test also proves the documented shapes (infra/local/response-check.ts).
    env: { HDS_LOG_LEVEL: process.env.HDS_LOG_LEVEL ?? 'silent', HDS_VALIDATE_RESPONSES: '1' },
  },
});
