import { z } from 'zod';

export const PAYER_MAX_LENGTH = 100;

/** Who paid an entry ("From"): an agency, a brand, a platform, a customer. Optional; blank is none. */
export const payerSchema = z
  .string({ message: 'Who paid must be text, like the agency or brand’s name.' })
  .trim()
  .max(PAYER_MAX_LENGTH, `Keep who paid to ${PAYER_MAX_LENGTH} characters or fewer.`)
  .nullish()
  .transform((value) => value || null);

/** GET /api/revenue/payers: who has paid the creator, most recently first, for the form's "From". */
export const revenuePayersSchema = z.object({ payers: z.array(z.string()) });
