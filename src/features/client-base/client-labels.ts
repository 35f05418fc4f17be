import { DISPLAY_STATUS_LABELS } from '../../i18n/labels/display-status.ts';

/** The spec's payment-order statuses, as lists show them. */
export const DISPLAY_STATUS_NAMES = DISPLAY_STATUS_LABELS;
