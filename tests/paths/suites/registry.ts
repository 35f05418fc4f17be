import type { PathSuite } from '../support/suite';
import { addressBookSuite } from './address-book.suite';
import { authSuite } from './auth.suite';
import { bagSuite } from './bag.suite';
import { checkoutSuite } from './checkout.suite';
import { emailConfirmationSuite } from './email-confirmation.suite';
import { eventsSuite } from './events.suite';
import { fileDownloadSuite } from './file-download.suite';
import { genealogySuite } from './genealogy.suite';
import { inviteSuite } from './invite.suite';
import { languageSuite } from './language.suite';
import { messageSettingsSuite } from './message-settings.suite';
import { networkExportSuite } from './network-export.suite';
import { orderActionsSuite } from './order-actions.suite';
import { orderBulkSuite } from './order-bulk.suite';
import { orderExtrasSuite } from './order-extras.suite';
import { orderLifecycleSuite } from './order-lifecycle.suite';
import { passwordChangeSuite } from './password-change.suite';
import { passwordRecoverySuite } from './password-recovery.suite';
import { presenceSuite } from './presence.suite';
import { profileSuite } from './profile.suite';
import { pushDeviceSuite } from './push-device.suite';
import { quickOrderSuite } from './quick-order.suite';
import { returnActionsSuite } from './return-actions.suite';
import { returnRequestSuite } from './return-request.suite';
import { returnsSuite } from './returns.suite';
import { shopBagSuite } from './shop-bag.suite';
import { shopSignUpSuite } from './shop-sign-up.suite';
import { signUpSuite } from './sign-up.suite';

/**
 * Every path suite, one per machine file of `machines/` (`npm run paths` finds the machine files on disk and fails
 * for any without a suite here). To register a machine: write `tests/paths/suites/<name>.suite.ts` with
 * `definePathSuite({ name, file, machine, sets, levels })`, import it here, add it to the list.
 *
 * A child machine a parent invokes is a machine of its own (its own file, its own suite): the parent's paths
 * receive the child's results as `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events, so the parent's
 * suite never walks inside the child.
 */
export const PATH_SUITES: readonly PathSuite[] = [
  orderLifecycleSuite,
  orderActionsSuite,
  orderBulkSuite,
  orderExtrasSuite,
  checkoutSuite,
  authSuite,
  emailConfirmationSuite,
  passwordRecoverySuite,
  languageSuite,
  profileSuite,
  addressBookSuite,
  passwordChangeSuite,
  messageSettingsSuite,
  pushDeviceSuite,
  inviteSuite,
  genealogySuite,
  bagSuite,
  fileDownloadSuite,
  networkExportSuite,
  eventsSuite,
  presenceSuite,
  quickOrderSuite,
  returnRequestSuite,
  returnActionsSuite,
  returnsSuite,
  signUpSuite,
  shopBagSuite,
  shopSignUpSuite,
];
