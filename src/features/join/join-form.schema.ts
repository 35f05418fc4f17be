/**
 * The sign-up form's checks before sending: the fields both sign-up forms share (src/ui/sign-up/sign-up-form.schema.ts),
 * the city, the home warehouse, the birth date (the age rule is the shared module's the server runs,
 * machines/sign-up/sign-up.rules.ts) and the documents. Codes, not texts: `joinFieldMessage` (join-messages.ts)
 * translates them.
 */
import { z } from 'zod/mini';
import { birthDateProblem } from '#machines/sign-up/sign-up.rules.ts';
import { passwordsMatch, requiredText, signUpFields } from '../../ui/sign-up/sign-up-form.schema.ts';

const accepted = z.boolean().check(z.refine((value) => value, { error: 'consent.required' }));

/** The form on `today` (`YYYY-MM-DD`, the visitor's calendar; the server decides on the company's). */
export function joinFormSchema(today: string) {
  return z
    .object({
      fullName: signUpFields.fullName,
      email: signUpFields.email,
      phone: signUpFields.phone,
      city: requiredText(1, 100, 'required'),
      warehouseId: z.string().check(z.minLength(1, { error: 'warehouse.required' })),
      birthDate: z.string().check(
        z.minLength(1, { error: 'required', abort: true }),
        z.superRefine((value, context) => {
          const problem = birthDateProblem(value, today);
          if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: value });
        }),
      ),
      password: signUpFields.password,
      passwordConfirmation: signUpFields.passwordConfirmation,
      marketingPlan: accepted,
      ethicsCode: accepted,
    })
    .check(passwordsMatch);
}

export type JoinFormValues = z.infer<ReturnType<typeof joinFormSchema>>;

export const EMPTY_JOIN_FORM: JoinFormValues = {
  fullName: '',
  email: '',
  phone: '',
  city: '',
  warehouseId: '',
  birthDate: '',
  password: '',
  passwordConfirmation: '',
  marketingPlan: false,
  ethicsCode: false,
};

/** Today in the company's time zone (Moldova), as the server counts ages. */
export function companyToday(now: Date = new Date()): string {
  // `en-CA` writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Chisinau',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The latest birth date that is 18 today (the date field's `max`). */
export function latestAdultBirthDate(today: string): string {
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  // 29 February of a leap year: the day an 18-year-old was born on is 28 February or earlier in a common year.
  const date = new Date(Date.UTC(year - 18, month - 1, day));
  if (date.getUTCMonth() !== month - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
