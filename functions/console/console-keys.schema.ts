import * as z from 'zod/mini';

/** A key as the console shows it (`toConsoleKeyWire`): never the secret. */
export const ConsoleKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().check(z.meta({ description: 'The first characters of the secret, to recognise it' })),
    created_at: z.string(),
    last_used_at: z.nullable(z.string()),
    region: z.string(),
  })
  .check(z.meta({ id: 'ConsoleKey', description: 'An API key, without its secret' }));

export const KeyPathSchema = z.object({ key_id: z.string() });
