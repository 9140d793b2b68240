import * as z from 'zod/mini';
import { displayNameSchema } from '../../shared/domain/display-name';

/** Body of `POST /api/console/keys` (gaps item 11). */
export const CreateConsoleKeySchema = z.object({ name: displayNameSchema });

export type CreateConsoleKey = z.infer<typeof CreateConsoleKeySchema>;
