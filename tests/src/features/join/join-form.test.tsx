// @vitest-environment jsdom
// The sign-up form: its own checks (the shared age and phone rules), what it sends (the card's editions, the
// warehouse as a number, the interface's language), and a server refusal on the field it names.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignUpForm, SponsorCard } from '#machines/sign-up/sign-up.types.ts';
import { JoinForm } from '#src/features/join/join-form.tsx';
import { companyToday, latestAdultBirthDate } from '#src/features/join/join-form.schema.ts';
import { activateLocale } from '#src/i18n/i18n.ts';
import { renderInRouter } from '#tests/support/render-routes.tsx';

const card: SponsorCard = {
  alias: 'alice',
  prn: 'MD1000042',
  fullName: 'Alice Popescu',
  city: 'Chișinău',
  warehouses: [
    {
      id: 1,
      name: { ru: 'Кишинёв', en: 'Chisinau store', ro: 'Chișinău', uk: 'Кишинів', it: 'Chișinău' },
      city: 'Chișinău',
    },
    {
      id: 2,
      name: { ru: 'Бельцы', en: 'Balti store', ro: 'Bălți', uk: 'Бельці', it: 'Bălți' },
      city: 'Bălți',
    },
  ],
  documents: [
    {
      id: 'marketing_plan',
      title: { ru: 'П', en: 'Marketing plan', ro: 'P', uk: 'П', it: 'P' },
      edition: '2025-03',
    },
    {
      id: 'ethics_code',
      title: { ru: 'К', en: 'Ethics code', ro: 'C', uk: 'К', it: 'C' },
      edition: '2024-09',
    },
  ],
};

beforeAll(async () => {
  await activateLocale('en');
});
afterEach(() => {
  cleanup();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true });

function fill(birthDate = '1990-05-01') {
  fireEvent.change(field('Full name'), { target: { value: ' Ion Rusu ' } });
  fireEvent.change(field('E-mail'), { target: { value: 'ion@example.com' } });
  fireEvent.change(field('Phone'), { target: { value: '+373 69 000 001' } });
  fireEvent.change(field('Date of birth'), { target: { value: birthDate } });
  fireEvent.change(field('City'), { target: { value: 'Bălți' } });
  fireEvent.change(field('Home warehouse'), { target: { value: '2' } });
  fireEvent.change(field('Password'), { target: { value: 'a long pass phrase' } });
  fireEvent.change(field('Repeat the password'), { target: { value: 'a long pass phrase' } });
  for (const checkbox of screen.getAllByRole('checkbox')) fireEvent.click(checkbox);
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

describe('the sign-up form', () => {
  it('names every missing field and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderInRouter(
      <JoinForm card={card} sending={false} waitingForProof={false} refusal={null} onSubmit={onSubmit} />,
    );
    submit();
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(screen.getByText('Choose the warehouse where you will collect your orders.')).toBeTruthy();
    expect(screen.getAllByText('Accept this document to sign up.')).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a visitor under 18 with the shared rule', async () => {
    const onSubmit = vi.fn();
    renderInRouter(
      <JoinForm card={card} sending={false} waitingForProof={false} refusal={null} onSubmit={onSubmit} />,
    );
    const today = companyToday();
    const [y = 0, m = 1, d = 1] = today.split('-').map(Number);
    fill(new Date(Date.UTC(y - 17, m - 1, d)).toISOString().slice(0, 10));
    submit();
    expect(
      await screen.findByText('Distributors must be 18 or older: the distributor agreement is a contract.'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Date of birth').getAttribute('max')).toBe(latestAdultBirthDate(today));
  });

  it('sends the editions shown, the warehouse as a number and the interface language', async () => {
    const onSubmit = vi.fn<(form: SignUpForm) => void>();
    renderInRouter(
      <JoinForm card={card} sending={false} waitingForProof={false} refusal={null} onSubmit={onSubmit} />,
    );
    fill();
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      fullName: 'Ion Rusu',
      email: 'ion@example.com',
      phone: '+373 69 000 001',
      city: 'Bălți',
      warehouseId: 2,
      birthDate: '1990-05-01',
      password: 'a long pass phrase',
      lang: 'en',
      consents: { marketing_plan: '2025-03', ethics_code: '2024-09' },
    });
  });

  it('shows a refusal on its field, and one without a field above the button; links each document', () => {
    renderInRouter(
      <JoinForm
        card={card}
        sending={false}
        waitingForProof={false}
        refusal={{ code: 'EMAIL_TAKEN', fields: { email: 'EMAIL_TAKEN' }, form: null }}
        onSubmit={() => {}}
      />,
    );
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('An account with this e-mail already exists. Sign in, or use another address.'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Read: Ethics code (PDF, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('/api/v3/public/documents/ethics_code/en');
    cleanup();

    renderInRouter(
      <JoinForm
        card={card}
        sending
        waitingForProof
        refusal={{ code: 'CHALLENGE_FAILED', fields: {}, form: 'CHALLENGE_FAILED' }}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The check that you are not a robot expired');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Finishing the check…' }).disabled).toBe(
      true,
    );
  });
});
