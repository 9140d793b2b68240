import * as z from 'zod/mini';

/** A form field: forms carry strings only; what each must hold is the endpoint's own check. */
export const formField = (description: string) => z.optional(z.string().check(z.meta({ description })));
