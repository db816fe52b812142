import { z } from 'zod';

/**
 * `.transform(checkedBy(schema))` runs a value through another schema and keeps its messages. It is
 * `pipe` for a schema that accepts more than the value's type (the amount takes a string or a
 * number; a form only ever holds a string), which `pipe`'s types refuse.
 */
export function checkedBy<Output>(schema: z.ZodType<Output>) {
  return (value: unknown, ctx: z.RefinementCtx): Output => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  };
}
