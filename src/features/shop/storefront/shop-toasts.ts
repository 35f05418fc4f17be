import { msg } from '@lingui/core/macro';
import { i18n } from '../../../i18n/i18n.ts';
import { showSuccessToast } from '../../../ui/toast.ts';

/** Feedback after "Add to bag" (the bag's bar changes too, below the fold on a phone). */
export function showAddedToast(name: string): void {
  showSuccessToast(i18n._(msg`Added to the bag: ${name}`));
}
