/**
 * The client sign-up's short form (react-hook-form + zod, as the join page): the fields both sign-up forms share
 * (src/ui/sign-up/sign-up-form.schema.ts), nothing more. Codes, not texts: `shopFieldMessage` translates them.
 */
import { z } from 'zod/mini';
import { passwordsMatch, signUpFields } from '../../../ui/sign-up/sign-up-form.schema.ts';

export const shopClientFormSchema = z
  .object({
    fullName: signUpFields.fullName,
    phone: signUpFields.phone,
    email: signUpFields.email,
    password: signUpFields.password,
    passwordConfirmation: signUpFields.passwordConfirmation,
  })
  .check(passwordsMatch);

export type ShopClientFormValues = z.infer<typeof shopClientFormSchema>;

export const EMPTY_SHOP_CLIENT_FORM: ShopClientFormValues = {
  fullName: '',
  phone: '',
  email: '',
  password: '',
  passwordConfirmation: '',
};
