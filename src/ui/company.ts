/**
 * The company's details the portal shows in its footer and terms (maib asks a merchant's site for them before it
 * activates card payments; docs/payments.md). Set at build time (`VITE_COMPANY_NAME`, `VITE_COMPANY_IDNO`,
 * `VITE_COMPANY_ADDRESS`, `VITE_COMPANY_PHONE`, `VITE_COMPANY_EMAIL`); the defaults are the demo company's.
 * Legal details are shown as registered, not translated.
 */
function configured(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export interface CompanyDetails {
  /** The registered name (SRL, SA, ÎI…). */
  name: string;
  /** The state identification number (IDNO, 13 digits). */
  idno: string;
  address: string;
  phone: string;
  email: string;
}

export const COMPANY: CompanyDetails = {
  name: configured(import.meta.env.VITE_COMPANY_NAME, 'Demo Distribution SRL'),
  idno: configured(import.meta.env.VITE_COMPANY_IDNO, '1000600000000'),
  address: configured(
    import.meta.env.VITE_COMPANY_ADDRESS,
    'str. Uzinelor 21, MD-2023 Chișinău, Republica Moldova',
  ),
  phone: configured(import.meta.env.VITE_COMPANY_PHONE, '+373 22 000 000'),
  email: configured(import.meta.env.VITE_COMPANY_EMAIL, 'info@portal.demo.test'),
};

/** `tel:` link of a phone number as written (spaces dropped). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^+\d]/g, '')}`;
