import { z } from 'zod';
import { SMS_EVENTS, SMS_SCRIPTS } from '../sms.ts';
import { text } from './fields.ts';

/** A producer's SMS settings (docs/notifications.md, "SMS"; the rules in ../sms.ts). */

const clock = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day, HH:MM');

export const smsSettings = z.object({
  /** E.164, or null before a phone is given. */
  phone: z.string().nullable(),
  confirmed: z.boolean(),
  events: z.array(z.enum(SMS_EVENTS)),
  quietFrom: z.string(),
  quietTo: z.string(),
  script: z.enum(SMS_SCRIPTS),
});
export type SmsSettings = z.infer<typeof smsSettings>;

/** The phone as written; the server normalises it (`064 123 4567` → `+381641234567`) or refuses it (field `phone`). */
export const smsPhoneBody = z.object({ phone: text().max(40) }).strict();
export const smsConfirmBody = z.object({ code: text().max(20) }).strict();
export const updateSmsBody = z.object({
  events: z.array(z.enum(SMS_EVENTS)).max(SMS_EVENTS.length).optional(),
  quietFrom: clock.optional(),
  quietTo: clock.optional(),
  script: z.enum(SMS_SCRIPTS).optional(),
}).strict();
export type UpdateSmsInput = z.input<typeof updateSmsBody>;
