import { z } from 'zod/mini';
import { characterCount } from '../auth-forms.schema.ts';

/** Codes, not texts: `fieldMessage` in personal-messages.ts translates them. Bounds are the contract's. */

const PHONE = /^\+?[0-9 ()-]{6,24}$/;
const POST_INDEX = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

export const profileSchema = z.object({
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'required', abort: true }),
      z.minLength(2, { error: 'fullName.tooShort', abort: true }),
      z.maxLength(120, { error: 'tooLong' }),
    ),
  phone: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || (PHONE.test(value) && value.replace(/[^0-9]/g, '').length >= 6), {
      error: 'phone.invalid',
    }),
  ),
});
export type ProfileFormValues = z.infer<typeof profileSchema>;

function requiredText(max: number) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'required', abort: true }),
      z.maxLength(max, { error: 'tooLong' }),
    );
}

export const addressSchema = z.object({
  postIndex: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'required', abort: true }),
      z.minLength(3, { error: 'postIndex.invalid', abort: true }),
      z.maxLength(12, { error: 'postIndex.invalid', abort: true }),
      z.regex(POST_INDEX, { error: 'postIndex.invalid' }),
    ),
  city: requiredText(100),
  street: requiredText(200),
  house: requiredText(20),
  apartment: z.string().check(z.trim(), z.maxLength(20, { error: 'tooLong' })),
  isDefault: z.boolean(),
});
export type AddressFormValues = z.infer<typeof addressSchema>;

/** The contract's NewPassword: 8 to 128 characters of any kind, no rules on which (see `auth-forms.schema.ts`). */
export const passwordSchema = z
  .object({
    currentPassword: z
      .string()
      .check(z.minLength(1, { error: 'required', abort: true }), z.maxLength(128, { error: 'tooLong' })),
    newPassword: z.string().check(
      z.refine((value) => characterCount(value) >= 8, { error: 'password.tooShort', abort: true }),
      z.refine((value) => characterCount(value) <= 128, { error: 'tooLong' }),
    ),
    newPasswordConfirmation: z.string(),
  })
  .check(
    z.refine((values) => values.newPassword === values.newPasswordConfirmation, {
      error: 'password.mismatch',
      path: ['newPasswordConfirmation'],
    }),
    z.refine((values) => values.currentPassword === '' || values.newPassword !== values.currentPassword, {
      error: 'password.same',
      path: ['newPassword'],
    }),
  );
export type PasswordFormValues = z.infer<typeof passwordSchema>;
