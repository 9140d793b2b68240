import * as z from 'zod/mini';

/** `{file_key+}`: the key holds slashes (`uploads/2026/06/16/<random>/report.pdf`). */
export const FilePathSchema = z.object({
  file_key: z.string().check(z.meta({ description: 'The file id, slashes included (not URL-encoded)' })),
});
